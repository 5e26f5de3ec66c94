"""The fewest shuffles: a level won with as few as can be found, a whole levels game level
by level (``python -m crescent.solver CR1-L-... --whole``). Budgets are node budgets."""

from __future__ import annotations

import json
from collections.abc import Iterator

import pytest

from crescent.rules.engine import Game, IllegalMove
from crescent.solver import cli, whole
from crescent.solver.outcome import Outcome
from crescent.solver.portfolio import Result
from crescent.solver.whole import capped, fewest, shuffles_in, solve_whole

NODES = 2000
"""Positions each search may enter: enough for levels 1-3 without a shuffle and level 4
with a few."""


def test_a_capped_game_shuffles_as_the_game_does_but_no_more() -> None:
    game = Game.deal(7, "L", level=4, redeals_left=3)  # two shuffles spent at levels 1-3
    for k in range(4):
        g = capped(game, k)
        assert g.redeals_left == k
        shuffled, mine = game.copy(), g.copy()
        for _ in range(k):
            shuffled.apply("S")
            mine.apply("S")
            assert mine.piles == shuffled.piles  # the same shuffle of the game
        with pytest.raises(IllegalMove):
            mine.apply("S")
    assert game.redeals_left == 3  # not changed
    assert capped(game, 9).redeals_left == 3


def _scripted(outcomes: list[str], monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """``whole.solve`` answers ``outcomes`` in turn (a win plays as many shuffles as were
    allowed); the shuffles each call allowed are returned in the list."""
    allowed: list[int] = []
    answers: Iterator[str] = iter(outcomes)

    def fake(game: Game, **_: object) -> Result:
        allowed.append(game.redeals_left)
        outcome = next(answers)
        line = ["S"] * game.redeals_left if outcome == "won" else []
        return Result(Outcome(outcome), line, nodes=10, seconds=0.5)

    monkeypatch.setattr(whole, "solve", fake)
    return allowed


def test_fewest_tries_more_shuffles_until_a_win_and_says_what_is_proven(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    game = Game.deal(1, "L", level=2)
    allowed = _scripted(["lost", "lost", "won"], monkeypatch)
    found = fewest(game)
    assert allowed == [0, 1, 2]
    assert (found.outcome, found.shuffles, found.at_least, found.exact) == ("won", 2, 2, True)
    assert (found.nodes, found.seconds) == (30, 1.5)

    _scripted(["unknown", "lost", "won"], monkeypatch)
    found = fewest(game)  # a loss after an unknown proves nothing about fewer
    assert (found.outcome, found.shuffles, found.at_least, found.exact) == ("won", 2, 0, False)

    _scripted(["lost"] * 6, monkeypatch)
    found = fewest(game)
    assert (found.outcome, found.at_least, found.line) == ("lost", 6, [])
    _scripted(["lost", "unknown", "lost", "unknown", "lost", "lost"], monkeypatch)
    found = fewest(game)
    assert (found.outcome, found.at_least) == ("unknown", 1)


def test_the_quick_tries_stop_at_their_share_of_positions(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    game = Game.deal(1, "L", level=4)  # five shuffles left
    allowed = _scripted(["unknown", "unknown", "won"], monkeypatch)
    found = fewest(game, try_nodes=10, tries_nodes=20)  # each search enters 10 here
    assert allowed == [0, 1, 5]  # two tries, then all five shuffles
    assert (found.outcome, found.shuffles, found.at_least) == ("won", 5, 0)


def test_a_whole_game_adds_what_each_level_took(monkeypatch: pytest.MonkeyPatch) -> None:
    # Levels 1-3 without a shuffle; level 4 unknown without, won with one.
    _scripted(["won", "won", "won", "unknown", "won"], monkeypatch)
    result = solve_whole(5)
    assert [lv.left for lv in result.levels] == [5, 5, 5, 5]
    assert (result.outcome, result.used, result.at_least, result.exact) == ("won", 1, 0, False)
    # Level 2 needs a shuffle (proven), level 4 then starts with four.
    _scripted(["won", "lost", "won", "won", "won"], monkeypatch)
    result = solve_whole(5)
    assert [lv.left for lv in result.levels] == [5, 5, 4, 4]
    assert (result.outcome, result.used, result.at_least, result.exact) == ("won", 1, 1, True)
    # Level 1 lost with all five: the game is lost; a later level not won: unknown.
    _scripted(["lost"] * 6, monkeypatch)
    assert solve_whole(5).outcome == "lost"
    _scripted(["won", "won", "won", *["lost"] * 6], monkeypatch)
    result = solve_whole(5)
    assert (result.outcome, result.used, result.at_least) == ("unknown", None, 1)


def _play_whole(code: str, lines: list[list[str]]) -> Game:
    """The levels of ``code`` played with ``lines``, one a level, in a row."""
    game = Game.from_code(code)
    for k, line in enumerate(lines):
        if k:
            game = game.next_level()
        for token in line:
            game.apply(token)
        assert game.is_won
    return game


def test_a_whole_game_is_won_level_by_level_with_few_shuffles() -> None:
    result = solve_whole(5, budget_s=1e6, max_nodes=NODES)
    assert result.outcome == "won"
    assert [lv.level for lv in result.levels] == [1, 2, 3, 4]
    for lv in result.levels[:3]:  # empty piles take any card: no shuffle needed
        assert (lv.found.shuffles, lv.found.exact, lv.left) == (0, True, 5)
    assert result.used == 1
    game = _play_whole(result.code, [lv.found.line for lv in result.levels])
    assert (game.level, game.redeals_left) == (4, 4)
    assert sum(shuffles_in(lv.found.line) for lv in result.levels) == result.used


def test_the_command_line_solves_the_whole_game(capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["CR1-L-AAAAAAJ", "--whole", "--budget-s", "1e6", "--max-nodes", str(NODES)]
    assert cli.main([*argv, "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert (data["code"], data["shuffles"], data["outcome"]) == ("CR1-L-AAAAAAJ", 5, "won")
    assert [lv["left"] for lv in data["levels"]] == [5, 5, 5, 5]
    _play_whole(data["code"], [lv["line"] for lv in data["levels"]])
    assert cli.main(argv) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[0] == "level 1: won with 0 shuffles (the fewest; 5 shuffles left)"
    assert out[6].startswith("level 4: won with at most 1 shuffle (at least 0;")
    assert out[-1] == "game: won with at most 1 shuffle (at least 0; 5 shuffles in all)"
    for bad in (["CR1-N-AAAAAAD", "--whole"], ["CR1-L-AAAAAAJ", "--whole", "--level", "2"]):
        with pytest.raises(SystemExit):
            cli.main(bad)
        assert "--whole" in capsys.readouterr().err
