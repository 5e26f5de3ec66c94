"""Hints in the levels game: a line with the fewest shuffles found, kept as a plan, and
a whole game won by following only the hints. Budgets count a simulated clock."""

from __future__ import annotations

import itertools
from collections.abc import Callable

import pytest

from crescent.rules.engine import Game
from crescent.rules.modes import LEVELS
from crescent.solver.hints import HintWorker, hint_line
from crescent.solver.outcome import HintKind
from crescent.solver.portfolio import solve
from crescent.solver.whole import shuffles_in


def _clock() -> Callable[[], float]:
    """A simulated clock: a millisecond a look (the budgets are then counts of looks)."""
    looks = itertools.count()
    return lambda: next(looks) * 0.001


def test_a_levels_hint_wins_without_the_shuffles_a_plain_search_spends() -> None:
    game = Game.deal(2, "L", level=1)
    plain = solve(game, budget_s=3.0, clock=_clock())
    assert plain.outcome == "won"
    assert shuffles_in(plain.line) >= 2  # the plain search shuffles freely
    hinted = hint_line(game, clock=_clock())
    assert hinted.outcome == "won"
    assert shuffles_in(hinted.line) == 0
    g = game.copy()
    for token in hinted.line:
        g.apply(token)
    assert g.is_won


def _no_clock() -> float:
    raise AssertionError("the hint searched")


def test_a_hint_on_the_plan_answers_from_it_without_searching() -> None:
    worker = HintWorker(clock=_clock())
    game = Game.deal(4, "L", level=2)
    first = worker.hint(game, 0)
    assert first.kind is HintKind.WON
    assert first.step is not None
    worker.clock = _no_clock
    game.step(first.step)
    second = worker.hint(game, 1)
    assert (second.kind, second.line, second.changes) == (HintKind.WON, first.line[1:], 1)
    game.apply("S")  # off the plan: the worker searches again
    with pytest.raises(AssertionError, match="searched"):
        worker.hint(game, 2)


def _follow_the_hints(number: int) -> tuple[Game, list[int]]:
    """Levels game ``number`` played by the hints alone, level after level: the last
    level's game and the shuffles left as each level began."""
    worker = HintWorker(clock=_clock())
    game = Game.deal(number, LEVELS.letter, level=1)
    left = [game.redeals_left]
    for _ in range(4000):
        answer = worker.hint(game, 0)
        assert answer.kind is HintKind.WON, (game.code, game.level, answer)
        assert answer.step is not None
        game.step(answer.step)
        if game.is_won:
            if game.last_level:
                return game, left
            game = game.next_level()
            left.append(game.redeals_left)
    raise AssertionError(f"{game.code}: no end after 4000 hints")


@pytest.mark.slow
@pytest.mark.parametrize("number", range(1, 21))
def test_following_only_the_hints_wins_a_whole_levels_game(number: int) -> None:
    game, left = _follow_the_hints(number)
    assert (game.level, game.is_won) == (LEVELS.levels, True)
    assert left == [LEVELS.redeals] * 4  # levels 1-3 won without a shuffle
