"""Files written by the version before modes (0.1.0, commit a414014) still load."""

from __future__ import annotations

import shutil
from pathlib import Path

from crescent.play.session import Session
from crescent.play.storage import Store
from crescent.rules.modes import CRESCENT_FOUR, FACE_DOWN, STANDARD

OLD = Path(__file__).resolve().parents[1] / "data" / "saves-0.1"


def test_a_game_settings_and_statistics_from_before_modes_resume(tmp_path: Path) -> None:
    for f in OLD.iterdir():
        shutil.copy(f, tmp_path / f.name)
    store = Store(tmp_path)
    settings = store.load_settings()
    assert settings.mode is CRESCENT_FOUR
    assert settings.language == "fr"
    s = Session(store, settings, background_saves=False)
    s.start()
    assert s.notices() == []
    assert s.game.code == "CR1-D-AAAAAAB"
    assert s.mode is FACE_DOWN
    assert (s.game.moves, s.game.redeals_left, s.elapsed) == (2, 2, 42.5)
    assert s.game.rules == FACE_DOWN.rules_for_level(1)
    assert s.stats.get(CRESCENT_FOUR.stats_key).won == 1
    assert s.stats.get(STANDARD.stats_key).played == 1
    s.new_game()  # leaving it counts as played, in its own mode's statistics
    assert s.stats.get(FACE_DOWN.stats_key).played == 1
    assert s.mode is CRESCENT_FOUR
