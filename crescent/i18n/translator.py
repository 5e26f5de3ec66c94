"""Translations: English msgids in :mod:`crescent.i18n.text`, gettext catalogs in assets/locale.

One :class:`Translator` is made at start-up by :func:`load_translator` and
passed to whatever shows text; nothing is installed into builtins and nothing
happens at import time.

Catalogs are ``assets/locale/<lang>/LC_MESSAGES/crescent.po``. The build
compiles them to ``.mo`` (``python tools/compile_catalogs.py``); ``.mo`` files
are not committed. When a ``.mo`` is missing, or older than its ``.po`` (a
catalog edited since the last build), the ``.po`` is compiled in memory by
:func:`compile_po`, so a fresh checkout and a frozen build behave alike. Either
way the catalog ends up in :class:`gettext.GNUTranslations`, so the plural
formula of the ``Plural-Forms`` header is gettext's own.

A language with no usable catalog falls back to English (the msgids) and
never raises.
"""

from __future__ import annotations

import gettext
import io
import logging
import os
import re
import struct
import sys
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Final

from crescent import resources
from crescent.i18n import text
from crescent.languages import DEFAULT_LANGUAGE, LANGUAGES
from crescent.rules.engine import Reason

__all__ = [
    "DEFAULT_LANGUAGE",
    "DOMAIN",
    "LANGUAGES",
    "PoEntry",
    "PoError",
    "Translator",
    "compile_po",
    "language_font_asset",
    "load_translator",
    "parse_po",
    "system_language",
]

log = logging.getLogger(__name__)

DOMAIN: Final = "crescent"

_LATIN_FONTS: Final = ("fonts/DejaVuSans-Subset.ttf", "fonts/DejaVuSans-Bold-Subset.ttf")
_JAPANESE_FONTS: Final = (
    "fonts/NotoSansCJKjp-Regular-Subset.otf",
    "fonts/NotoSansCJKjp-Bold-Subset.otf",
)
_FONTS: Final[dict[str, tuple[str, str]]] = {"ja": _JAPANESE_FONTS}


def language_font_asset(lang: str, bold: bool = False) -> str:
    """The asset name of the font (regular or bold) that has every glyph ``lang``'s texts use.

    Useful to draw each entry of the language menu in its own font
    (``LANGUAGES["ja"]`` needs the Japanese one). Unknown languages get the Latin font.
    """
    regular, heavy = _FONTS.get(lang, _LATIN_FONTS)
    return heavy if bold else regular


# --- Reading .po files and compiling them to .mo ------------------------------------------


class PoError(ValueError):
    """A .po file that cannot be read; the message names the line."""


@dataclass
class PoEntry:
    """One message of a .po file (the header is the entry with an empty msgid)."""

    msgid: str
    msgstr: list[str] = field(default_factory=list)
    """One text, or one per plural form (``msgstr[0]``, ``msgstr[1]``...)."""
    msgid_plural: str | None = None
    msgctxt: str | None = None
    flags: frozenset[str] = frozenset()
    line: int = 0

    @property
    def fuzzy(self) -> bool:
        return "fuzzy" in self.flags

    @property
    def translated(self) -> bool:
        """Not fuzzy, and every form filled (msgfmt leaves out anything else)."""
        return not self.fuzzy and bool(self.msgstr) and all(self.msgstr)


_KEYWORD = re.compile(r"^(msgctxt|msgid_plural|msgid|msgstr(?:\[(\d+)\])?)\s+(\".*\")\s*$")
_CONTINUATION = re.compile(r"^(\".*\")\s*$")
_ESCAPES = {"n": "\n", "t": "\t", "r": "\r", '"': '"', "\\": "\\", "a": "\a", "b": "\b"}
_ESCAPES |= {"f": "\f", "v": "\v"}
_ESCAPE = re.compile(r"\\(.)")


def _unquote(quoted: str, line: int) -> str:
    """The text of a C string literal as .po files write it."""
    body = quoted[1:-1]
    if re.search(r'(?<!\\)(?:\\\\)*"', body):
        raise PoError(f"line {line}: unescaped double quote inside {quoted}")

    def one(m: re.Match[str]) -> str:
        try:
            return _ESCAPES[m.group(1)]
        except KeyError:
            raise PoError(f"line {line}: unknown escape \\{m.group(1)} in {quoted}") from None

    return _ESCAPE.sub(one, body)


def parse_po(source: str) -> list[PoEntry]:
    """The entries of a .po file's text, header included; obsolete (``#~``) entries skipped.

    Raises :class:`PoError` for anything malformed (a string outside an entry,
    an unknown keyword, a msgstr index out of order, a repeated message).
    """
    entries: list[PoEntry] = []
    flags: set[str] = set()
    current: PoEntry | None = None
    # The field the next continuation string extends: ("msgid", 0), ("msgstr", 2)...
    target: tuple[str, int] | None = None

    def finish() -> None:
        nonlocal current, target
        if current is not None:
            if not current.msgstr:
                raise PoError(f"line {current.line}: msgid without msgstr")
            if current.msgid_plural is None and len(current.msgstr) != 1:
                raise PoError(f"line {current.line}: indexed msgstr without msgid_plural")
            entries.append(current)
        current, target = None, None

    for number, raw in enumerate(source.splitlines(), start=1):
        line = raw.strip()
        if not line:
            continue
        if line.startswith("#"):
            if current is not None and target is not None and target[0] == "msgstr":
                finish()
            if line.startswith("#,"):
                flags.update(f.strip() for f in line[2:].split(",") if f.strip())
            continue
        m = _KEYWORD.match(line)
        if m:
            keyword, index, quoted = m.group(1), m.group(2), m.group(3)
            value = _unquote(quoted, number)
            if keyword in ("msgctxt", "msgid"):
                if current is not None and (target is None or target[0] == "msgstr"):
                    finish()
                if current is None:
                    current = PoEntry(msgid="", flags=frozenset(flags), line=number)
                    flags = set()
                if keyword == "msgctxt":
                    current.msgctxt = value
                    target = ("msgctxt", 0)
                else:
                    current.msgid = value
                    target = ("msgid", 0)
            elif current is None:
                raise PoError(f"line {number}: {keyword} before any msgid")
            elif keyword == "msgid_plural":
                current.msgid_plural = value
                target = ("msgid_plural", 0)
            else:
                i = int(index) if index is not None else 0
                if index is not None and current.msgid_plural is None:
                    raise PoError(f"line {number}: msgstr[{i}] without msgid_plural")
                if index is None and current.msgid_plural is not None:
                    raise PoError(f"line {number}: plural message needs msgstr[0], msgstr[1]...")
                if i != len(current.msgstr):
                    raise PoError(f"line {number}: expected msgstr[{len(current.msgstr)}]")
                current.msgstr.append(value)
                target = ("msgstr", i)
            continue
        m = _CONTINUATION.match(line)
        if m and current is not None and target is not None:
            value = _unquote(m.group(1), number)
            kind, i = target
            if kind == "msgstr":
                current.msgstr[i] += value
            elif kind == "msgid":
                current.msgid += value
            elif kind == "msgid_plural":
                current.msgid_plural = (current.msgid_plural or "") + value
            else:
                current.msgctxt = (current.msgctxt or "") + value
            continue
        raise PoError(f"line {number}: cannot read {raw!r}")
    finish()

    seen: set[tuple[str | None, str]] = set()
    for entry in entries:
        key = (entry.msgctxt, entry.msgid)
        if key in seen:
            raise PoError(f"line {entry.line}: message {entry.msgid!r} appears twice")
        seen.add(key)
    return entries


def po_header(entries: list[PoEntry]) -> dict[str, str]:
    """The header fields (``Plural-Forms``, ``Language``...) of parsed entries."""
    for entry in entries:
        if entry.msgid == "" and entry.msgctxt is None:
            fields: dict[str, str] = {}
            for line in entry.msgstr[0].splitlines():
                name, sep, value = line.partition(":")
                if sep:
                    fields[name.strip()] = value.strip()
            return fields
    return {}


def compile_po(source: str) -> bytes:
    """The .mo file (GNU gettext binary format, UTF-8) for the text of a .po file.

    Like ``msgfmt``, fuzzy and untranslated entries are left out (so they show
    in English); a plural entry with an empty form counts as untranslated.
    Raises :class:`PoError` if the .po is malformed or not UTF-8 with a usable
    ``Plural-Forms`` header.
    """
    entries = parse_po(source)
    header = po_header(entries)
    content_type = header.get("Content-Type", "")
    if "charset=utf-8" not in content_type.lower().replace(" ", ""):
        raise PoError(f"the header must declare charset=UTF-8 (found {content_type!r})")
    if any(e.msgid_plural is not None for e in entries):
        _check_plural_forms(header.get("Plural-Forms", ""))

    catalog: dict[bytes, bytes] = {}
    for entry in entries:
        is_header = entry.msgid == "" and entry.msgctxt is None
        if not is_header and not entry.translated:
            continue
        key = entry.msgid
        if entry.msgid_plural is not None:
            key += "\0" + entry.msgid_plural
        if entry.msgctxt is not None:
            key = entry.msgctxt + "\x04" + key
        catalog[key.encode("utf-8")] = "\0".join(entry.msgstr).encode("utf-8")
    return _mo_bytes(catalog)


def _check_plural_forms(plural_forms: str) -> None:
    m = re.fullmatch(r"\s*nplurals\s*=\s*(\d+)\s*;\s*plural\s*=\s*(.+?)\s*;?\s*", plural_forms)
    if not m:
        raise PoError(f"unusable Plural-Forms header {plural_forms!r}")
    try:
        formula = gettext.c2py(m.group(2))
    except (ValueError, SyntaxError, RecursionError) as e:
        raise PoError(f"unusable plural formula {m.group(2)!r}: {e}") from None
    nplurals = int(m.group(1))
    for n in range(1001):
        if not 0 <= formula(n) < nplurals:
            raise PoError(f"plural formula gives {formula(n)} for n={n}, nplurals={nplurals}")


def _mo_bytes(catalog: dict[bytes, bytes]) -> bytes:
    """The GNU .mo layout: header, two tables of (length, offset), then the strings."""
    keys = sorted(catalog)
    count = len(keys)
    originals_at = 7 * 4
    translations_at = originals_at + count * 8
    strings_at = translations_at + count * 8
    blob = bytearray()
    originals: list[tuple[int, int]] = []
    translations: list[tuple[int, int]] = []
    for key in keys:
        originals.append((len(key), strings_at + len(blob)))
        blob += key + b"\0"
    for key in keys:
        value = catalog[key]
        translations.append((len(value), strings_at + len(blob)))
        blob += value + b"\0"
    out = bytearray(struct.pack("<7I", 0x950412DE, 0, count, originals_at, translations_at, 0, 0))
    for length, offset in originals + translations:
        out += struct.pack("<2I", length, offset)
    return bytes(out + blob)


# --- The translator ------------------------------------------------------------------------


class Translator:
    """Translates the messages of :mod:`crescent.i18n.text` into one language.

    ``lang`` is the language actually in use: ``"en"`` when a requested
    language fell back to English.
    """

    def __init__(self, lang: str, catalog: gettext.NullTranslations | None = None) -> None:
        self.lang = lang
        self._catalog = catalog if catalog is not None else gettext.NullTranslations()

    def __repr__(self) -> str:
        return f"Translator({self.lang!r})"

    def __call__(self, message: str, **fmt: object) -> str:
        """``message`` translated, then ``str.format(**fmt)`` if fields are given."""
        translated = self._catalog.gettext(message)
        return self._format(translated, message, fmt) if fmt else translated

    def plural(self, forms: tuple[str, str], n: int, **fmt: object) -> str:
        """The form of ``forms`` (a :class:`crescent.i18n.text.Plural`) for ``n``, formatted.

        ``{n}`` is always available to the text.
        """
        singular, plural = forms
        translated = self._catalog.ngettext(singular, plural, n)
        english = singular if n == 1 else plural
        return self._format(translated, english, {"n": n, **fmt})

    def reason(self, reason: Reason) -> str:
        """Why a move was refused, for the player."""
        return self(text.REASONS[reason])

    def card(self, c: int) -> str:
        """The name of card ``c`` (0..51): "Ace of spades", "as de pique", "スペードのエース"."""
        if not 0 <= c < 52:
            raise ValueError(f"card {c} is outside 0..51")
        rank = self(text.RANK_NAMES[c % 13])
        suit = self(text.SUIT_NAMES[c // 13])
        return self(text.CARD_NAME, rank=rank, suit=suit)

    def place(self, place: int) -> str:
        """The name of a place of the engine: 0 -> "Pile 1", 16 -> "Foundation 1"."""
        if 0 <= place < 16:
            return self(text.PILE_N, n=place + 1)
        if 16 <= place < 24:
            return self(text.FOUNDATION_N, n=place - 15)
        raise ValueError(f"place {place} is outside 0..23")

    def move(self, c: int, src: int, dst: int) -> str:
        """A move for the player: "Ace of spades: Pile 10 → Pile 14"."""
        return self(text.MOVE_TEXT, card=self.card(c), src=self.place(src), dst=self.place(dst))

    def font_asset(self, bold: bool = False) -> str:
        """Asset name (for ``resources.path``) of the font with every glyph this language uses."""
        return language_font_asset(self.lang, bold)

    def _format(self, translated: str, english: str, fmt: Mapping[str, object]) -> str:
        try:
            return translated.format(**fmt)
        except (KeyError, IndexError, ValueError):
            # A broken translation must not take the game down: show the English text.
            log.warning("translation %r (%s) does not format; using English", translated, self.lang)
            return english.format(**fmt)


def _read_catalog(lang: str) -> gettext.GNUTranslations:
    """The catalog of ``lang`` from its .mo, or from its .po when the .mo is missing or stale."""
    base = f"locale/{lang}/LC_MESSAGES/{DOMAIN}"
    try:
        po_path = resources.path(base + ".po")
    except resources.MissingAsset:
        po_path = None
    try:
        mo_path = resources.path(base + ".mo")
    except resources.MissingAsset:
        mo_path = None
    if mo_path is not None and (po_path is None or _not_older(mo_path, po_path)):
        try:
            return gettext.GNUTranslations(io.BytesIO(mo_path.read_bytes()))
        except (OSError, ValueError, struct.error) as e:
            if po_path is None:
                raise
            log.warning("catalog %s is unreadable (%s); reading %s instead", mo_path, e, po_path)
    if po_path is None:
        raise resources.MissingAsset(f"no catalog for language {lang!r}")
    mo = compile_po(po_path.read_text(encoding="utf-8"))
    return gettext.GNUTranslations(io.BytesIO(mo))


def _not_older(mo_path: os.PathLike[str], po_path: os.PathLike[str]) -> bool:
    return os.stat(mo_path).st_mtime >= os.stat(po_path).st_mtime


def load_translator(lang: str | None) -> Translator:
    """The translator for ``lang`` (a code of :data:`LANGUAGES`, or a locale like "fr_FR").

    ``None``, an unknown language, or a missing or broken catalog give English.
    """
    code = _language_code(lang) if lang else None
    if code is None or code == DEFAULT_LANGUAGE:
        return Translator(DEFAULT_LANGUAGE)
    try:
        return Translator(code, _read_catalog(code))
    except (OSError, ValueError, struct.error) as e:
        log.warning("no usable catalog for %r (%s); using English", code, e)
        return Translator(DEFAULT_LANGUAGE)


def _language_code(locale_name: str) -> str | None:
    """ "fr_FR.UTF-8@euro" -> "fr"; None when the language is not one of :data:`LANGUAGES`."""
    name = locale_name.strip().split(".")[0].split("@")[0]
    code = re.split(r"[_-]", name)[0].lower()
    if code in ("c", "posix"):
        return DEFAULT_LANGUAGE
    return code if code in LANGUAGES else None


def system_language(environ: Mapping[str, str] | None = None) -> str:
    """The player's language from the environment, as a code of :data:`LANGUAGES`.

    Like gettext: the first of LANGUAGE, LC_ALL, LC_MESSAGES, LANG that is set
    decides; LANGUAGE may list several (``"de:fr"``), the first supported one
    wins, and it counts even when the locale is ``C`` (GNU gettext would
    ignore it there: kiosks often run with ``LANG=C.UTF-8``). ``C``/``POSIX``
    and unsupported languages give ``"en"``. With no
    ``environ``, ``os.environ`` is read and, on Windows when it says nothing,
    the user's display language.
    """
    env = os.environ if environ is None else environ
    for variable in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        value = env.get(variable, "")
        if value:
            for item in value.split(":"):
                code = _language_code(item) if item else None
                if code is not None:
                    return code
            return DEFAULT_LANGUAGE
    if environ is None:
        return _windows_language() or DEFAULT_LANGUAGE
    return DEFAULT_LANGUAGE


def _windows_language() -> str | None:
    if sys.platform == "win32":
        import ctypes
        import locale

        try:
            lcid = ctypes.windll.kernel32.GetUserDefaultUILanguage()
        except (AttributeError, OSError):
            return None
        name = locale.windows_locale.get(lcid)
        return _language_code(name) if name else None
    return None
