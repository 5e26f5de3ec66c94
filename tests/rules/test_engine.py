"""The rules of Crescent (RULES.md sections 1-6) as the engine plays them.

One test per rule and per refusal reason. Positions are hand-built with
:func:`game` (named piles, others empty) when only the rule matters, and with
:func:`filled` (all 104 cards, ``?`` for cards the seeds do not show) when the
whole position must be sound.
"""

from __future__ import annotations

import copy
import json
import random
import re
from collections import Counter
from typing import Any

import pytest

from crescent.rules.cards import ACE, KING, card, card_text, parse_card
from crescent.rules.deal import DEAL_COUNT
from crescent.rules.engine import (
    PILE_LIMIT,
    UNDO_LIMIT,
    Game,
    IllegalMove,
    Move,
    Reason,
    Rules,
    parse_place,
    place_name,
)

PLACES = 24


def cards(text: str) -> list[int]:
    return [parse_card(t) for t in text.split()]


def texts(stack: list[int]) -> str:
    return " ".join(card_text(c) for c in stack)


def run(suit: str, n: int, *, up: bool) -> str:
    """The first ``n`` cards of a foundation: ``run("S", 3, up=True)`` is ``"AS 2S 3S"``."""
    s = "SHDC".index(suit)
    ranks = range(1, n + 1) if up else range(13, 13 - n, -1)
    return texts([card(r, s) for r in ranks])


def bases() -> list[list[int]]:
    return [[card(ACE, s)] for s in range(4)] + [[card(KING, s)] for s in range(4)]


def game(
    piles: dict[str, str] | None = None,
    foundations: dict[str, str] | None = None,
    *,
    rules: Rules | None = None,
    variant: str = "N",
    redeals_left: int | None = None,
) -> Game:
    """A hand-built position: named piles hold the cards given (bottom to top),
    the others are empty; foundations not named hold only their base."""
    pile_lists: list[list[int]] = [[] for _ in range(16)]
    for name, text in (piles or {}).items():
        pile_lists[parse_place(name)] = cards(text)
    found = bases()
    for name, text in (foundations or {}).items():
        found[parse_place(name) - 16] = cards(text)
    return Game(
        pile_lists, variant=variant, rules=rules, foundations=found, redeals_left=redeals_left
    )


def filled(
    piles: list[str],
    foundations: list[str] | None = None,
    *,
    variant: str = "N",
    rules: Rules | None = None,
    redeals_left: int | None = None,
) -> Game:
    """A sound position with all 104 cards: ``?`` in a pile stands for a card the
    caller does not care about; the cards left over fill them in a fixed order."""
    found = [cards(f) for f in foundations] if foundations else bases()
    known = Counter(c for f in found for c in f)
    known.update(parse_card(t) for p in piles for t in p.split() if t != "?")
    spare = [c for c in range(52) for _ in range(2 - known[c])]
    assert all(n <= 2 for n in known.values()), "a card is used three times"
    holes = sum(p.split().count("?") for p in piles)
    assert holes == len(spare), f"{holes} '?' for {len(spare)} spare cards"
    it = iter(spare)
    pile_lists = [[next(it) if t == "?" else parse_card(t) for t in p.split()] for p in piles]
    return Game(
        pile_lists, variant=variant, rules=rules, foundations=found, redeals_left=redeals_left
    )


def brute_force_moves(g: Game) -> list[Move]:
    return [
        Move(s, d)
        for s in range(PLACES)
        for d in range(PLACES)
        if s != d and g.check(Move(s, d)) is None
    ]


def tops(g: Game) -> list[str]:
    return [card_text(p[-1]) if p else "-" for p in g.piles]


def random_position(rng: random.Random, rules: Rules) -> Game:
    """A sound position with random foundation heights (so foundation-to-foundation
    moves, complete foundations and full piles all occur) and the rest of the
    cards spread over a random set of piles."""
    found: list[list[int]] = [[] for _ in range(8)]
    for s in range(4):
        a = rng.randint(1, 13)
        # Often make the two foundations of the suit meet: a + d == 13.
        d = 13 - a if a < 13 and rng.random() < 0.4 else rng.randint(1, 13)
        found[s] = [card(r, s) for r in range(1, a + 1)]
        found[4 + s] = [card(r, s) for r in range(13, 13 - d, -1)]
    used = Counter(c for f in found for c in f)
    rest = [c for c in range(52) for _ in range(2 - used[c])]
    rng.shuffle(rest)
    piles: list[list[int]] = [[] for _ in range(16)]
    if rest:
        least = -(-len(rest) // PILE_LIMIT)
        chosen = rng.sample(range(16), rng.randint(least, 16))
        for c in rest:
            room = [i for i in chosen if len(piles[i]) < PILE_LIMIT]
            piles[rng.choice(room)].append(c)
    down = [rng.randint(0, max(len(p) - 1, 0)) if rules.face_down else 0 for p in piles]
    return Game(
        piles,
        number=rng.randrange(DEAL_COUNT),
        rules=rules,
        foundations=found,
        down=down,
        redeals_left=rng.randint(0, rules.redeals),
    )


def random_game(rng: random.Random, rules: Rules | None = None, variant: str = "N") -> Game:
    """A random deal after a random number of random legal moves and redeals."""
    g = Game.deal(rng.randrange(DEAL_COUNT), variant, rules)
    for _ in range(rng.randint(0, 120)):
        moves = g.legal_moves()
        if moves and rng.random() < 0.95:
            g.play(rng.choice(moves))
        elif g.redeals_left:
            g.redeal()
        elif not moves:
            break
    return g


RULE_SETS: list[tuple[str, Rules | None]] = [
    ("N", None),
    ("F", None),
    ("D", None),
    ("N", Rules(empty_piles_accept=True)),
    ("N", Rules(redeal="shuffle", redeals=5, empty_piles_accept=True)),
    ("N", Rules(redeal="shuffle", redeals=5, empty_piles_accept=False)),
]


# The seeds' won game (rules-fr.txt), first diagram: just before move 10.
SEED_BEFORE_MOVE_10 = [
    "2H 9C JD JD",
    "? ? ? ? ? 8S",
    "? ? ? 7D",
    "? ? ? ? 4D",
    "? ? ? ? ? 10S",
    "? ? ? QS",
    "? ? ? ? ? 5H",
    "? ? ? ? ? 6S",
    "? ? ? ? 5C",
    "? ? ? ? ? AS",
    "? ? ? ? ? KC",
    "? ? ? ? ? 10C",
    "? ? ? ? ? 7C",
    "? ? ? ? ? KS",
    "? ? ? ? ? 6S",
    "? ? ? ? ? AC",
]
SEED_FOUNDATIONS_BEFORE_MOVE_10 = [
    "AS 2S",
    "AH 2H",
    "AD",
    "AC",
    "KS QS",
    "KH QH",
    "KD",
    "KC QC JC 10C 9C",
]
# Second diagram (just before the first redeal); each pile's bottom card is the
# top shown in the third diagram (just after it).
SEED_BEFORE_REDEAL = [
    "2H 9C JD JD",
    "7H ? ? ? ? 8S",
    "4C ? ? 7D",
    "5C ? ? ? 4D",
    "8D ? ? ? 5H",
    "JS ? ? QS",
    "10S ? ? ? ? 5H",
    "AD ? ? ? ? 6S",
    "7S ? ? ? 5C",
    "QC ? ? 9D",
    "8C ? ? ? ? ? AC",
    "2C ? ? ? ? 10C",
    "6D ? ? ? ? 7C",
    "4S ? ? ? ? ? AS",
    "8D ? ? KH",
    "3D ? ? ? 6S",
]
SEED_FOUNDATIONS_BEFORE_REDEAL = [
    "AS 2S",
    "AH 2H",
    "AD",
    "AC",
    "KS QS JS 10S",
    "KH QH JH 10H",
    "KD",
    "KC QC JC 10C 9C",
]
SEED_TOPS_AFTER_REDEAL = "2H 7H 4C 5C 8D JS 10S AD 7S QC 8C 2C 6D 4S 8D 3D"


# -- moves between piles --------------------------------------------------------


def test_ace_of_spades_onto_king_of_spades_seed_move_10() -> None:
    g = filled(SEED_BEFORE_MOVE_10, SEED_FOUNDATIONS_BEFORE_MOVE_10)
    assert g.check(Move.parse("P10-P14")) is None
    assert Move.parse("P10-P14") in g.legal_moves()
    g.play_text("P10-P14")
    assert g.top(13) == parse_card("AS")
    assert (g.count(9), g.count(13)) == (5, 7)
    assert g.moves == 1


def test_king_onto_ace_of_the_same_suit() -> None:
    g = game({"P1": "5D KH", "P2": "AH"})
    assert g.check(Move.parse("P1-P2")) is None
    g.play_text("P1-P2")
    assert texts(g.piles[1]) == "AH KH"
    assert texts(g.piles[0]) == "5D"


def test_same_suit_one_rank_up_or_down() -> None:
    g = game({"P1": "8H", "P2": "9H", "P3": "7H"})
    assert g.check(Move.parse("P1-P2")) is None
    assert g.check(Move.parse("P1-P3")) is None


def test_wrong_suit_is_refused() -> None:
    g = game({"P1": "8H", "P2": "9D"})
    assert g.check(Move.parse("P1-P2")) is Reason.WRONG_SUIT


def test_rank_not_adjacent_is_refused() -> None:
    g = game({"P1": "8H", "P2": "10H", "P3": "8H"})
    assert g.check(Move.parse("P1-P2")) is Reason.RANK_NOT_ADJACENT
    assert g.check(Move.parse("P1-P3")) is Reason.RANK_NOT_ADJACENT  # the same rank is not adjacent


def test_queen_does_not_wrap_onto_ace() -> None:
    g = game({"P1": "QS", "P2": "AS"})
    assert g.check(Move.parse("P1-P2")) is Reason.RANK_NOT_ADJACENT


def test_only_the_top_card_moves() -> None:
    g = game({"P1": "9H 2C", "P2": "8H"})
    assert g.check(Move.parse("P2-P1")) is Reason.WRONG_SUIT  # 9H is under 2C, out of reach


def test_pile_of_13_is_full() -> None:
    g = game({"P1": "8H", "P2": "2C 3C 4C 5C 6C 7C 8C 9C 10C JC QC KC 9H"})
    assert len(g.piles[1]) == PILE_LIMIT
    assert g.check(Move.parse("P1-P2")) is Reason.PILE_FULL
    with pytest.raises(IllegalMove) as err:
        g.play_text("P1-P2")
    assert err.value.reason is Reason.PILE_FULL


def test_pile_of_12_still_takes_a_card() -> None:
    g = game({"P1": "8H"})
    g.piles[1] = cards("3C 4C 5C 6C 7C 8C 9C 10C JC QC KC 9H")
    assert g.check(Move.parse("P1-P2")) is None
    g.play_text("P1-P2")
    assert g.count(1) == PILE_LIMIT


# -- empty piles ------------------------------------------------------------------


def test_empty_pile_takes_nothing_in_the_standard_game() -> None:
    g = game({"P1": "8H", "P2": "KS"})
    assert g.check(Move.parse("P1-P3")) is Reason.EMPTY_PILE
    assert g.check(Move.parse("P2-P3")) is Reason.EMPTY_PILE
    assert all(m.dst != 2 for m in g.legal_moves())


def test_emptied_pile_stays_empty() -> None:
    g = game({"P1": "8H", "P2": "9H", "P3": "7H"})
    g.play_text("P1-P2")
    assert g.count(0) == 0
    assert g.check(Move.parse("P2-P1")) is Reason.EMPTY_PILE
    assert g.check(Move.parse("P3-P1")) is Reason.EMPTY_PILE


def test_empty_pile_takes_any_card_when_the_rules_allow_it() -> None:
    g = game({"P1": "8H", "P2": "KS", "P4": "2C 3D"}, rules=Rules(empty_piles_accept=True))
    assert g.check(Move.parse("P1-P3")) is None
    assert g.check(Move.parse("P2-P3")) is None
    assert g.check(Move.parse("P4-P3")) is None
    moves = g.legal_moves()
    assert {str(m) for m in moves if m.src == 0} >= {"P1-P3", "P1-P5", "P1-P16"}
    g.play_text("P4-P3")
    assert texts(g.piles[2]) == "3D"


def test_foundation_never_goes_to_an_empty_pile_even_when_empty_piles_accept() -> None:
    g = game(foundations={"F1": "AS 2S"}, rules=Rules(empty_piles_accept=True))
    assert g.check(Move.parse("F1-P1")) is Reason.FOUNDATION_TO_PILE


# -- foundations ----------------------------------------------------------------


def test_ascending_foundation_takes_the_next_rank_up() -> None:
    g = game({"P1": "2S", "P2": "3S"})
    assert g.check(Move.parse("P2-F1")) is Reason.NOT_NEXT_RANK
    g.play_text("P1-F1")
    g.play_text("P2-F1")
    assert texts(g.foundations[0]) == "AS 2S 3S"


def test_descending_foundation_takes_the_next_rank_down() -> None:
    g = game({"P1": "QC", "P2": "JC"})
    assert g.check(Move.parse("P2-F8")) is Reason.NOT_NEXT_RANK
    g.play_text("P1-F8")
    g.play_text("P2-F8")
    assert texts(g.foundations[7]) == "KC QC JC"


def test_not_the_next_rank_is_refused() -> None:
    g = game({"P1": "3H", "P2": "KH"}, {"F6": "KH QH"})
    assert g.check(Move.parse("P1-F2")) is Reason.NOT_NEXT_RANK  # ascending wants 2H
    assert g.check(Move.parse("P2-F6")) is Reason.NOT_NEXT_RANK  # descending wants JH
    assert g.check(Move.parse("P2-F2")) is Reason.NOT_NEXT_RANK  # no King onto the ascending Ace


def test_foundation_takes_only_its_suit() -> None:
    g = game({"P1": "2H", "P2": "QD"})
    assert g.check(Move.parse("P1-F1")) is Reason.WRONG_SUIT
    assert g.check(Move.parse("P2-F8")) is Reason.WRONG_SUIT


def test_nothing_goes_on_an_ascending_king() -> None:
    g = game({"P1": "AS"}, {"F1": run("S", 13, up=True)})
    assert g.check(Move.parse("P1-F1")) is Reason.FOUNDATION_COMPLETE


def test_nothing_goes_on_a_descending_ace() -> None:
    g = game({"P1": "KD"}, {"F7": run("D", 13, up=False)})
    assert g.check(Move.parse("P1-F7")) is Reason.FOUNDATION_COMPLETE


def test_ascending_foundation_to_descending_foundation() -> None:
    g = game(foundations={"F1": run("S", 6, up=True), "F5": run("S", 7, up=False)})
    # F1 tops 6S, F5 tops 7S: 6S follows onto F5.
    assert g.check(Move.parse("F1-F5")) is None
    assert Move.parse("F1-F5") in g.legal_moves()
    g.play_text("F1-F5")
    assert texts(g.foundations[4]).endswith("7S 6S")
    assert texts(g.foundations[0]).endswith("4S 5S")


def test_descending_foundation_to_ascending_foundation() -> None:
    g = game(foundations={"F4": run("C", 6, up=True), "F8": run("C", 7, up=False)})
    # F8 tops 7C, F4 tops 6C: 7C follows onto F4.
    assert g.check(Move.parse("F8-F4")) is None
    g.play_text("F8-F4")
    assert texts(g.foundations[3]).endswith("6C 7C")


def test_foundation_to_foundation_needs_the_following_rank() -> None:
    g = game(foundations={"F2": run("H", 4, up=True), "F6": run("H", 7, up=False)})
    assert g.check(Move.parse("F2-F6")) is Reason.NOT_NEXT_RANK
    assert g.check(Move.parse("F6-F2")) is Reason.NOT_NEXT_RANK


def test_foundation_to_another_suit_is_refused() -> None:
    g = game(foundations={"F1": run("S", 4, up=True), "F6": run("H", 10, up=False)})
    assert g.check(Move.parse("F1-F6")) is Reason.WRONG_SUIT
    assert g.check(Move.parse("F1-F2")) is Reason.WRONG_SUIT


def test_foundation_base_is_locked() -> None:
    g = game({"P1": "3D"}, {"F5": run("S", 12, up=False)})  # F5 down to 2S: AS would follow
    assert g.check(Move.parse("F1-F5")) is Reason.BASE_LOCKED
    for f in (1, 2, 3, 5, 6, 7):
        assert g.check(Move(16 + f, 16 + (f + 4) % 8)) is Reason.BASE_LOCKED
        assert g.check(Move(16 + f, 0)) is Reason.BASE_LOCKED


def test_foundation_to_pile_is_refused() -> None:
    g = game({"P1": "4S"}, {"F1": run("S", 3, up=True)})
    assert g.check(Move.parse("F1-P1")) is Reason.FOUNDATION_TO_PILE
    assert all(m.src < 16 or m.dst >= 16 for m in g.legal_moves())


def test_empty_source_is_refused() -> None:
    g = game({"P2": "8H"})
    assert g.check(Move.parse("P1-P2")) is Reason.EMPTY_SOURCE
    assert g.check(Move.parse("P1-F1")) is Reason.EMPTY_SOURCE


# -- the order of the checks ------------------------------------------------------


@pytest.mark.parametrize(
    ("piles", "foundations", "move", "reason"),
    [
        # 1 before 4 (and 9): empty source onto an empty or full pile.
        ({"P2": "8H"}, {}, "P1-P3", Reason.EMPTY_SOURCE),
        ({"P2": "2C 3C 4C 5C 6C 7C 8C 9C 10C JC QC KC 9H"}, {}, "P1-P2", Reason.EMPTY_SOURCE),
        # 2 before 3 and 5: a lone base going to a pile or a complete foundation.
        ({"P1": "8H"}, {}, "F1-P1", Reason.BASE_LOCKED),
        ({}, {"F5": run("S", 13, up=False)}, "F1-F5", Reason.BASE_LOCKED),
        # 3 before 4 and 6: foundation to an empty pile, or to a pile of another suit.
        ({}, {"F1": "AS 2S"}, "F1-P1", Reason.FOUNDATION_TO_PILE),
        ({"P1": "9H"}, {"F1": "AS 2S"}, "F1-P1", Reason.FOUNDATION_TO_PILE),
        # 4 before 6: any card onto an empty pile.
        ({"P1": "8H"}, {}, "P1-P2", Reason.EMPTY_PILE),
        # 5 before 6 and 8: a heart onto the complete spade foundation.
        ({"P1": "5H"}, {"F1": run("S", 13, up=True)}, "P1-F1", Reason.FOUNDATION_COMPLETE),
        # 6 before 7 and 9: wrong suit and not adjacent, onto a full pile.
        (
            {"P1": "2H", "P2": "2C 3C 4C 5C 6C 7C 8C 9C 10C JC QC KC 9S"},
            {},
            "P1-P2",
            Reason.WRONG_SUIT,
        ),
        ({"P1": "2H", "P2": "9S"}, {}, "P1-P2", Reason.WRONG_SUIT),
        # 6 before 8: wrong suit and wrong rank on a foundation.
        ({"P1": "5H"}, {}, "P1-F1", Reason.WRONG_SUIT),
        # 7 before 9: not adjacent, onto a full pile.
        (
            {"P1": "8H", "P2": "2C 3C 4C 5C 6C 7C 8C 9C 10C JC QC KC JH"},
            {},
            "P1-P2",
            Reason.RANK_NOT_ADJACENT,
        ),
        # 9 last: suit and rank right, pile full.
        (
            {"P1": "8H", "P2": "2C 3C 4C 5C 6C 7C 8C 9C 10C JC QC KC 9H"},
            {},
            "P1-P2",
            Reason.PILE_FULL,
        ),
    ],
)
def test_first_failing_check_is_the_reason(
    piles: dict[str, str], foundations: dict[str, str], move: str, reason: Reason
) -> None:
    g = game(piles, foundations)
    assert g.check(Move.parse(move)) is reason
    with pytest.raises(IllegalMove) as err:
        g.play_text(move)
    assert err.value.reason is reason


def test_reasons_are_numbered_in_the_rules_table_order() -> None:
    assert [r.name for r in sorted(Reason, key=lambda r: r.value)] == [
        "EMPTY_SOURCE",
        "BASE_LOCKED",
        "FOUNDATION_TO_PILE",
        "EMPTY_PILE",
        "FOUNDATION_COMPLETE",
        "WRONG_SUIT",
        "RANK_NOT_ADJACENT",
        "NOT_NEXT_RANK",
        "PILE_FULL",
        "NO_REDEALS_LEFT",
        "NO_SHUFFLES_LEFT",
    ]


def test_refused_move_changes_nothing_and_names_move_and_reason() -> None:
    g = random_game(random.Random(4))
    before = g.to_dict()
    bad = next(
        Move(s, d)
        for s in range(PLACES)
        for d in range(PLACES)
        if s != d and g.check(Move(s, d)) is Reason.WRONG_SUIT
    )
    with pytest.raises(IllegalMove) as err:
        g.play(bad)
    assert err.value.move == bad
    assert err.value.reason is Reason.WRONG_SUIT
    assert str(bad) in str(err.value)
    assert "WRONG_SUIT" in str(err.value)
    assert g.to_dict() == before


# -- Move and places --------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "src", "dst"),
    [
        ("P10-P14", 9, 13),
        ("p3-f2", 2, 17),
        ("  P1 - F8 ", 0, 23),
        ("F1-F5", 16, 20),
        ("f8-f4", 23, 19),
        ("P16-P1", 15, 0),
    ],
)
def test_move_parse_reads_good_texts(text: str, src: int, dst: int) -> None:
    assert Move.parse(text) == Move(src, dst)


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ("P0-P1", "'P0' is not a place"),
        ("P17-P1", "'P17' is not a place"),
        ("F9-F1", "'F9' is not a place"),
        ("P1-P1", "its own place"),
        ("P1P2", "source-destination"),
        ("", "source-destination"),
        ("X1-P2", "'X1' is not a place"),
        ("P1-P2-P3", "source-destination"),
        ("P01-P2", "'P01' is not a place"),
        ("P²-P1", "is not a place"),
        ("P١-P٢", "is not a place"),
    ],
)
def test_move_parse_refuses_bad_texts_clearly(text: str, words: str) -> None:
    with pytest.raises(ValueError, match=re.escape(words)):
        Move.parse(text)


def test_move_parse_refuses_non_text() -> None:
    with pytest.raises(ValueError, match="text like 'P10-P14'"):
        Move.parse(12)  # type: ignore[arg-type]


def test_move_text_round_trips_for_all_552_moves() -> None:
    seen = set()
    for s in range(PLACES):
        for d in range(PLACES):
            if s != d:
                m = Move(s, d)
                assert Move.parse(str(m)) == m
                assert Move.parse(str(m).lower()) == m
                seen.add(str(m))
    assert len(seen) == 24 * 23


def test_move_needs_two_different_places_in_range() -> None:
    for src, dst in [(0, 0), (-1, 3), (3, 24)]:
        with pytest.raises(ValueError, match=r"two different places|must be 0\.\.23"):
            Move(src, dst)


def test_place_names_follow_the_numbering() -> None:
    assert [place_name(p) for p in (0, 15, 16, 23)] == ["P1", "P16", "F1", "F8"]
    assert all(parse_place(place_name(p)) == p for p in range(PLACES))


# -- legal_moves ------------------------------------------------------------------


def test_legal_moves_come_in_the_documented_order() -> None:
    g = game(
        {"P1": "8H", "P2": "9H", "P3": "7H", "P4": "2S", "P5": "QC", "P16": "9H"},
        {"F2": run("H", 6, up=True), "F6": run("H", 6, up=False)},
    )
    # F2 tops 6H and F6 tops 8H: both want 7H.
    assert [str(m) for m in g.legal_moves()] == [
        "P1-P2",
        "P1-P3",
        "P1-P16",
        "P2-P1",
        "P3-P1",
        "P3-F2",
        "P3-F6",
        "P4-F1",
        "P5-F8",
        "P16-P1",
    ]


def test_legal_moves_list_foundation_sources_last_ascending_first() -> None:
    g = game(
        {"P1": "8D"},
        {
            "F1": run("S", 6, up=True),
            "F5": run("S", 7, up=False),
            "F3": run("D", 3, up=True),
            "F7": run("D", 10, up=False),
        },
    )
    # F1 and F5 meet at 6S/7S, F3 and F7 at 3D/4D: each top follows onto the other.
    assert [str(m) for m in g.legal_moves()] == ["F1-F5", "F3-F7", "F5-F1", "F7-F3"]


def test_legal_moves_equal_the_brute_force_list_on_played_positions() -> None:
    rng = random.Random(2024)
    for i in range(180):
        variant, rules = RULE_SETS[i % len(RULE_SETS)]
        g = random_game(rng, rules, variant)
        assert g.legal_moves() == brute_force_moves(g), g.to_dict()


def test_legal_moves_equal_the_brute_force_list_on_built_positions() -> None:
    rng = random.Random(77)
    for i in range(400):
        rules = Rules(empty_piles_accept=i % 2 == 1, face_down=i % 3 == 0)
        g = random_position(rng, rules)
        assert g.legal_moves() == brute_force_moves(g), g.to_dict()


def test_built_positions_cover_the_rare_cases() -> None:
    """The cross-check above meets full piles, complete foundations and
    foundation-to-foundation moves, so the fast path is tested there too."""
    rng = random.Random(77)
    full = complete = f_to_f = 0
    for i in range(400):
        g = random_position(rng, Rules(empty_piles_accept=i % 2 == 1, face_down=i % 3 == 0))
        full += any(len(p) == PILE_LIMIT for p in g.piles)
        complete += any(len(f) == 13 for f in g.foundations)
        f_to_f += any(m.src >= 16 for m in g.legal_moves())
    assert min(full, complete, f_to_f) >= 20


# -- undo -------------------------------------------------------------------------


def bouncing_game() -> Game:
    """8H can go back and forth between P1 (7H) and P2 (9H) for ever."""
    g = game({"P1": "7H", "P2": "9H", "P3": "8H"})
    g.play_text("P3-P1")
    return g


def test_undo_takes_back_the_last_move_and_the_counter_goes_down() -> None:
    g = game({"P1": "3D 8H", "P2": "9H"})
    before = g.to_dict()
    g.play_text("P1-P2")
    assert g.moves == 1
    assert g.can_undo
    assert g.undo() is True
    assert g.moves == 0
    assert g.to_dict() == {**before, "redo": ["P1-P2"]}  # the position as before; redo can replay
    assert g.undo() is False
    assert g.moves == 0


def test_undo_reaches_back_100_moves_only() -> None:
    g = bouncing_game()
    for i in range(104):
        g.play_text("P1-P2" if i % 2 == 0 else "P2-P1")
    assert g.moves == 105
    assert len(g.history) == UNDO_LIMIT == 100
    undone = 0
    while g.undo():
        undone += 1
    assert undone == 100
    assert g.moves == 5
    assert texts(g.piles[0]) == "7H 8H"  # as after move 5, P2-P1
    assert texts(g.piles[1]) == "9H"


def test_history_lists_the_moves_oldest_first() -> None:
    g = bouncing_game()
    g.play_text("P1-P2")
    assert [str(m) for m in g.history] == ["P3-P1", "P1-P2"]


# -- redeal -----------------------------------------------------------------------


def test_seed_redeal_example_pile_1() -> None:
    g = filled(SEED_BEFORE_REDEAL, SEED_FOUNDATIONS_BEFORE_REDEAL)
    assert texts(g.piles[0]) == "2H 9C JD JD"
    counts = [g.count(p) for p in range(16)]
    g.redeal()
    assert texts(g.piles[0]) == "9C JD JD 2H"
    assert " ".join(tops(g)) == SEED_TOPS_AFTER_REDEAL
    assert [g.count(p) for p in range(16)] == counts


def test_redeal_moves_each_bottom_card_to_the_top_keeping_the_order() -> None:
    g = game({"P1": "2C 3C 4C 5C", "P2": "9D 8D"})
    g.redeal()
    assert texts(g.piles[0]) == "3C 4C 5C 2C"
    assert texts(g.piles[1]) == "8D 9D"


def test_redeal_leaves_piles_of_one_card_and_empty_piles_alone() -> None:
    g = game({"P1": "2C", "P2": "9D 8D", "P4": "KS"})
    g.redeal()
    assert texts(g.piles[0]) == "2C"
    assert g.piles[2] == []
    assert texts(g.piles[3]) == "KS"


def test_redeal_is_not_a_move_and_clears_the_undo_history() -> None:
    g = bouncing_game()
    g.play_text("P1-P2")
    g.redeal()
    assert g.moves == 2
    assert g.redeals_left == 2
    assert not g.can_undo
    assert g.history == []
    assert g.undo() is False
    assert g.moves == 2


def test_three_redeals_then_no_redeals_left() -> None:
    g = Game.from_code("CR1-N-AAAAAAB")
    assert g.redeals_left == 3
    for _ in range(3):
        g.redeal()
    assert g.redeals_left == 0
    before = g.to_dict()
    with pytest.raises(IllegalMove) as err:
        g.redeal()
    assert err.value.reason is Reason.NO_REDEALS_LEFT
    assert err.value.move is None
    assert g.to_dict() == before


def test_crescent_four_has_four_redeals() -> None:
    g = Game.from_code("CR1-F-AAAAAAB")
    assert g.redeals_left == 4
    for _ in range(4):
        g.redeal()
    with pytest.raises(IllegalMove) as err:
        g.redeal()
    assert err.value.reason is Reason.NO_REDEALS_LEFT


def test_a_line_of_play_mixes_moves_and_redeals() -> None:
    g = filled(SEED_BEFORE_MOVE_10, SEED_FOUNDATIONS_BEFORE_MOVE_10)
    g.apply("P10-P14")
    g.apply(" r ")
    assert (g.moves, g.redeals_left) == (1, 2)


# -- end of game -------------------------------------------------------------------


def test_won_when_all_foundations_hold_13() -> None:
    found = [run(s, 13, up=True) for s in "SHDC"] + [run(s, 13, up=False) for s in "SHDC"]
    found[0] = run("S", 12, up=True)
    g = filled(["KS"] + [""] * 15, found)
    assert not g.is_won
    assert g.status == "playing"
    g.play_text("P1-F1")
    assert g.is_won
    assert g.status == "won"
    assert g.legal_moves() == []


# Every top is a 5 or a 9: no two tops touch and no foundation takes one.
BLOCKED = [f"? ? ? ? ? {r}{s}" for s in "SHDC" for r in ("5", "9", "5", "9")]


def test_blocked_when_no_move_and_no_redeal_left() -> None:
    g = filled(BLOCKED, redeals_left=0)
    assert g.legal_moves() == []
    assert not g.has_move()
    assert g.status == "blocked"


def test_not_blocked_while_a_redeal_is_left() -> None:
    g = filled(BLOCKED, redeals_left=1)
    assert not g.has_move()
    assert g.status == "playing"


def test_a_new_deal_is_playing() -> None:
    assert Game.from_code("CR1-N-AAAAAAB").status == "playing"


# -- face-down deal -----------------------------------------------------------------


def test_face_down_deal_shows_only_the_tops() -> None:
    g = Game.from_code("CR1-D-AAAAAAB")
    assert g.down == [5] * 16
    for p in range(16):
        assert g.face_up(p, 5)
        assert not any(g.face_up(p, h) for h in range(5))
    assert Game.from_code("CR1-N-AAAAAAB").down == [0] * 16


def test_card_turns_face_up_when_a_move_uncovers_it_and_down_again_on_undo() -> None:
    g = game({"P1": "2S 3S 8H", "P2": "5C 9H"}, variant="D")
    assert g.down[:2] == [2, 1]
    g.play_text("P1-P2")
    assert g.down[0] == 1
    assert g.face_up(0, 1)
    assert g.down[1] == 1
    assert g.face_up(1, 2)
    g.undo()
    assert g.down[:2] == [2, 1]
    assert not g.face_up(0, 1)


def test_card_turns_face_up_when_a_redeal_brings_it_to_the_top() -> None:
    g = game({"P1": "2S 3S 8H", "P2": "KC"}, variant="D")
    g.redeal()
    assert texts(g.piles[0]) == "3S 8H 2S"
    assert [g.face_up(0, h) for h in range(3)] == [False, True, True]
    assert g.down[1] == 0


def test_face_down_counts_are_saved() -> None:
    g = Game.from_code("CR1-D-AAAAAAB")
    d = g.to_dict()
    assert d["face_down"] == [5] * 16
    assert Game.from_dict(d).down == [5] * 16


# -- levels mode: the shuffle redeal -------------------------------------------------

LEVEL_OPEN = Rules(redeal="shuffle", redeals=5, empty_piles_accept=True)
LEVEL_CLOSED = Rules(redeal="shuffle", redeals=5, empty_piles_accept=False)


def levels_game(rules: Rules) -> Game:
    g = game(
        {
            "P2": "2C 3C 4C 5C 6C 7C 8C 9C 10C JC QC KC 9H",
            "P5": "AD 2D 3D 4D 5D 6D 7D",
            "P9": "8S 9S 10S",
            "P16": "10H",
        },
        rules=rules,
    )
    g.number = 12345
    return g


def test_shuffle_keeps_the_same_cards() -> None:
    for rules in (LEVEL_OPEN, LEVEL_CLOSED):
        g = levels_game(rules)
        before = sorted(c for p in g.piles for c in p)
        g.redeal()
        assert sorted(c for p in g.piles for c in p) == before
        assert g.redeals_left == 4


def test_shuffle_deals_onto_every_pile_when_empty_piles_accept() -> None:
    g = levels_game(LEVEL_OPEN)
    g.redeal()
    assert all(g.piles)
    assert {len(p) for p in g.piles} <= {1, 2}  # 24 cards round 16 piles


def test_shuffle_keeps_empty_piles_empty_when_they_refuse_cards() -> None:
    g = levels_game(LEVEL_CLOSED)
    g.redeal()
    assert [i for i, p in enumerate(g.piles) if p] == [1, 4, 8, 15]
    assert all(len(p) == 6 for p in g.piles if p)


def test_shuffle_never_overfills_a_pile() -> None:
    g = game({"P1": "2C 3C 4C 5C 6C 7C 8C 9C 10C JC QC KC 9H"}, rules=LEVEL_CLOSED)
    g.redeal()
    assert len(g.piles[0]) == 13
    assert all(not p for p in g.piles[1:])


def test_shuffle_is_deterministic_and_each_one_differs() -> None:
    a, b = levels_game(LEVEL_OPEN), levels_game(LEVEL_OPEN)
    a.redeal()
    b.redeal()
    assert a.piles == b.piles
    first = [list(p) for p in a.piles]
    a.redeal()
    assert a.piles != first


def test_saved_levels_game_shuffles_like_the_original() -> None:
    for rules in (LEVEL_OPEN, LEVEL_CLOSED):
        g = random_game(random.Random(12), rules)
        h = Game.from_dict(g.to_dict())
        assert h.rules == rules
        while g.redeals_left:
            g.redeal()
            h.redeal()
            assert h.piles == g.piles


def test_shuffle_is_not_a_move_and_clears_the_undo_history() -> None:
    g = levels_game(LEVEL_OPEN)
    g.play_text("P2-P16")
    g.redeal()
    assert g.moves == 1
    assert not g.can_undo


def test_levels_shuffle_gives_five_redeals() -> None:
    g = levels_game(LEVEL_CLOSED)
    for _ in range(5):
        g.redeal()
    with pytest.raises(IllegalMove) as err:
        g.redeal()
    assert err.value.reason is Reason.NO_SHUFFLES_LEFT


# -- saving: to_dict / from_dict ------------------------------------------------------


def played_game() -> Game:
    g = Game.from_code("CR1-D-CRESCNT")
    rng = random.Random(9)
    for i in range(40):
        moves = g.legal_moves()
        if i == 20 or not moves:
            g.redeal()
        else:
            g.play(rng.choice(moves))
    assert g.can_undo
    assert g.moves > 0
    return g


def test_to_dict_holds_the_whole_game() -> None:
    g = played_game()
    d = g.to_dict()
    assert d["format"] == 1
    assert d["code"] == "CR1-D-CRESCNT"
    assert d["variant"] == "D"
    assert len(d["piles"]) == 16
    assert len(d["foundations"]) == 8
    assert d["piles"] == [[card_text(c) for c in p] for p in g.piles]  # bottom to top
    assert d["foundations"][0][0] == "AS"
    assert d["foundations"][4][0] == "KS"
    assert d["redeals_left"] == g.redeals_left < 3
    assert d["moves"] == g.moves
    assert d["face_down"] == g.down
    assert [h[0] for h in d["history"]] == [str(m) for m in g.history]
    assert json.loads(json.dumps(d)) == d


def test_from_dict_round_trips_exactly_and_undo_still_works() -> None:
    g = played_game()
    d = json.loads(json.dumps(g.to_dict()))
    h = Game.from_dict(d)
    assert h.to_dict() == g.to_dict()
    assert h.rules == g.rules
    while g.can_undo:
        assert h.undo()
        assert g.undo()
        assert h.to_dict() == g.to_dict()
    assert not h.can_undo


def test_from_dict_round_trips_every_variant_and_rule_set() -> None:
    rng = random.Random(5)
    for variant, rules in RULE_SETS:
        g = random_game(rng, rules, variant)
        assert Game.from_dict(g.to_dict()).to_dict() == g.to_dict()


def test_from_dict_accepts_a_hand_built_position() -> None:
    rng = random.Random(6)
    for i in range(30):
        g = random_position(rng, Rules(face_down=i % 2 == 0))
        h = Game.from_dict(g.to_dict())
        assert h.piles == g.piles
        assert h.foundations == g.foundations
        assert h.down == g.down
    assert Game.from_dict(filled(BLOCKED, redeals_left=0).to_dict()).status == "blocked"


def test_from_dict_without_history_or_face_down_keys() -> None:
    d = Game.from_code("CR1-N-AAAAAAB").to_dict()
    del d["history"], d["face_down"], d["rules"]
    g = Game.from_dict(d)
    assert g.down == [0] * 16
    assert not g.can_undo
    assert g.rules == Rules()


def corrupt(change: Any) -> dict[str, Any]:
    d = copy.deepcopy(played_game().to_dict())
    change(d)
    return d


def _swap_first_card(d: dict[str, Any]) -> None:
    first = d["piles"][0][0]
    d["piles"][0][0] = "AS" if first != "AS" else "2S"


def _pile_of_14(d: dict[str, Any]) -> None:
    for p in d["piles"][1:]:
        while p and len(d["piles"][0]) < 14:
            d["piles"][0].append(p.pop())
    d["face_down"] = [0] * 16


@pytest.mark.parametrize(
    ("change", "words"),
    [
        (lambda d: d.update(format=2), "format"),
        (lambda d: d.update(format="1"), "format"),
        (lambda d: d.update(format=True), "format"),
        (lambda d: d.pop("format"), "format"),
        (lambda d: d.update(code="CR1-N-AAAA"), "code"),
        (lambda d: d.update(variant="F"), "variant"),
        (lambda d: d.update(piles=d["piles"][:15]), "16"),
        (lambda d: d["piles"][0].append("ZZ"), "'ZZ' is not a card"),
        (lambda d: d["piles"][0].append(3), "card texts"),
        (_swap_first_card, "exactly twice"),
        (_pile_of_14, "at most 13"),
        (lambda d: d["foundations"][0].append("9S"), "out of order"),
        (lambda d: d["foundations"][4].__setitem__(0, "QS"), "out of order"),
        (lambda d: d["foundations"][2].clear(), "empty"),
        (lambda d: d.update(redeals_left=7), "redeals_left"),
        (lambda d: d.update(redeals_left=True), "redeals_left"),
        (lambda d: d.update(moves=-1), "moves"),
        (lambda d: d.update(moves=1.5), "moves"),
        (lambda d: d.update(face_down=[9] * 16), "face-down"),
        (lambda d: d.update(face_down="none"), "face_down"),
        (lambda d: d.update(history="P1-P2"), "history"),
        (lambda d: d.update(history=[["P1-P2"]]), "history entry"),
        (lambda d: d.update(history=[["P1-P2", "no"]]), "history entry"),
        (lambda d: d.update(history=[["P1-P99", False]]), "not a place"),
        (lambda d: d.update(history=[["F1-P1", False]] * 101), "at most 100"),
        (lambda d: d.update(moves=len(d["history"]) - 1), "move counter"),
        (lambda d: d["rules"].update(redeal="spin"), "rules"),
    ],
)
def test_from_dict_refuses_an_invalid_game_saying_what_is_wrong(change: Any, words: str) -> None:
    d = corrupt(change)
    with pytest.raises(ValueError, match=re.escape(words)):
        Game.from_dict(d)


def test_from_dict_refuses_a_non_object() -> None:
    with pytest.raises(ValueError, match="object"):
        Game.from_dict([1, 2])


def test_from_dict_refuses_history_the_position_cannot_have_followed() -> None:
    piles = ["? ? ? ? 5S 3D", "? ? ? ? ? 9H 8H"] + ["? ? ? ? ? ?"] * 13 + ["? ? ? ? ?"]
    d = filled(piles).to_dict()
    d["moves"] = 1
    d["history"] = [["P1-P2", False]]
    assert Game.from_dict(d).history == [Move(0, 1)]  # sound: 8H came from P1 onto 9H
    d["history"] = [["P2-P1", False]]  # 3D cannot have come onto 5S
    with pytest.raises(ValueError, match="P2-P1 was not legal"):
        Game.from_dict(d)
    d["history"] = [["P1-F3", False]]  # F3 holds only its base
    with pytest.raises(ValueError, match="P1-F3 does not match"):
        Game.from_dict(d)
    d["history"] = [["P1-P2", True]]  # nothing was face down
    with pytest.raises(ValueError, match="P1-P2"):
        Game.from_dict(d)


def test_from_dict_refuses_history_whose_undo_breaks_a_foundation() -> None:
    # Found by this suite: a history move F1-F5 passed the replay check, and
    # undoing it put 5S on F1 over 3S.
    found = [
        "AS 2S 3S",
        "AH",
        "AD",
        "AC",
        run("S", 9, up=False),
        "KH",
        "KD",
        "KC",
    ]
    g = filled(["? " * 6] * 10 + ["? " * 13] * 2 + [""] * 4, found)
    d = g.to_dict()
    d["moves"] = 1
    d["history"] = [["F1-F5", False]]
    with pytest.raises(ValueError, match="out of order"):
        Game.from_dict(d)


def test_from_dict_refuses_history_whose_undo_leaves_a_face_down_top() -> None:
    # Found by this suite: undoing P1-P2 would leave 9H, face down, on top of P2.
    g = filled(["? " * 8 + "7D", "? 9H 8H"] + ["? " * 6] * 14, variant="D")
    d = g.to_dict()
    d["face_down"] = [8, 2] + [5] * 14
    d["moves"] = 1
    d["history"] = [["P1-P2", False]]
    with pytest.raises(ValueError, match="pile P2"):
        Game.from_dict(d)
    d["face_down"] = [8, 1] + [5] * 14  # 9H face up: the history is sound
    h = Game.from_dict(d)
    assert h.undo()
    assert texts(h.piles[1]).endswith("9H")
    assert Game.from_dict(h.to_dict()).to_dict() == h.to_dict()


def test_copy_is_independent_and_equal() -> None:
    g = played_game()
    h = g.copy()
    assert h.to_dict() == g.to_dict()
    h.undo()
    assert h.to_dict() != g.to_dict()


# -- typed steps --------------------------------------------------------------------


def test_a_line_of_play_reads_into_typed_steps() -> None:
    from crescent.rules.engine import REDEAL, Redeal, parse_step

    assert parse_step("P10-P14") == Move(9, 13)
    assert parse_step(" r ") is Redeal.REDEAL
    assert str(Redeal.REDEAL) == REDEAL == "R"
    with pytest.raises(ValueError, match="not a move"):
        parse_step("R2")
    g, h = Game.deal(1), Game.deal(1)
    g.step(Move(0, 10))
    h.play_text("P1-P11")
    assert g.to_dict() == h.to_dict()
    g.step(Redeal.REDEAL)
    h.apply("R")
    assert g.to_dict() == h.to_dict()
    assert g.redeals_left == 2
    with pytest.raises(ValueError, match="is not a move"):
        h.play_text("P1")
