"""The languages live once, in crescent.languages; everything else uses that list."""

from __future__ import annotations

from pathlib import Path

import pytest

from crescent import languages
from crescent.i18n import translator
from crescent.kiosk import config as kiosk_config
from crescent.play import settings

REPO = Path(__file__).resolve().parent.parent


def test_one_list_of_languages() -> None:
    assert translator.LANGUAGES is languages.LANGUAGES
    assert settings.LANGUAGES is languages.LANGUAGES
    # The kiosk config's "language" key is the setting's declaration: its check, its list.
    assert settings.DECLARED["language"].choices == tuple(languages.LANGUAGES)
    with pytest.raises(kiosk_config.KioskConfigError, match="one of en, fr, ca, nl, ja"):
        kiosk_config.parse_kiosk_config({"kiosk": {"pin": "2468", "language": "de"}})
    assert translator.DEFAULT_LANGUAGE == languages.DEFAULT_LANGUAGE in languages.LANGUAGES


def test_every_language_has_a_catalog_and_every_catalog_a_language() -> None:
    catalogs = {
        p.parent.parent.name for p in (REPO / "assets" / "locale").glob("*/LC_MESSAGES/*.po")
    }
    assert catalogs == set(languages.LANGUAGES) - {languages.DEFAULT_LANGUAGE}


def test_settings_accept_exactly_the_languages() -> None:
    for code in languages.LANGUAGES:
        d = settings.Settings(language=code).to_dict()
        assert settings.Settings.from_dict(d).language == code
    bad = settings.Settings().to_dict() | {"language": "de"}
    with pytest.raises(ValueError, match="language"):
        settings.Settings.from_dict(bad)
