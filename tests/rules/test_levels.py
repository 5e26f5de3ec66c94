"""The levels game in the engine (RULES.md section 7): codes, level deals,
shuffles and their budget, the empty-pile rule per level, saving the level."""

from __future__ import annotations

import pytest

from crescent.rules.cards import card_text
from crescent.rules.deal import InvalidCode, deal_piles, make_code, parse_code
from crescent.rules.engine import Game, IllegalMove, Move, Reason
from crescent.rules.modes import LEVELS

CODE = "CR1-L-LEVELSA"


def level(n: int, *, shuffles_left: int = 5) -> Game:
    return Game.deal(parse_code(CODE)[1], "L", level=n, redeals_left=shuffles_left)


def first_pile(g: Game) -> str:
    return " ".join(card_text(c) for c in g.piles[0])


def test_levels_code_round_trips_and_deals_level_one() -> None:
    assert parse_code(" cr1-l-levelsa ") == ("L", parse_code(CODE)[1])
    assert make_code("L", 1) == "CR1-L-AAAAAAB"
    g = Game.from_code(CODE)
    assert (g.variant, g.level, g.code) == ("L", 1, CODE)
    assert g.rules == LEVELS.rules_for_level(1)
    assert g.redeals_left == 5


def test_each_level_is_its_own_pinned_deal() -> None:
    # Pinned forever: a levels code deals these four levels on every version.
    assert [first_pile(level(n)) for n in range(1, 5)] == [
        "5S JC QH 10C 8C 3C",
        "8C 2H 2D 8D QH QC",
        "2H 10H 2H 3S 6C JS",
        "7C JS 3H 8H 5H 7H",
    ]


def test_levels_deals_differ_from_the_standard_deal_of_the_number() -> None:
    number = parse_code(CODE)[1]
    plain = deal_piles(number)
    assert all(deal_piles(number, n) != plain for n in range(1, 5))
    assert Game.deal(number, "N").piles == plain  # the standard code is untouched


def test_level_rules_empty_piles_accept_at_levels_one_to_three_only() -> None:
    for n in (1, 2, 3):
        assert LEVELS.rules_for_level(n).empty_piles_accept
    assert not LEVELS.rules_for_level(4).empty_piles_accept
    assert all(LEVELS.rules_for_level(n).redeal == "shuffle" for n in range(1, 5))
    with pytest.raises(ValueError, match=r"levels 1\.\.4, not 5"):
        LEVELS.rules_for_level(5)


def emptied(g: Game) -> Game:
    """``g`` with P1's cards spread onto other piles (legal or not: only the rule matters)."""
    cards = g.piles[0]
    g.piles[0] = []
    for k, c in enumerate(cards):
        g.piles[1 + k].append(c)
    return g


@pytest.mark.parametrize("n", [1, 2, 3])
def test_any_card_goes_onto_an_empty_pile_at_levels_one_to_three(n: int) -> None:
    g = emptied(level(n))
    assert g.check(Move.parse("P9-P1")) is None
    g.play_text("P9-P1")
    assert len(g.piles[0]) == 1


def test_nothing_goes_onto_an_empty_pile_at_level_four() -> None:
    g = emptied(level(4))
    assert g.check(Move.parse("P9-P1")) is Reason.EMPTY_PILE
    with pytest.raises(IllegalMove) as err:
        g.play_text("P9-P1")
    assert err.value.reason is Reason.EMPTY_PILE


def test_shuffle_spreads_evenly_onto_every_pile_at_levels_one_to_three() -> None:
    g = emptied(level(2))
    for k in range(10):
        g.piles[5 + k].pop()  # 86 cards left on the tableau
    g.apply("S")
    sizes = [len(p) for p in g.piles]
    assert sum(sizes) == 86
    assert max(sizes) - min(sizes) <= 1
    assert min(sizes) > 0


def test_shuffle_keeps_empty_piles_empty_at_level_four() -> None:
    g = emptied(level(4))
    g.piles[1].pop()
    g.apply("S")
    assert g.piles[0] == []
    sizes = [len(p) for p in g.piles[1:]]
    assert max(sizes) - min(sizes) <= 1
    assert min(sizes) > 0


def test_shuffles_are_reproducible_from_the_code_level_and_index() -> None:
    a, b = level(2), level(2)
    a.apply("S")
    b.apply("S")
    assert a.piles == b.piles
    assert first_pile(a) == "8C 2H KS JS 2D 5C"  # pinned: the shuffle order never changes
    # The same position shuffled as the second shuffle of the game, or at another level, differs.
    c = level(2, shuffles_left=4)
    c.apply("S")
    assert c.piles != a.piles
    d = level(3)
    d.piles = [list(p) for p in level(2).piles]
    d.apply("S")
    assert d.piles != a.piles


def test_shuffle_clears_undo_but_is_not_a_move() -> None:
    g = emptied(level(1))
    g.play_text("P9-P1")
    g.apply("s")
    assert g.moves == 1
    assert not g.can_undo


def test_five_shuffles_per_game_across_levels_and_the_sixth_is_refused() -> None:
    g = level(1)
    for _ in range(3):
        g.apply("S")
    nxt = g.next_level()
    assert (nxt.level, nxt.redeals_left, nxt.moves) == (2, 2, 0)
    nxt.apply("S")
    nxt.apply("S")
    with pytest.raises(IllegalMove) as err:
        nxt.apply("S")
    assert err.value.reason is Reason.NO_SHUFFLES_LEFT
    assert "shuffle refused" in str(err.value)


def test_the_token_must_match_how_the_game_redeals() -> None:
    with pytest.raises(ValueError, match="shuffles"):
        level(1).apply("R")
    with pytest.raises(ValueError, match="redeals"):
        Game.from_code("CR1-N-AAAAAAB").apply("S")


def test_next_level_deals_the_same_code_and_stops_after_four() -> None:
    g = level(1)
    for n in (2, 3, 4):
        g = g.next_level()
        assert (g.level, g.code, g.rules) == (n, CODE, LEVELS.rules_for_level(n))
        assert g.piles == level(n).piles
    assert g.last_level
    with pytest.raises(ValueError, match="no level after 4"):
        g.next_level()
    with pytest.raises(ValueError, match="no level after 0"):
        Game.from_code("CR1-N-AAAAAAB").next_level()


def test_level_is_saved_and_checked() -> None:
    g = level(3, shuffles_left=2)
    g.apply("S")
    d = g.to_dict()
    assert d["level"] == 3
    assert d["code"] == CODE
    h = Game.from_dict(d)
    assert (h.level, h.redeals_left, h.piles) == (3, 1, g.piles)
    h.apply("S")
    g.apply("S")
    assert h.piles == g.piles
    for bad in (0, 5, "2", True, None):
        d2 = dict(d, level=bad)
        with pytest.raises(ValueError, match="level"):
            Game.from_dict(d2)
    plain = Game.from_code("CR1-N-AAAAAAB").to_dict()
    assert "level" not in plain
    with pytest.raises(ValueError, match="level"):
        Game.from_dict(dict(plain, level=2))


def test_bad_levels_codes_are_refused() -> None:
    for bad in ("CR1-L-AAAAAA", "CR1-LL-AAAAAAB", "CR1-L-AAAAAA1"):
        with pytest.raises(InvalidCode):
            parse_code(bad)
    with pytest.raises(ValueError, match=r"outside 1\.\.4"):
        Game.deal(1, "L", level=5)
    with pytest.raises(ValueError, match="has no levels"):
        Game.deal(1, "N", level=2)


def test_the_levels_game_is_one_mode_of_the_registry() -> None:
    from crescent.rules import modes
    from crescent.rules.modes import End, HudItem

    assert modes.by_letter(parse_code(CODE)[0]) is LEVELS
    assert LEVELS in modes.MODES
    assert LEVELS.levels == 4
    assert LEVELS.redeals == 5
    assert LEVELS.redeals_span_levels
    assert LEVELS.time_limits == (900, 720, 600, 480)
    assert LEVELS.hints_per_level == 3
    assert End.TIME_UP in LEVELS.ends
    assert End.BLOCKED in LEVELS.ends
    assert {HudItem.COUNTDOWN, HudItem.SHUFFLE, HudItem.HINTS} <= set(LEVELS.hud)
    assert all(len(m.hud) == len(modes.DEFAULT.hud) for m in modes.MODES)  # one HUD layout
    assert LEVELS.pool is None  # level deals are not the standard pool's deals
    assert LEVELS.stats_key not in {m.stats_key for m in modes.MODES if m is not LEVELS}
