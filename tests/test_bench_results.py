"""Benchmark results are recorded as JSON with the command that made them."""

from __future__ import annotations

import datetime
import json
import math
from pathlib import Path

import pytest

from benchmarks import engine, results


def test_a_run_records_its_command_machine_and_figures(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv(results.ENV, str(tmp_path))
    when = datetime.datetime(2026, 12, 3, 8, 0, 5, tzinfo=datetime.UTC)
    figures = {"p95_s": math.nan, "won": 17, "unknown": [1, 14]}
    path = results.record("solver", ["--first", "1", "--count", "20"], figures, now=when)
    assert path == tmp_path / "solver_first_1_count_20.json"
    doc = json.loads(path.read_text(encoding="utf-8"))
    assert doc["command"] == "python -m crescent.bench solver --first 1 --count 20"
    assert doc["utc"] == "2026-12-03T08:00:05Z"
    assert doc["figures"] == {"p95_s": None, "won": 17, "unknown": [1, 14]}
    assert doc["machine"]["cores"] >= 1
    assert list(tmp_path.iterdir()) == [path]  # no temporary file left


def test_the_same_command_replaces_its_file_and_defaults_have_a_plain_name(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv(results.ENV, str(tmp_path))
    first = results.record("engine", [], {"calls": 1})
    again = results.record("engine", [], {"calls": 2})
    assert first == again == tmp_path / "engine.json"
    assert json.loads(again.read_text(encoding="utf-8"))["figures"] == {"calls": 2}


def test_option_values_make_safe_file_names() -> None:
    assert results.file_name("solver", ["--numbers", "@/tmp/my deals"]) == (
        "solver_numbers_tmp-my-deals.json"
    )
    assert len(results.file_name("solver", ["--numbers", "1," * 200])) < 120


def test_recording_can_be_turned_off(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(results.ENV, "-")
    assert results.record("engine", [], {"calls": 1}) is None


def test_a_folder_that_cannot_be_written_never_stops_the_benchmark(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    blocker = tmp_path / "a file"
    blocker.write_text("", encoding="utf-8")
    monkeypatch.setenv(results.ENV, str(blocker / "results"))
    assert results.record("engine", [], {"calls": 1}) is None
    assert "not recorded" in capsys.readouterr().err


def test_the_tests_never_record_into_the_checkout() -> None:
    where = results.folder()
    assert where is not None
    assert where != results.RESULTS


def test_the_engine_benchmark_records_its_figures(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv(results.ENV, str(tmp_path))
    args = ["--positions", "5", "--repeats", "1", "--rounds", "1"]
    engine.main(args)
    doc = json.loads((tmp_path / "engine_positions_5_repeats_1_rounds_1.json").read_text())
    assert doc["command"] == "python -m crescent.bench engine " + " ".join(args)
    assert doc["figures"]["legal_moves_per_s"] > 0
