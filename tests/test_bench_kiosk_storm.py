"""The kiosk storm benchmark (``python -m crescent.bench kiosk-storm``), run short: the real
kiosk and the bare pygame program under Xvfb, each given a storm of XTEST operations
(slow; skipped without Xvfb and libXtst)."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from benchmarks import kiosk_storm, xwindow

ARGS = ["--ops", "300", "--after-seconds", "1", "--size", "1280x800"]

pytestmark = [
    pytest.mark.slow,
    pytest.mark.skipif(xwindow.available() is not None, reason=str(xwindow.available())),
]


@pytest.mark.parametrize(("extra", "program"), [([], "kiosk"), (["--bare"], "bare pygame")])
def test_the_storm_is_sent_and_the_program_s_memory_read(extra: list[str], program: str) -> None:
    assert kiosk_storm.main(ARGS + extra) == 0
    name = "_".join(a.lstrip("-") for a in ARGS + extra)
    recorded = json.loads(
        (Path(os.environ["CRESCENT_BENCH_RESULTS"]) / f"kiosk-storm_{name}.json").read_text()
    )
    figures = recorded["figures"]
    assert figures["program"] == program
    assert figures["ops"] == 300
    assert figures["storm_s"] > 0
    assert figures["peak_mb"] >= figures["rss_after_mb"] > 20
    assert figures["rss_before_mb"] > 20
