"""The input controller (RULES.md section 5) from scripted pointer and key events.

The table is a real layout (1280x800, the client's nine HUD items) seen through
``LayoutView``; the games are real engine positions built by
``tests/helpers_positions.py``. The controller only returns intents: each test
checks the intents (and the selection) it gives.
"""

from __future__ import annotations

import pytest

from crescent.control.input import (
    DOUBLE_TAP_S,
    DRAG_START_PX,
    Cmd,
    Command,
    Controller,
    DragBack,
    Intent,
    KeyPress,
    LayoutView,
    Nowhere,
    PlayMove,
    PointerDown,
    PointerMove,
    PointerUp,
    Refuse,
)
from crescent.control.layout import compute_layout
from crescent.rules.engine import Game, Move, Reason
from crescent.rules.modes import HudItem
from tests.helpers_positions import moves_text, position

HUD = tuple(
    HudItem(n)
    for n in ("time", "moves", "redeal", "undo", "hint", "new", "code", "settings", "lang")
)
VIEW = LayoutView(compute_layout(1280, 800, hud_items=len(HUD)))
LAYOUT = VIEW.layout

P = {f"P{i + 1}": i for i in range(16)} | {f"F{i + 1}": 16 + i for i in range(8)}


def centre(place: str) -> tuple[float, float]:
    return VIEW.slot_center(P[place])


def empty_table() -> tuple[float, float]:
    """A point on the felt: no place, no HUD cell, outside the foundation area."""
    x, y = 300.0, 400.0
    assert LAYOUT.place_at(x, y) is None
    assert LAYOUT.hud_item_at(x, y) is None
    assert not LAYOUT.foundation_area.contains(x, y)
    return x, y


def mv(text: str) -> Move:
    return Move.parse(text)


class Player:
    """Feeds one controller events at a clock it advances by hand."""

    def __init__(self, game: Game, controller: Controller | None = None) -> None:
        self.game = game
        self.c = controller or Controller(hud_items=HUD)
        self.now = 100.0

    def send(self, event: PointerDown | PointerMove | PointerUp | KeyPress) -> list[Intent]:
        return self.c.handle(event, self.now, VIEW, self.game)

    def tap_at(self, x: float, y: float, pointer: int = 0) -> list[Intent]:
        assert self.send(PointerDown(x, y, pointer)) == []
        return self.send(PointerUp(x, y, pointer))

    def tap(self, place: str) -> list[Intent]:
        return self.tap_at(*centre(place))

    def wait(self, seconds: float = 1.0) -> None:
        self.now += seconds

    def drag(
        self, src: str, to: tuple[float, float], pointer: int = 0
    ) -> tuple[list[Intent], tuple[float, float]]:
        """Press on ``src``, move in steps to ``to``, release there.

        Returns the intents of the release and where the card's top-left was then.
        """
        x0, y0 = centre(src)
        ox, oy = VIEW.slot_origin(P[src])
        assert self.send(PointerDown(x0, y0, pointer)) == []
        for k in range(1, 6):
            x = x0 + (to[0] - x0) * k / 5
            y = y0 + (to[1] - y0) * k / 5
            assert self.send(PointerMove(x, y, pointer)) == []
        intents = self.send(PointerUp(to[0], to[1], pointer))
        return intents, (to[0] - (x0 - ox), to[1] - (y0 - oy))

    def key(self, name: str, **mods: bool) -> list[Intent]:
        return self.send(KeyPress(name, **mods))


# Positions. Only the named tops can move; the rest of the deck is in full
# foundations or buried under the named piles.


def one_destination() -> Game:
    """6S on P1 can only go to F1 (ascending spades at 5)."""
    g = position({"P1": ["6S"], "P2": ["10S"], "P3": ["QS"]}, {"F1": "5S"})
    assert moves_text(g) == ["P1-F1"]
    return g


def two_piles() -> Game:
    """6S on P1 goes on 7S (P2) or 5S (P3); no foundation takes it."""
    g = position(
        {"P1": ["6S"], "P2": ["7S"], "P3": ["5S"], "P4": ["QS"]},
        {"F1": "4S", "F6": "QH", "F3": "AD"},
    )
    assert moves_text(g) == ["P1-P2", "P1-P3", "P2-P1", "P3-P1", "P3-F1"]
    return g


def both_foundations() -> Game:
    """6S on P1 fits both spade foundations: ascending at 5, descending at 7."""
    g = position(
        {"P1": ["6S"], "P2": ["10S"], "P3": ["QS"], "P4": ["2H"]},
        {"F1": "5S", "F5": "7S", "F2": "AH"},
    )
    assert moves_text(g) == ["P1-F1", "P1-F5", "P4-F2"]
    return g


def pile_and_foundation() -> Game:
    """6S on P1 goes on 7S (P2) or F1 (ascending at 5)."""
    g = position({"P1": ["6S"], "P2": ["7S"], "P3": ["QS"]}, {"F1": "5S"})
    assert moves_text(g) == ["P1-P2", "P1-F1", "P2-P1"]
    return g


def nothing_fits() -> Game:
    """6S on P1 fits nowhere: spades ascending at 3, no 5S or 7S on top."""
    g = position({"P1": ["6S"], "P2": ["10S"], "P3": ["QS"], "P4": ["4S"]}, {"F1": "3S"})
    assert moves_text(g) == ["P4-F1"]
    return g


# -- tap ---------------------------------------------------------------------------


def test_tap_with_exactly_one_legal_destination_moves_the_card() -> None:
    p = Player(one_destination())
    assert p.tap("P1") == [PlayMove(mv("P1-F1"))]
    assert p.c.selected is None


def test_tap_with_several_destinations_selects_the_pile_and_lists_them() -> None:
    p = Player(two_piles())
    assert p.tap("P1") == []
    assert p.c.selected == P["P1"]
    assert p.c.destinations(p.game, P["P1"]) == [P["P2"], P["P3"]]


def test_tap_on_a_destination_after_selecting_moves_there() -> None:
    p = Player(two_piles())
    p.tap("P1")
    p.wait()
    assert p.tap("P3") == [PlayMove(mv("P1-P3"))]
    assert p.c.selected is None


def test_tap_on_a_foundation_after_selecting_moves_there() -> None:
    p = Player(pile_and_foundation())
    p.tap("P1")
    p.wait()
    assert p.tap("F1") == [PlayMove(mv("P1-F1"))]


def test_tapping_the_selected_pile_again_clears_the_selection() -> None:
    p = Player(two_piles())
    p.tap("P1")
    p.wait()  # not a double tap
    assert p.tap("P1") == []
    assert p.c.selected is None


def test_tapping_empty_table_clears_the_selection() -> None:
    p = Player(two_piles())
    p.tap("P1")
    assert p.tap_at(*empty_table()) == []
    assert p.c.selected is None


@pytest.mark.parametrize(
    ("target", "reason"),
    [
        ("P5", Reason.EMPTY_PILE),
        ("F6", Reason.WRONG_SUIT),  # descending hearts
        ("F2", Reason.FOUNDATION_COMPLETE),
        ("F1", Reason.NOT_NEXT_RANK),  # ascending spades at 4
    ],
)
def test_tap_on_a_refused_destination_gives_the_reason(target: str, reason: Reason) -> None:
    p = Player(two_piles())
    p.tap("P1")
    p.wait()
    assert p.tap(target) == [Refuse(reason, P["P1"], dst=P[target])]
    assert p.c.selected is None


def test_tap_on_a_card_that_is_no_target_is_a_tap_on_that_card() -> None:
    p = Player(two_piles())
    p.tap("P1")
    p.wait()
    assert p.tap("P4") == [Nowhere(P["P4"])]  # the QS's own answer, not one about the 6S
    assert p.c.selected is None


def test_tap_on_an_empty_pile_says_there_is_no_card() -> None:
    p = Player(two_piles())
    assert p.tap("P9") == [Refuse(Reason.EMPTY_SOURCE, P["P9"])]


def test_tap_on_a_foundation_base_says_it_is_locked() -> None:
    p = Player(two_piles())
    assert p.tap("F3") == [Refuse(Reason.BASE_LOCKED, P["F3"])]


# -- double tap ----------------------------------------------------------------------


def test_double_tap_sends_the_card_to_an_accepting_foundation() -> None:
    p = Player(pile_and_foundation())
    assert p.tap("P1") == []  # two places accept it: selected
    p.wait(DOUBLE_TAP_S / 2)
    assert p.tap("P1") == [PlayMove(mv("P1-F1"))]


def test_double_tap_prefers_a_foundation_when_both_foundations_accept() -> None:
    p = Player(both_foundations())
    p.tap("P1")
    p.wait(0.1)
    [intent] = p.tap("P1")
    assert isinstance(intent, PlayMove)
    assert intent.move.dst in (P["F1"], P["F5"])


def test_double_tap_without_a_foundation_goes_to_the_single_accepting_pile() -> None:
    g = position(
        {"P1": ["6S", "8H"], "P2": ["7S"], "P3": ["7H"], "P4": ["9H"]}, {"F1": "3S", "F2": "2H"}
    )
    assert [m for m in moves_text(g) if m.startswith("P1-")] == ["P1-P3", "P1-P4"]
    g.play_text("P1-P3")
    assert [m for m in moves_text(g) if m.startswith("P1-")] == ["P1-P2"]
    p = Player(g)
    assert p.c.double_tap(P["P1"], g) == [PlayMove(mv("P1-P2"))]


def test_a_card_nothing_takes_is_not_left_selected_and_the_next_tap_is_its_own() -> None:
    # Issue 29: after "No place takes the QS", a tap on the 6S (one place) plays the 6S,
    # rather than being refused as a destination of the QS.
    g = position({"P1": ["6S"], "P2": ["7S"], "P4": ["QS"]}, {"F1": "3S"})
    p = Player(g)
    assert p.c.tap(P["P4"], g) == [Nowhere(P["P4"])]
    assert p.c.selected is None
    assert p.tap("P1") == [PlayMove(mv("P1-P2"))]


def test_a_tap_on_a_pile_the_selection_cannot_go_to_takes_that_pile_instead() -> None:
    # 8H goes to 7H or 9H (selected); the 6S is no target of it: the 6S is played
    # (one place), by a tap and by Enter on it.
    g = position(
        {"P1": ["6S"], "P2": ["7S"], "P3": ["7H"], "P4": ["9H"], "P5": ["8H"]},
        {"F1": "3S", "F2": "2H"},
    )
    for key in (False, True):
        p = Player(g)
        assert p.c.tap(P["P5"], g) == []
        assert p.c.selected == P["P5"]
        if key:
            p.c.focus, p.c.focus_visible = P["P1"], True
            out = p.send(KeyPress("return"))
        else:
            out = p.tap("P1")
        assert out == [PlayMove(mv("P1-P2"))]
        assert p.c.selected is None


def test_a_tap_on_a_foundation_or_an_empty_pile_still_says_why_the_selection_cannot_go() -> None:
    g = position({"P1": ["8H"], "P3": ["7H"], "P4": ["9H"]}, {"F1": "3S", "F2": "2H"})
    p = Player(g)
    assert p.c.tap(P["P1"], g) == []
    assert p.tap("F1") == [Refuse(Reason.WRONG_SUIT, P["P1"], dst=P["F1"])]


def test_double_tap_where_nothing_accepts_gives_the_reason() -> None:
    p = Player(nothing_fits())
    # Nowhere to go: the player is told, and nothing stays selected.
    assert p.tap("P1") == [Nowhere(P["P1"])]
    assert p.c.selected is None
    p.wait(0.1)
    assert p.tap("P1") == [Refuse(Reason.NOT_NEXT_RANK, P["P1"])]
    assert p.c.selected is None


def test_second_tap_of_a_double_tap_does_nothing_after_the_first_moved() -> None:
    p = Player(one_destination())
    assert p.tap("P1") == [PlayMove(mv("P1-F1"))]
    p.game.play_text("P1-F1")  # the table carries the move out
    p.wait(0.1)
    assert p.tap("P1") == []
    assert p.c.selected is None


def test_two_slow_taps_are_two_single_taps() -> None:
    p = Player(pile_and_foundation())
    p.tap("P1")
    p.wait(DOUBLE_TAP_S + 0.1)
    assert p.tap("P1") == []  # the selected pile tapped again: cleared
    assert p.c.selected is None


# -- drag and drop -----------------------------------------------------------------------


def test_drag_onto_a_pile_moves_with_the_drop_position() -> None:
    p = Player(two_piles())
    intents, origin = p.drag("P1", centre("P2"))
    assert intents == [PlayMove(mv("P1-P2"), origin)]
    assert p.c.drag is None


def test_a_press_that_moves_less_than_the_drag_threshold_is_a_tap() -> None:
    p = Player(one_destination())
    x, y = centre("P1")
    p.send(PointerDown(x, y))
    assert p.send(PointerMove(x + DRAG_START_PX - 2, y)) == []
    assert p.c.drag is not None
    assert not p.c.drag.active
    assert p.send(PointerUp(x + DRAG_START_PX - 2, y)) == [PlayMove(mv("P1-F1"))]


def test_the_dragged_card_follows_the_pointer_past_the_threshold() -> None:
    p = Player(two_piles())
    x, y = centre("P1")
    ox, oy = VIEW.slot_origin(P["P1"])
    p.send(PointerDown(x, y))
    p.send(PointerMove(x + DRAG_START_PX + 6, y - 40))
    d = p.c.drag
    assert d is not None
    assert d.active
    assert d.src == P["P1"]
    assert d.card_origin == (ox + DRAG_START_PX + 6, oy - 40)


def test_drop_anywhere_in_the_foundation_area_goes_to_the_accepting_foundation() -> None:
    p = Player(one_destination())
    area = LAYOUT.foundation_area
    corner = (area.x + 2.0, area.bottom - 2.0)  # off every card
    assert LAYOUT.place_at(*corner) is None
    intents, origin = p.drag("P1", corner)
    assert intents == [PlayMove(mv("P1-F1"), origin)]


def test_drop_on_another_suits_foundation_goes_to_the_suits_own() -> None:
    p = Player(one_destination())
    intents, origin = p.drag("P1", centre("F7"))  # descending diamonds
    assert intents == [PlayMove(mv("P1-F1"), origin)]


@pytest.mark.parametrize("under", ["F1", "F5"])
def test_ambiguous_foundation_drop_goes_to_the_one_under_the_pointer(under: str) -> None:
    p = Player(both_foundations())
    intents, origin = p.drag("P1", centre(under))
    assert intents == [PlayMove(Move(P["P1"], P[under]), origin)]


@pytest.mark.parametrize(
    ("spot", "nearest"),
    [
        ("top-left corner", "F1"),
        ("bottom-left corner", "F5"),
        ("top of F2", "F1"),
        ("bottom of F6", "F5"),
    ],
)
def test_ambiguous_foundation_drop_elsewhere_goes_to_the_nearest(spot: str, nearest: str) -> None:
    area = LAYOUT.foundation_area
    f2 = LAYOUT.slots[P["F2"]]
    f6 = LAYOUT.slots[P["F6"]]
    point = {
        "top-left corner": (area.x + 2.0, area.y + 2.0),
        "bottom-left corner": (area.x + 2.0, area.bottom - 2.0),
        "top of F2": (f2.x + 5.0, f2.y + 5.0),
        "bottom of F6": (f6.x + 5.0, f6.bottom - 5.0),
    }[spot]
    assert area.contains(*point)
    assert LAYOUT.place_at(*point) not in (P["F1"], P["F5"])  # not under either
    p = Player(both_foundations())
    intents, origin = p.drag("P1", point)
    assert intents == [PlayMove(Move(P["P1"], P[nearest]), origin)]


def test_selected_card_tapped_into_the_foundation_area_goes_to_its_foundation() -> None:
    p = Player(pile_and_foundation())
    p.tap("P1")
    area = LAYOUT.foundation_area
    assert p.tap_at(area.x + 2.0, area.y + 2.0) == [PlayMove(mv("P1-F1"))]


def test_invalid_drop_is_refused_and_slides_back_from_the_drop() -> None:
    p = Player(two_piles())
    intents, origin = p.drag("P1", centre("P4"))  # QS
    assert intents == [Refuse(Reason.RANK_NOT_ADJACENT, P["P1"], origin, P["P4"])]


def test_drop_in_the_foundation_area_with_no_foundation_accepting_is_refused() -> None:
    p = Player(nothing_fits())
    area = LAYOUT.foundation_area
    intents, origin = p.drag("P1", (area.x + 2.0, area.y + 2.0))
    # The foundation nearest the drop refused it (the table names the card it takes).
    assert intents == [Refuse(Reason.NOT_NEXT_RANK, P["P1"], origin, P["F1"])]


def test_drop_on_nowhere_slides_the_card_back() -> None:
    p = Player(two_piles())
    intents, origin = p.drag("P1", empty_table())
    assert intents == [DragBack(P["P1"], origin)]


def test_drop_on_its_own_pile_slides_the_card_back() -> None:
    p = Player(two_piles())
    x, y = centre("P1")
    p.send(PointerDown(x, y))
    p.send(PointerMove(x + 200, y))
    p.send(PointerMove(x + 2, y + 3))
    ox, oy = VIEW.slot_origin(P["P1"])
    assert p.send(PointerUp(x + 2, y + 3)) == [DragBack(P["P1"], (ox + 2, oy + 3))]


def test_a_release_far_away_without_motion_is_a_drop() -> None:
    p = Player(two_piles())
    x, y = centre("P1")
    p.send(PointerDown(x, y))
    tx, ty = centre("P2")
    [intent] = p.send(PointerUp(tx, ty))
    assert isinstance(intent, PlayMove)
    assert intent.move == mv("P1-P2")
    assert intent.from_pos is not None


def test_a_second_finger_is_ignored_while_one_drags() -> None:
    p = Player(two_piles())
    x, y = centre("P1")
    assert p.send(PointerDown(x, y, 1)) == []
    assert p.send(PointerMove(x + 40, y - 40, 1)) == []
    # A second finger taps P3 and moves about: nothing happens.
    x3, y3 = centre("P3")
    assert p.send(PointerDown(x3, y3, 2)) == []
    assert p.send(PointerMove(x3 + 50, y3, 2)) == []
    assert p.send(PointerUp(x3 + 50, y3, 2)) == []
    d = p.c.drag
    assert d is not None
    assert d.src == P["P1"]
    assert d.pos == (x + 40, y - 40)
    tx, ty = centre("P2")
    p.send(PointerMove(tx, ty, 1))
    [intent] = p.send(PointerUp(tx, ty, 1))
    assert isinstance(intent, PlayMove)
    assert intent.move == mv("P1-P2")


def test_a_new_press_of_the_same_pointer_replaces_a_stale_drag() -> None:
    # The release of the first press never arrived (the window lost it):
    # the next press of that pointer must still work.
    p = Player(one_destination())
    x, y = centre("P2")
    p.send(PointerDown(x, y))
    p.send(PointerMove(x + 100, y + 100))
    assert p.tap("P1") == [PlayMove(mv("P1-F1"))]


# -- HUD -------------------------------------------------------------------------------


@pytest.mark.parametrize("index", range(len(HUD)))
def test_hud_tap_gives_its_command(index: int) -> None:
    p = Player(two_piles())
    cell = LAYOUT.hud_cells[index]
    assert p.tap_at(*cell.center) == [Command(Cmd(HUD[index]))]


def test_hud_tap_keeps_the_selection_for_dialogs_to_decide() -> None:
    p = Player(two_piles())
    p.tap("P1")
    assert p.tap_at(*LAYOUT.hud_cells[HUD.index("undo")].center) == [Command(Cmd.UNDO)]


# -- keyboard ------------------------------------------------------------------------------


def test_tab_moves_the_focus_forward_and_shift_tab_back() -> None:
    p = Player(two_piles())
    assert p.c.focus is None
    assert p.key("tab") == []
    assert p.c.focus == 0
    p.key("tab")
    assert p.c.focus == 1
    p.key("tab", shift=True)
    p.key("tab", shift=True)
    assert p.c.focus == 24 + HUD.index("lang")  # wraps round the places and the HUD


def test_tab_cycles_through_the_hud_buttons_and_enter_presses_them() -> None:
    p = Player(two_piles())
    p.key("tab")
    seen = []
    for _ in range(24 + 7):
        seen.append(p.c.focus)
        p.key("tab")
    assert seen == [*range(24), *(24 + HUD.index(n) for n in HUD[2:])]  # not time, moves
    assert p.c.focus == 0  # round again
    p.key("tab", shift=True)
    assert p.key("return") == [Command(Cmd.LANG)]
    assert LAYOUT.hud_side == "right"  # 1280x800: the HUD is a column down the right side
    p.key("up")
    assert p.c.focus == 24 + HUD.index("lang") - 1
    p.key("left")
    assert p.c.focus is not None
    assert p.c.focus < 24


def test_the_focus_ring_hides_during_pointer_play_and_comes_back_on_a_key() -> None:
    p = Player(two_piles())
    p.key("tab")
    p.key("tab")
    assert p.c.focus == 1
    assert p.c.focus_visible
    p.tap("P1")
    assert not p.c.focus_visible
    assert p.key("return") == []  # the first key shows the ring where it was
    assert p.c.focus == 1
    assert p.c.focus_visible
    p.key("tab")
    assert p.c.focus == 2


def test_thresholds_are_millimetres_at_the_screen_density() -> None:
    low, high = Controller(), Controller()
    low.set_dpi(96)
    high.set_dpi(288)
    assert high.drag_start_px == pytest.approx(3 * low.drag_start_px)
    assert low.drag_start_px > 14  # no longer a fixed 14 px
    assert high.double_tap_px == pytest.approx(3 * low.double_tap_px)


def test_a_wobbly_tap_is_a_tap() -> None:
    p = Player(two_piles())
    x, y = centre("P1")
    p.send(PointerDown(x, y, 1))
    p.send(PointerMove(x + 16, y + 2, 1))  # past the drag threshold...
    assert p.c.drag is not None
    assert p.c.drag.active
    assert p.send(PointerUp(x + 12, y + 1, 1)) == []  # ...but back near the start: a tap
    assert p.c.selected == P["P1"]  # two places take 6S: selected


def test_a_lost_release_is_forgotten_on_focus_loss_and_by_a_new_first_finger() -> None:
    p = Player(one_destination())
    x, y = centre("P1")
    ox, oy = VIEW.slot_origin(P["P1"])
    p.send(PointerDown(x, y, 1))
    p.send(PointerMove(x + 100, y, 1))
    # The window lost focus: the release of finger 1 never comes.
    assert p.c.cancel_pointer() == [DragBack(P["P1"], (ox + 100, oy))]
    assert p.c.drag is None
    p.send(PointerDown(x, y, 1))  # a stale press again, no focus event this time
    assert p.send(PointerDown(x, y, 2)) == []  # a second finger: still ignored
    assert p.c.drag is not None
    assert p.c.drag.pointer == 1
    p.send(PointerDown(x, y, 3, first=True))  # a new first finger: the stale one is gone
    assert p.send(PointerUp(x, y, 3)) == [PlayMove(mv("P1-F1"))]


@pytest.mark.parametrize(
    ("start", "key", "expected"),
    [
        ("P1", "up", "P2"),
        ("P2", "down", "P1"),
        ("P4", "up", "P5"),
        ("P5", "right", "P6"),
        ("P6", "left", "P5"),
        ("P12", "down", "P13"),
        ("P13", "down", "P14"),
        ("F1", "right", "F2"),
        ("F1", "down", "F5"),
        ("F5", "up", "F1"),
        ("P5", "left", "P5"),  # nothing further left: the focus stays
    ],
)
def test_arrows_move_the_focus_to_the_neighbour(start: str, key: str, expected: str) -> None:
    p = Player(two_piles())
    p.c.focus, p.c.focus_visible = P[start], True
    assert p.key(key) == []
    assert p.c.focus == P[expected]


def test_enter_and_space_tap_the_focused_place() -> None:
    p = Player(two_piles())
    p.c.focus, p.c.focus_visible = P["P1"], True
    assert p.key("return") == []
    assert p.c.selected == P["P1"]
    p.c.focus, p.c.focus_visible = P["P3"], True
    assert p.key("space") == [PlayMove(mv("P1-P3"))]


def test_enter_with_no_focus_shows_the_focus_first() -> None:
    p = Player(one_destination())
    assert p.key("return") == []
    assert p.c.focus == 0
    assert p.key("return") == [PlayMove(mv("P1-F1"))]


def test_enter_twice_quickly_is_not_a_double_tap() -> None:
    p = Player(two_piles())
    p.c.focus, p.c.focus_visible = P["P1"], True
    p.key("return")
    assert p.key("return") == []  # the selected pile again: cleared
    assert p.c.selected is None


@pytest.mark.parametrize(
    ("key", "mods", "command"),
    [
        ("u", {}, "undo"),
        ("z", {"ctrl": True}, "undo"),
        ("y", {"ctrl": True}, "redo"),
        ("z", {"ctrl": True, "shift": True}, "redo"),
        ("r", {"ctrl": True}, "restart"),
        ("r", {}, "redeal"),
        ("n", {}, "new"),
        ("h", {}, "hint"),
        ("f11", {}, "fullscreen"),
    ],
)
def test_shortcut_keys_give_commands(key: str, mods: dict[str, bool], command: str) -> None:
    p = Player(two_piles())
    assert p.key(key, **mods) == [Command(Cmd(command))]


def test_plain_z_and_ctrl_letters_do_nothing() -> None:
    p = Player(two_piles())
    assert p.key("z") == []
    assert p.key("y") == []
    assert p.key("n", ctrl=True) == []
    assert p.key("y", ctrl=True, alt=True) == []
    assert p.key("u", alt=True) == []


def test_p_and_space_with_no_focus_ring_pause_where_the_game_pauses() -> None:
    p = Player(two_piles(), Controller(hud_items=HUD, pausable=True))
    assert p.key("p") == [Command(Cmd.PAUSE)]
    assert p.key("space") == [Command(Cmd.PAUSE)]
    assert p.c.focus is None  # Space did not bring a focus ring


def test_space_on_a_focused_card_still_taps_it() -> None:
    p = Player(one_destination(), Controller(hud_items=HUD, pausable=True))
    assert p.key("tab") == []  # the ring shows, on P1
    assert p.key("space") == [PlayMove(mv("P1-F1"))]


def test_without_pause_p_does_nothing_and_space_brings_the_focus() -> None:
    p = Player(one_destination())  # the kiosk's controller: not pausable
    assert p.key("p") == []
    assert p.key("space") == []
    assert p.c.focus == 0
    assert p.c.focus_visible


def test_escape_clears_the_selection_and_asks_nothing_else() -> None:
    p = Player(two_piles())
    p.tap("P1")
    assert p.key("escape") == []
    assert p.c.selected is None
    assert p.key("escape") == []  # on the bare table Esc does nothing (no quitting by accident)


def test_escape_cancels_a_drag() -> None:
    p = Player(two_piles())
    x, y = centre("P1")
    p.send(PointerDown(x, y))
    p.send(PointerMove(x + 100, y))
    assert p.key("escape") == []
    assert p.c.drag is None
    assert p.send(PointerUp(*centre("P2"))) == []  # the release of a cancelled drag


def test_a_shortcut_forgets_the_selection() -> None:
    p = Player(two_piles())
    p.tap("P1")
    p.key("u")
    assert p.c.selected is None


def test_every_place_is_reachable_with_tab() -> None:
    p = Player(two_piles())
    seen = set()
    for _ in range(24):
        p.key("tab")
        seen.add(p.c.focus)
    assert seen == set(range(24))


# -- the levels game: empty piles per level (RULES.md section 7) ----------------------


def level_with_an_empty_pile(level: int) -> Game:
    """P1's 9S fits nowhere but on an empty pile (8S and 10S lie under it); P2 is empty."""
    piles: dict[str, list[str]] = {"P1": ["9S"], "P3": ["KS"], "P2": []}
    return position(piles, {"F1": "7S", "F5": "JS"}, redeals_left=5, level=level)


def test_a_drop_on_an_empty_pile_is_accepted_at_level_two() -> None:
    p = Player(level_with_an_empty_pile(2))
    intents, origin = p.drag("P1", centre("P2"))
    assert intents == [PlayMove(mv("P1-P2"), origin)]


def test_a_drop_on_an_empty_pile_is_refused_with_its_reason_at_level_four() -> None:
    p = Player(level_with_an_empty_pile(4))
    intents, origin = p.drag("P1", centre("P2"))
    assert intents == [Refuse(Reason.EMPTY_PILE, P["P1"], origin, P["P2"])]
