"""Fair levels games (issue 47 item 3): a new levels game is one of the shipped fair deals,
each a code the published survey of whole games won with a line of at most
``FAIR_SHUFFLES`` shuffles (replayed here again); a typed code still deals what it names."""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest

from crescent import game_main
from crescent.play.session import Session
from crescent.play.settings import Settings
from crescent.rules.engine import Game
from crescent.rules.modes import LEVELS, STANDARD
from crescent.solver.pools import FAIR_SHUFFLES, load_fair
from crescent.solver.survey import replays_whole
from crescent.solver.whole import shuffles_in

SURVEY = Path(__file__).resolve().parents[2] / "data" / "survey" / "levels-whole-10k.jsonl"
"""The published survey of whole levels games (docs/SOLVER.md, "Fair levels games")."""


def published() -> dict[int, dict[str, Any]]:
    """The survey's lines by code number."""
    rows = (json.loads(raw) for raw in SURVEY.read_text(encoding="utf-8").splitlines())
    return {row["deal"]: row for row in rows}


def is_fair(row: dict[str, Any]) -> bool:
    """Won whole within the game's shuffles, verified, by lines of at most FAIR_SHUFFLES."""
    return (
        row["whole"] is True
        and row["result"] == "won"
        and row["verified"] is True
        and len(row["lines"]) == LEVELS.levels
        and sum(map(shuffles_in, row["lines"])) <= FAIR_SHUFFLES
    )


def test_two_hundred_new_levels_games_are_each_a_fair_win_of_the_published_survey() -> None:
    rows = published()
    # The game's own wiring (game_main reads the shipped list), a new levels game each time.
    s = Session(
        None, Settings(), rng=random.Random(47), fair=game_main._fair, background_saves=False
    )
    codes = []
    for _ in range(200):
        s.new_game(LEVELS)
        game = s.game
        assert (game.variant, game.level, game.redeals_left) == ("L", 1, LEVELS.redeals)
        row = rows.get(game.number)
        assert row is not None, f"{game.code} is not in the published survey"
        assert row["code"] == game.code
        assert is_fair(row), f"{game.code}: {row['result']}, {row['used']} shuffles"
        codes.append(game.number)
    # Drawn from the whole list, not one code again and again (200 draws from N codes
    # give about N * (1 - e^(-200/N)) different ones: 99 of 124, 155 of 373).
    assert len(set(codes)) > min(100, len(load_fair("L")) // 2)
    for number in set(codes):  # the published lines still win, level after level
        assert replays_whole(number, rows[number]["lines"])


def test_the_shipped_list_is_every_fair_win_of_the_survey() -> None:
    fair = load_fair("L")
    assert len(fair) == len(set(fair)) >= 100
    assert set(fair) == {n for n, row in published().items() if is_fair(row)}


def test_a_typed_levels_code_still_deals_what_it_names() -> None:
    fair = set(load_fair("L"))
    code = next(Game.deal(n, "L").code for n in range(1, 10**6) if n not in fair)
    s = Session(None, rng=random.Random(1), fair=game_main._fair, background_saves=False)
    s.start(code=code)
    assert s.game.code == code
    s.new_game(code=code)
    assert s.game.code == code
    assert s.game.piles == Game.from_code(code).piles


def test_other_games_and_a_missing_list_deal_as_before() -> None:
    def dealt(mode: Any, fair: Any) -> list[int]:
        s = Session(None, rng=random.Random(3), fair=fair, background_saves=False)
        numbers = []
        for _ in range(5):
            s.new_game(mode)
            numbers.append(s.game.number)
        return numbers

    assert dealt(LEVELS, lambda name: []) == dealt(LEVELS, None)
    assert dealt(STANDARD, game_main._fair) == dealt(STANDARD, None)
    assert not set(dealt(LEVELS, None)) <= set(load_fair("L"))


def test_only_a_named_list_of_fair_deals_is_read() -> None:
    with pytest.raises(ValueError, match="unknown list of fair deals"):
        load_fair("../winnable-N")
