"""crescent.play.stats: the arithmetic of wins, losses and streaks, and its file form."""

from __future__ import annotations

import json
from typing import Any

import pytest

from crescent.play.stats import RECORDED_KEEP, Stats, VariantStats


def play(stats: Stats, variant: str, script: str) -> None:
    """``"W120/90 L W60/80"``: a win in 120 s and 90 moves, a loss, a win in 60 s / 80 moves."""
    for token in script.split():
        if token == "L":
            stats.record_loss(variant)
        else:
            seconds, moves = token[1:].split("/")
            stats.record_win(variant, float(seconds), int(moves))


def test_nothing_played_gives_empty_figures() -> None:
    v = Stats().get("N")
    assert (v.played, v.won, v.current_streak, v.best_streak) == (0, 0, 0, 0)
    assert v.win_rate == 0.0
    assert v.best_time is None
    assert v.fewest_moves is None
    assert v.average_time is None


def test_streaks_count_consecutive_wins_and_a_loss_breaks_them() -> None:
    stats = Stats()
    play(stats, "N", "W100/90 W200/95 L W50/70 W60/71 W70/72 L W80/73")
    v = stats.get("N")
    assert v.played == 8
    assert v.won == 6
    assert v.current_streak == 1
    assert v.best_streak == 3


def test_best_time_fewest_moves_and_average_come_from_wins_only() -> None:
    stats = Stats()
    play(stats, "F", "W300/120 W240.5/130 L W400/110")
    v = stats.get("F")
    assert v.best_time == 240.5
    assert v.fewest_moves == 110  # not from the same game as the best time
    assert v.average_time == pytest.approx((300 + 240.5 + 400) / 3)
    assert v.win_rate == pytest.approx(3 / 4)


def test_losses_only_give_a_zero_win_rate_and_no_times() -> None:
    stats = Stats()
    play(stats, "D", "L L L")
    v = stats.get("D")
    assert (v.played, v.won, v.win_rate) == (3, 0, 0.0)
    assert v.average_time is None
    assert v.best_time is None


def test_abandoned_game_counts_as_played_not_won_and_breaks_the_streak() -> None:
    stats = Stats()
    play(stats, "N", "W90/100 W95/100")
    stats.record_loss("N")  # a new game started after moves were played
    v = stats.get("N")
    assert (v.played, v.won, v.current_streak, v.best_streak) == (3, 2, 0, 2)


def test_variants_are_counted_apart_and_any_key_is_allowed() -> None:
    stats = Stats()
    play(stats, "N", "W100/90")
    play(stats, "F", "L")
    play(stats, "L", "W10/20 W12/25")
    assert stats.get("N").won == 1
    assert stats.get("N").played == 1
    assert stats.get("F").won == 0
    assert stats.get("F").played == 1
    assert stats.get("L").best_streak == 2
    assert stats.get("D") == VariantStats()
    assert "D" not in stats.variants  # looking does not create an entry


def test_reset_forgets_everything_or_one_variant() -> None:
    stats = Stats()
    play(stats, "N", "W100/90 L")
    play(stats, "F", "W50/60")
    stats.reset("F")
    assert stats.get("F") == VariantStats()
    assert stats.get("N").played == 2
    stats.reset()
    assert stats == Stats()
    play(stats, "N", "W70/80")
    assert stats.get("N").best_time == 70.0
    assert stats.get("N").best_streak == 1


@pytest.mark.parametrize(
    ("seconds", "moves"),
    [(-1.0, 10), (float("nan"), 10), (float("inf"), 10), (10.0, -1), (10.0, 2.5), (True, 3)],
)
def test_impossible_win_is_refused_and_changes_nothing(seconds: Any, moves: Any) -> None:
    stats = Stats()
    with pytest.raises(ValueError):
        stats.record_win("N", seconds, moves)
    assert stats == Stats()


@pytest.mark.parametrize("variant", ["", "X" * 33])
def test_variant_key_must_be_a_short_string(variant: str) -> None:
    with pytest.raises(ValueError):
        Stats().record_loss(variant)


def test_round_trip_through_json() -> None:
    stats = Stats()
    play(stats, "N", "W100.25/90 L W3/4")
    play(stats, "L", "L")
    d = json.loads(json.dumps(stats.to_dict()))
    assert d["format"] == 1
    assert Stats.from_dict(d) == stats


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


def test_from_dict_accepts_a_sound_file_and_ignores_unknown_keys() -> None:
    d = _file(future_field=3)
    d["something"] = "later"
    v = Stats.from_dict(d).get("N")
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
def test_from_dict_rejects_bad_data(bad: object) -> None:
    with pytest.raises(ValueError):
        Stats.from_dict(bad)


def test_recorded_game_ids_round_trip_and_bad_ids_are_refused() -> None:
    s = Stats()
    s.record_win("N", 10.0, 90, "a1")
    s.record_loss("F", "b2")
    again = Stats.from_dict(s.to_dict())
    assert again.recorded == ["a1", "b2"]
    assert again.was_recorded("a1")
    assert again.was_recorded("b2")
    assert not again.was_recorded("c3")
    assert not again.was_recorded(None)
    assert Stats.from_dict(Stats().to_dict()).recorded == []
    for bad_ids in (5, [5], ["x" * 65], [""], ["a"] * 1025):
        bad = s.to_dict()
        bad["recorded"] = bad_ids
        with pytest.raises(ValueError, match="recorded"):
            Stats.from_dict(bad)


def test_only_the_last_recorded_ids_are_kept_and_a_reset_keeps_them() -> None:
    s = Stats()
    for i in range(RECORDED_KEEP + 10):
        s.record_loss("N", f"g{i}")
    assert s.recorded == [f"g{i}" for i in range(10, RECORDED_KEEP + 10)]
    s.reset()
    assert s.was_recorded("g10")
    assert s.get("N").played == 0
    longer = s.to_dict()
    longer["recorded"] = [f"h{i}" for i in range(100)]  # a later version keeping more
    assert Stats.from_dict(longer).recorded == [f"h{i}" for i in range(100 - RECORDED_KEEP, 100)]


def test_an_old_last_win_still_loads() -> None:
    old = {"format": 1, "variants": {}, "last_win": "CR1-N-AAAAAAB/90/10.000"}
    assert Stats.from_dict(old).last_win == "CR1-N-AAAAAAB/90/10.000"
    old["last_win"] = 5
    with pytest.raises(ValueError, match="last_win"):
        Stats.from_dict(old)
