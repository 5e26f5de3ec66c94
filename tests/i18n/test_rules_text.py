"""The "How to play" texts: the seeds shown as written (but for the lines that describe
this app), every language present, blocks parsed."""

from __future__ import annotations

import json

import pytest

from crescent import resources
from crescent.i18n.rules_text import BlockKind, Doc, load_diagram, load_rules, parse_rules
from crescent.i18n.translator import LANGUAGES, load_translator
from tests.helpers_seeds import COPY, SEEDS, SHARED
from tests.i18n.diagram_text import parse_french_diagram

ADAPTED: dict[str, set[int]] = {
    # Issue 29 item 6: the lines (0-based) where the app's text says what this app does
    # where the seed speaks of a web site, of "variants the app does not offer", of the
    # electronic version, of the horseshoe's 4/8/4 piles or of Aces "on the left".
    # Item 4: the seeds' descriptions of a whole table (lines 12, 25, 26) are drawn as
    # pictures: the line names its diagram in diagrams.json.
    "rules-fr.txt": {5, 11, 12, 23, 25, 26, 36},
    "rules-ca.txt": {5, 11, 12, 23, 25, 26, 36},
    "rules-ja.txt": {5, 11, 12, 23, 25, 26, 36},
    "rules-nl.txt": {6, 15, 33, 51},
}


def _adapted(seed_name: str, shipped: bytes) -> None:
    seed = (SEEDS / seed_name).read_text(encoding="utf-8").split("\n")
    app = shipped.decode("utf-8").split("\n")
    assert len(app) == len(seed)
    changed = {i for i, (a, b) in enumerate(zip(seed, app, strict=True)) if a != b}
    assert changed == ADAPTED[seed_name]
    for i in changed:
        if app[i].startswith("[diagram:"):
            assert len(seed[i]) > 400  # a whole table, described


def test_the_seeds_kept_in_the_tests_are_the_originals() -> None:
    if SHARED is None:
        pytest.skip("the shared folder is not beside this checkout: the copy is all there is")
    names = sorted(p.name for p in SHARED.glob("*.txt"))
    assert names == sorted(p.name for p in COPY.glob("*.txt"))
    for name in names:
        assert (COPY / name).read_bytes() == (SHARED / name).read_bytes(), name


@pytest.mark.parametrize("lang", ["fr", "ca", "nl", "ja"])
def test_seed_rule_texts_are_shipped_as_written_but_for_the_app_s_own_lines(lang: str) -> None:
    _adapted(f"rules-{lang}.txt", resources.read_bytes(f"rules/rules-{lang}.txt"))


WEB_PAGE = {
    # Issue 47: the seed's levels text (levels-mode-fr.txt) speaks of other versions, of
    # a card "partly revealed" and of cards following "automatically", gives "Example:"
    # lines apart and "End of the game" as a bullet; the app's text says what it does.
    "en": (
        "online versions",
        "partly revealed",
        "automatically",
        "then another 7 can be placed on an 8",
        "spaces",
    ),
    "fr": (
        "versions en ligne",
        "partiellement révélée",
        "automatiquement",
        "puis un autre 7 peut être placé sur un 8",
        "case",
    ),
    "ca": (
        "versions en línia",
        "es revela en part",
        "automàticament",
        "i després un altre 7 es pot posar sobre un 8",
        "casella",
    ),
    "nl": (
        "online versies",
        "gedeeltelijk zichtbaar",
        "vanzelf volgen",
        "en daarna kan een andere 7 op een 8",
        "vak ",
    ),
    "ja": ("オンライン版", "少し見えます", "自動で載ります", "さらに別の7を別の8", "マス"),
}
SEED_EXAMPLES = {
    # The seed's examples the text keeps: the 10 of Spades, the 8 of Diamonds, the 7 and
    # 8 of Hearts turned round on an empty pile, the 3-6 of Hearts sequence.
    "en": ("10 of Spades", "8 of Diamonds", "7 of Hearts", "3, 4, 5 and 6 of Hearts"),
    "fr": ("10 de Pique", "8 de Carreau", "7 de Cœur", "3, 4, 5 et 6 de Cœur"),
    "ca": ("10 de Piques", "8 de Diamants", "7 de Cors", "3, 4, 5 i 6 de Cors"),
    "nl": ("10 van schoppen", "8 van ruiten", "7 van harten", "3, 4, 5 en 6 van harten"),
    "ja": ("スペードの10", "ダイヤの8", "ハートの7", "ハートの3、4、5、6"),
}


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_levels_text_is_written_for_this_app(lang: str) -> None:
    blocks = load_rules(Doc.LEVELS, lang)
    text = " ".join(block.text for block in blocks)
    for phrase in WEB_PAGE[lang]:
        assert phrase not in text, phrase
    for example in SEED_EXAMPLES[lang]:
        assert example in text, example
    # Text flows: no block breaks off at a colon ("Example:" then the example apart),
    # and "End of the game" is a heading, not a bullet.
    for block in blocks:
        assert not block.text.endswith((":", "：")), block
    assert [b.kind for b in blocks[-4:]] == [BlockKind.HEADING, *[BlockKind.ITEM] * 3]


OUTSIDE_THE_APP = {
    "en": (
        "Examples page",
        "diagrams follow",
        "does not offer",
        "electronic",
        "On the left",
        "On the right",
        "4 piles on the left",
    ),
    "fr": (
        "page Exemples",
        "ce site",
        "ne propose pas",
        "électronique",
        "À gauche",
        "À droite",
        "4 piles à gauche",
    ),
    "ca": (
        "pàgina Exemples",
        "aquest lloc",
        "no ofereix",
        "electrònica",
        "A l’esquerra, poseu",
        "A la dreta, poseu",
        "4 piles a l’esquerra",
    ),
    "nl": (
        "pagina Voorbeelden",
        "deze site",
        "niet biedt",
        "elektronische",
        "Links 4",
        "Rechts 4",
        "4 stapels links",
    ),
    "ja": ("例ページ", "サイト", "アプリにはない", "電子版", "左側に", "右側に", "左に4山"),
}


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_texts_describe_this_app(lang: str) -> None:
    # Issue 29 item 6: Settings offers both variants, the foundations lie in rows, and
    # the player is in the app, not on a web site.
    text = " ".join(block.text for doc in Doc for block in load_rules(doc, lang))
    for phrase in OUTSIDE_THE_APP[lang]:
        assert phrase not in text, phrase
    # The label it quotes is the one under a card in this language (P10, S10, 山10).
    assert f"{load_translator(lang).place_tag(9)} · 6" in text


@pytest.mark.parametrize("doc", list(Doc))
@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_language_has_its_own_text_of_both_games(doc: Doc, lang: str) -> None:
    assert resources.path(f"rules/{doc.value}-{lang}.txt").is_file()
    blocks = load_rules(doc, lang)
    assert len(blocks) > 10
    assert sum(b.kind is BlockKind.HEADING for b in blocks) >= 3
    assert sum(b.kind is BlockKind.ITEM for b in blocks) >= 5


@pytest.mark.parametrize("lang", LANGUAGES)
def test_standard_rules_open_with_their_title(lang: str) -> None:
    blocks = load_rules(Doc.STANDARD, lang)
    assert blocks[0].kind is BlockKind.TITLE
    assert "Crescent" in blocks[0].text


def test_translations_of_the_levels_text_keep_its_shape() -> None:
    """Each translation has the French text's blocks, one for one, of the same kinds."""
    french = [b.kind for b in load_rules(Doc.LEVELS, "fr")]
    for lang in ("en", "ca", "nl", "ja"):
        assert [b.kind for b in load_rules(Doc.LEVELS, lang)] == french, lang


def test_english_rules_follow_the_french_shape() -> None:
    french = [b.kind for b in load_rules(Doc.STANDARD, "fr")]
    assert [b.kind for b in load_rules(Doc.STANDARD, "en")] == french


def test_parse_kinds() -> None:
    source = "Title\n\nIn short\nA sentence.\n- an item\n• another\nExample:\nShort one?\n"
    kinds = [(b.kind, b.text) for b in parse_rules(source, titled=True)]
    assert kinds == [
        (BlockKind.TITLE, "Title"),
        (BlockKind.HEADING, "In short"),
        (BlockKind.PARAGRAPH, "A sentence."),
        (BlockKind.ITEM, "an item"),
        (BlockKind.ITEM, "another"),
        (BlockKind.PARAGRAPH, "Example:"),
        (BlockKind.HEADING, "Short one?"),
    ]
    assert parse_rules("Heading\n", titled=False)[0].kind is BlockKind.HEADING


def test_unknown_language_falls_back_to_english() -> None:
    assert load_rules(Doc.STANDARD, "xx") == load_rules(Doc.STANDARD, "en")


DIAGRAMS = ("move-10", "redeal-before", "redeal-after")


def test_the_diagrams_say_what_the_french_seed_says() -> None:
    # Issue 29 item 4: the positions drawn are data, checked against the seed's words.
    seed = SEEDS / "rules-fr.txt"
    lines = seed.read_text(encoding="utf-8").split("\n")
    data = json.loads(resources.read_text("rules/diagrams.json"))
    assert tuple(data) == DIAGRAMS
    for name, i in zip(DIAGRAMS, (12, 25, 26), strict=True):
        assert data[name] == parse_french_diagram(lines[i])
        d = load_diagram(name)
        assert sum(n for _, n in d.foundations) + sum(n for n, _ in d.piles) == 104


@pytest.mark.parametrize("lang", ["en", "fr", "ca", "ja"])
def test_the_rules_show_the_diagrams_as_pictures(lang: str) -> None:
    blocks = load_rules(Doc.STANDARD, lang)
    assert [b.text for b in blocks if b.kind is BlockKind.DIAGRAM] == list(DIAGRAMS)
    # No block reads like a table described in words any more.
    assert all(len(b.text) < 700 for b in blocks)
