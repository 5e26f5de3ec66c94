"""``python -m crescent.bench compare``: a benchmark here and in another checkout,
interleaved; its figures read from the JSON each run prints, medians and ratios."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

from benchmarks import compare


def test_every_number_is_kept_nested_names_with_dots() -> None:
    figures = {"idle_cpu_pct": 0.4, "frames": 600, "driver": "dummy", "strict": True}
    figures["window"] = {"idle_cpu_pct": 0.15, "note": None}
    assert compare.numbers(figures) == {
        "idle_cpu_pct": 0.4,
        "frames": 600.0,
        "window.idle_cpu_pct": 0.15,
    }


def test_the_json_printed_last_is_read() -> None:
    said = 'round 1\n{"a": 1}\nmore words\n' + json.dumps({"a": 2, "b": {"c": 3}}, indent=2)
    assert compare.last_json(said) == {"a": 2, "b": {"c": 3}}
    with pytest.raises(ValueError, match="no JSON"):
        compare.last_json("figures in words only\n")


def test_medians_their_ratio_and_the_median_of_the_rounds_ratios() -> None:
    ours = [{"t": 2.0, "x": 1.0}, {"t": 4.0, "x": 1.0}, {"t": 9.0, "x": 1.0}]
    theirs = [{"t": 1.0}, {"t": 4.0}, {"t": 3.0}]
    table = compare.summary(ours, theirs)
    assert list(table) == ["t"]  # only what both sides measured
    assert table["t"] == {
        "this": 4.0,
        "other": 3.0,
        "ratio_of_medians": pytest.approx(4 / 3),
        "median_round_ratio": 2.0,  # the rounds: 2, 1, 3
    }
    zero = compare.summary([{"t": 1.0}], [{"t": 0.0}])
    assert zero["t"]["ratio_of_medians"] is None


def test_another_checkout_without_its_venv_is_one_clear_sentence(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    with pytest.raises(SystemExit):
        compare.main([str(tmp_path), "frames"])
    said = capsys.readouterr().err
    assert f"{tmp_path}/.venv/bin/python does not exist" in said


def test_rounds_alternate_here_and_there(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A, B, A, B: each round runs here then in the other checkout, with its own Python."""
    other = tmp_path / "base"
    (other / ".venv" / "bin").mkdir(parents=True)
    (other / ".venv" / "bin" / "python").write_text("")
    runs: list[tuple[Path, str]] = []

    def run_once(
        checkout: Path, python: str, benchmark: str, options: list[str]
    ) -> dict[str, float]:
        assert (benchmark, options) == ("frames", ["--runs", "1"])
        runs.append((checkout, python))
        return {"idle_cpu_pct": float(len(runs))}

    monkeypatch.setattr(compare, "run_once", run_once)
    monkeypatch.setenv("CRESCENT_BENCH_RESULTS", str(tmp_path / "results"))
    assert compare.main([str(other), "--rounds", "3", "frames", "--runs", "1"]) == 0
    here = (compare.ROOT, sys.executable)
    there = (other.resolve(), str(other / ".venv" / "bin" / "python"))
    assert runs == [here, there] * 3
    recorded = json.loads(next((tmp_path / "results").iterdir()).read_text())
    assert recorded["figures"]["figures"]["idle_cpu_pct"]["this"] == 3.0  # runs 1, 3, 5
