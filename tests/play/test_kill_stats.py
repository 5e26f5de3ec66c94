"""The history under ``kill -9``: every game counted exactly once, the venue's days too.

A child process ends a game (wins it, abandons it for another deal, completes
the last level of a levels game, runs out of time, wins on a kiosk) through the
real session and its background writer, on a slowed-down disk, and is killed at
a random instant (fixed seed). The next start then runs as the player's would
(resume, or deal the same code again) and the statistics (and a kiosk's venue
days) must be exactly right: the earlier game plus this one, never lost and
never twice. Every state a kill can leave is reached: before the end's
transaction (the game in progress, not counted) and after it (counted, nothing
to resume). The figures are read twice, with a start between.
"""

from __future__ import annotations

import random
import time
from collections import Counter
from collections.abc import Callable
from datetime import date
from pathlib import Path

import pytest

from crescent.play import queries
from crescent.play.session import Session
from crescent.play.storage import Store
from crescent.rules.engine import Game
from tests.helpers_crashstats import WRITE_DELAY
from tests.helpers_kill import drain, spawn_ready
from tests.play.test_session import CODE, _nearly_won
from tests.play.test_session_levels import at_level

HELPER = Path(__file__).resolve().parents[1] / "helpers_crashstats.py"
KILLS = 60  # per scenario: 300 kills in all
SEED = 20261203
ABANDON_FOR = "CR1-N-AAAAAAC"
DAY = date(2026, 12, 3)

pytestmark = pytest.mark.slow


def _kill_at_random(folder: Path, scenario: str, rng: random.Random, steps: int) -> None:
    """Run the helper, let it finish a random number (0..steps) of its writes, then kill
    it at a random instant before, during or after the next one."""
    child = spawn_ready(HELPER, str(folder), scenario)
    assert child.stdout is not None
    for _ in range(rng.randrange(steps + 1)):
        if child.stdout.readline() != b"step\n":
            break  # finished (or failed: the checks that follow say so)
    time.sleep(rng.uniform(0.0, 2.5 * WRITE_DELAY))
    child.kill()
    _, err = drain(child)
    assert not err, err.decode(errors="replace")


def _figures(folder: Path, mode: str) -> tuple[int, int]:
    store = Store(folder)
    st = store.load_stats().get(mode)
    store.close()
    return st.played, st.won


def _venue(folder: Path) -> tuple[int, int, int]:
    store = Store(folder)
    days = store.read(queries.venue_days)
    store.close()
    return (
        sum(d.started for d in days),
        sum(d.won for d in days),
        sum(d.idle for d in days),
    )


def _state(folder: Path, mode: str) -> str:
    """What the kill left: the game in progress's moves (or none) and the games played."""
    store = Store(folder)
    saved = store.load_game()
    store.close()
    moves = saved.game.moves if saved is not None else "-"
    return f"game {moves}, played {_figures(folder, mode)[0]}"


def _session(folder: Path, *, venue: bool = False) -> Session:
    s = Session(Store(folder), background_saves=False, today=lambda: DAY)
    s.venue = venue
    return s


def _win_once(folder: Path, *, venue: bool) -> None:
    """The same deal won once the same way; now one move from winning again (saved)."""
    for last in (True, False):
        s = _session(folder, venue=venue)
        s.start(new=True)
        s.game = Game.from_dict(_nearly_won())
        s.save()
        if last:
            s.play_text("P1-F4")
        s.close()


def _prepare_win(folder: Path) -> None:
    _win_once(folder, venue=False)


def _prepare_kiosk(folder: Path) -> None:
    _win_once(folder, venue=True)


def _next_start_win(folder: Path, *, venue: bool = False) -> None:
    s = _session(folder, venue=venue)
    s.start()
    if s.game.code == CODE and s.game.moves == 90:  # the winning move was lost: play it
        s.play_text("P1-F4")
    s.close()


def _prepare_abandon(folder: Path) -> None:
    s = _session(folder)
    s.start(code=CODE)
    s.play_text("P1-P11")
    s.close()


def _next_start_abandon(folder: Path) -> None:
    s = _session(folder)
    s.start(code=ABANDON_FOR)  # the player asks for the same deal again
    s.close()


def _prepare_level(folder: Path) -> None:
    """A levels game at the end of its last level (P1-F4 wins the game)."""
    s = _session(folder)
    at_level(s, 4)
    assert s.levels is not None
    s.levels.running = True
    s.save()
    s.close()


def _next_start_level(folder: Path) -> None:
    s = _session(folder)
    s.start()
    if s.game.code.startswith("CR1-L-") and s.game.moves == 40:
        s.play_text("P1-F4")
    s.close()


def _prepare_timeout(folder: Path) -> None:
    s = _session(folder)
    s.start(code="CR1-L-LEVELSA")
    s.play(s.game.legal_moves()[0])  # the countdown runs
    s.close()


def _next_start_timeout(folder: Path) -> None:
    s = _session(folder)
    s.start()
    if s.outcome is None and s.game.code.startswith("CR1-L-") and s.game.moves == 1:
        s.tick(10_000.0)
    s.close()


def _check_twice(folder: Path, mode: str, expected: tuple[int, int]) -> None:
    for _ in range(2):  # and a start after that changes nothing
        assert _figures(folder, mode) == expected, _state(folder, mode)
        s = _session(folder)
        s.start()
        s.close()


def _kill_loop(
    tmp_path: Path,
    scenario: str,
    prepare: Callable[[Path], None],
    next_start: Callable[[Path], None],
    check: Callable[[Path], None],
    mode: str = "N",
) -> Counter[str]:
    """KILLS runs of: prepare a folder, kill the helper at random, start again, check."""
    rng = random.Random(f"{SEED}-{scenario}")
    states: Counter[str] = Counter()
    for run in range(KILLS):
        folder = tmp_path / f"{scenario}{run}"
        prepare(folder)
        _kill_at_random(folder, scenario, rng, 2)
        states[_state(folder, mode)] += 1
        next_start(folder)
        check(folder)
        assert not list(folder.glob("*.tmp")), "a temporary file was left"
    print(f"{scenario} kills: {dict(states)}")
    return states


def test_killed_around_a_win_counts_it_exactly_once(tmp_path: Path) -> None:
    states = _kill_loop(
        tmp_path, "win", _prepare_win, _next_start_win, lambda f: _check_twice(f, "N", (2, 2))
    )
    # Killed before the end's transaction (the game resumes) and after it (counted).
    assert {"game 90, played 1", "game -, played 2"} <= set(states), states


def test_killed_around_an_abandon_counts_it_exactly_once(tmp_path: Path) -> None:
    states = _kill_loop(
        tmp_path,
        "abandon",
        _prepare_abandon,
        _next_start_abandon,
        lambda f: _check_twice(f, "N", (1, 0)),
    )
    # Killed before the loss, after it (the new deal not yet saved), and after both.
    assert {"game 1, played 0", "game -, played 1", "game 0, played 1"} <= set(states), states


def test_killed_around_the_last_level_of_a_levels_game_counts_it_exactly_once(
    tmp_path: Path,
) -> None:
    def check(folder: Path) -> None:
        _check_twice(folder, "L", (1, 1))
        store = Store(folder)
        assert store.load_stats().get("L").best_level == 4
        store.close()

    states = _kill_loop(tmp_path, "level", _prepare_level, _next_start_level, check, "L")
    assert {"game 40, played 0"} <= set(states), states
    assert any(s.endswith("played 1") for s in states), states


def test_killed_around_a_time_out_counts_it_exactly_once(tmp_path: Path) -> None:
    states = _kill_loop(
        tmp_path,
        "timeout",
        _prepare_timeout,
        _next_start_timeout,
        lambda f: _check_twice(f, "L", (1, 0)),
        "L",
    )
    assert {"game 1, played 0"} <= set(states), states
    assert any(s.endswith("played 1") for s in states), states


def test_killed_around_a_kiosk_win_counts_it_and_its_venue_day_exactly_once(
    tmp_path: Path,
) -> None:
    def check(folder: Path) -> None:
        _check_twice(folder, "N", (2, 2))
        assert _venue(folder) == (2, 2, 0)

    states = _kill_loop(
        tmp_path, "kiosk", _prepare_kiosk, lambda f: _next_start_win(f, venue=True), check
    )
    assert "game 90, played 1" in states, states
    assert any(s.endswith("played 2") for s in states), states
