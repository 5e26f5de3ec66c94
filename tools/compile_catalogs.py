"""Build the translation catalogs of assets/locale.

    python tools/compile_catalogs.py            # compile every .po to its .mo (Babel)
    python tools/compile_catalogs.py check      # every message translated, msgfmt --check clean
    python tools/compile_catalogs.py extract    # rewrite crescent.pot from crescent/i18n/text.py
    python tools/compile_catalogs.py update     # extract, then bring every .po in line with it

After adding a message to crescent/i18n/text.py: run ``extract`` and ``update``
(new messages appear untranslated, with ``msgstr ""``; gone ones are dropped),
translate them in each .po, run ``check``, then ``python tools/subset_fonts.py``
(a new character needs to be in the shipped fonts; tests/i18n/test_i18n.py fails
until it is).

Then run ``compile`` and commit the .mo files with their .po: the game reads
only the .mo (with the standard library's gettext), and tests/i18n/test_i18n.py
recompiles every .po with Babel to check the committed .mo says the same.
"""

from __future__ import annotations

import argparse
import io
import shutil
import subprocess
import sys
from pathlib import Path

from babel.messages.catalog import Catalog
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from crescent.i18n import text  # noqa: E402 -- needs the path set above
from crescent.i18n import translator as i18n  # noqa: E402

LOCALE = ROOT / "assets" / "locale"
TEMPLATE = LOCALE / f"{i18n.DOMAIN}.pot"

PLURAL_FORMS = {
    # What Babel (CLDR) writes for each language: babel.messages.plurals.get_plural(lang).
    "fr": "nplurals=3; plural=(n == 0 || n == 1) ? 0 : n != 0 && n % 1000000 == 0 ? 1 : 2;",
    "ca": "nplurals=3; plural=(n == 1 ? 0 : n != 0 && n % 1000000 == 0 ? 1 : 2);",
    "nl": "nplurals=2; plural=(n != 1);",
    "ja": "nplurals=1; plural=0;",
}
LANGUAGE_TEAMS = {"fr": "French", "ca": "Catalan", "nl": "Dutch", "ja": "Japanese"}

NOTES = {
    # Comments for translators, by the English text.
    "Finish": "Button: play the remaining cards to the foundations automatically.",
    "Deal": "Button of the game-code dialog: deal the game of the typed code.",
    "Redeal": "Button; the same word as in the rules (RULES.md section 3).",
    "{n} redeal left": "On the Redeal button: how many redeals remain.",
    "Code": "Button showing the current game code (e.g. CR1-N-AAAAAAB).",
    "Four-colour deck": "Setting: draw diamonds and clubs in their own colours.",
    "{card}: {src} → {dst}": "A move: card name, the place it leaves, the place it goes to.",
    "{rank} of {suit}": "A card's name, from a rank name and a suit name below.",
    "Operator PIN": "Kiosk mode: the code that lets staff leave the game.",
    "Pile {n}": "The 16 piles of the tableau, numbered 1 to 16.",
    "Foundation {n}": "The 8 foundations, numbered 1 to 8.",
    "Hint: {move}. Tap Hint again to play it.": "{move} is a move text ('{card}: {src} → {dst}').",
    "Undo": "HUD button; on wide windows the left half of a cell shared with Redo.",
    "Redo": "HUD button: play the undone move again; on wide windows half of Undo's cell.",
    "Restart this deal": "Button: deal the same game code again from the start.",
    "Paused": "Title of the pause screen, which hides the table while the clock is stopped.",
}

HEADER_ORDER = (
    "Project-Id-Version",
    "Report-Msgid-Bugs-To",
    "POT-Creation-Date",
    "PO-Revision-Date",
    "Last-Translator",
    "Language-Team",
    "Language",
    "MIME-Version",
    "Content-Type",
    "Content-Transfer-Encoding",
    "Plural-Forms",
)


def languages() -> list[str]:
    return [lang for lang in i18n.LANGUAGES if lang != i18n.DEFAULT_LANGUAGE]


def po_path(lang: str) -> Path:
    return LOCALE / lang / "LC_MESSAGES" / f"{i18n.DOMAIN}.po"


def read_catalog(path: Path) -> Catalog:
    """A .po or .pot file, read by Babel (a malformed file raises)."""
    with path.open("rb") as f:
        return read_po(f, abort_invalid=True)


def catalog_translations(catalog: Catalog) -> dict[str, list[str]]:
    """English singular msgid -> its translated forms (empty strings when untranslated)."""
    out: dict[str, list[str]] = {}
    for m in catalog:
        if not m.id:
            continue
        key = m.id if isinstance(m.id, str) else m.id[0]
        out[key] = translations_of(m.string)
    return out


def mo_bytes(lang: str) -> bytes:
    """The compiled catalog of ``lang``, as Babel writes it (fuzzy entries left out)."""
    buf = io.BytesIO()
    write_mo(buf, read_catalog(po_path(lang)))
    return buf.getvalue()


def translations_of(string: str | tuple[str, ...] | list[str] | None) -> list[str]:
    if string is None:
        return []
    return [string] if isinstance(string, str) else list(string)


def quote(s: str) -> str:
    escaped = s.replace("\\", "\\\\").replace('"', '\\"').replace("\t", "\\t")
    escaped = escaped.replace("\r", "\\r").replace("\n", "\\n")
    return f'"{escaped}"'


def has_fields(message: str | text.Plural) -> bool:
    return any("{" in part for part in ([message] if isinstance(message, str) else message))


def entry_lines(message: str | text.Plural, translation: list[str] | None, forms: int) -> list[str]:
    lines = []
    note = NOTES.get(message if isinstance(message, str) else message.singular)
    if note:
        lines.append(f"#. {note}")
    if has_fields(message):
        lines.append("#, python-brace-format")
    if isinstance(message, str):
        lines.append(f"msgid {quote(message)}")
        lines.append(f"msgstr {quote(translation[0] if translation else '')}")
    else:
        lines.append(f"msgid {quote(message.singular)}")
        lines.append(f"msgid_plural {quote(message.plural)}")
        for i in range(forms):
            form = translation[i] if translation and i < len(translation) else ""
            lines.append(f"msgstr[{i}] {quote(form)}")
    return lines


def header_block(fields: dict[str, str], fuzzy: bool = False) -> list[str]:
    ordered = [k for k in HEADER_ORDER if k in fields] + [
        k for k in fields if k not in HEADER_ORDER
    ]
    lines = ["#, fuzzy"] if fuzzy else []
    lines += ['msgid ""', 'msgstr ""']
    lines += [quote(f"{k}: {fields[k]}\n") for k in ordered]
    return lines


def extract() -> None:
    fields = {
        "Project-Id-Version": "Crescent",
        "Report-Msgid-Bugs-To": "",
        "POT-Creation-Date": "2025-01-01 00:00+0000",
        "PO-Revision-Date": "YEAR-MO-DA HO:MI+ZONE",
        "Last-Translator": "FULL NAME <EMAIL@ADDRESS>",
        "Language-Team": "LANGUAGE <LL@li.org>",
        "MIME-Version": "1.0",
        "Content-Type": "text/plain; charset=UTF-8",
        "Content-Transfer-Encoding": "8bit",
        "Plural-Forms": "nplurals=INTEGER; plural=EXPRESSION;",
    }
    out = [
        "# Crescent: messages to translate, made from crescent/i18n/text.py.",
        *header_block(fields, True),
    ]
    for message in text.messages():
        out += ["", *entry_lines(message, None, 2)]
    TEMPLATE.parent.mkdir(parents=True, exist_ok=True)
    TEMPLATE.write_text("\n".join(out) + "\n", encoding="utf-8")
    print(f"wrote {TEMPLATE.relative_to(ROOT)}")


def update(lang: str, translations: dict[str, list[str]] | None = None) -> None:
    """Rewrite the .po of ``lang`` in the order of text.py, keeping its translations.

    ``translations`` (English singular msgid -> forms) fills or overrides entries.
    """
    path = po_path(lang)
    known: dict[str, list[str]] = {}
    fields = {
        "Project-Id-Version": "Crescent",
        "Report-Msgid-Bugs-To": "",
        "POT-Creation-Date": "2025-01-01 00:00+0000",
        "PO-Revision-Date": "2025-01-01 00:00+0000",
        "Last-Translator": "Crescent project",
        "Language-Team": LANGUAGE_TEAMS.get(lang, lang),
        "Language": lang,
        "MIME-Version": "1.0",
        "Content-Type": "text/plain; charset=UTF-8",
        "Content-Transfer-Encoding": "8bit",
    }
    if path.exists():
        catalog = read_catalog(path)
        kept = ("PO-Revision-Date", "Last-Translator", "Language-Team")
        fields |= {k: v for k, v in catalog.mime_headers if k in kept}
        known = catalog_translations(catalog)
    fields["Plural-Forms"] = PLURAL_FORMS[lang]
    known |= translations or {}
    forms = int(PLURAL_FORMS[lang].split(";")[0].split("=")[1])
    out = [f"# {LANGUAGE_TEAMS.get(lang, lang)} messages of Crescent.", *header_block(fields)]
    wanted = set()
    for message in text.messages():
        key = message if isinstance(message, str) else message.singular
        wanted.add(key)
        out += ["", *entry_lines(message, known.get(key), forms)]
    for gone in sorted(set(known) - wanted):
        print(f"{lang}: dropped {gone!r} (no longer in crescent/i18n/text.py)")
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text("\n".join(out) + "\n", encoding="utf-8")
    print(f"wrote {path.relative_to(ROOT)}")


def compile_all() -> None:
    for lang in languages():
        mo = po_path(lang).with_suffix(".mo")
        mo.write_bytes(mo_bytes(lang))
        print(f"wrote {mo.relative_to(ROOT)}")


def check() -> int:
    problems = []
    msgfmt = shutil.which("msgfmt")
    if msgfmt is None:
        print("msgfmt not found (apt-get install gettext): skipping msgfmt --check")
    for lang in languages():
        po = po_path(lang)
        catalog = read_catalog(po)
        for message in text.messages():
            entry = catalog.get(message if isinstance(message, str) else message.singular)
            forms = [] if entry is None else translations_of(entry.string)
            if entry is None or entry.fuzzy or not all(forms):
                problems.append(f"{lang}: {message!r} is not translated")
        if msgfmt is not None:
            run = subprocess.run(
                [msgfmt, "--check", "--statistics", "-o", "/dev/null", str(po)],
                capture_output=True,
                text=True,
                check=False,
            )
            print(f"{lang}: {run.stderr.strip()}")
            if run.returncode != 0:
                problems.append(f"{lang}: msgfmt --check failed")
    for problem in problems:
        print(problem)
    return 1 if problems else 0


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("action", nargs="?", default="compile")
    parser.add_argument("--check", action="store_true", help="with compile: check first")
    args = parser.parse_args()
    if args.action == "extract":
        extract()
    elif args.action == "update":
        extract()
        for lang in languages():
            update(lang)
    elif args.action == "check":
        return check()
    elif args.action == "compile":
        if args.check and check():
            return 1
        compile_all()
    else:
        parser.error(f"unknown action {args.action!r}: compile, check, extract or update")
    return 0


if __name__ == "__main__":
    sys.exit(main())
