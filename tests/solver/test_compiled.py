"""The search core built into a copy of the package (``python -m crescent.solver.build``,
as ``make package`` does) gives the recorded results of ``benchmarks/solver_same.py``
there (the same outcome, node count and line on every case), and keeps a hard deal's
search within the memory budget."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from crescent.solver import build
from tests.helpers_memory import search_memory

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="module")
def compiled_copy(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A copy of the package (and the benchmarks, and the recording) with the core built,
    checked to search in it."""
    if shutil.which("cc") is None and shutil.which("gcc") is None and sys.platform != "win32":
        pytest.skip("no C compiler")
    copy = tmp_path_factory.mktemp("compiled")
    skip = shutil.ignore_patterns("__pycache__", "*.so", "*.pyd")
    for folder in ("crescent", "benchmarks"):
        shutil.copytree(ROOT / folder, copy / folder, ignore=skip)
    shutil.copytree(ROOT / "tests" / "solver" / "data", copy / "data")
    built = build.build(copy)
    assert [p.name.split(".")[0] for p in built] == ["_core"]
    code = "from crescent.solver.build import compiled; print(compiled())"
    where = subprocess.run(
        [sys.executable, "-c", code], cwd=copy, env=_env(copy), capture_output=True, text=True
    )
    assert where.stdout.strip() == "True", where.stdout + where.stderr
    return copy


def _env(copy: Path) -> dict[str, str]:
    return {**os.environ, "PYTHONPATH": str(copy)}


@pytest.mark.slow
def test_the_compiled_build_gives_the_recorded_results(compiled_copy: Path) -> None:
    check = [sys.executable, "-m", "benchmarks.solver_same", "--check", "data/same.json"]
    done = subprocess.run(
        check, cwd=compiled_copy, env=_env(compiled_copy), capture_output=True, text=True
    )
    assert done.returncode == 0, done.stdout[-3000:] + done.stderr[-3000:]
    assert "all 80 cases as recorded" in done.stdout


@pytest.mark.slow
@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="reads /proc")
@pytest.mark.parametrize("mb", [64, 32])
def test_the_compiled_search_keeps_to_its_memory_budget(compiled_copy: Path, mb: int) -> None:
    """The core fills its tables tens of times faster than the pure search: a hard
    deal's search of 500,000 positions stays within the budget (the default, a kiosk's) and the
    interpreter's slack. Its shares of the budget add up to the budget (budget.py)."""
    m = search_memory(1, 500_000, mb, cwd=compiled_copy, path=compiled_copy)
    assert m["compiled"] is True
    peak, before = (float(str(m[k])) for k in ("peak", "before"))
    assert peak - before < mb + 4  # the slack: the interpreter, the allocator
