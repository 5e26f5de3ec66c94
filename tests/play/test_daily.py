"""The daily deal: one winnable deal a day, the same everywhere, with its own streak."""

from __future__ import annotations

from datetime import date, timedelta

import pytest

from crescent.play.daily import (
    DAILY_POOLS,
    DailyStreak,
    daily_code,
    daily_day,
    daily_number,
    daily_pool,
)
from crescent.play.legacy import parse_daily, parse_stats
from crescent.play.session import Session
from crescent.rules.deal import make_code, parse_code
from crescent.rules.engine import Game
from crescent.solver.pools import load_daily
from crescent.solver.survey import replays
from tools import make_pools

POOL = load_daily("N1")
DAY = date(2026, 12, 1)
SURVEY_DAY = date(2027, 1, 1)
"""The first day drawn from the survey's wins (daily pool N2, shipped in 0.2.0)."""
GROWN_DAY = date(2027, 2, 1)
"""The first day drawn from the wins of every standard survey (daily pool N3)."""


def test_same_deal_for_everyone_on_a_day_and_from_the_winnable_pool() -> None:
    assert daily_code(DAY, POOL) == daily_code(DAY, list(reversed(POOL)))  # order-free
    assert daily_number(DAY, POOL) in POOL
    assert parse_code(daily_code(DAY, POOL)) == ("N", daily_number(DAY, POOL))


def test_pinned_code() -> None:
    """Everyone's game must agree: the pick is pinned (sha256 of the date, not hash())."""
    assert daily_code(DAY, POOL) == "CR1-N-AAAABZM"


@pytest.mark.parametrize(
    ("day", "code"),
    [
        ("2025-03-14", "CR1-N-AAAAAZD"),
        ("2026-01-01", "CR1-N-AAAABKU"),
        ("2026-07-04", "CR1-N-AAAABFK"),
        ("2026-12-06", "CR1-N-AAAABUX"),
        ("2026-12-31", "CR1-N-AAAABZL"),
    ],
)
def test_a_past_days_deal_is_the_one_earlier_versions_dealt(day: str, code: str) -> None:
    """Pinned from the build before the survey's pool: those days' deals stand forever."""
    session = Session(None, background_saves=False, daily=load_daily)
    session.today = lambda: date.fromisoformat(day)
    assert session.daily_code() == code


@pytest.mark.parametrize(
    ("day", "code"),
    [
        ("2027-01-01", "CR1-N-AAAALGV"),
        ("2027-01-15", "CR1-N-AAAACNE"),
        ("2027-01-31", "CR1-N-AAAAFSU"),
        ("2027-02-01", "CR1-N-AAAAEEH"),
        ("2027-06-30", "CR1-N-AAAAFXN"),
    ],
)
def test_a_days_deal_from_the_survey_day_on_is_pinned(day: str, code: str) -> None:
    """January 2027 as 0.2.0 deals it (daily-N2); from 1 February 2027, daily-N3's picks,
    pinned when it shipped: a day's deal never changes once a version has dealt it."""
    session = Session(None, background_saves=False, daily=load_daily)
    session.today = lambda: date.fromisoformat(day)
    assert session.daily_code() == code


def test_days_draw_from_each_pool_until_the_next_ones_first_day() -> None:
    assert daily_pool(date.min) == daily_pool(SURVEY_DAY - timedelta(days=1)) == "N1"
    assert daily_pool(SURVEY_DAY) == daily_pool(GROWN_DAY - timedelta(days=1)) == "N2"
    assert daily_pool(GROWN_DAY) == daily_pool(date(2100, 1, 1)) == "N3"
    assert [p.first_day for p in DAILY_POOLS] == sorted(p.first_day for p in DAILY_POOLS)
    assert [p.name for p in DAILY_POOLS] == ["N1", "N2", "N3"]


def test_a_day_from_the_survey_day_on_deals_a_verified_survey_win() -> None:
    wins = make_pools.survey_wins(make_pools.survey_files("N"))
    today = [SURVEY_DAY]
    session = Session(None, background_saves=False, daily=load_daily, today=lambda: today[0])
    codes = []
    for k in range(366):
        today[0] = SURVEY_DAY + timedelta(days=k)
        codes.append(session.daily_code())
    numbers = [parse_code(code)[1] for code in codes if code is not None]
    assert len(numbers) == 366
    assert all(n in wins for n in numbers)
    assert len(set(numbers)) > 300
    assert set(numbers) - set(load_daily("N2"))  # daily-N3's own wins are dealt
    for number in numbers[:3] + numbers[-3:]:  # the line the survey recorded wins the deal
        assert replays(Game.deal(number, "N"), wins[number])


@pytest.mark.parametrize(
    ("first", "before", "after"), [(SURVEY_DAY, "N1", "N2"), (GROWN_DAY, "N2", "N3")]
)
def test_a_daily_won_the_day_after_counts_across_a_pools_first_day(
    first: date, before: str, after: str
) -> None:
    eve = first - timedelta(days=1)
    code = daily_code(eve, load_daily(before))
    assert code != daily_code(first, load_daily(after))
    assert daily_day(code, first, load_daily) == eve


def test_days_differ() -> None:
    codes = {daily_code(DAY + timedelta(days=k), POOL) for k in range(60)}
    assert len(codes) > 50


def test_empty_pool_has_no_daily_deal() -> None:
    with pytest.raises(ValueError, match="no winnable deals"):
        daily_number(DAY, [])
    assert daily_day("CR1-N-AAAAAAB", DAY, lambda name: []) is None


def test_a_daily_counts_on_its_day_and_the_next() -> None:
    code = daily_code(DAY, POOL)
    assert daily_day(code, DAY, load_daily) == DAY
    assert daily_day(code, DAY + timedelta(days=1), load_daily) == DAY
    assert daily_day(code, DAY + timedelta(days=2), load_daily) is None


def test_streak_counts_days_in_a_row_once_each() -> None:
    s = DailyStreak().after_win(DAY)
    assert s.after_win(DAY) is s  # the same day never counts twice
    s = s.after_win(DAY + timedelta(days=1))
    assert (s.won, s.current, s.best) == (2, 2, 2)
    assert s.streak(DAY + timedelta(days=2)) == 2  # still alive the next day
    assert s.streak(DAY + timedelta(days=3)) == 0  # a whole day missed
    s = s.after_win(DAY + timedelta(days=5))
    assert (s.won, s.current, s.best) == (3, 1, 2)


def test_an_earlier_versions_daily_streak_is_checked_on_import() -> None:
    assert parse_daily({"won": 1, "current": 1, "best": 1, "last_day": "2026-12-01"}) == (
        1,
        1,
        1,
        "2026-12-01",
    )
    assert parse_stats({"format": 1, "variants": {}}).daily == (0, 0, 0, None)
    with pytest.raises(ValueError, match="last_day"):
        parse_stats({"format": 1, "variants": {}, "daily": {"won": 1, "last_day": "x"}})
    with pytest.raises(ValueError, match="streaks"):
        parse_daily({"won": 0, "current": 2, "best": 1})


def almost_won(code: str) -> tuple[Game, str]:
    """The game of ``code`` one move from won (the solver's line), and that last move."""
    from crescent.solver.portfolio import solve

    game = Game.from_code(code)
    result = solve(game, budget_s=30)
    assert result.outcome == "won"
    for token in result.line[:-1]:
        game.apply(token)
    return game, result.line[-1]


def test_winning_the_daily_deal_extends_the_streak_once() -> None:
    today = [DAY]
    session = Session(None, background_saves=False, daily=load_daily, today=lambda: today[0])
    code = session.daily_code()
    assert code == daily_code(DAY, POOL)
    session.start(code=code)
    assert session.daily_day() == DAY
    session.game, last = almost_won(code)
    session.apply(last)
    assert session.game.status == "won"
    assert session.stats.daily.won == 1
    assert session.stats.daily.current == 1
    assert session.stats.get("N").won == 1  # also a standard game won
    today[0] = DAY + timedelta(days=1)
    session.new_game(code=session.daily_code())
    assert session.stats.daily.won == 1  # dealt, not won: nothing


def test_another_game_is_not_the_daily() -> None:
    session = Session(None, background_saves=False, daily=load_daily, today=lambda: DAY)
    other = next(n for n in POOL if n != daily_number(DAY, POOL))
    session.start(code=make_code("N", other))
    assert session.daily_day() is None
    session.start(code=daily_code(DAY, POOL).replace("-N-", "-F-"))
    assert session.daily_day() is None  # the same deal in another variant is not the daily
