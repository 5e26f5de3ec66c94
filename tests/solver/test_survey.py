"""``python -m crescent.solver survey``: one JSON line per deal, wins replayed, resumed
where it stopped (a torn last line cut off), the table with Wilson intervals; on local
processes, in-process threads, or a Dask cluster (skipped when Dask is absent)."""

from __future__ import annotations

import argparse
import importlib
import json
from concurrent.futures import Executor, ThreadPoolExecutor
from pathlib import Path
from typing import Any

import pytest

from crescent.rules.engine import Game
from crescent.solver import cli, survey
from crescent.solver.build import compiled
from tests.solver.test_solver import replay


def _threads(args: argparse.Namespace) -> tuple[Executor, int]:
    return ThreadPoolExecutor(max_workers=2), 2


def _rows(path: Path) -> list[dict[str, Any]]:
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()]


def test_a_survey_writes_a_line_a_deal_and_resumes_where_it_stopped(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "s.jsonl"
    argv = ["--deals", "3-5", "--budget-s", "5", "--out", str(out)]
    assert survey.main(argv, _threads) == 0
    rows = _rows(out)
    assert sorted(r["deal"] for r in rows) == [3, 4, 5]
    for row in rows:
        assert row["result"] == "won"
        assert row["verified"] is True
        assert replay(Game.deal(row["deal"]), row["line"]).is_won
        assert row["positions"] > 0
        assert row["build"] == ("compiled" if compiled() else "pure")
    # A killed run: a torn last line. The next run cuts it off and solves only what is left.
    with out.open("a", encoding="utf-8") as f:
        f.write('{"deal": 6, "res')
    torn = out.read_bytes()
    assert survey.main([*argv, "--report"], _threads) == 0
    assert out.read_bytes() == torn  # a report only reads
    assert survey.main(["--deals", "3-7", "--budget-s", "5", "--out", str(out)], _threads) == 0
    rows = _rows(out)
    assert sorted(r["deal"] for r in rows) == [3, 4, 5, 6, 7]
    captured = capsys.readouterr()
    assert "3 deals in" in captured.err
    assert "2 to go" in captured.err
    assert "| standard (3 redeals) | 3–7 (5) | 5 s | 5 | 0 | 0 |" in captured.out


def test_a_survey_file_of_other_settings_is_refused(tmp_path: Path) -> None:
    out = tmp_path / "s.jsonl"
    assert survey.main(["--deals", "4", "--budget-s", "5", "--out", str(out)], _threads) == 0
    with pytest.raises(SystemExit) as stop:
        survey.main(["--deals", "4", "--redeals", "0", "--out", str(out)], _threads)
    assert stop.value.code == 2
    assert len(_rows(out)) == 1


def test_losses_carry_their_exact_proof_and_the_command_line_reaches_the_survey(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "r0.jsonl"
    argv = ["survey", "--deals", "4,20", "--redeals", "0", "--budget-s", "20", "--jobs", "1"]
    assert cli.main([*argv, "--out", str(out)]) == 0  # local processes
    rows = {r["deal"]: r for r in _rows(out)}
    assert rows[4]["result"] == rows[20]["result"] == "lost"
    assert rows[4]["proof"] == "dead"
    assert rows[20]["proof"] == "exhaustive"
    assert rows[20]["proof_positions"] > 1000
    assert cli.main([*argv, "--out", str(out), "--report"]) == 0
    assert "| standard (0 redeals) | 2 listed (2) | 20 s | 0 | 2 | 0 |" in capsys.readouterr().out


def test_the_levels_game_is_surveyed_level_by_level(tmp_path: Path) -> None:
    out = tmp_path / "l.jsonl"
    argv = ["--level", "2", "--deals", "6", "--budget-s", "5", "--out", str(out)]
    assert survey.main(argv, _threads) == 0
    (row,) = _rows(out)
    assert (row["variant"], row["level"], row["result"]) == ("L", 2, "won")
    game = Game.deal(6, "L", level=2)
    assert replay(game, row["line"]).is_won


def test_the_wilson_interval_and_the_deal_ranges() -> None:
    lo, hi = survey.wilson(929, 1000)
    assert round(100 * lo, 1) == 91.1
    assert round(100 * hi, 1) == 94.3
    assert survey.wilson(0, 0) == (0.0, 1.0)
    assert survey.deal_numbers("5,17,30-32") == [5, 17, 30, 31, 32]
    with pytest.raises(ValueError, match="no deal"):
        survey.deal_numbers(" ")


def test_a_survey_runs_on_a_dask_cluster(tmp_path: Path) -> None:
    try:
        distributed = importlib.import_module("distributed")
    except ImportError:
        pytest.skip("Dask is not installed (pip install '.[cluster]')")
    out = tmp_path / "c.jsonl"
    with distributed.LocalCluster(
        n_workers=1, threads_per_worker=2, processes=False, dashboard_address=None
    ) as cluster:
        argv = ["--deals", "4-5", "--budget-s", "5", "--out", str(out)]
        assert survey.main([*argv, "--cluster", cluster.scheduler_address]) == 0
    rows = _rows(out)
    assert sorted(r["deal"] for r in rows) == [4, 5]
    assert all(r["result"] == "won" and r["verified"] for r in rows)


def test_whole_levels_games_are_surveyed_level_by_level(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "w.jsonl"
    argv = ["--whole", "--deals", "5,9", "--budget-s", "0.5", "--out", str(out)]
    assert survey.main(argv, _threads) == 0
    rows = _rows(out)
    assert sorted(r["deal"] for r in rows) == [5, 9]
    for row in rows:
        assert (row["whole"], row["result"], row["verified"]) == (True, "won", True)
        assert [lv["left"] for lv in row["levels"]] == [5, 5, 5, 5]
        assert [lv["shuffles"] for lv in row["levels"][:3]] == [0, 0, 0]
        assert row["used"] == sum(lv["shuffles"] for lv in row["levels"])
    report = capsys.readouterr().out
    assert "| levels game, whole | 2 listed (2) | 0.5 s | 2 | 0 | 0 |" in report
    assert "| level 1 | 2 | 0 | 0 | 0 | 0 | 0 | 0 | 2 of 2 |" in report
    # A file of single deals is not resumed as whole games, nor the other way round.
    with pytest.raises(SystemExit):
        survey.main(["--deals", "5", "--out", str(out)], _threads)
    assert "other settings" in capsys.readouterr().err


def test_a_node_budget_gives_the_same_lines_and_is_part_of_the_settings(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # Positions, not seconds: two runs give the same results, positions and lines (the
    # seconds budget is far away), and the table says the budget.
    runs = []
    for name in ("a.jsonl", "b.jsonl"):
        out = tmp_path / name
        argv = ["--whole", "--deals", "5,15", "--max-nodes", "3000", "--budget-s", "600"]
        assert survey.main([*argv, "--out", str(out)], _threads) == 0
        rows = sorted(_rows(out), key=lambda r: r["deal"])
        assert all(r["max_nodes"] == 3000 for r in rows)
        # Each level: at most one search per number of shuffles allowed, each its budget.
        assert all(r["positions"] <= 4 * 6 * 3000 for r in rows)
        runs.append([(r["result"], r["positions"], r["lines"]) for r in rows])
    assert runs[0] == runs[1]
    assert "| 2 listed (2) | 600 s, 3,000 positions, 64 MB |" in capsys.readouterr().out
    # A file of another node budget (or none) is not resumed with this one.
    for other in (["--max-nodes", "4000"], []):
        with pytest.raises(SystemExit):
            survey.main(["--whole", "--deals", "5", *other, "--out", str(out)], _threads)
        assert "other settings" in capsys.readouterr().err
    # Its table is printed whatever settings are asked (--report only reads).
    assert survey.main(["--whole", "--out", str(out), "--report"], _threads) == 0
    assert "3,000 positions" in capsys.readouterr().out
    with pytest.raises(SystemExit):
        survey.main(["--deals", "5", "--max-nodes", "0", "--out", str(out)], _threads)
    assert "--max-nodes must be a whole number 1..1,000,000,000,000" in capsys.readouterr().err
