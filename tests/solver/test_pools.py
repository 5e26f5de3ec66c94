"""The shipped pools: a winnable pool holds every verified win of the surveys played under
its rules and nothing else, and the daily pools, once shipped, never change (a day's deal is
forever). ``make pools`` (tools/make_pools.py --from-survey) writes them again."""

from __future__ import annotations

import functools
import hashlib
import itertools
import json
from pathlib import Path
from typing import Any

import pytest

from crescent.play.daily import DAILY_POOLS
from crescent.rules.engine import Game
from crescent.solver.pools import load_daily, load_lost, load_pool
from crescent.solver.survey import replays
from tools import make_pools

SURVEY = Path(__file__).resolve().parents[2] / "data" / "survey"
DAILY_DIGESTS = {
    "N1": "b9fe682a323889bb1c92f2d5ddbe89c991328715a8e07e063b7c4bbf32d442d9",
    "N2": "ab1b1050c91c141cd480cd81a0d12ab1a1ac5efd3a285e45deffb1dc51881b14",
    "N3": "40303db1edb95318630c50fcaa7459b74af45a0ae8da9cd04173b226bccb44e7",
}
"""sha256 of each daily pool's numbers, space-separated: pinned when it shipped."""
STALE = "a survey file was added or grew: run `make pools` (tools/make_pools.py --from-survey)"


@functools.cache
def surveys(variant: str) -> dict[Path, list[dict[str, Any]]]:
    """Every survey file of ``variant``'s own rules, with its lines (read once)."""
    return make_pools.survey_files(variant)


def verified_wins(variant: str) -> dict[int, list[str]]:
    """The deals of ``variant`` won under its own rules, with a line the engine replayed
    (``verified``), in every survey file of those rules; and those lines."""
    return make_pools.survey_wins(surveys(variant))


@pytest.mark.parametrize("variant", ["N", "F"])
def test_a_winnable_pool_is_every_verified_survey_win_of_its_rules(variant: str) -> None:
    pool = load_pool(variant)
    assert len(pool) == len(set(pool)) >= 1000
    assert pool == sorted(pool)
    assert set(pool) == set(verified_wins(variant)), STALE


@pytest.mark.parametrize("variant", ["N", "F"])
def test_a_lost_pool_is_every_survey_loss_of_its_rules(variant: str) -> None:
    losses = make_pools.survey_losses(surveys(variant))
    assert set(load_lost(variant)) == set(losses), STALE


@pytest.mark.parametrize(
    ("variant", "rules", "known"),
    [
        ("N", ("N", 3), {"standard-r3-10s.jsonl", "standard-r3-unknowns-2m.jsonl"}),
        ("F", ("F", 4), {"four-r4-10s.jsonl", "four-r4-2m.jsonl"}),
    ],
)
def test_a_pools_surveys_are_every_file_whose_lines_say_its_rules(
    variant: str, rules: tuple[str, int], known: set[str]
) -> None:
    """Read apart from the tool: each file's first line says the settings of all its lines."""
    ours = set()
    for path in SURVEY.glob("*.jsonl"):
        with path.open(encoding="utf-8") as f:
            row = json.loads(f.readline())
        if (row["variant"], row["redeals"], row["level"], row.get("whole")) == (*rules, None, None):
            ours.add(path.name)
    found = {path.name for path in surveys(variant)}
    assert found == ours
    assert known <= found
    assert "standard-r0-10s.jsonl" not in found  # no redeal: a win there is not one here


def row(deal: int, result: str = "won", **fields: Any) -> dict[str, Any]:
    """A survey line of the standard game with its three redeals, of ``result``."""
    base = {"code": f"CR1-N-{deal}", "variant": "N", "redeals": 3, "level": None}
    base |= {"budget_s": 10.0, "seconds": 0.1, "positions": 1, "result": result}
    return {"deal": deal, **base, **fields}


def write_survey(path: Path, rows: list[dict[str, Any]], torn: str = "") -> None:
    path.write_text("".join(json.dumps(r) + "\n" for r in rows) + torn, encoding="utf-8")


def test_the_surveys_are_found_by_the_settings_their_lines_record(tmp_path: Path) -> None:
    win = row(1, verified=True, line=["R"])
    write_survey(tmp_path / "b-ours.jsonl", [win, row(2, "unknown")], torn='{"deal": 3')
    write_survey(tmp_path / "a-also.jsonl", [row(1, verified=True, line=["X"]), row(5, "lost")])
    write_survey(tmp_path / "c-no-redeal.jsonl", [row(7, redeals=0, verified=True, line=[])])
    write_survey(tmp_path / "d-level.jsonl", [row(8, level=1, verified=True, line=[])])
    write_survey(tmp_path / "e-whole.jsonl", [row(9, whole=True, verified=True, line=[])])
    write_survey(tmp_path / "f-unverified.jsonl", [row(10, verified=False, line=[])])
    (tmp_path / "g-not-a-survey.txt").write_text(json.dumps(row(11, verified=True, line=[])))
    files = make_pools.survey_files("N", tmp_path)
    assert [p.name for p in files] == ["a-also.jsonl", "b-ours.jsonl", "f-unverified.jsonl"]
    assert make_pools.survey_wins(files) == {1: ["X"]}  # the first file's line
    assert set(make_pools.survey_losses(files)) == {5}
    assert make_pools.survey_files("F", tmp_path) == {}


def test_a_loss_goes_in_only_when_proven_again() -> None:
    lines = SURVEY.joinpath("standard-r0-10s.jsonl").read_text(encoding="utf-8").splitlines()
    no_redeal = {r["deal"]: r for r in map(json.loads, lines)}
    assert no_redeal[4]["result"] == "lost"
    assert make_pools.lost_again(no_redeal[4])
    claimed = row(2, "lost", budget_s=None, max_nodes=200_000, max_mb=64)  # deal 2 is won
    assert not make_pools.lost_again(claimed)


def real_wins(count: int) -> list[dict[str, Any]]:
    """The first ``count`` verified wins of the published standard survey, as lines."""
    with SURVEY.joinpath("standard-r3-10s.jsonl").open(encoding="utf-8") as f:
        rows = (json.loads(raw) for raw in f)
        return list(itertools.islice((r for r in rows if r["result"] == "won"), count))


def test_the_pools_grow_never_lose_a_deal_and_a_bad_line_writes_nothing(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    survey, pools = tmp_path / "survey", tmp_path / "pools"
    survey.mkdir()
    pools.mkdir()
    monkeypatch.setattr(make_pools, "SURVEY", survey)
    monkeypatch.setattr(make_pools, "POOLS", pools)
    (pools / "winnable-N.txt").write_text("# before\n99999\n", encoding="utf-8")
    (pools / "lost-N.txt").write_text("# before\n", encoding="utf-8")
    wins = real_wins(3)
    write_survey(survey / "a.jsonl", wins[:2])
    write_survey(survey / "b.jsonl", wins[2:])
    assert make_pools.main(["--from-survey", "--variant", "N"]) == 0
    expected = sorted([99999, *(r["deal"] for r in wins)])
    assert make_pools.read_pool(pools / "winnable-N.txt") == expected
    assert "a.jsonl, " in (pools / "winnable-N.txt").read_text(encoding="utf-8")
    before = (pools / "winnable-N.txt").read_text(encoding="utf-8")
    broken = wins[0] | {"deal": 20, "line": wins[0]["line"][:-1]}  # verified, but short
    claimed = row(2, "lost", budget_s=None, max_nodes=200_000, max_mb=64)  # deal 2 is won
    for bad in (broken, claimed):
        write_survey(survey / "c.jsonl", [bad])
        assert make_pools.main(["--from-survey", "--variant", "N"]) == 1
        assert (pools / "winnable-N.txt").read_text(encoding="utf-8") == before
        assert make_pools.read_pool(pools / "lost-N.txt") == []


def test_a_daily_pool_is_written_once(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(make_pools, "SURVEY", tmp_path)
    monkeypatch.setattr(make_pools, "POOLS", tmp_path)
    wins = real_wins(2)
    write_survey(tmp_path / "a.jsonl", wins)
    argv = ["--from-survey", "--variant", "N", "--daily", "X9"]
    assert make_pools.main(argv) == 0
    made = (tmp_path / "daily-X9.txt").read_text(encoding="utf-8")
    assert make_pools.read_pool(tmp_path / "daily-X9.txt") == sorted(r["deal"] for r in wins)
    write_survey(tmp_path / "b.jsonl", real_wins(3)[2:])
    assert make_pools.main(argv) == 1
    assert (tmp_path / "daily-X9.txt").read_text(encoding="utf-8") == made


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
