"""Benchmark results as JSON files under ``benchmarks/results/``, each with its command.

A benchmark's ``main`` ends with ``results.record("engine", argv, figures)``: the file
``benchmarks/results/engine.json`` (for options beyond the defaults, a name with them:
``solver_first_1_count_100.json``) then holds the command that made the figures, when
and where it ran (UTC time, Python, platform, cores, load average, the commit) and the
figures. A later run of the same command replaces it: the docs quote the latest, git keeps
the ones before. ``CRESCENT_BENCH_RESULTS`` names another folder (the tests point it at a
temporary one); set to ``-``, nothing is written.
"""

from __future__ import annotations

import datetime
import json
import math
import os
import platform
import re
import shlex
import subprocess
import sys
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from crescent.files import write_atomic

RESULTS = Path(__file__).resolve().parent / "results"
ENV = "CRESCENT_BENCH_RESULTS"
FORMAT = 1


def folder() -> Path | None:
    """Where results go: ``$CRESCENT_BENCH_RESULTS``, else ``benchmarks/results``; None
    when the variable is ``-``."""
    named = os.environ.get(ENV)
    if named == "-":
        return None
    return Path(named) if named else RESULTS


def file_name(benchmark: str, argv: Sequence[str]) -> str:
    """``engine.json`` for the defaults, else the options in the name, made safe for any
    file system (``solver_first_1_count_100.json``)."""
    words = [re.sub(r"[^A-Za-z0-9.=-]+", "-", arg.lstrip("-")).strip("-") for arg in argv]
    slug = "_".join(w for w in words if w)[:100].rstrip("_.-")
    return f"{benchmark}_{slug}.json" if slug else f"{benchmark}.json"


def command(benchmark: str, argv: Sequence[str]) -> str:
    """The command line that runs this benchmark with these options."""
    return shlex.join(["python", "-m", "crescent.bench", benchmark, *argv])


def _commit() -> str | None:
    try:
        out = subprocess.run(
            ["git", "rev-parse", "--short", "HEAD"],
            cwd=RESULTS.parent,
            capture_output=True,
            text=True,
            timeout=10,
        )
    except (OSError, subprocess.SubprocessError):
        return None
    if out.returncode != 0:
        return None
    return out.stdout.strip() or None


def machine() -> dict[str, Any]:
    """Where the figures were measured: what a reader needs to weigh them."""
    try:
        load: list[float] | None = [round(x, 2) for x in os.getloadavg()]
    except OSError:
        load = None
    return {
        "python": platform.python_version(),
        "platform": platform.platform(),
        "cores": os.cpu_count(),
        "load_average": load,
        "commit": _commit(),
    }


def _finite(value: Any) -> Any:
    """``value`` with NaN and infinities as None: strict JSON (a percentile of nothing)."""
    if isinstance(value, float) and not math.isfinite(value):
        return None
    if isinstance(value, dict):
        return {k: _finite(v) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return [_finite(v) for v in value]
    return value


def record(
    benchmark: str,
    argv: Sequence[str],
    figures: Mapping[str, Any],
    *,
    now: datetime.datetime | None = None,
) -> Path | None:
    """Write the figures of one run; returns the file (None when recording is off). A
    benchmark's figures never stop it: a folder that cannot be written is reported on
    stderr and the benchmark goes on."""
    where = folder()
    if where is None:
        return None
    when = now or datetime.datetime.now(datetime.UTC)
    doc = {
        "format": FORMAT,
        "benchmark": benchmark,
        "command": command(benchmark, argv),
        "utc": when.strftime("%Y-%m-%dT%H:%M:%SZ"),
        "machine": machine(),
        "figures": _finite(dict(figures)),
    }
    path = where / file_name(benchmark, argv)
    data = (json.dumps(doc, indent=2, default=str, allow_nan=False) + "\n").encode("utf-8")
    try:
        where.mkdir(parents=True, exist_ok=True)
        write_atomic(path, data, durable=False)
    except OSError as e:
        print(f"benchmark results not recorded in {where}: {e}", file=sys.stderr)
        return None
    return path
