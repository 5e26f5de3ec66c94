"""crescent.play.summary and the session's win summary: the statistics that moved."""

from __future__ import annotations

from crescent.play.daily import DailyStreak
from crescent.play.session import Session
from crescent.play.stats import VariantStats
from crescent.play.summary import Figure, WinSummary
from tests.helpers_positions import position


def test_records_beaten_only_against_an_earlier_win() -> None:
    first = WinSummary.of(100, 90, 0, VariantStats(), VariantStats(1, 1, 1, 1, 100, 90, 100))
    assert not first.new_best_time
    assert not first.fewest_moves
    before = VariantStats(3, 1, 1, 1, 200.0, 95, 200.0)
    after = VariantStats(4, 2, 2, 2, 150.0, 95, 350.0)
    s = WinSummary.of(150.0, 99, 2, before, after)
    assert s.new_best_time
    assert not s.fewest_moves
    figures = {f: (b, a) for f, b, a in s.figures()}
    assert figures[Figure.WON_PLAYED] == ("1 / 3", "2 / 4")
    assert figures[Figure.WIN_RATE] == ("33%", "50%")
    assert figures[Figure.STREAK] == ("1", "2")
    assert Figure.DAILY_STREAK not in figures


def test_daily_streak_shown_for_a_daily_deal() -> None:
    d0, d1 = DailyStreak(), DailyStreak(1, 1, 1, None)
    s = WinSummary.of(1, 1, 0, VariantStats(), VariantStats(), d0, d1)
    assert (Figure.DAILY_STREAK, "0", "1") in s.figures()


def test_session_makes_the_summary_with_hints_and_copies() -> None:
    session = Session(None, background_saves=False)
    session.start(code="CR1-N-AAAAAAB")
    session.game = position({"P1": ["KS"]}, {"F1": "QS"})
    session.hints_used = 3
    session.play_text("P1-F1")
    s = session.win_summary
    assert s is not None
    assert s.hints == 3
    assert s.moves == session.game.moves
    assert (s.before.won, s.after.won) == (0, 1)
    session.reset_stats()
    assert s.after.won == 1  # a copy: later changes do not touch it
    session.new_game()
    assert session.win_summary is None
    assert session.hints_used == 0
