"""The levels game's texts: in French, the seed's own words (levels-mode-fr.txt)."""

from __future__ import annotations

from crescent.i18n import text as T
from crescent.i18n.translator import LANGUAGES, load_translator
from crescent.rules.engine import Reason

LEVELS_TEXTS = (
    T.VARIANT_L,
    T.TIME_LEFT,
    T.SHUFFLE,
    T.NO_SHUFFLES,
    T.NO_HINTS_LEFT,
    T.POINT_SHUFFLE,
    T.HINT_SHUFFLE,
    T.SHUFFLE_CONFIRM_TITLE,
    T.SHUFFLE_CONFIRM,
    T.NEXT_LEVEL,
    T.GAME_OVER,
    T.TIME_UP,
    T.STUCK_NO_SHUFFLE,
    T.WON_LEVELS_TITLE,
    T.LEVEL_TIMES,
    T.BEST_LEVEL,
    T.BEST_TIME_LEFT,
)


def test_french_uses_the_seed_words() -> None:
    fr = load_translator("fr")
    assert fr(T.LEVEL_N, n=2) == "Niveau 2"
    assert "astuces" in fr.plural(T.HINTS_LEFT, 3)
    assert fr(T.SHUFFLE) == "Mélanger"
    assert fr(T.SHUFFLE_CONFIRM_TITLE).startswith("Mélanger et redistribuer les cartes du tableau")
    assert fr(T.TIME_UP) == "Le temps est écoulé."
    assert "5 chances de mélanger les cartes du tableau" in fr(T.STUCK_NO_SHUFFLE)
    assert "achevé" in fr(T.LEVEL_COMPLETE, n=1)


def test_every_levels_text_is_translated_in_every_language() -> None:
    for lang in LANGUAGES:
        if lang == "en":
            continue
        tr = load_translator(lang)
        for message in LEVELS_TEXTS:
            assert tr(message) != message, (lang, message)
        assert tr.reason(Reason.NO_SHUFFLES_LEFT) != "No shuffles left"
