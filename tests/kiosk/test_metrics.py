"""The fleet's metrics: Prometheus text format that its own parser reads, the games
counted from the history, this process's touches, errors and start."""

from __future__ import annotations

import logging
import re
from collections.abc import Iterator
from pathlib import Path

import pygame
import pytest
from prometheus_client.parser import text_string_to_metric_families

from crescent.kiosk.config import KioskConfig, parse_kiosk_config
from crescent.kiosk.metrics import (
    EVERY_S,
    METRICS_FILE,
    Counts,
    ErrorTally,
    Sample,
    render,
    samples,
)
from crescent.play.history import Result
from tests.kiosk.test_kiosk import PIN, go_idle, make_kiosk, tap

MODE_OF = {"N": "standard", "L": "levels"}


@pytest.fixture(autouse=True)
def _quit_pygame() -> Iterator[None]:
    yield
    pygame.quit()


def parsed(text: str) -> dict[tuple[str, tuple[tuple[str, str], ...]], float]:
    out = {}
    for family in text_string_to_metric_families(text):
        for s in family.samples:
            out[(s.name, tuple(sorted(s.labels.items())))] = s.value
    return out


def test_the_text_is_what_prometheus_reads() -> None:
    text = render(
        [
            Sample("crescent_x_total", "counter", "An x.", 3, (("mode", 'a "b"\\'),)),
            Sample("crescent_x_total", "counter", "An x.", 4, (("mode", "c"),)),
            Sample("crescent_y", "gauge", "A y.", 0.25),
        ]
    )
    assert text.count("# TYPE crescent_x_total counter") == 1
    assert parsed(text) == {
        ("crescent_x_total", (("mode", 'a "b"\\'),)): 3,
        ("crescent_x_total", (("mode", "c"),)): 4,
        ("crescent_y", ()): 0.25,
    }


def test_games_by_mode_and_result_and_the_process_figures() -> None:
    counts = Counts()
    counts.touches = 12
    counts.solver_s = 1.5
    errors = ErrorTally()
    errors.handle(logging.LogRecord("crescent", logging.ERROR, "f", 1, "boom", None, None))
    games = [("N", Result.WON, 2), ("N", Result.IDLE, 5), ("L", Result.TIME_OUT, 1), ("N", None, 1)]
    got = parsed(render(samples(games, counts, errors, MODE_OF)))
    ended = "crescent_games_ended_total"
    assert got[(ended, (("mode", "standard"), ("result", "won")))] == 2
    assert got[(ended, (("mode", "standard"), ("result", "idle")))] == 5
    assert got[(ended, (("mode", "levels"), ("result", "time out")))] == 1
    assert got[("crescent_games_started_total", (("mode", "standard"),))] == 8
    assert got[("crescent_games_started_total", (("mode", "levels"),))] == 1
    assert got[("crescent_touches_total", ())] == 12
    assert got[("crescent_errors_total", ())] == 1
    assert got[("crescent_solver_seconds_total", ())] == 1.5
    assert got[("crescent_memory_rss_bytes", ())] > 10_000_000
    assert ("crescent_last_error_timestamp_seconds", ()) in got


def test_every_mode_has_a_started_series_before_its_first_game() -> None:
    got = parsed(render(samples([], Counts(), ErrorTally(), MODE_OF)))
    assert got[("crescent_games_started_total", (("mode", "standard"),))] == 0
    assert got[("crescent_games_started_total", (("mode", "levels"),))] == 0
    assert not any(name == "crescent_games_ended_total" for name, _ in got)


def test_the_config_names_the_folder() -> None:
    kc = parse_kiosk_config({"kiosk": {"pin": PIN, "metrics_dir": "/var/lib/x"}})
    assert kc.metrics_dir == "/var/lib/x"
    assert parse_kiosk_config({"kiosk": {"pin": PIN}}).metrics_dir is None


def test_a_kiosk_writes_its_figures_every_minute_and_a_restart_shows(tmp_path: Path) -> None:
    out = tmp_path / "metrics"
    out.mkdir()
    kc = KioskConfig(pin=PIN, metrics_dir=str(out), idle_s=30)
    c, k = make_kiosk(tmp_path, kc=kc)
    try:
        first = parsed((out / METRICS_FILE).read_text())
        started = first[("crescent_start_time_seconds", ())]
        tap(c, c.centre(0))
        tap(c, c.centre(5))
        go_idle(c, k)  # the visitor's game is left to the idle timer
        c.clock.advance(EVERY_S)
        c.frames(2)
        later = parsed((out / METRICS_FILE).read_text())
        key = ("crescent_games_ended_total", (("mode", "standard"), ("result", "idle")))
        assert later[key] == 1
        assert later[("crescent_games_started_total", (("mode", "standard"),))] == 1
        assert later[("crescent_touches_total", ())] == 2
        assert not list(out.glob(".*"))  # no temporary file left
        assert (out / METRICS_FILE).stat().st_mode & 0o777 == 0o644  # node_exporter reads it
    finally:
        k.planner.close()
        assert k.metrics is not None
        k.metrics.close()
    pygame.quit()
    _c2, k2 = make_kiosk(tmp_path, kc=kc, code=None)
    try:
        again = parsed((out / METRICS_FILE).read_text())
        assert again[("crescent_start_time_seconds", ())] > started  # a restart
        assert again[("crescent_touches_total", ())] == 0  # this process's
    finally:
        k2.planner.close()
        assert k2.metrics is not None
        k2.metrics.close()


def test_an_unwritable_folder_is_logged_once_and_the_kiosk_plays_on(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    kc = KioskConfig(pin=PIN, metrics_dir=str(tmp_path / "missing"))
    c, k = make_kiosk(tmp_path, kc=kc)
    try:
        for _ in range(3):
            c.clock.advance(EVERY_S)
            c.frames(2)
        assert caplog.text.count("cannot write the metrics") == 1
        assert c.app.running
    finally:
        k.planner.close()
        assert k.metrics is not None
        k.metrics.close()


def test_the_example_alerts_name_metrics_the_kiosk_writes() -> None:
    rules = (Path(__file__).resolve().parents[2] / "deploy" / "crescent-alerts.yml").read_text()
    written = {s.name for s in samples([("N", Result.WON, 1)], Counts(), ErrorTally(), MODE_OF)}
    named = set(re.findall(r"\bcrescent_[a-z_]+\b", rules))
    assert named >= {"crescent_metrics_timestamp_seconds", "crescent_memory_rss_bytes"}
    assert named <= written, named - written


def test_the_example_alerts_are_rules_prometheus_loads() -> None:
    yaml = pytest.importorskip("yaml")  # PyYAML: a test dependency
    path = Path(__file__).resolve().parents[2] / "deploy" / "crescent-alerts.yml"
    (group,) = yaml.safe_load(path.read_text())["groups"]
    names = [rule["alert"] for rule in group["rules"]]
    assert names == [
        "CrescentKioskDown",
        "CrescentNoGameForADay",
        "CrescentMemoryHigh",
        "CrescentRestarting",
        "CrescentErrors",
    ]
    for rule in group["rules"]:
        assert set(rule) <= {"alert", "expr", "for", "labels", "annotations"}, rule
        assert rule["labels"]["severity"] in {"page", "ticket"}
        assert "{{ $labels.instance }}" in rule["annotations"]["summary"]
        expr = rule["expr"]
        assert expr.count("(") == expr.count(")")
        assert expr.count("[") == expr.count("]")
    down = group["rules"][0]["expr"]
    assert "unless on(instance) crescent_metrics_timestamp_seconds" in down
