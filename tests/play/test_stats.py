"""The statistics: every figure read from the games played (crescent.play.history), and the
counters of an earlier version's stats.json checked when they are imported."""

from __future__ import annotations

import itertools
from typing import Any

import pytest

from crescent.play import queries
from crescent.play.history import GameEnd, Result
from crescent.play.legacy import parse_stats
from crescent.play.stats import Stats, VariantStats
from crescent.play.storage import Store

_ids = itertools.count()


def end(variant: str, result: Result, seconds: float = 0.0, moves: int = 1, **kw: Any) -> GameEnd:
    return GameEnd(
        id=f"g{next(_ids)}",
        code=f"CR1-{variant}-AAAAAAB",
        mode=variant,
        variant=variant,
        result=result,
        moves=moves,
        seconds=seconds,
        ended=0.0,
        end_day="2026-12-01",
        **kw,
    )


def play(store: Store, variant: str, script: str) -> None:
    """``"W120/90 L W60/80"``: a win in 120 s and 90 moves, a loss, a win in 60 s / 80 moves."""
    for token in script.split():
        if token == "L":
            assert store.end_game(end(variant, Result.LOST))
        else:
            seconds, moves = token[1:].split("/")
            assert store.end_game(end(variant, Result.WON, float(seconds), int(moves)))


@pytest.fixture
def store() -> Store:
    return Store.in_memory()


def test_nothing_played_gives_empty_figures(store: Store) -> None:
    v = store.load_stats().get("N")
    assert (v.played, v.won, v.current_streak, v.best_streak) == (0, 0, 0, 0)
    assert v.win_rate == 0.0
    assert v.best_time is None
    assert v.fewest_moves is None
    assert v.average_time is None


def test_streaks_count_consecutive_wins_and_a_loss_breaks_them(store: Store) -> None:
    play(store, "N", "W100/90 W200/95 L W50/70 W60/71 W70/72 L W80/73")
    v = store.load_stats().get("N")
    assert v.played == 8
    assert v.won == 6
    assert v.current_streak == 1
    assert v.best_streak == 3


def test_best_time_fewest_moves_and_average_come_from_wins_only(store: Store) -> None:
    play(store, "F", "W300/120 W240.5/130 L W400/110")
    v = store.load_stats().get("F")
    assert v.best_time == 240.5
    assert v.fewest_moves == 110  # not from the same game as the best time
    assert v.average_time == pytest.approx((300 + 240.5 + 400) / 3)
    assert v.win_rate == pytest.approx(3 / 4)


def test_losses_only_give_a_zero_win_rate_and_no_times(store: Store) -> None:
    play(store, "D", "L L L")
    v = store.load_stats().get("D")
    assert (v.played, v.won, v.win_rate) == (3, 0, 0.0)
    assert v.average_time is None
    assert v.best_time is None


def test_abandoned_game_counts_as_played_not_won_and_breaks_the_streak(store: Store) -> None:
    play(store, "N", "W90/100 W95/100")
    assert store.end_game(end("N", Result.ABANDONED))  # a new game after moves were played
    v = store.load_stats().get("N")
    assert (v.played, v.won, v.current_streak, v.best_streak) == (3, 2, 0, 2)


def test_a_game_left_to_the_idle_timer_is_not_the_players(store: Store) -> None:
    play(store, "N", "W90/100")
    assert store.end_game(end("N", Result.IDLE, venue=True))
    v = store.load_stats().get("N")
    assert (v.played, v.won, v.current_streak) == (1, 1, 1)


def test_variants_are_counted_apart_and_any_key_is_allowed(store: Store) -> None:
    play(store, "N", "W100/90")
    play(store, "F", "L")
    play(store, "L", "W10/20 W12/25")
    stats = store.load_stats()
    assert stats.get("N").won == 1
    assert stats.get("N").played == 1
    assert stats.get("F").won == 0
    assert stats.get("F").played == 1
    assert stats.get("L").best_streak == 2
    assert stats.get("D") == VariantStats()
    assert "D" not in stats.variants  # looking does not create an entry


def test_reset_forgets_everything_or_one_variant(store: Store) -> None:
    play(store, "N", "W100/90 L")
    play(store, "F", "W50/60")
    assert store.reset_stats("F")
    assert store.load_stats().get("F") == VariantStats()
    assert store.load_stats().get("N").played == 2
    assert store.reset_stats()
    assert store.load_stats() == Stats()
    play(store, "N", "W70/80")
    assert store.load_stats().get("N").best_time == 70.0
    assert store.load_stats().get("N").best_streak == 1


def test_ending_a_game_again_changes_nothing(store: Store) -> None:
    game = end("N", Result.WON, 10.0, 90)
    for _ in range(3):
        assert store.end_game(game)
    assert store.end_game(game._replace(result=Result.LOST))
    v = store.load_stats().get("N")
    assert (v.played, v.won) == (1, 1)
    assert store.was_recorded(game.id)
    assert not store.was_recorded("another")
    assert not store.was_recorded(None)


@pytest.mark.parametrize(
    ("seconds", "moves"),
    [(-1.0, 10), (float("nan"), 10), (10.0, -1)],
)
def test_impossible_win_is_refused_and_changes_nothing(
    store: Store, seconds: float, moves: int
) -> None:
    assert not store.end_game(end("N", Result.WON, seconds, moves))
    assert store.load_stats() == Stats()


def test_the_queries_of_the_statistics_screen(store: Store) -> None:
    play(store, "N", "W100/90 L W60/80 W80/85")
    assert store.end_game(end("L", Result.TIME_OUT, level=2))
    assert store.end_game(end("L", Result.WON, 900.0, 300, level=4, time_left=120.0))
    last = store.read(queries.last_games, 3)
    assert [(g.mode, g.result, g.seconds, g.moves) for g in last] == [
        ("L", Result.WON, 900.0, 300),
        ("L", Result.TIME_OUT, 0.0, 1),
        ("N", Result.WON, 80.0, 85),
    ]
    assert all(g.code.startswith("CR1-") for g in last)
    assert store.read(queries.win_rate, "N", 100) == pytest.approx(3 / 4)
    assert store.read(queries.win_rate, "N", 2) == pytest.approx(1.0)
    assert store.read(queries.win_rate, "D", 100) is None
    times = store.read(queries.times, "N")
    assert (times.best, times.median, times.wins) == (60.0, 80.0, 3)
    assert store.read(queries.levels_reached, "L") == {2: 1, 4: 1}
    levels = store.load_stats().get("L")
    assert (levels.best_level, levels.best_time_left) == (4, 120.0)


# -- stats.json of earlier versions -----------------------------------------------------


def _file(**variant: object) -> dict[str, Any]:
    base: dict[str, Any] = {
        "played": 5,
        "won": 2,
        "current_streak": 1,
        "best_streak": 2,
        "best_time": 60.0,
        "fewest_moves": 80,
        "total_won_time": 150.0,
    }
    return {"format": 1, "variants": {"N": base | variant}}


def test_an_old_file_is_accepted_with_unknown_keys() -> None:
    d = _file(future_field=3)
    d["something"] = "later"
    v = parse_stats(d).variants["N"]
    assert (v.played, v.won, v.best_time, v.average_time) == (5, 2, 60.0, 75.0)


@pytest.mark.parametrize(
    "bad",
    [
        None,
        [],
        {"format": 2, "variants": {}},
        {"format": True, "variants": {}},
        {"format": 1},
        {"format": 1, "variants": []},
        {"format": 1, "variants": {"N": []}},
        {"format": 1, "variants": {"": {}}},
        {"format": 1, "variants": {"X" * 33: {}}},
        _file(played=-1),
        _file(played=1),  # won > played
        _file(won=True),
        _file(played="5"),
        _file(current_streak=3),  # current > best
        _file(best_streak=3),  # best > won
        _file(best_time=-1.0),
        _file(best_time="60"),
        _file(best_time=None),  # wins without a best time
        _file(fewest_moves=None),
        _file(fewest_moves=1.5),
        _file(total_won_time=-5.0),
        _file(won=0, current_streak=0, best_streak=0),  # best time without a win
    ],
)
def test_an_old_file_with_bad_data_is_refused(bad: object) -> None:
    with pytest.raises(ValueError, match=r"statistics|variant"):
        parse_stats(bad)


def test_old_recorded_game_ids_and_last_win_are_checked() -> None:
    good = _file() | {"recorded": ["a1", "b2"], "last_win": "CR1-N-AAAAAAB/90/10.000"}
    old = parse_stats(good)
    assert old.recorded == ["a1", "b2"]
    assert old.last_win == "CR1-N-AAAAAAB/90/10.000"
    for bad_ids in (5, [5], ["x" * 65], [""], ["a"] * 1025):
        with pytest.raises(ValueError, match="recorded"):
            parse_stats(good | {"recorded": bad_ids})
    with pytest.raises(ValueError, match="last_win"):
        parse_stats(good | {"last_win": 5})
