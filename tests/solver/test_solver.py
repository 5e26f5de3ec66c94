"""The solver: winning lines replay in the engine, losses are proven, budgets hold."""

from __future__ import annotations

import itertools
import json
import subprocess
import sys
import threading
from pathlib import Path

import pytest

from benchmarks import solver as solver_bench
from crescent.rules import modes
from crescent.rules.cards import parse_card
from crescent.rules.engine import PILES, Game, Move, Rules
from crescent.rules.modes import FACE_DOWN, STANDARD
from crescent.solver import core
from crescent.solver.best_first import BestFirst
from crescent.solver.budget import CHECK_EVERY, Meter
from crescent.solver.dead import dead
from crescent.solver.hints import best_guess, last_winnable
from crescent.solver.moves import Moves
from crescent.solver.pools import load_lost, load_pool
from crescent.solver.portfolio import solve
from crescent.solver.position import Memo, convert
from tests.helpers_clock import positions_clock

ROOT = Path(__file__).resolve().parents[2]

# Deals the solver wins quickly (searches are deterministic for a node budget).
PINNED = ["CR1-N-AAAAAAG", "CR1-N-AAAAAAJ", "CR1-F-AAAAAAG", "CR1-D-AAAAAAJ"]


def replay(game: Game, line: list[str]) -> Game:
    g = game.copy()
    for token in line:
        g.apply(token)
    return g


def spades_left(
    asc: int, desc: int, piles: list[str], *, redeals: int = 0, rules: Rules | None = None
) -> Game:
    """Hearts, diamonds and clubs done; spades up to ``asc`` and down to ``desc``.

    ``piles`` are space-separated cards bottom to top, P1 first; the rest are empty.
    """
    rules = rules or Rules(redeals=redeals)
    found = [[parse_card(f"{r}S") for r in ["A", *map(str, range(2, 11)), "J", "Q", "K"][:asc]]]
    found += [[s * 13 + r for r in range(13)] for s in (1, 2, 3)]
    names = ["A", *map(str, range(2, 11)), "J", "Q", "K"]
    found += [[parse_card(f"{names[r - 1]}S") for r in range(13, desc - 1, -1)]]
    found += [[s * 13 + r for r in range(12, -1, -1)] for s in (1, 2, 3)]
    cards = [[parse_card(c) for c in p.split()] for p in piles]
    cards += [[] for _ in range(PILES - len(cards))]
    return Game(cards, rules=rules, foundations=found, redeals_left=rules.redeals)


@pytest.mark.parametrize("code", PINNED)
def test_pinned_deals_are_won_by_a_line_that_replays(code: str) -> None:
    game = Game.from_code(code)
    result = solve(game, budget_s=30, max_nodes=20_000)
    assert result.outcome == "won"
    assert replay(game, result.line).is_won


def test_a_one_move_win() -> None:
    game = spades_left(12, 1, ["KS"])
    result = solve(game, budget_s=5)
    assert result.outcome == "won"
    assert result.line == ["P1-F1"]


def test_an_already_won_game_is_won_with_an_empty_line() -> None:
    game = spades_left(12, 1, ["KS"])
    game.play_text("P1-F1")
    result = solve(game, budget_s=5)
    assert (result.outcome, result.line) == ("won", [])


def test_a_card_stuck_above_its_neighbours_is_a_proven_loss() -> None:
    # JS can never leave P1: 10S and QS lie beneath it, and 9S too (the
    # ascending spades need it first). Other spades are free.
    game = spades_left(8, 5, ["9S QS 10S JS", "KS", "4S", "3S", "2S", "AS"])
    assert solve(game, budget_s=5).outcome == "lost"


def test_the_dead_test_looks_only_at_the_suits_it_is_asked_about() -> None:
    game = spades_left(8, 5, ["9S QS 10S JS", "KS", "4S", "3S", "2S", "AS"])
    piles, fnd, r = convert(game)
    assert dead(piles, fnd, r)
    assert dead(piles, fnd, r, (0,))
    assert not dead(piles, fnd, r, (1, 2, 3))


def test_positions_that_differ_only_in_pile_order_share_a_key() -> None:
    game = Game.from_code("CR1-N-AAAAAAB")
    memo = Memo()
    moves = Moves(game, memo)
    piles, fnd, r = convert(game)
    swapped = (piles[3], *piles[1:3], piles[0], *piles[4:])
    assert swapped != piles
    key = memo.key(moves.phash(piles), fnd, r)
    assert memo.key(moves.phash(swapped), fnd, r) == key
    assert memo.key(moves.phash(piles), fnd, r - 1) != key


def test_a_search_paused_at_every_turn_resumes_to_the_same_line() -> None:
    game = Game.from_code(PINNED[0])

    def run(slice_end: float) -> tuple[object, int]:
        meter = Meter(60, 50_000, lambda: False, clock=lambda: 0.0)
        meter.slice_end = slice_end
        steps = BestFirst(Moves(game, meter.memo), meter).run(
            max_states=1_000_000, use_autoplay=True
        )
        pauses = 0
        while True:
            try:
                next(steps)
            except StopIteration as end:
                return end.value, pauses
            pauses += 1

    line, pauses = run(-1.0)  # the turn is always over: it pauses at every look at the clock
    assert isinstance(line, list)
    assert line
    assert pauses > 0
    assert run(float("inf")) == (line, 0)


def test_a_loss_is_proven_by_searching_when_a_redeal_remains() -> None:
    # Nothing moves before the redeal; after it, QS lies above JS (which the
    # ascending spades need first) and KS, so it can never leave P3.
    piles = ["9S 3S 2S", "4S AS 10S", "QS JS KS"]
    result = solve(spades_left(8, 5, piles, redeals=1), budget_s=5)
    assert result.outcome == "lost"
    assert result.nodes >= 1


def test_a_deadlock_across_two_piles_is_broken_by_a_redeal() -> None:
    # 2S waits for 4S under 10S, which waits for 9S under 2S; the redeal
    # frees both, then KS must park on AS before the Ace goes up.
    piles = ["9S 3S 2S", "4S AS 10S", "JS QS KS"]
    game = spades_left(8, 5, piles, redeals=1)
    result = solve(game, budget_s=5)
    assert result.outcome == "won"
    assert replay(game, result.line).is_won
    assert solve(spades_left(8, 5, piles), budget_s=5).outcome == "lost"


def test_a_position_won_only_with_a_redeal() -> None:
    piles = ["9S JS 10S", "QS", "KS", "4S", "3S", "2S", "AS"]
    result = solve(spades_left(8, 5, piles, redeals=1), budget_s=5)
    assert result.outcome == "won"
    assert "R" in result.line
    assert replay(spades_left(8, 5, piles, redeals=1), result.line).is_won
    assert solve(spades_left(8, 5, piles, redeals=0), budget_s=5).outcome == "lost"


def test_meeting_foundations_are_slid_in_the_written_line() -> None:
    # Spades meet at 9/10; the Ace on top can only go down after sliding 9..2 across.
    pile = "KS QS JS 10S 9S 8S 7S 6S 5S 4S 3S 2S AS"
    game = spades_left(9, 10, [pile])
    result = solve(game, budget_s=5)
    assert result.outcome == "won"
    assert "F1-F5" in result.line
    assert replay(game, result.line).is_won


def test_empty_piles_taking_cards_are_used_when_the_rules_allow() -> None:
    piles = ["JS 9S 10S", "", "QS", "KS", "4S", "3S", "2S", "AS"]
    levels = Rules(redeals=0, redeal="shuffle", empty_piles_accept=True)
    game = spades_left(8, 5, piles, rules=levels)
    result = solve(game, budget_s=5)
    assert result.outcome == "won"
    assert replay(game, result.line).is_won
    assert solve(spades_left(8, 5, piles), budget_s=5).outcome == "lost"


def test_levels_mode_shuffles_replay_through_the_engine() -> None:
    rules = Rules(redeals=5, redeal="shuffle", empty_piles_accept=True)
    game = Game.deal(6, rules=rules)
    result = solve(game, budget_s=20, max_nodes=20_000)
    assert result.outcome == "won"
    assert replay(game, result.line).is_won


def test_the_solver_never_changes_the_game_it_is_given() -> None:
    game = Game.from_code("CR1-N-AAAAAAB")
    for token in ["P1-P2", "P3-F2"]:
        if game.check(Move.parse(token)) is None:
            game.apply(token)
    before = game.to_dict()
    solve(game, budget_s=0.3)
    best_guess(game)
    last_winnable(game, budget_s=0.3)
    assert game.to_dict() == before


def test_the_budget_is_kept_within_one_look_at_the_clock() -> None:
    # A simulated clock, 1 ms a look: the search looks every CHECK_EVERY nodes (a small
    # part of a frame, see benchmarks/solver.py) and stops at the first look past its
    # budget. The seconds it reports are the clock's.
    game = Game.from_code("CR1-N-AAAAAAB")
    looks = itertools.count()
    result = solve(game, budget_s=0.3, clock=lambda: next(looks) * 0.001)
    assert result.outcome == "unknown"
    assert 0.3 < result.seconds <= 0.3 + 0.003
    assert result.nodes <= (301 + 1) * CHECK_EVERY
    assert solve(game, budget_s=10, max_nodes=500).nodes <= 600


@pytest.mark.parametrize("search", ["core", "pure"])
def test_cancelling_stops_the_search_at_its_next_look_at_the_flag(
    search: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    if search == "pure":
        monkeypatch.setattr(core, "CORE", None)
    game = Game.from_code("CR1-N-AAAAAAB")
    cancel = threading.Event()
    looks = itertools.count(1)
    seen: list[int] = []

    def cancelled() -> bool:
        seen.append(next(looks))
        if seen[-1] == 20:
            cancel.set()
        return cancel.is_set()

    result = solve(game, budget_s=1e6, cancel=cancelled)
    assert result.outcome == "unknown"
    assert seen[-1] == 20  # no look after the one that saw the flag
    if search == "pure":
        # The 20th look: one before the search, then one every CHECK_EVERY nodes (the
        # core looks less often on a real clock: every 20 ms of its search).
        assert result.nodes == 19 * CHECK_EVERY
    else:
        assert result.nodes % CHECK_EVERY == 0
    # An Event is looked at the same way; set before the start, nothing is searched.
    cancel.set()
    assert solve(game, budget_s=1e6, cancel=cancel).nodes == 0


def test_best_guess_gives_a_legal_token_or_none() -> None:
    game = Game.from_code("CR1-N-AAAAAAB")
    token = best_guess(game)
    assert token is not None
    game.apply(token)
    stuck = spades_left(8, 5, ["9S QS 10S JS"])
    assert best_guess(stuck) is None
    with_redeal = spades_left(8, 5, ["9S QS 10S JS"], redeals=1)
    assert best_guess(with_redeal) == "R"


def test_last_winnable_finds_the_move_that_lost() -> None:
    game = spades_left(8, 5, ["JS 9S", "10S", "QS", "KS", "4S", "3S", "2S", "AS"])
    assert last_winnable(game, budget_s=5) == 0
    game.play_text("P2-P1")  # 10S onto 9S: now stuck above 9S and JS
    assert solve(game, budget_s=5).outcome == "lost"
    assert last_winnable(game, budget_s=5) == 1


def run_cli(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "crescent.solver", *args],
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=60,
    )


def test_cli_prints_won_and_the_line() -> None:
    out = run_cli(PINNED[0], "--budget-s", "20")
    assert out.returncode == 0
    first, second = out.stdout.splitlines()[:2]
    assert first.startswith("won ")
    tokens = second.split()
    assert int(first.split()[1]) == len(tokens)
    assert replay(Game.from_code(PINNED[0]), tokens).is_won


def test_cli_solves_a_level_of_a_levels_code_under_its_rules() -> None:
    for level in (2, 4):
        out = run_cli("CR1-L-LEVELSA", "--level", str(level), "--json", "--budget-s", "20")
        assert out.returncode == 0, out.stderr
        answer = json.loads(out.stdout)
        assert (answer["level"], answer["outcome"]) == (level, "won")
        game = Game.deal(Game.from_code("CR1-L-LEVELSA").number, "L", level=level)
        assert game.rules.empty_piles_accept == (level < 4)
        assert replay(game, answer["line"]).is_won


@pytest.mark.parametrize(
    "args",
    [
        ("CR1-X-AAAAAAB",),
        ("CR1-N-AAAAAAB", "--budget-s", "soon"),
        ("CR1-N-AAAAAAB", "--level", "2"),
        ("CR1-L-AAAAAAB", "--level", "5"),
    ],
)
def test_cli_refuses_bad_input_with_one_line_and_exit_2(args: tuple[str, ...]) -> None:
    out = run_cli(*args)
    assert out.returncode == 2
    assert len(out.stderr.strip().splitlines()) == 1
    assert "Traceback" not in out.stderr


def test_cli_solves_with_the_redeals_asked() -> None:
    out = run_cli("CR1-N-AAAAAAE", "--redeals", "0", "--budget-s", "20", "--json")
    assert out.returncode == 0
    answer = json.loads(out.stdout)
    assert (answer["redeals"], answer["outcome"]) == (0, "lost")
    bad = run_cli("CR1-N-AAAAAAE", "--redeals", "-1")
    assert bad.returncode == 2
    assert len(bad.stderr.strip().splitlines()) == 1


def test_no_deal_is_both_in_a_pool_and_proven_lost() -> None:
    for pool in modes.POOLS:
        assert not set(load_pool(pool)) & set(load_lost(pool))


def test_the_pools_hold_a_thousand_deals_and_d_shares_n() -> None:
    n_pool = load_pool("N")
    f_pool = load_pool("F")
    assert len(set(n_pool)) >= 1000
    assert len(set(f_pool)) >= 1000
    assert FACE_DOWN.pool == STANDARD.pool == "N"
    with pytest.raises(ValueError, match="unknown pool"):
        load_pool("D")
    for variant, number in (("N", n_pool[-1]), ("F", f_pool[-1])):
        game = Game.deal(number, variant)
        result = solve(game, budget_s=20, clock=positions_clock())
        assert result.outcome == "won"
        assert replay(game, result.line).is_won


def test_the_bench_reports_wins_times_and_the_hint_figure(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert solver_bench.main(["--first", "6", "--count", "1", "--budget-s", "5"]) == 0
    out = capsys.readouterr().out
    assert "won 1 (replayed and verified)" in out
    assert "Wilson" in out
    assert "hint: p95" in out


@pytest.mark.slow
def test_the_bench_solves_listed_deals_in_parallel_in_deal_order(
    capsys: pytest.CaptureFixture[str],
) -> None:
    args = ["--numbers", "6,5", "--budget-s", "5", "--redeals", "0", "--hints", "0"]
    assert solver_bench.main([*args, "--jobs", "2", "-v", "--cpu-time"]) == 0
    captured = capsys.readouterr()
    assert "2 listed deals" in captured.out
    assert "2 jobs" in captured.out
    assert "proven lost: 4" not in captured.out
    codes = [line.split()[0] for line in captured.err.splitlines()]
    assert codes == ["CR1-N-AAAAAAG", "CR1-N-AAAAAAF"]
