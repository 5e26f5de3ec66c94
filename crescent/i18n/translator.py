"""Translations: English msgids in :mod:`crescent.i18n.text`, gettext catalogs in assets/locale.

One :class:`Translator` is made at start-up by :func:`load_translator` and
passed to whatever shows text; nothing is installed into builtins and nothing
happens at import time.

Catalogs are ``assets/locale/<lang>/LC_MESSAGES/crescent.po``, compiled by
Babel to the ``.mo`` files beside them (``python tools/compile_catalogs.py``;
the ``.mo`` files are committed, and a test recompiles them to prove they match
their ``.po``). The game reads only the ``.mo``, with the standard library's
:class:`gettext.GNUTranslations`, so the plural formula of the ``Plural-Forms``
header is gettext's own.

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
from typing import Final

from crescent import logs, resources
from crescent.i18n import text
from crescent.languages import DEFAULT_LANGUAGE, LANGUAGES
from crescent.rules.engine import Reason

__all__ = [
    "DEFAULT_LANGUAGE",
    "DOMAIN",
    "LANGUAGES",
    "Translator",
    "language_font_asset",
    "load_translator",
    "system_language",
]


def _log() -> logging.Logger:
    return logs.get(__name__)


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

    def reason(self, reason: Reason, takes: int | None = None) -> str:
        """Why a move was refused, for the player; ``takes``: the card the foundation
        refusing the move takes next (``control.explain.foundation_takes``), said with
        :attr:`Reason.NOT_NEXT_RANK` ("This foundation takes the 4 of spades next")."""
        if reason is Reason.NOT_NEXT_RANK and takes is not None:
            return self(text.FOUNDATION_TAKES, card=self.card(takes))
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

    def place_tag(self, place: int) -> str:
        """The short name of a place under its card: 0 -> "P1", 16 -> "F1"; in each
        language the first letter (or character) of :meth:`place`'s name and the number,
        so the table and the messages name places alike ("S5" and "Stapel 5", "山5")."""
        if 0 <= place < 16:
            return self(text.PILE_TAG, n=place + 1)
        if 16 <= place < 24:
            return self(text.FOUNDATION_TAG, n=place - 15)
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
            _log().warning(
                "translation %r (%s) does not format; using English", translated, self.lang
            )
            return english.format(**fmt)


def _read_catalog(lang: str) -> gettext.GNUTranslations:
    """The compiled catalog of ``lang`` (its ``.mo``), read by the standard library."""
    mo = resources.read_bytes(f"locale/{lang}/LC_MESSAGES/{DOMAIN}.mo")
    return gettext.GNUTranslations(io.BytesIO(mo))


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
        _log().warning("no usable catalog for %r (%s); using English", code, e)
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
