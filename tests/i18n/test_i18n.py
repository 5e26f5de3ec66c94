"""crescent.i18n (text, translator): complete catalogs, seeded wording, plurals, fonts."""

from __future__ import annotations

import builtins
import gettext
import io
import json
import shutil
import string
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any, NamedTuple

import pytest

from crescent import resources
from crescent.i18n import text
from crescent.i18n.rules_text import Doc, load_rules
from crescent.i18n.translator import (
    LANGUAGES,
    Translator,
    language_font_asset,
    load_translator,
    system_language,
)
from crescent.rules.cards import card
from crescent.rules.engine import Reason
from tests.helpers_seeds import SEEDS

ROOT = Path(__file__).resolve().parents[2]
TRANSLATED = [lang for lang in LANGUAGES if lang != "en"]


PO_HEADER = (
    'msgid ""\nmsgstr ""\n'
    '"Content-Type: text/plain; charset=UTF-8\\n"\n'
    '"Plural-Forms: nplurals=3; plural=(n == 0 || n == 1) ? 0 : '
    'n != 0 && n % 1000000 == 0 ? 1 : 2;\\n"\n\n'
)


def po_file(lang: str) -> Path:
    return resources.path(f"locale/{lang}/LC_MESSAGES/crescent.po")


def mo_file(lang: str) -> Path:
    return resources.path(f"locale/{lang}/LC_MESSAGES/crescent.mo")


class Entry(NamedTuple):
    msgid: str
    msgid_plural: str | None
    msgstr: list[str]
    fuzzy: bool


def read_catalog(path: Path) -> Any:
    """A .po or .pot read by Babel (the game itself never reads a .po)."""
    pofile = pytest.importorskip("babel.messages.pofile")
    with path.open("rb") as f:
        return pofile.read_po(f, abort_invalid=True)


def entries(lang: str) -> dict[str, Entry]:
    out = {}
    for m in read_catalog(po_file(lang)):
        if m.id:
            single = isinstance(m.id, str)
            msgid, plural = (m.id, None) if single else (m.id[0], m.id[1])
            forms = [m.string] if isinstance(m.string, str) else list(m.string)
            out[msgid] = Entry(msgid, plural, forms, m.fuzzy)
    return out


def header(lang: str) -> dict[str, str]:
    return dict(read_catalog(po_file(lang)).mime_headers)


def nplurals(lang: str) -> int:
    return int(header(lang)["Plural-Forms"].split(";")[0].split("=")[1])


def compile_mo(po: str) -> bytes:
    """A small catalog compiled by Babel, as tools/compile_catalogs.py does."""
    pofile = pytest.importorskip("babel.messages.pofile")
    mofile = pytest.importorskip("babel.messages.mofile")
    buf = io.BytesIO()
    mofile.write_mo(buf, pofile.read_po(io.BytesIO(po.encode("utf-8")), abort_invalid=True))
    return buf.getvalue()


def key(message: str | text.Plural) -> str:
    return message if isinstance(message, str) else message.singular


def fields(s: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(s) if name is not None}


# --- text.py ---------------------------------------------------------------------------------

RULES_REASONS = {
    # RULES.md section 2, the "en" column, word for word.
    Reason.EMPTY_SOURCE: "There is no card to move",
    Reason.BASE_LOCKED: "The foundation base is locked",
    Reason.FOUNDATION_TO_PILE: "Cards never go back from a foundation to a pile",
    Reason.EMPTY_PILE: "Cannot place on an empty pile",
    Reason.FOUNDATION_COMPLETE: "This foundation is complete",
    Reason.WRONG_SUIT: "Must be the same suit",
    Reason.RANK_NOT_ADJACENT: "Must be one rank higher or lower",
    Reason.NOT_NEXT_RANK: "Must be the next card of this foundation",
    Reason.PILE_FULL: "This pile is full; choose another destination",
    Reason.NO_REDEALS_LEFT: "No redeals left",
    # Section 7 (the levels game): the sixth shuffle of a game.
    Reason.NO_SHUFFLES_LEFT: "No shuffles left",
}


def test_reasons_are_the_english_of_the_rules_table() -> None:
    assert text.REASONS == RULES_REASONS


def test_markers_return_the_english_text() -> None:
    assert text.N_("Time") == "Time" == text.TIME
    assert text.REDEALS_LEFT == ("{n} redeal left", "{n} redeals left")
    assert len(text.RANK_NAMES) == 13
    assert text.RANK_NAMES[0] == "Ace"
    assert text.RANK_NAMES[9] == "10"
    assert text.RANK_NAMES[12] == "King"
    assert text.SUIT_NAMES == ("spades", "hearts", "diamonds", "clubs")


def test_messages_lists_each_message_once_and_skips_numerals() -> None:
    found = list(text.messages())
    assert len(found) == len(set(found))
    assert text.REDEALS_LEFT in found
    assert text.CARD_NAME in found
    assert "Jack" in found
    assert text.REASONS[Reason.PILE_FULL] in found
    assert "10" not in found
    assert "2" not in found
    # STATISTICS and STATS_TITLE are one msgid; so are NO_REDEALS and the redeal refusal.
    assert found.count("Statistics") == 1
    assert found.count("No redeals left") == 1


# --- the catalogs ----------------------------------------------------------------------------


@pytest.mark.parametrize("lang", TRANSLATED)
def test_catalog_translates_every_message_with_every_plural_form(lang: str) -> None:
    catalog = entries(lang)
    forms = nplurals(lang)
    for message in text.messages():
        entry = catalog.get(key(message))
        assert entry is not None, f"{lang}: {key(message)!r} is missing"
        assert not entry.fuzzy, f"{lang}: {key(message)!r} is fuzzy"
        if isinstance(message, text.Plural):
            assert entry.msgid_plural == message.plural
            assert len(entry.msgstr) == forms, f"{lang}: {key(message)!r} needs {forms} forms"
        else:
            assert entry.msgid_plural is None
            assert len(entry.msgstr) == 1
        assert all(s.strip() for s in entry.msgstr), f"{lang}: {key(message)!r} has an empty form"


@pytest.mark.parametrize("lang", TRANSLATED)
def test_catalog_has_no_message_that_text_py_lacks(lang: str) -> None:
    assert set(entries(lang)) == {key(m) for m in text.messages()}


@pytest.mark.parametrize("lang", TRANSLATED)
def test_translations_keep_the_english_placeholders(lang: str) -> None:
    catalog = entries(lang)
    for message in text.messages():
        english = fields(message) if isinstance(message, str) else fields(message.plural)
        for form in catalog[key(message)].msgstr:
            assert fields(form) == english, f"{lang}: {form!r} should use {sorted(english)}"


def test_template_lists_every_message() -> None:
    # (Babel refuses the template's placeholder header "nplurals=INTEGER": read its msgids.)
    pot = resources.read_text("locale/crescent.pot")
    ids = [
        json.loads(line[len("msgid ") :]) for line in pot.splitlines() if line.startswith("msgid ")
    ]
    assert ids[1:] == [key(m) for m in text.messages()]


@pytest.mark.parametrize("lang", TRANSLATED)
def test_plural_forms_header_is_what_babel_writes(lang: str) -> None:
    plurals = pytest.importorskip("babel.messages.plurals")
    fields = header(lang)
    assert fields["Language"] == lang
    assert fields["Plural-Forms"] == plurals.get_plural(lang).plural_forms


@pytest.mark.parametrize("lang", TRANSLATED)
def test_catalog_passes_msgfmt_check(lang: str) -> None:
    msgfmt = shutil.which("msgfmt")
    if msgfmt is None:
        pytest.skip("msgfmt is not installed (apt-get install gettext); other tests parse the .po")
    run = subprocess.run(
        [msgfmt, "--check", "-o", "-", str(po_file(lang))], capture_output=True, check=False
    )
    assert run.returncode == 0, run.stderr.decode()
    assert not run.stderr, run.stderr.decode()
    # The committed .mo (compiled by Babel) gives the same answers as msgfmt's.
    theirs = gettext.GNUTranslations(io.BytesIO(run.stdout))
    ours = gettext.GNUTranslations(io.BytesIO(mo_file(lang).read_bytes()))
    for message in text.messages():
        if isinstance(message, str):
            assert ours.gettext(message) == theirs.gettext(message)
        else:
            for n in range(30):
                assert ours.ngettext(*message, n) == theirs.ngettext(*message, n)


@pytest.mark.parametrize("lang", TRANSLATED)
def test_catalog_reads_cleanly_with_babel(lang: str) -> None:
    pofile = pytest.importorskip("babel.messages.pofile")
    with po_file(lang).open("rb") as f:
        catalog = pofile.read_po(f, abort_invalid=True)
    assert catalog.locale is not None
    assert str(catalog.locale) == lang
    assert catalog.num_plurals == nplurals(lang)
    for message in text.messages():
        entry = catalog.get(key(message))
        assert entry is not None
        assert not entry.fuzzy
        strings = [entry.string] if isinstance(entry.string, str) else list(entry.string)
        assert all(strings)


# --- the seeds' wording ----------------------------------------------------------------------

# Copied from /work/shared/seeds/rules-*.txt (note the ’ apostrophes, U+2019, of the seeds).
SEEDED: dict[str, dict[Reason | str, str]] = {
    "fr": {
        Reason.BASE_LOCKED: "La base de fondation est verrouillée",
        Reason.FOUNDATION_TO_PILE: "Une carte ne revient jamais d’une fondation vers une pile",
        Reason.EMPTY_PILE: "Impossible de placer sur une pile vide",
        Reason.WRONG_SUIT: "Doit être de la même enseigne",
        Reason.RANK_NOT_ADJACENT: "Doit être d’un rang supérieur ou inférieur",
        Reason.PILE_FULL: "Cette pile est pleine ; choisissez une autre destination",
        Reason.NO_REDEALS_LEFT: "Aucune redistribution",
        text.REDEAL: "Redistribuer",
        text.UNDO: "Annuler",
        text.VARIANT_D: "Distribution face cachée",
    },
    "ca": {
        Reason.BASE_LOCKED: "La base del fonament està bloquejada",
        Reason.FOUNDATION_TO_PILE: "Una carta no torna mai d’un fonament a una pila",
        Reason.EMPTY_PILE: "No es pot col·locar en una pila buida",
        Reason.WRONG_SUIT: "Ha de ser del mateix coll",
        Reason.RANK_NOT_ADJACENT: "Ha de ser d’un rang superior o inferior",
        Reason.PILE_FULL: "Aquesta pila és plena; trieu una altra destinació",
        Reason.NO_REDEALS_LEFT: "Cap redistribució",
        text.REDEAL: "Redistribuir",
        text.UNDO: "Desfer",
        text.VARIANT_D: "Repartiment cara avall",
    },
    "nl": {
        Reason.BASE_LOCKED: "De basis van het fundament is vergrendeld",
        Reason.FOUNDATION_TO_PILE: "Een kaart gaat nooit van een fundament terug naar een stapel",
        Reason.EMPTY_PILE: "Kan niet op een lege stapel plaatsen",
        Reason.WRONG_SUIT: "Moet dezelfde kleur zijn",
        Reason.RANK_NOT_ADJACENT: "Moet een hogere of lagere rang zijn",
        Reason.PILE_FULL: "Deze stapel is vol; kies een andere bestemming",
        Reason.NO_REDEALS_LEFT: "Geen herverdeling meer",
        text.REDEAL: "Opnieuw delen",
        text.UNDO: "Ongedaan maken",
        text.VARIANT_D: "Gesloten uitdeling",
    },
    "ja": {
        Reason.BASE_LOCKED: "組み札の土台はロックされています",
        Reason.FOUNDATION_TO_PILE: "カードが組み札から山に戻ることはありません",
        Reason.EMPTY_PILE: "空の山には置けません",
        Reason.WRONG_SUIT: "同じスートでなければなりません",
        Reason.RANK_NOT_ADJACENT: "ランクが1つ上または1つ下でなければなりません",
        Reason.PILE_FULL: "この山は満杯です。別の移動先を選んでください",
        Reason.NO_REDEALS_LEFT: "再配布なし",
        text.REDEAL: "再配布",
        text.UNDO: "元に戻す",
        text.INTERACTIVE_RULES: "インタラクティブルール",
        text.BLOCKED_TITLE: "手詰まり",
    },
}
# Card names as the seeds' diagrams write them.
SEEDED_CARDS = {
    "fr": {(1, 0): "as de pique", (11, 2): "valet de carreau", (12, 0): "dame de pique"},
    "ca": {(1, 0): "as de piques", (11, 2): "jota de diamants", (12, 0): "reina de piques"},
    "nl": {(8, 1): "harten 8", (9, 1): "harten 9", (7, 1): "harten 7"},
    "ja": {(1, 0): "スペードのエース", (11, 2): "ダイヤのジャック", (12, 0): "スペードのクイーン"},
}
SEEDED_CARDS["fr"] |= {(13, 3): "roi de trèfle", (5, 1): "5 de cœur"}
SEEDED_CARDS["ca"] |= {(13, 3): "rei de trèvols", (5, 1): "5 de cors"}
SEEDED_CARDS["ja"] |= {(13, 3): "クラブのキング", (8, 1): "ハートの8"}


def translated(t: Translator, what: Reason | str) -> str:
    return t.reason(what) if isinstance(what, Reason) else t(what)


@pytest.mark.parametrize("lang", TRANSLATED)
def test_seeded_messages_are_word_for_word(lang: str) -> None:
    t = load_translator(lang)
    assert t.lang == lang
    for what, expected in SEEDED[lang].items():
        assert translated(t, what) == expected
    for (rank, suit), expected in SEEDED_CARDS[lang].items():
        assert t.card(card(rank, suit)) == expected


def test_no_redeals_button_and_refusal_share_the_seed_text() -> None:
    for lang in TRANSLATED:
        t = load_translator(lang)
        assert t(text.NO_REDEALS) == t.reason(Reason.NO_REDEALS_LEFT)


@pytest.mark.parametrize("lang", TRANSLATED)
def test_expected_seed_strings_are_in_the_seed_file(lang: str) -> None:
    seed = SEEDS / f"rules-{lang}.txt"
    body = seed.read_text(encoding="utf-8")
    for expected in [*SEEDED[lang].values(), *SEEDED_CARDS[lang].values()]:
        # A label starts with a capital where the seed's sentence has it in lower case.
        mid_sentence = expected[:1].lower() + expected[1:]
        assert expected in body or mid_sentence in body, f"{expected!r} is not in {seed.name}"
    pile = load_translator(lang)(text.PILE_N, n=10)
    assert pile in body or pile.lower() in body


# --- plurals ---------------------------------------------------------------------------------

PLURALS = {
    "en": {0: "0 redeals left", 1: "1 redeal left", 2: "2 redeals left", 5: "5 redeals left"},
    "fr": {
        0: "0 redistribution restante",
        1: "1 redistribution restante",
        2: "2 redistributions restantes",
        5: "5 redistributions restantes",
    },
    "ca": {
        0: "Queden 0 redistribucions",
        1: "Queda 1 redistribució",
        2: "Queden 2 redistribucions",
        5: "Queden 5 redistribucions",
    },
    "nl": {
        0: "Nog 0 herverdelingen",
        1: "Nog 1 herverdeling",
        2: "Nog 2 herverdelingen",
        5: "Nog 5 herverdelingen",
    },
    "ja": {0: "再配布あと0回", 1: "再配布あと1回", 2: "再配布あと2回", 5: "再配布あと5回"},
}
MOVE_COUNTS = {
    "en": ("0 moves", "1 move", "2 moves", "5 moves"),
    "fr": ("0 coup", "1 coup", "2 coups", "5 coups"),
    "ca": ("0 moviments", "1 moviment", "2 moviments", "5 moviments"),
    "nl": ("0 zetten", "1 zet", "2 zetten", "5 zetten"),
    "ja": ("0手", "1手", "2手", "5手"),
}


@pytest.mark.parametrize("lang", LANGUAGES)
def test_plural_selection_for_0_1_2_5(lang: str) -> None:
    t = load_translator(lang)
    for n, expected in PLURALS[lang].items():
        assert t.plural(text.REDEALS_LEFT, n) == expected
    assert tuple(t.plural(text.WON_MOVES, n) for n in (0, 1, 2, 5)) == MOVE_COUNTS[lang]


def test_french_and_catalan_use_their_many_form_for_millions() -> None:
    assert load_translator("fr").plural(text.WON_MOVES, 1_000_000) == "1000000 de coups"
    assert load_translator("ca").plural(text.WON_MOVES, 2_000_000) == "2000000 de moviments"


def test_plural_passes_extra_fields_and_n() -> None:
    t = load_translator("en")
    assert t.plural(("{n} of {what}", "{n} of {what}s"), 3, what="pile") == "3 of piles"


# --- the translator --------------------------------------------------------------------------


def test_translator_formats_fields() -> None:
    assert load_translator("fr")(text.CODE_COPIED, code="CR1-N-AAAAAAB") == (
        "Code copié : CR1-N-AAAAAAB"
    )
    assert load_translator("en")(text.WON_TIME, time="3:07") == "Time: 3:07"
    assert load_translator("nl")(text.TIME) == "Tijd"


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_reason_has_a_translation(lang: str) -> None:
    t = load_translator(lang)
    for reason in Reason:
        message = t.reason(reason)
        assert message
        assert (message == RULES_REASONS[reason]) == (lang == "en")


def test_card_places_and_moves() -> None:
    en, ja, nl = load_translator("en"), load_translator("ja"), load_translator("nl")
    assert en.card(0) == "Ace of spades"
    assert en.card(51) == "King of clubs"
    assert en.card(card(10, 1)) == "10 of hearts"
    assert nl.card(card(12, 3)) == "klaveren vrouw"
    assert en.place(9) == "Pile 10"
    assert en.place(16) == "Foundation 1"
    assert en.place(23) == ("Foundation 8")
    assert en.move(0, 9, 13) == "Ace of spades: Pile 10 → Pile 14"
    assert ja.move(0, 9, 13) == "スペードのエース:山10 → 山14"
    for bad in (-1, 52):
        with pytest.raises(ValueError, match=r"outside 0\.\.51"):
            en.card(bad)
    with pytest.raises(ValueError, match=r"outside 0\.\.23"):
        en.place(24)


def test_every_card_name_differs_in_every_language() -> None:
    for lang in LANGUAGES:
        t = load_translator(lang)
        assert len({t.card(c) for c in range(52)}) == 52


def test_font_asset_follows_the_language() -> None:
    assert load_translator("ja").font_asset() == "fonts/NotoSansCJKjp-Regular-Subset.otf"
    assert load_translator("ja").font_asset(bold=True) == "fonts/NotoSansCJKjp-Bold-Subset.otf"
    for lang in ("en", "fr", "ca", "nl"):
        assert load_translator(lang).font_asset() == "fonts/DejaVuSans-Subset.ttf"
        assert load_translator(lang).font_asset(True) == "fonts/DejaVuSans-Bold-Subset.ttf"
    assert language_font_asset("xx") == language_font_asset("en")


def test_nothing_is_installed_into_builtins() -> None:
    before = set(vars(builtins))
    load_translator("fr")
    assert set(vars(builtins)) == before


def test_a_translation_with_a_wrong_placeholder_shows_english() -> None:
    po = PO_HEADER + 'msgid "Time: {time}"\nmsgstr "Temps : {temps}"\n'
    t = Translator("fr", gettext.GNUTranslations(io.BytesIO(compile_mo(po))))
    assert t(text.WON_TIME, time="1:00") == "Time: 1:00"


def test_i18n_and_text_import_without_pygame() -> None:
    code = (
        "import sys; sys.modules['pygame'] = None\n"
        "import crescent.i18n.translator, crescent.i18n.text\n"
        "t = crescent.i18n.translator.load_translator('ja')\n"
        "assert t.lang == 'ja', t\n"
    )
    run = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, check=False)
    assert run.returncode == 0, run.stderr.decode()


# --- fallbacks -------------------------------------------------------------------------------


@pytest.mark.parametrize("lang", [None, "", "de", "xx_YY", "english", "zz"])
def test_unknown_or_no_language_gives_english(lang: str | None) -> None:
    t = load_translator(lang)
    assert t.lang == "en"
    assert t(text.REDEAL) == "Redeal"
    assert t.plural(text.WON_MOVES, 1) == "1 move"


def test_locale_names_are_accepted() -> None:
    assert load_translator("fr_FR.UTF-8").lang == "fr"
    assert load_translator("ja-JP").lang == "ja"


@pytest.fixture
def assets_in(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """Make the translator look for catalogs in ``tmp_path`` instead of the real assets."""

    def fake_path(name: str) -> Path:
        full = tmp_path / name
        if not full.exists():
            raise resources.MissingAsset(name)
        return full

    monkeypatch.setattr(resources, "path", fake_path)
    return tmp_path


def install(base: Path, lang: str, po: str | None = None, mo: bytes | None = None) -> Path:
    folder = base / "locale" / lang / "LC_MESSAGES"
    folder.mkdir(parents=True, exist_ok=True)
    if po is not None:
        (folder / "crescent.po").write_text(po, encoding="utf-8")
    if mo is not None:
        (folder / "crescent.mo").write_bytes(mo)
    return folder


def test_missing_catalog_gives_english(assets_in: Path) -> None:
    t = load_translator("fr")
    assert t.lang == "en"
    assert t(text.UNDO) == "Undo"


def test_a_po_without_its_mo_is_not_read(assets_in: Path) -> None:
    real = ROOT / "assets" / "locale" / "fr" / "LC_MESSAGES" / "crescent.po"
    install(assets_in, "fr", po=real.read_text(encoding="utf-8"))
    t = load_translator("fr")
    assert t.lang == "en"
    assert t(text.UNDO) == "Undo"


def test_the_mo_is_what_the_game_reads(assets_in: Path) -> None:
    install(assets_in, "fr", mo=compile_mo(PO_HEADER + 'msgid "Undo"\nmsgstr "Annuler (mo)"\n'))
    assert load_translator("fr")(text.UNDO) == "Annuler (mo)"


def test_broken_mo_gives_english(assets_in: Path) -> None:
    install(assets_in, "fr", mo=b"not a mo")
    t = load_translator("fr")
    assert t.lang == "en"
    assert t(text.UNDO) == "Undo"


@pytest.mark.parametrize("lang", TRANSLATED)
def test_the_committed_mo_is_its_po_compiled_by_babel(lang: str) -> None:
    """``python tools/compile_catalogs.py`` after editing a .po; this fails until it is run."""
    committed = gettext.GNUTranslations(io.BytesIO(mo_file(lang).read_bytes()))
    fresh = gettext.GNUTranslations(io.BytesIO(compile_mo(po_file(lang).read_text("utf-8"))))
    assert committed._catalog == fresh._catalog  # type: ignore[attr-defined]
    assert committed.plural(1_000_000) == fresh.plural(1_000_000)  # type: ignore[attr-defined]
    assert committed.info()["plural-forms"] == fresh.info()["plural-forms"]


# --- system language -------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("environ", "expected"),
    [
        ({"LANG": "fr_FR.UTF-8"}, "fr"),
        ({"LANG": "ca_ES.UTF-8@valencia"}, "ca"),
        ({"LANG": "nl_BE"}, "nl"),
        ({"LANG": "ja_JP.eucJP"}, "ja"),
        ({"LANG": "en_GB.UTF-8"}, "en"),
        ({"LANG": "de_DE.UTF-8"}, "en"),
        ({"LANG": "C.UTF-8"}, "en"),
        ({"LANG": "POSIX"}, "en"),
        ({}, "en"),
        ({"LANG": ""}, "en"),
        ({"LC_MESSAGES": "ja_JP.UTF-8", "LANG": "fr_FR.UTF-8"}, "ja"),
        ({"LC_ALL": "nl_NL.UTF-8", "LC_MESSAGES": "ja_JP.UTF-8"}, "nl"),
        ({"LANGUAGE": "de:ca:fr", "LANG": "nl_NL.UTF-8"}, "ca"),
        ({"LANGUAGE": "", "LC_ALL": "", "LANG": "fr_CA"}, "fr"),
        ({"LANGUAGE": "ja", "LANG": "C"}, "ja"),
    ],
)
def test_system_language(environ: dict[str, str], expected: str) -> None:
    assert system_language(environ) == expected


def test_system_language_reads_os_environ(monkeypatch: pytest.MonkeyPatch) -> None:
    for variable in ("LANGUAGE", "LC_ALL", "LC_MESSAGES"):
        monkeypatch.delenv(variable, raising=False)
    monkeypatch.setenv("LANG", "nl_NL.UTF-8")
    assert system_language() == "nl"


# --- fonts -----------------------------------------------------------------------------------

SYMBOLS = "♠♥♦♣·→…"


def visible_strings(lang: str) -> list[str]:
    """Everything ``lang`` can show: each message form, every card, moves, the language name."""
    t = load_translator(lang)
    out = [LANGUAGES[lang], SYMBOLS, "0123456789:%", "CR1-N-AAAAAAB"]
    for message in text.messages():
        if isinstance(message, str):
            out.append(t(message))
        else:
            out += [t.plural(message, n) for n in (0, 1, 2, 5, 1_000_000)]
    out += [t.card(c) for c in range(52)]
    out += [t.move(c, 9, 16 + c % 8) for c in range(52)]
    out += [block.text for doc in Doc for block in load_rules(doc, lang)]  # How to play
    return out


@pytest.fixture(scope="module")
def freetype() -> Iterator[Any]:
    ft = pytest.importorskip("pygame.freetype")
    ft.init()
    yield ft
    ft.quit()


@pytest.mark.parametrize("bold", [False, True])
@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_string_renders_with_no_missing_glyph(freetype: Any, lang: str, bold: bool) -> None:
    font_path = resources.path(language_font_asset(lang, bold))
    font = freetype.Font(str(font_path), 24)
    for s in visible_strings(lang):
        metrics = font.get_metrics(s)
        missing = {ch for ch, m in zip(s, metrics, strict=True) if m is None}
        assert not missing, f"{font_path.name} lacks {sorted(missing)} of {s!r}"


def test_every_language_name_renders_in_its_own_font(freetype: Any) -> None:
    for lang, name in LANGUAGES.items():
        font = freetype.Font(str(resources.path(language_font_asset(lang))), 24)
        assert None not in font.get_metrics(name)


def test_latin_font_can_draw_the_latin_language_names_but_japanese_needs_its_own(
    freetype: Any,
) -> None:
    latin = freetype.Font(str(resources.path(language_font_asset("en"))), 24)
    japanese = freetype.Font(str(resources.path(language_font_asset("ja"))), 24)
    assert None not in japanese.get_metrics("Français Català Nederlands English")
    assert None in latin.get_metrics(LANGUAGES["ja"])


def test_fonts_are_small_and_licensed() -> None:
    folder = resources.path("fonts")
    fonts = [p for p in folder.iterdir() if p.suffix in (".ttf", ".otf")]
    assert len(fonts) == 4
    assert sum(p.stat().st_size for p in fonts) < 3_000_000
    assert "SIL Open Font License" in resources.read_text("fonts/LICENSE-NotoSansCJK-OFL.txt")
    assert "Bitstream" in resources.read_text("fonts/LICENSE-DejaVu.txt")
    licences = resources.read_text("LICENSES.md")
    for p in fonts:
        assert p.name in licences
