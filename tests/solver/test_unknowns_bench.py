"""The measure of what stands in the way of an unknown deal (``benchmarks.solver_unknowns``):
how near a best-first search got, and how the exhaustive search's space grows."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from benchmarks import solver_unknowns
from benchmarks.solver_unknowns import closest, space
from crescent.rules.engine import Game
from crescent.solver import core


def test_closest_gives_the_most_foundation_cards_a_search_reached_and_when() -> None:
    stopped = closest(Game.deal(704, "F"), (80, 1, False), 2048, 256)
    assert stopped["outcome"] == "unknown"
    assert stopped["nodes"] == 2048
    assert stopped["best"] == 89  # deal 704 of Crescent Four: 15 cards short
    assert 0 < int(str(stopped["best_at"])) < 2048
    won = closest(Game.deal(4, "F"), (80, 1, False), 2048, 256)
    assert won["outcome"] == "won"
    assert won["best"] == 104
    assert won["best_at"] == won["nodes"]


def test_space_prints_the_positions_entered_until_the_search_ends(
    capsys: pytest.CaptureFixture[str],
) -> None:
    if core.CORE is None:
        pytest.skip("the search core is not built")
    assert space(3, Game.deal(3, "F"), 500, 64) == "won"
    rows = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    assert [r["positions"] for r in rows[:-1]] == [500, 1000]
    assert rows[-1]["ended"] == "won"
    assert rows[-1]["positions"] == 1110
    assert rows[-1]["table"] == 1111  # the root, and every position entered once
    assert space(3, Game.deal(3, "F"), 500, 64, until=1000) == "stopped"
    rows = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    assert [(r["positions"], r.get("ended")) for r in rows] == [(500, None), (1000, "stopped")]


def test_the_deals_are_listed_or_a_survey_file_s_unknowns(tmp_path: Path) -> None:
    assert solver_unknowns._deals("5,17,30-32") == [5, 17, 30, 31, 32]
    survey = tmp_path / "s.jsonl"
    rows = [(704, "unknown"), (705, "won"), (1190, "unknown"), (9, "lost")]
    survey.write_text("".join(json.dumps({"deal": d, "result": r}) + "\n" for d, r in rows))
    assert solver_unknowns._deals(f"@{survey}") == [704, 1190]
