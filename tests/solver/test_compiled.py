"""The compiled build (``python -m crescent.solver.build``) gives the pure modules'
results: it is built into a copy of the package and checked there against the recording
of ``benchmarks/solver_same.py`` (the same outcome, node count and line on every case)."""

from __future__ import annotations

import importlib.util
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from crescent.solver import build

ROOT = Path(__file__).resolve().parents[2]


@pytest.mark.slow
def test_the_compiled_build_gives_the_recorded_results(tmp_path: Path) -> None:
    if importlib.util.find_spec("mypyc") is None:
        pytest.skip("mypyc (mypy) is not installed")
    if shutil.which("cc") is None and shutil.which("gcc") is None and sys.platform != "win32":
        pytest.skip("no C compiler")
    skip = shutil.ignore_patterns("__pycache__", "*.so", "*.pyd")
    for folder in ("crescent", "benchmarks"):
        shutil.copytree(ROOT / folder, tmp_path / folder, ignore=skip)
    shutil.copytree(ROOT / "tests" / "solver" / "data", tmp_path / "data")
    built = build.build(tmp_path)
    assert {p.name.split(".")[0] for p in built} >= set(build.COMPILED)
    env = {**os.environ, "PYTHONPATH": str(tmp_path)}
    code = "from crescent.solver.build import compiled; print(compiled())"
    where = subprocess.run(
        [sys.executable, "-c", code], cwd=tmp_path, env=env, capture_output=True, text=True
    )
    assert where.stdout.strip() == "True", where.stdout + where.stderr
    check = [sys.executable, "-m", "benchmarks.solver_same", "--check", "data/same.json"]
    done = subprocess.run(check, cwd=tmp_path, env=env, capture_output=True, text=True)
    assert done.returncode == 0, done.stdout[-3000:] + done.stderr[-3000:]
    assert "all 80 cases as recorded" in done.stdout
