"""crescent.play.record: the player's records compare, print and copy as dataclasses did."""

from __future__ import annotations

from datetime import date

import pytest

from crescent.play.daily import DailyStreak
from crescent.play.levels import LevelResult, LevelsState
from crescent.play.record import Record
from crescent.play.stats import Stats, VariantStats
from crescent.play.storage import SavedGame
from crescent.play.summary import WinSummary
from crescent.rules import modes
from crescent.rules.engine import Game


def samples() -> list[Record]:
    stats = Stats()
    stats.record_win("N", 12.5, 30, "id-1")
    stats.daily.record(date(2026, 12, 1))
    levels = LevelsState.fresh(modes.LEVELS)
    levels.complete_level(40)
    return [
        DailyStreak(3, 2, 2, date(2026, 12, 1)),
        VariantStats(4, 2, 1, 2, 150.0, 95, 350.0),
        stats,
        levels,
        SavedGame(Game.from_code("CR1-N-AAAAAAB"), 75.0, game_id="abc", levels=levels),
    ]


@pytest.mark.parametrize("record", samples(), ids=lambda r: type(r).__name__)
def test_a_record_is_equal_field_by_field_and_unhashable(record: Record) -> None:
    copy = record.copy()
    assert copy == record
    assert copy is not record
    assert type(copy) is type(record)
    assert record != (1, 2)
    assert record != object()
    with pytest.raises(TypeError, match="unhashable"):
        hash(record)
    for name in record.__slots__:
        setattr(copy, name, object())
        assert copy != record, name
        setattr(copy, name, getattr(record, name))
    assert copy == record


@pytest.mark.parametrize("record", samples(), ids=lambda r: type(r).__name__)
def test_a_record_repr_names_every_field(record: Record) -> None:
    text = repr(record)
    assert text.startswith(type(record).__name__ + "(")
    for name in record.__slots__:
        assert f"{name}={getattr(record, name)!r}" in text


def test_a_copy_is_shallow_like_dataclasses_replace() -> None:
    stats = Stats()
    stats.record_loss("N", "id-1")
    copy = stats.copy()
    copy.last_win = "x"
    assert stats.last_win is None
    assert copy.recorded is stats.recorded
    assert copy.variants is stats.variants


def test_left_out_lists_and_dicts_are_fresh_for_each_record() -> None:
    a, b = Stats(), Stats()
    a.record_win("N", 1.0, 1, "id-1")
    a.daily.record(date(2026, 12, 1))
    assert b == Stats()
    assert b.variants == {}
    assert b.recorded == []
    assert b.daily == DailyStreak()
    x, y = LevelsState((60.0,), None), LevelsState((60.0,), None)
    x.complete_level(3)
    assert y.done == []
    assert x.done == [LevelResult(0.0, 0)]


def test_the_summary_keeps_copies_of_what_it_is_given() -> None:
    before, after = VariantStats(), VariantStats(1, 1, 1, 1, 10.0, 5, 10.0)
    d0, d1 = DailyStreak(), DailyStreak(1, 1, 1, date(2026, 12, 1))
    s = WinSummary.of(10.0, 5, 0, before, after, d0, d1)
    after.won = before.won = d1.current = d0.current = 7
    assert (s.before.won, s.after.won) == (0, 1)
    assert (s.daily_before, s.daily_after) == (
        DailyStreak(),
        DailyStreak(1, 1, 1, date(2026, 12, 1)),
    )
