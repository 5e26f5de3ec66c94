"""The shipped pools: the winnable pools hold only the survey's verified wins, and the daily
pools, once shipped, never change (a day's deal is forever)."""

from __future__ import annotations

import hashlib
import json
from pathlib import Path

import pytest

from crescent.play.daily import DAILY_POOLS
from crescent.rules.engine import Game
from crescent.solver.pools import load_daily, load_pool
from crescent.solver.survey import replays

SURVEY = Path(__file__).resolve().parents[2] / "data" / "survey"
SURVEYS = {"N": SURVEY / "standard-r3-10s.jsonl", "F": SURVEY / "four-r4-10s.jsonl"}
DAILY_DIGESTS = {
    "N1": "b9fe682a323889bb1c92f2d5ddbe89c991328715a8e07e063b7c4bbf32d442d9",
    "N2": "ab1b1050c91c141cd480cd81a0d12ab1a1ac5efd3a285e45deffb1dc51881b14",
}
"""sha256 of each daily pool's numbers, space-separated: pinned when it shipped."""


def verified_wins(variant: str) -> dict[int, list[str]]:
    """The survey's deals of ``variant`` won under its own rules, with a line the engine
    replayed (``verified``), and those lines."""
    redeals = Game.deal(1, variant).rules.redeals
    wins: dict[int, list[str]] = {}
    for raw in SURVEYS[variant].read_text(encoding="utf-8").splitlines():
        row = json.loads(raw)
        ours = (row["variant"], row["redeals"], row["level"]) == (variant, redeals, None)
        if ours and row["result"] == "won" and row["verified"] is True:
            wins[row["deal"]] = row["line"]
    return wins


@pytest.mark.parametrize("variant", ["N", "F"])
def test_a_winnable_pool_holds_only_verified_survey_wins(variant: str) -> None:
    pool = load_pool(variant)
    assert len(pool) == len(set(pool)) >= 1000
    assert set(pool) <= set(verified_wins(variant))


@pytest.mark.parametrize("name", [p.name for p in DAILY_POOLS])
def test_a_daily_pool_holds_only_verified_survey_wins(name: str) -> None:
    assert set(load_daily(name)) <= set(verified_wins("N"))


@pytest.mark.parametrize("name", [p.name for p in DAILY_POOLS])
def test_a_daily_pool_is_what_it_was_when_it_shipped(name: str) -> None:
    numbers = " ".join(map(str, load_daily(name)))
    assert hashlib.sha256(numbers.encode()).hexdigest() == DAILY_DIGESTS[name]


def test_a_daily_pool_is_named_by_letters_and_digits_only() -> None:
    with pytest.raises(ValueError, match="not a daily pool"):
        load_daily("../winnable-N")


@pytest.mark.slow
@pytest.mark.parametrize("variant", ["N", "F"])
def test_every_pool_deals_survey_line_wins_it_in_the_engine(variant: str) -> None:
    wins = verified_wins(variant)
    pool = load_pool(variant)
    lost = [n for n in pool if not replays(Game.deal(n, variant), wins[n])]
    assert lost == []
