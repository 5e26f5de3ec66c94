"""What the statistics screen's charts show, for a known history (issue 28 item 7)."""

from __future__ import annotations

import pytest

from crescent.play import history, queries
from crescent.play.chart_data import Bar, levels_chart, times_chart, win_rate_chart
from crescent.play.history import Result, past_game
from crescent.play.queries import GameRow, Times
from crescent.play.storage import Store


def _row(result: Result, i: int = 0) -> GameRow:
    return GameRow(f"id{i}", "CR1-N-AAAAAAD", "N", result, 60.0, 10, 0.0, 0)


def test_the_win_rate_is_shown_in_blocks_of_ten_oldest_first_the_newest_full() -> None:
    # 25 games, newest first: the 10 newest all won, the next 10 half won, the 5 oldest lost.
    newest = [_row(Result.WON, i) for i in range(10)]
    middle = [_row(Result.WON if i % 2 else Result.LOST, 10 + i) for i in range(10)]
    oldest = [_row(Result.ABANDONED, 20 + i) for i in range(5)]
    chart = win_rate_chart(newest + middle + oldest)
    assert chart.bars == (Bar(0.0, 0.0, 5), Bar(0.5, 0.5, 10), Bar(1.0, 1.0, 10))
    assert (chart.top, chart.ticks) == (1.0, (0.0, 0.5, 1.0))
    assert not chart.empty
    assert win_rate_chart([]).empty


def test_the_times_chart_scales_the_best_and_median_to_the_longer() -> None:
    chart = times_chart(Times(best=120.0, median=480.0, wins=7))
    assert chart.bars == (Bar(120.0, 0.25, 1), Bar(480.0, 1.0, 7))
    assert chart.top == 480.0
    # Imported totals give a best time without games behind a median.
    only_best = times_chart(Times(best=300.0, median=None, wins=0))
    assert only_best.bars == (Bar(300.0, 1.0, 1), Bar(0.0, 0.0, 0))
    assert times_chart(Times(None, None, 0)).empty


def test_the_levels_chart_has_a_bar_per_level_even_when_none_ended_there() -> None:
    chart = levels_chart({1: 2, 3: 8}, 4)
    assert [b.games for b in chart.bars] == [2, 0, 8, 0]
    assert [b.height for b in chart.bars] == [0.25, 0.0, 1.0, 0.0]
    assert levels_chart({}, 4).empty


def test_the_charts_of_a_known_history_come_from_the_queries() -> None:
    store = Store.in_memory()
    results = [Result.WON, Result.LOST, Result.WON, Result.ABANDONED] * 30  # 120 games
    for i, r in enumerate(results):
        seconds = 100.0 + i
        store.end_game(past_game("N", r, seconds, 50, code=f"code{i}", ended=1000.0 + i))
    for level, result in ((1, Result.TIME_OUT), (2, Result.LOST), (2, Result.TIME_OUT)):
        store.end_game(past_game("L", result, 900.0, 200, level=level))
    store.end_game(past_game("N", Result.IDLE, 5.0, 3))  # a kiosk's walk-away: not counted
    games = store.read(queries.last_games, 100, "N")
    assert [g.code for g in games[:3]] == ["code119", "code118", "code117"]
    chart = win_rate_chart(games)
    assert [b.games for b in chart.bars] == [10] * 10
    assert [b.amount for b in chart.bars] == [0.5] * 10  # every other game won
    assert store.read(queries.win_rate, "N", 100) == pytest.approx(0.5)
    t = store.read(queries.times, "N")
    assert (t.best, t.median, t.wins) == (100.0, 159.0, 60)  # wins at 100, 102, ... 218 s
    assert times_chart(t).bars[0].height == pytest.approx(100.0 / 159.0)
    assert levels_chart(store.read(queries.levels_reached, "L"), 4).bars[:2] == (
        Bar(1.0, 0.5, 1),
        Bar(2.0, 1.0, 2),
    )
    assert store.read(history.imported) == {}
    store.close()
