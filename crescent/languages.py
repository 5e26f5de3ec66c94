"""The languages the game speaks: the one list, used by the settings, the command line,
the kiosk config and the translations (standard library only, nothing at import time)."""

from __future__ import annotations

from typing import Final

__all__ = ["DEFAULT_LANGUAGE", "LANGUAGES", "next_language"]

DEFAULT_LANGUAGE: Final = "en"
"""The language of the messages in the source (the gettext msgids)."""

LANGUAGES: Final[dict[str, str]] = {
    "en": "English",
    "fr": "Français",
    "ca": "Català",
    "nl": "Nederlands",
    "ja": "日本語",
}
"""Supported languages: code -> the language's name in itself (for the language menu)."""


def next_language(code: str) -> str:
    """The language after ``code`` in :data:`LANGUAGES` (the language button's next)."""
    codes = list(LANGUAGES)
    i = codes.index(code) if code in codes else 0
    return codes[(i + 1) % len(codes)]
