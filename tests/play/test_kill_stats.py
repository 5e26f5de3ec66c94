"""Statistics under ``kill -9``: every game counted exactly once.

A child process ends a game (wins it, or abandons it for another deal) through
the real session and its background writer, on a slowed-down disk, and is
killed at a random instant (fixed seed). The next start then runs as the
player's would (resume, or deal the same code again) and the statistics must
be exactly right: the earlier identical win plus this one, or the one abandoned
game, never lost and never twice. Every state a kill can leave is reached.
"""

from __future__ import annotations

import json
import random
import time
from collections import Counter
from collections.abc import Callable
from pathlib import Path

import pytest

from crescent.play.session import Session
from crescent.play.storage import Store
from crescent.rules.engine import Game
from tests.helpers_crashstats import WRITE_DELAY
from tests.helpers_kill import drain, spawn_ready
from tests.play.test_session import CODE, _nearly_won

HELPER = Path(__file__).resolve().parents[1] / "helpers_crashstats.py"
KILLS = 60  # per scenario: 120 kills in all
SEED = 20261201
ABANDON_FOR = "CR1-N-AAAAAAC"


def _kill_at_random(folder: Path, scenario: str, rng: random.Random, steps: int) -> None:
    """Run the helper, let it finish a random number (0..steps) of its disk steps, then
    kill it at a random instant before, during or after the next one."""
    child = spawn_ready(HELPER, str(folder), scenario)
    assert child.stdout is not None
    for _ in range(rng.randrange(steps + 1)):
        if child.stdout.readline() != b"step\n":
            break  # finished (or failed: the checks that follow say so)
    time.sleep(rng.uniform(0.0, 2.5 * WRITE_DELAY))
    child.kill()
    _, err = drain(child)
    assert not err, err.decode(errors="replace")


def _state(folder: Path) -> str:
    """What the kill left: the saved game's moves (or none) and the games played."""
    game = folder / "game.json"
    moves = json.loads(game.read_text())["game"]["moves"] if game.exists() else "-"
    played = Store(folder).load_stats().get("N").played
    return f"game {moves}, played {played}"


def _prepare_win(folder: Path) -> None:
    """The same deal already won once the same way; now one move from winning again."""
    first = Session(Store(folder), background_saves=False)
    first.start(new=True)
    first.game = Game.from_dict(_nearly_won())
    first.play_text("P1-F4")
    first.close()
    second = Session(Store(folder), background_saves=False)
    second.start(new=True)
    second.game = Game.from_dict(_nearly_won())
    second.save()


def _next_start_win(folder: Path) -> None:
    s = Session(Store(folder), background_saves=False)
    s.start()
    if s.game.code == CODE and s.game.moves == 90:  # the winning move was lost: play it
        s.play_text("P1-F4")
    s.close()


def _prepare_abandon(folder: Path) -> None:
    s = Session(Store(folder), background_saves=False)
    s.start(code=CODE)
    s.play_text("P1-P11")
    s.close()


def _next_start_abandon(folder: Path) -> None:
    s = Session(Store(folder), background_saves=False)
    s.start(code=ABANDON_FOR)  # the player asks for the same deal again
    s.close()


def _check_twice(folder: Path, expected: tuple[int, int]) -> None:
    for _ in range(2):  # and a start after that changes nothing
        st = Store(folder).load_stats().get("N")
        assert (st.played, st.won) == expected, _state(folder)
        s = Session(Store(folder), background_saves=False)
        s.start()
        s.close()


def _kill_loop(
    tmp_path: Path,
    scenario: str,
    prepare: Callable[[Path], None],
    next_start: Callable[[Path], None],
    expected: tuple[int, int],
    steps: int,
) -> Counter[str]:
    """KILLS runs of: prepare a folder, kill the helper at random, start again, check.

    ``steps``: how many disk steps the helper's job takes (writes and the clear).
    """
    rng = random.Random(f"{SEED}-{scenario}")
    states: Counter[str] = Counter()
    for run in range(KILLS):
        folder = tmp_path / f"{scenario}{run}"
        prepare(folder)
        _kill_at_random(folder, scenario, rng, steps)
        states[_state(folder)] += 1
        next_start(folder)
        _check_twice(folder, expected)
    print(f"{scenario} kills: {dict(states)}")
    return states


@pytest.mark.slow
def test_killed_around_a_win_counts_it_exactly_once(tmp_path: Path) -> None:
    states = _kill_loop(tmp_path, "win", _prepare_win, _next_start_win, (2, 2), 3)
    # Killed before the won game was saved, after it (the statistics not yet), after
    # the statistics (the won game not yet cleared), and after it all.
    assert {"game 90, played 1", "game 91, played 1", "game 91, played 2"} <= set(states), states
    assert any(s.startswith(("game 0", "game -")) for s in states), states


@pytest.mark.slow
def test_killed_around_an_abandon_counts_it_exactly_once(tmp_path: Path) -> None:
    states = _kill_loop(tmp_path, "abandon", _prepare_abandon, _next_start_abandon, (1, 0), 2)
    # Killed before the loss was saved, after it (the new deal not yet saved), and after.
    assert {"game 1, played 0", "game 1, played 1", "game 0, played 1"} <= set(states), states
