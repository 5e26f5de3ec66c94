"""Every "lost" is sound: the dead-position tests and the proof search against a plain
exhaustive search through the engine, on positions small enough for both."""

from __future__ import annotations

import random
import time

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from crescent.rules.engine import Game, Rules
from crescent.solver.budget import Meter
from crescent.solver.dead import blocked, dead, proven_lost
from crescent.solver.depth_first import DepthFirst
from crescent.solver.hints import HintWorker, last_winnable
from crescent.solver.moves import Moves, Seen
from crescent.solver.portfolio import solve
from crescent.solver.position import Child, Piles, convert
from crescent.solver.table import Table
from tests.solver.test_solver import replay, spades_left

NAMES = ["A", *map(str, range(2, 11)), "J", "Q", "K"]


def brute_force(game: Game, limit: int = 200_000) -> bool:
    """Whether ``game`` can be won: every legal move and redeal through the engine, each
    position (exact piles, foundations, redeals left) entered once. No shortcut at all."""

    def key(g: Game) -> tuple[object, ...]:
        return (
            tuple(tuple(p) for p in g.piles),
            tuple(tuple(f) for f in g.foundations),
            g.redeals_left,
        )

    seen = {key(game)}
    stack = [game.copy()]
    while stack:
        g = stack.pop()
        if g.is_won:
            return True
        children = []
        for move in g.legal_moves():
            child = g.copy()
            child.play(move)
            children.append(child)
        if g.redeals_left > 0:
            child = g.copy()
            child.redeal()
            children.append(child)
        for child in children:
            k = key(child)
            if k not in seen:
                seen.add(k)
                stack.append(child)
        assert len(seen) < limit, "position too large for the brute force"
    return False


def verdicts(game: Game) -> tuple[bool, str, bool]:
    """(brute force says winnable, solve()'s outcome, the quick tests say lost)."""
    result = solve(game, budget_s=20)
    if result.outcome == "won":
        assert replay(game, result.line).is_won
    return brute_force(game), result.outcome, proven_lost(game)


def assert_sound(game: Game) -> None:
    winnable, outcome, quick_lost = verdicts(game)
    assert outcome != "unknown"
    assert (outcome == "won") == winnable
    if quick_lost:
        assert not winnable, "the dead-position test called a winnable position lost"


# -- hand-made positions, verdicts known by brute force ---------------------------

HAND_MADE = [
    # (ascending spades top, descending spades top, piles, redeals, winnable)
    (8, 5, ["9S QS 10S JS", "KS", "4S", "3S", "2S", "AS"], 0, False),  # JS stuck over 10S, QS
    (8, 5, ["9S 3S 2S", "4S AS 10S", "JS QS KS"], 0, False),  # 2S/4S, 10S/9S wait on each other
    (8, 5, ["9S 3S 2S", "4S AS 10S", "JS QS KS"], 1, True),  # a redeal breaks the cycle
    (8, 5, ["9S 3S 2S", "4S AS 10S", "QS JS KS"], 1, False),
    (8, 5, ["9S JS 10S", "QS", "KS", "4S", "3S", "2S", "AS"], 0, False),
    (8, 5, ["9S JS 10S", "QS", "KS", "4S", "3S", "2S", "AS"], 1, True),
    (8, 5, ["JS 9S", "10S", "QS", "KS", "4S", "3S", "2S", "AS"], 0, True),
    (8, 5, ["JS 9S 10S", "QS", "KS", "4S", "3S", "2S", "AS"], 0, False),  # 10S over 9S and JS
    (9, 10, ["KS QS JS 10S 9S 8S 7S 6S 5S 4S 3S 2S AS"], 0, True),  # meeting foundations
    (10, 4, ["3S 2S JS", "AS QS KS"], 0, False),  # 2S needs 3S under it, KS needs QS
    (10, 4, ["QS 2S", "3S KS AS JS"], 0, False),
    (10, 4, ["QS 2S", "3S KS AS JS"], 2, True),  # redeals bring QS and 3S up
    (10, 4, ["2S QS", "AS KS 3S JS"], 1, True),
]


@pytest.mark.parametrize(("asc", "desc", "piles", "redeals", "winnable"), HAND_MADE)
def test_hand_made_positions_have_their_known_verdicts(
    asc: int, desc: int, piles: list[str], redeals: int, winnable: bool
) -> None:
    game = spades_left(asc, desc, piles, redeals=redeals)
    assert brute_force(game) == winnable
    assert_sound(game)


def test_a_deadlock_across_piles_is_caught_by_the_fixpoint_and_not_by_one_card() -> None:
    game = spades_left(8, 5, ["9S 3S 2S", "4S AS 10S", "JS QS KS"])
    piles, fnd, r = convert(game)
    assert not dead(piles, fnd, r)  # no single stuck card ...
    assert blocked(piles, fnd, r)  # ... but the two piles block each other
    assert not brute_force(game)


def test_the_quick_test_answers_a_hint_at_once_on_a_dead_position(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # At once: no move is generated (its cost is in benchmarks/solver.py's hint figure).
    game = spades_left(8, 5, ["9S 3S 2S", "4S AS 10S", "JS QS KS"])
    monkeypatch.setattr(Moves, "children", _no_search)
    assert proven_lost(game)
    assert not proven_lost(Game.from_code("CR1-N-AAAAAAG"))


def _no_search(*args: object) -> list[Child]:
    raise AssertionError("searched")


# -- generated positions: the proof search against the brute force --------------


@st.composite
def small_positions(draw: st.DrawFn) -> Game:
    """Spades only left (other suits done), 0-2 redeals, the remaining spades dealt into
    up to 4 piles in any order. Foundations crossed (at most 9 cards left), apart or
    meeting (13-14 cards left: the brute force may give up on those)."""
    kind = draw(st.sampled_from(["crossed", "crossed", "apart", "meet"]))
    if kind == "crossed":
        a = draw(st.integers(4, 13))
        d = draw(st.integers(1, a - 3))
    elif kind == "meet":
        a = draw(st.integers(1, 12))
        d = a + 1
    else:
        a = draw(st.integers(1, 11))
        d = a + 2
    cards = []
    for q in range(1, 14):
        cards += [q] * (2 - (q <= a) - (q >= d))
    cards = draw(st.permutations(cards))
    n = draw(st.integers(1, min(4, max(1, len(cards)))))
    cuts = sorted(draw(st.lists(st.integers(0, len(cards)), min_size=n - 1, max_size=n - 1)))
    bounds = [0, *cuts, len(cards)]
    piles = [
        " ".join(f"{NAMES[q - 1]}S" for q in cards[bounds[i] : bounds[i + 1]]) for i in range(n)
    ]
    return spades_left(a, d, piles, redeals=draw(st.integers(0, 2)))


def brute_or_skip(game: Game) -> bool | None:
    try:
        return brute_force(game, limit=30_000)
    except AssertionError:
        return None


@settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(small_positions())
def test_proofs_agree_with_the_brute_force_on_generated_positions(game: Game) -> None:
    assert sum(map(len, game.piles)) + sum(map(len, game.foundations)) == 104
    winnable = brute_or_skip(game)
    if winnable is None:
        return
    result = solve(game, budget_s=20)
    assert result.outcome != "unknown"
    assert (result.outcome == "won") == winnable
    if result.outcome == "won":
        assert replay(game, result.line).is_won
    if proven_lost(game):
        assert not winnable


@settings(max_examples=300, deadline=None)
@given(small_positions())
def test_the_dead_position_tests_never_call_a_winnable_position_lost(game: Game) -> None:
    piles, fnd, r = convert(game)
    if dead(piles, fnd, r) or blocked(piles, fnd, r):
        assert brute_or_skip(game) is not True


def _meter() -> Meter:
    return Meter(time.monotonic() + 30, None, lambda: False)


def _depth_first(game: Game, max_set: int | None = None) -> list[object] | bool | None:
    meter = _meter()
    moves = Moves(game, meter.memo)
    moves.loose = False
    gen = DepthFirst(moves, meter).turns(use_autoplay=True, thorough=True, max_set=max_set)
    while True:
        try:
            next(gen)
        except StopIteration as end:
            result: list[object] | bool | None = end.value
            return result


@pytest.mark.parametrize("max_set", [None, 0, 3])
def test_the_depth_first_proof_alone_agrees_with_the_brute_force(max_set: int | None) -> None:
    # The portfolio's exhaustive depth-first search, thorough dead tests on; positions
    # kept in a set, in the byte table from the start, or moved over after three.
    for asc, desc, piles, redeals, winnable in HAND_MADE:
        game = spades_left(asc, desc, piles, redeals=redeals)
        assert isinstance(_depth_first(game, max_set), list) == winnable


@settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(small_positions(), st.sampled_from([0, 2, 20]))
def test_the_depth_first_proof_with_its_byte_table_agrees_with_the_brute_force(
    game: Game, max_set: int
) -> None:
    winnable = brute_or_skip(game)
    if winnable is not None:
        assert isinstance(_depth_first(game, max_set), list) == winnable


def test_a_full_deal_of_the_no_redeal_game_is_proven_lost() -> None:
    rules = Rules(redeals=0)
    game = Game.deal(4, rules=rules)
    assert solve(game, budget_s=30).outcome == "lost"


def test_a_hint_on_a_dead_position_says_lost_without_searching(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(Moves, "children", _no_search)
    worker = HintWorker()
    game = spades_left(8, 5, ["9S 3S 2S", "4S AS 10S", "JS QS KS"])
    worker.ask(game, changes=3)
    assert worker._thread is not None
    worker._thread.join(10)
    answer = worker.poll()
    assert answer is not None
    assert answer.kind == "lost"
    assert answer.changes == 3


def test_the_rewind_skips_positions_the_quick_test_proves_lost() -> None:
    game = spades_left(8, 5, ["JS 9S", "10S", "QS", "KS", "4S", "3S", "2S", "AS"])
    game.play_text("P2-P1")  # 10S onto 9S: stuck above 9S and JS
    assert proven_lost(game)
    assert last_winnable(game, budget_s=5) == 1


# -- the depth-first search's table of positions ---------------------------------


def test_the_byte_table_remembers_exactly_what_a_set_does_and_stops_when_full() -> None:
    rng = random.Random(7)
    keys = [rng.getrandbits(140) - 2**139 for _ in range(5000)]
    table = Table(max_bytes=8 * 4096, first_slots=16)
    held: set[int] = set()
    for k in keys[:3072]:
        assert table.add(k) is True
        held.add(k)
    assert table.add(keys[0]) is False  # already there, even when full
    assert table.add(keys[4000]) is None  # full: 3/4 of 4096 slots
    assert len(table) == 3072
    assert table.nbytes() == 8 * 4096
    assert all(k in table for k in held)
    assert sum(k in table for k in keys[3072:]) == 0


# -- redeal layers: positions with no redeal left proven lost on the way ----------


def _position_game(piles: tuple[bytes, ...], fnd: bytes, r: int) -> Game:
    """The engine position of a spades-only internal position (foundations that meet
    are split anywhere: slides move the meeting point)."""
    a, d = fnd[0], fnd[1]
    if a == 0:
        a, d = 6, 7
    return spades_left(a, d, [" ".join(f"{NAMES[c]}S" for c in p) for p in piles if p], redeals=r)


def _proven_by_layers(game: Game) -> list[Game]:
    """Run the depth-first search alone; the positions its redeal layers proved lost."""
    entered: dict[int, tuple[tuple[bytes, ...], bytes, int]] = {}

    class Recording(Moves):
        def children(
            self, piles: Piles, fnd: bytes, r: int, ph: int, seen: Seen, auto: bool
        ) -> list[Child]:
            kids = super().children(piles, fnd, r, ph, seen, auto)
            for _, cp, cf, cr, _, ck, _ in kids:
                entered[hash(ck) or 1] = (cp, cf, cr)
            return kids

    meter = _meter()
    moves = Recording(game, meter.memo)
    moves.loose = False
    gen = DepthFirst(moves, meter).turns(use_autoplay=True, thorough=True)
    while True:
        try:
            next(gen)
        except StopIteration:
            break
    lost0 = meter.lost0
    if lost0 is None:
        return []
    assert isinstance(lost0, Table)
    return [_position_game(*entered[f]) for f in lost0.slots if f]


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(small_positions().filter(lambda g: g.redeals_left > 0))
def test_every_position_a_redeal_layer_proves_lost_is_lost(game: Game) -> None:
    for position in _proven_by_layers(game)[:40]:
        assert position.redeals_left == 0
        assert brute_or_skip(position) is not True


def test_redeal_layers_prove_positions_lost_on_a_hand_made_position() -> None:
    piles = ["6S 8S KS 4S 9S QS 9S", "JS 10S 2S AS 6S 7S 3S", "8S 7S 5S"]
    game = spades_left(5, 10, piles, redeals=1)
    proven = _proven_by_layers(game)
    assert len(proven) >= 3
    assert not brute_force(game)
    assert all(not brute_force(p) for p in proven)


def test_further_foundations_and_fewer_cards_on_the_piles_can_be_worse() -> None:
    # Why the search has no "dominance" of a position over one whose foundations are
    # behind it and whose piles hold more cards: playing the lone 9S up loses a deal
    # that is won with it on the table (it is a place to park, and a copy the
    # descending foundation may need).
    piles = ["8S 10S 2S", "9S", "JS 4S 3S 9S JS 7S", "KS 10S QS 5S AS 6S"]
    game = spades_left(8, 12, piles)
    assert brute_force(game)
    game.apply("P2-F1")
    assert not brute_force(game)
