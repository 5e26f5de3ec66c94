"""Game codes and the project's own shuffle (crescent/deal.py).

Codes are forever: ``tests/data/deals.json`` pins whole layouts. It was made
ONCE from deal.py, with::

    .venv/bin/python -c "
    import json
    from crescent.rules.cards import card_text
    from crescent.rules.deal import deal_piles, parse_code
    codes = ['CR1-N-AAAAAAA', 'CR1-N-AAAAAAB', 'CR1-N-CRESCNT', 'CR1-N-NAAAAAA', 'CR1-N-ZZZZZZZ']
    deals = {c: [' '.join(card_text(x) for x in p) for p in deal_piles(parse_code(c)[1])]
             for c in codes}
    doc = {'about': 'Pinned deals: piles P1..P16, bottom to top. Generated once from '
                    'crescent/deal.py; never regenerate (codes are forever).', 'deals': deals}
    open('tests/data/deals.json', 'w').write(json.dumps(doc, indent=2) + '\\n')"

Never regenerate it to make a failing test pass: a failure means old codes
would deal different cards.
"""

from __future__ import annotations

import json
import random
from collections import Counter
from pathlib import Path

import pytest

from crescent.rules.cards import ACE, KING, card, card_text, full_double_deck, parse_card
from crescent.rules.deal import (
    DEAL_COUNT,
    InvalidCode,
    SplitMix64,
    deal_piles,
    make_code,
    number_text,
    parse_code,
    tableau_cards,
)
from crescent.rules.engine import Game

PINNED = Path(__file__).parents[1] / "data" / "deals.json"


def _pinned_deals() -> dict[str, list[str]]:
    deals: dict[str, list[str]] = json.loads(PINNED.read_text(encoding="utf-8"))["deals"]
    return deals


def _layout(game: Game) -> list[str]:
    return [" ".join(card_text(c) for c in p) for p in game.piles]


# -- the generator ------------------------------------------------------------


def test_splitmix64_matches_the_published_reference_outputs() -> None:
    # Vigna's splitmix64.c: seed 0 and seed 1234567, first three outputs.
    zero = SplitMix64(0)
    assert [zero.next() for _ in range(3)] == [
        0xE220A8397B1DCDAF,
        0x6E789E6AA1B965F4,
        0x06C45D188009454F,
    ]
    other = SplitMix64(1234567)
    assert [other.next() for _ in range(3)] == [
        6457827717110365317,
        3203168211198807973,
        9817491932198370423,
    ]


def test_splitmix64_below_stays_in_range_and_reaches_every_value() -> None:
    rng = SplitMix64(42)
    seen = Counter(rng.below(7) for _ in range(7000))
    assert set(seen) == set(range(7))
    assert min(seen.values()) > 800


def test_shuffle_keeps_the_same_cards() -> None:
    cards = tableau_cards()
    shuffled = list(cards)
    SplitMix64(5).shuffle(shuffled)
    assert shuffled != cards
    assert sorted(shuffled) == sorted(cards)


# -- the deal -----------------------------------------------------------------


def test_tableau_is_the_double_deck_without_one_ace_and_one_king_per_suit() -> None:
    cards = tableau_cards()
    assert len(cards) == 96
    bases = Counter([card(ACE, s) for s in range(4)] + [card(KING, s) for s in range(4)])
    assert Counter(cards) + bases == Counter(full_double_deck())


@pytest.mark.parametrize("code", sorted(_pinned_deals()))
def test_pinned_deal_is_dealt_exactly(code: str) -> None:
    assert _layout(Game.from_code(code)) == _pinned_deals()[code]


def test_pinned_file_holds_at_least_four_deals_including_the_first_and_last() -> None:
    deals = _pinned_deals()
    assert len(deals) >= 4
    assert {"CR1-N-AAAAAAA", "CR1-N-AAAAAAB", "CR1-N-ZZZZZZZ"} <= set(deals)
    for piles in deals.values():
        assert len(piles) == 16
        assert all(len(p.split()) == 6 for p in piles)
        assert Counter(parse_card(t) for p in piles for t in p.split()) == Counter(tableau_cards())


def test_every_deal_has_16_piles_of_6_from_the_tableau_cards() -> None:
    rng = random.Random(3)
    for number in [0, 1, DEAL_COUNT - 1, *(rng.randrange(DEAL_COUNT) for _ in range(20))]:
        piles = deal_piles(number)
        assert [len(p) for p in piles] == [6] * 16
        assert Counter(c for p in piles for c in p) == Counter(tableau_cards())


def test_different_numbers_deal_differently() -> None:
    layouts = {tuple(map(tuple, deal_piles(n))) for n in range(50)}
    assert len(layouts) == 50


def test_deal_number_outside_the_range_is_refused() -> None:
    for number in (-1, DEAL_COUNT):
        with pytest.raises(InvalidCode) as err:
            deal_piles(number)
        assert err.value.fault == "number"


def test_variants_share_the_cards_of_a_number() -> None:
    standard = Game.from_code("CR1-N-CRESCNT")
    assert Game.from_code("CR1-F-CRESCNT").piles == standard.piles
    assert Game.from_code("CR1-D-CRESCNT").piles == standard.piles


def test_foundations_start_with_their_base_cards() -> None:
    game = Game.from_code("CR1-N-AAAAAAB")
    assert [card_text(f[0]) for f in game.foundations] == [
        "AS",
        "AH",
        "AD",
        "AC",
        "KS",
        "KH",
        "KD",
        "KC",
    ]
    assert all(len(f) == 1 for f in game.foundations)


# -- codes --------------------------------------------------------------------


def test_code_aaaaaab_deals_deal_1() -> None:
    game = Game.from_code("CR1-N-AAAAAAB")
    assert game.number == 1
    assert game.variant == "N"
    assert game.piles == deal_piles(1)


def test_code_round_trips() -> None:
    rng = random.Random(11)
    for variant in "NFD":
        for number in [0, 1, DEAL_COUNT - 1, *(rng.randrange(DEAL_COUNT) for _ in range(30))]:
            code = make_code(variant, number)
            assert parse_code(code) == (variant, number)
            game = Game.from_code(code)
            assert game.code == code
            assert Game.from_code(game.code).piles == game.piles


def test_new_game_code_deals_it_again() -> None:
    game = Game.new("F", random.Random(8))
    again = Game.from_code(game.code)
    assert again.piles == game.piles
    assert again.variant == "F"


def test_number_letters_are_base_26_most_significant_first() -> None:
    assert number_text(0) == "AAAAAAA"
    assert number_text(1) == "AAAAAAB"
    assert number_text(26) == "AAAAABA"
    assert parse_code("CR1-N-AAAAABA") == ("N", 26)
    assert parse_code("CR1-N-BAAAAAA") == ("N", 26**6)


def test_zzzzzzz_is_the_largest_deal() -> None:
    assert parse_code("CR1-N-ZZZZZZZ") == ("N", DEAL_COUNT - 1)
    assert DEAL_COUNT == 26**7
    assert Game.from_code("CR1-N-ZZZZZZZ").number == DEAL_COUNT - 1
    with pytest.raises(InvalidCode):
        number_text(DEAL_COUNT)


def test_lower_case_and_surrounding_spaces_are_accepted() -> None:
    assert parse_code("  cr1-d-aaaaaab \n") == ("D", 1)
    assert parse_code("\tCr1-F-CrEsCnT ") == parse_code("CR1-F-CRESCNT")
    assert Game.from_code(" cr1-n-aaaaaab ").code == "CR1-N-AAAAAAB"


@pytest.mark.parametrize(
    ("text", "fault", "words"),
    [
        ("", "empty", "empty"),
        ("   ", "empty", "empty"),
        ("CR1-N-AAAAAA", "length", "7"),
        ("CR1-N-AAAAAAAA", "length", "7"),
        ("CR2-N-AAAAAAB", "version", "CR1"),
        ("CR1-X-AAAAAAB", "variant", "variant"),
        ("CR1-NF-AAAAAAB", "variant", "variant"),
        ("CR1-N-AAAAAA1", "letters", "'1'"),
        ("A" * 10**6, "too_long", "1000000 characters"),
        ("CR1 N AAAAAAB", "shape", "CR1-N-AAAAAAD"),
        ("CR1-N-AAAAAAB-", "shape", "CR1-N-AAAAAAD"),
        ("CR1-N-AAAAAAÉ", "shape", "CR1-N-AAAAAAD"),
        # Letters that only upper-case to A-Z are not code letters.
        ("cr1-n-aaaaaaſ", "shape", "CR1-N-AAAAAAD"),
        ("CR1-N-AAAAAAı", "shape", "CR1-N-AAAAAAD"),
    ],
)
def test_bad_code_is_refused_naming_the_fault(text: str, fault: str, words: str) -> None:
    with pytest.raises(InvalidCode) as err:
        Game.from_code(text)
    assert err.value.fault == fault
    assert words in str(err.value)
    assert len(str(err.value)) < 300


@pytest.mark.parametrize("value", [None, 1, b"CR1-N-AAAAAAB", ["CR1-N-AAAAAAB"]])
def test_code_that_is_not_text_is_refused(value: object) -> None:
    with pytest.raises(InvalidCode) as err:
        Game.from_code(value)  # type: ignore[arg-type]
    assert err.value.fault == "shape"
    assert "text" in str(err.value)


def test_invalid_code_is_a_value_error() -> None:
    assert issubclass(InvalidCode, ValueError)


def test_unknown_variant_is_refused_when_dealing() -> None:
    for variant in ("X", "", "NF"):
        with pytest.raises(InvalidCode) as err:
            Game.deal(1, variant)
        assert err.value.fault == "variant"
    with pytest.raises(InvalidCode):
        make_code("X", 1)
