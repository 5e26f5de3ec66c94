"""The languages the game speaks: the one list, used by the settings, the command line,
the kiosk config and the translations (standard library only, nothing at import time)."""

from __future__ import annotations

from typing import Final

__all__ = ["DEFAULT_LANGUAGE", "LANGUAGES"]

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
