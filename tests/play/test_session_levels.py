"""The levels game in the session, with the clock stepped by hand: countdown,
time-out, level completion, resume with the time left, hints and statistics."""

from __future__ import annotations

from pathlib import Path

import pytest

from crescent.play.session import GameOver, Session
from crescent.play.settings import Settings
from crescent.play.storage import Store
from crescent.rules.cards import card_text
from crescent.rules.engine import Game, IllegalMove, Reason
from crescent.rules.modes import LEVELS
from tests.helpers_crashsave import saved_dict

CODE = "CR1-L-LEVELSA"


def session(tmp_path: Path, settings: Settings | None = None) -> Session:
    return Session(Store(tmp_path), settings, background_saves=False)


def level_nearly_done(level: int, *, shuffles_left: int = 5, moves: int = 40) -> Game:
    """Level ``level`` of CODE with every card home but the King of clubs (P1-F4 completes)."""
    asc = [[card_text(s * 13 + r) for r in range(13)] for s in range(4)]
    desc = [[card_text(s * 13 + r) for r in range(12, -1, -1)] for s in range(4)]
    asc[3] = asc[3][:12]
    piles: list[list[str]] = [[] for _ in range(16)]
    piles[0] = ["KC"]
    return Game.from_dict(
        {
            "format": 1,
            "code": CODE,
            "variant": "L",
            "level": level,
            "piles": piles,
            "foundations": asc + desc,
            "redeals_left": shuffles_left,
            "moves": moves,
        }
    )


def at_level(s: Session, level: int, **kw: int) -> None:
    """Put the session's levels game at the end of ``level`` (the earlier levels done)."""
    s.start(code=CODE)
    assert s.levels is not None
    for _ in range(level - 1):
        s.levels.complete_level(10)
    s.game = level_nearly_done(level, **kw)


def first_legal(s: Session) -> str:
    return str(s.game.legal_moves()[0])


def test_a_levels_code_starts_level_one_with_its_budgets(tmp_path: Path) -> None:
    s = session(tmp_path)
    s.start(code=CODE)
    assert s.game.level == 1
    assert s.levels is not None
    assert (s.levels.time_left, s.hints_left, s.game.redeals_left) == (900.0, 3, 5)


def test_countdown_starts_with_the_first_move_and_counts_down(tmp_path: Path) -> None:
    s = session(tmp_path)
    s.start(code=CODE)
    assert s.levels is not None
    s.tick(100)
    assert s.levels.time_left == 900.0  # nothing played yet
    s.play_text(first_legal(s))
    s.tick(30)
    s.tick(0.5)
    assert s.levels.time_left == pytest.approx(869.5)
    assert not s.levels.warning


def test_time_out_ends_the_game_once_and_refuses_more_play(tmp_path: Path) -> None:
    s = session(tmp_path, Settings(level_minutes=(2, 2, 2, 2)))
    s.start(code=CODE)
    assert s.levels is not None
    assert s.levels.time_left == 120
    s.play_text(first_legal(s))
    s.tick(61)
    assert s.levels.warning
    assert s.outcome is None
    s.tick(100)
    assert s.outcome is not None
    assert s.outcome.status.value == "time_up"
    assert s.levels.time_left == 0
    s.tick(5)
    s.abandon()
    v = s.stats.get("L")
    assert (v.played, v.won, v.best_level) == (1, 0, 1)
    with pytest.raises(GameOver):
        s.play_text(first_legal(s))
    assert Store(tmp_path).load_game() is None  # an ended game is not resumed


def test_a_complete_level_deals_the_next_with_fresh_time_and_hints(tmp_path: Path) -> None:
    s = session(tmp_path)
    at_level(s, 1, shuffles_left=3)
    assert s.levels is not None
    s.levels.running = True
    s.tick(100)
    s.hint_used()
    s.play_text("P1-F4")
    assert s.outcome is not None
    assert s.outcome.status.value == "level"
    assert not s.outcome.final
    assert s.game.level == 2
    assert s.game.redeals_left == 3
    assert s.game.moves == 0
    assert s.game.piles == Game.deal(s.game.number, "L", level=2).piles
    assert s.levels.done[0].time_left == 800
    assert s.levels.done[0].hints_used == 1
    assert (s.levels.time_left, s.hints_left, s.levels.running) == (720.0, 3, False)
    s.tick(50)
    assert s.levels.time_left == 720.0  # the level-complete screen stops the clock
    s.go_on()
    assert s.outcome is None
    saved = saved_dict(tmp_path)
    assert (saved["level"], saved["time_left"], saved["hints_left"], saved["shuffles_left"]) == (
        2,
        720.0,
        3,
        3,
    )
    assert s.stats.get("L").played == 0  # a level is not a game


def test_a_snapshot_keeps_its_levels_while_play_goes_on(tmp_path: Path) -> None:
    """The background save writes a snapshot: the level completed after it is not in it."""
    s = session(tmp_path)
    at_level(s, 1)
    assert s.levels is not None
    s.levels.running = True
    snap = s.snapshot()
    assert snap.levels is not None
    assert snap.levels is not s.levels
    before = snap.levels.to_dict()
    s.tick(100)
    s.play_text("P1-F4")
    assert s.levels.level == 2
    assert len(s.levels.done) == 1
    assert snap.levels.to_dict() == before
    assert snap.levels.done == []


def test_hints_are_three_a_level(tmp_path: Path) -> None:
    s = session(tmp_path)
    s.start(code=CODE)
    for _ in range(4):
        s.hint_used()
    assert s.hints_left == 0
    assert Session(Store(tmp_path), background_saves=False).hints_left is None  # N game


def test_resume_keeps_level_time_hints_and_shuffles(tmp_path: Path) -> None:
    s = session(tmp_path)
    at_level(s, 2, shuffles_left=4)
    assert s.levels is not None
    s.play_text("P1-F4")  # level 2 complete: level 3 dealt
    s.play_text(first_legal(s))
    s.tick(42)
    s.hint_used()
    s.apply("S")
    s.close()
    t = session(tmp_path)
    t.start()
    assert t.game.level == 3
    assert t.levels is not None
    assert t.levels.time_left == pytest.approx(600 - 42)
    assert (t.hints_left, t.game.redeals_left, len(t.levels.done)) == (2, 3, 2)
    assert t.game.piles == s.game.piles
    t.tick(8)
    assert t.levels.time_left == pytest.approx(550)


def test_winning_level_four_records_the_win_and_best_time_left(tmp_path: Path) -> None:
    s = session(tmp_path)
    at_level(s, 4)
    assert s.levels is not None
    s.levels.running = True  # a timed game (a win the clock never timed is no record)
    s.tick(1.0)
    assert s.elapsed > 0
    s.play_text("P1-F4")
    assert s.outcome is not None
    assert s.outcome.status.value == "won"
    assert s.outcome.final
    v = s.stats.get("L")
    assert (v.played, v.won, v.best_level) == (1, 1, 4)
    assert v.best_time_left == pytest.approx(sum(r.time_left for r in s.levels.done))
    assert len(s.levels.done) == 4
    s.close()
    again = session(tmp_path)
    again.start()
    assert again.stats.get("L").won == 1  # counted once


def test_stuck_with_no_shuffle_left_ends_the_game_at_once(tmp_path: Path) -> None:
    s = session(tmp_path)
    at_level(s, 4, shuffles_left=0)
    d = s.game.to_dict()
    d["foundations"][3] = d["foundations"][3][:11]  # clubs ascending stops at J
    d["piles"][0] = ["QC", "KC"]  # KC over QC: nothing takes KC, and level 4 has no empty pile
    s.game = Game.from_dict(d)
    assert s.game.status == "blocked"
    s._check_end()
    assert s.outcome is not None
    assert s.outcome.status.value == "blocked"
    v = s.stats.get("L")
    assert (v.played, v.won, v.best_level) == (1, 0, 4)
    with pytest.raises(GameOver):
        s.apply("S")
    with pytest.raises(IllegalMove) as err:
        s.game.apply("S")
    assert err.value.reason is Reason.NO_SHUFFLES_LEFT


def test_a_game_abandoned_mid_way_counts_as_played(tmp_path: Path) -> None:
    s = session(tmp_path)
    at_level(s, 2)
    s.play_text("P1-F4")  # now at level 3, nothing played there yet
    s.go_on()
    s.new_game(LEVELS)
    v = s.stats.get("L")
    assert (v.played, v.won, v.best_level) == (1, 0, 3)
    s.new_game(LEVELS)  # a fresh game left untouched is not counted
    assert s.stats.get("L").played == 1


def test_settings_choose_the_levels_game_and_its_times(tmp_path: Path) -> None:
    s = session(tmp_path, Settings(variant="L", level_minutes=(5, 4, 3, 2)))
    s.start(new=True)
    assert s.game.variant == "L"
    assert s.levels is not None
    assert s.levels.time_left == 300


def test_a_winning_hint_in_a_levels_game_adds_nothing_to_the_pools(tmp_path: Path) -> None:
    s = session(tmp_path)
    s.start(code=CODE)
    s.proven_winnable()  # the solver found a win: level deals are not standard pool deals
    s.close()
    assert Store(tmp_path).load_winnable() == {}
