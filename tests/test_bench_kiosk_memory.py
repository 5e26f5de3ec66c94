"""The kiosk memory benchmark (``python -m crescent.bench kiosk-memory``), run short: a
real kiosk under Xvfb, played through XTEST clicks, then left to its attract loop (slow;
skipped without Xvfb and libXtst)."""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

import pytest
from prometheus_client.parser import text_string_to_metric_families

from benchmarks import kiosk_memory, xwindow

ARGS = ["--touches", "60", "--attract-minutes", "0.3", "--size", "1280x800"]

pytestmark = [
    pytest.mark.slow,
    pytest.mark.skipif(xwindow.available() is not None, reason=str(xwindow.available())),
]


@pytest.fixture(scope="module")
def figures() -> dict[str, Any]:
    assert kiosk_memory.main(ARGS) == 0
    folder = Path(os.environ["CRESCENT_BENCH_RESULTS"])
    recorded = json.loads(
        (folder / "kiosk-memory_touches_60_attract-minutes_0.3_size_1280x800.json").read_text()
    )
    found: dict[str, Any] = recorded["figures"]
    return found


def test_the_kiosk_takes_the_moves_the_benchmark_clicks(figures: dict[str, Any]) -> None:
    assert figures["touches"] >= 60
    assert figures["moves"] >= 20
    assert figures["unconfirmed"] <= figures["moves"] // 10


def test_the_peak_is_the_kiosk_s_high_water_mark(figures: dict[str, Any]) -> None:
    assert figures["peak_mb"] >= figures["rss_max_mb"] > figures["rss_after_start_mb"] > 20


def test_the_run_brings_back_the_kiosk_s_metrics_file(figures: dict[str, Any]) -> None:
    families = {f.name: f for f in text_string_to_metric_families(figures["metrics"])}
    # The benchmark waits for a file written after the touches: every click counted (a
    # click is one press; the kiosk may see a few more, never fewer), an uptime past them.
    assert figures["touches"] <= families["crescent_touches"].samples[0].value
    assert families["crescent_uptime_seconds"].samples[0].value > figures["touch_phase_s"]
    assert families["crescent_memory_rss_bytes"].samples[0].value > 20 * 2**20
