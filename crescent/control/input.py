"""The input controller: a pure state machine from pointer and key events to intents.

It sees the table through a layout (hit-testing) and the game (read only:
which moves are legal, why one is refused). It never changes the game and
never imports pygame: the table scene carries out the intents it returns.

Behaviour (RULES.md section 5):

* Tap a pile: exactly one legal destination -> it moves; several -> the pile
  is selected and its legal destinations are highlighted; none -> the player
  is told, nothing is selected. With a selection, a tap on a legal place moves
  there; a tap on another card that is no target of it is a tap on that card;
  a tap on a foundation or an empty pile says why not. Tapping the selected
  pile again, or empty table, clears the selection.
* Double tap: to a foundation that accepts the card, else to the single pile
  that accepts it, else the reason why not.
* Drag: past ``drag_start_px`` (DRAG_START_MM at the screen's density) the
  card follows the pointer; a press that stays within ``tap_slop_px`` of where
  it began and is released on its place is still a tap (a wobbly finger); a drop on a pile
  moves there; a drop anywhere in the foundation area goes to the accepting
  foundation of the card's suit (under the pointer if both accept, else the
  nearest); an invalid drop slides back with the reason.
* One pointer at a time: a second finger is ignored while one is down. A
  pointer whose release was lost (focus lost, window left: :meth:`cancel_pointer`)
  or that a new first finger or the mouse replaces is forgotten.
* Keys: Tab cycles a focus over the places then the HUD buttons, arrows move
  it to the nearest one in that direction, Enter/Space tap it; the focus ring
  hides while the pointer plays and comes back with a key;
  U/Ctrl+Z undo, Ctrl+Y/Ctrl+Shift+Z redo, R redeal, N new game, H hint,
  Ctrl+R restart this deal, T the clock and what is left (shown, and said with
  speech on), Esc clears the selection. Where the game pauses
  (``pausable``: not in the kiosk), P pauses, and so does Space while no focus
  ring shows (with the ring, Space taps what it is on, as Enter does).
"""

from __future__ import annotations

import enum
import math
from dataclasses import dataclass, field
from typing import Final, NamedTuple, Protocol

from crescent.control.layout import TableLayout as TableLayoutLike
from crescent.rules.engine import FOUNDATIONS, PILES, Move, Reason, ascending, descending
from crescent.rules.modes import HudItem

PLACES = PILES + FOUNDATIONS

# Sized for fingers, in millimetres: a finger wobbles by a few millimetres during a tap.
DRAG_START_MM = 4.0
"""A press that moves further than this is a drag, not a tap."""
TAP_SLOP_MM = 6.0
"""A press released this near where it began (on the same place) is a tap."""
DOUBLE_TAP_S = 0.35
"""Two taps on one place within this time make a double tap."""
DOUBLE_TAP_MM = 10.0
"""...and within this distance of each other."""
DEFAULT_DPI = 96.0
"""The density assumed when the screen's is not known."""


def mm_to_px(mm: float, dpi: float | None) -> float:
    """``mm`` millimetres in pixels at ``dpi`` (None: DEFAULT_DPI)."""
    return mm * (dpi or DEFAULT_DPI) / 25.4


DRAG_START_PX = mm_to_px(DRAG_START_MM, None)
"""The drag threshold at the default density (15 px at 96 dpi)."""


# -- events in ----------------------------------------------------------------


class PointerDown(NamedTuple):
    """A press: the mouse button or a finger went down at (x, y), in table pixels."""

    x: float
    y: float
    pointer: int = 0
    """0 for the mouse, the finger id + 1 for touches."""
    first: bool = False
    """A finger that touched down with no other finger on the screen."""


class PointerMove(NamedTuple):
    """The mouse or a finger moved to (x, y)."""

    x: float
    y: float
    pointer: int = 0


class PointerUp(NamedTuple):
    """A release at (x, y)."""

    x: float
    y: float
    pointer: int = 0


class KeyPress(NamedTuple):
    """A key went down, with the modifiers held."""

    key: str
    """A key name: "left", "right", "up", "down", "tab", "return", "space",
    "escape", "u", "r", "n", "h", "f11", ... (lower case)."""
    ctrl: bool = False
    shift: bool = False
    alt: bool = False


Event = PointerDown | PointerMove | PointerUp | KeyPress
"""What the controller reads."""


class TextInput(NamedTuple):
    """Typed text (a dialog's field), apart from the key presses."""

    text: str


class WindowKind(enum.StrEnum):
    QUIT = "quit"
    RESIZE = "resize"
    FOCUS_LOST = "focus_lost"
    FOCUS_GAINED = "focus_gained"
    MINIMISED = "minimised"
    HIDDEN = "hidden"
    """Unmapped (another virtual desktop, the window manager hid it)."""
    RESTORED = "restored"
    EXPOSED = "exposed"
    LEFT = "left"
    """The pointer left the window."""


class WindowEvent(NamedTuple):
    """Something happened to the window; ``size`` for :attr:`WindowKind.RESIZE`."""

    kind: WindowKind
    size: tuple[int, int] = (0, 0)


class Wheel(NamedTuple):
    """A mouse wheel turn: ``notches`` > 0 scrolls up (towards the top)."""

    notches: float


GameEvent = Event | WindowEvent | TextInput | Wheel
"""Every event the game sees (:mod:`crescent.ui.events` makes them from pygame's)."""


# -- intents out ---------------------------------------------------------------


class PlayMove(NamedTuple):
    """Play this move (the engine checks it again)."""

    move: Move
    from_pos: tuple[float, float] | None = None
    """Where a dragged card was dropped (its top-left), so it slides from there."""


class Refuse(NamedTuple):
    """Say why a move from ``place`` cannot be played."""

    reason: Reason
    place: int
    from_pos: tuple[float, float] | None = None
    """Set for a refused drop: the card slides back from there."""
    dst: int | None = None
    """The place that refused it, when one did (a foundation's refusal names the card it
    takes next)."""


class DragBack(NamedTuple):
    """A drag ended nowhere useful: the card slides back, no message."""

    place: int
    from_pos: tuple[float, float]


class Cmd(enum.StrEnum):
    """What a HUD cell or a shortcut asks for (a HUD cell's is its item's value)."""

    TIME = HudItem.TIME.value
    MOVES = HudItem.MOVES.value
    REDEAL = HudItem.REDEAL.value
    UNDO = HudItem.UNDO.value
    REDO = HudItem.REDO.value
    HINT = HudItem.HINT.value
    NEW = HudItem.NEW.value
    CODE = HudItem.CODE.value
    SETTINGS = HudItem.SETTINGS.value
    LANG = HudItem.LANG.value
    COUNTDOWN = HudItem.COUNTDOWN.value
    SHUFFLE = HudItem.SHUFFLE.value
    HINTS = HudItem.HINTS.value
    RULES = HudItem.RULES.value
    SOUND = HudItem.SOUND.value
    FULLSCREEN = "fullscreen"
    RESTART = "restart"
    """Restart this deal (Ctrl+R; the pause screen's button)."""
    PAUSE = "pause"
    """P, Space with no focus ring, the clock cell (not in the kiosk: see ``pausable``)."""
    STATUS = "status"
    """T: the clock, the moves, the redeals and hints left, shown and said."""
    SAY_MOVES = "say_moves"
    """M: what is left and the moves that can be played now, said (speech on)."""
    SAY_PILES = "say_piles"
    """L: every pile and foundation, said (speech on)."""


class Nowhere(NamedTuple):
    """A tapped card that no place takes: the player is told; it is not selected."""

    place: int


class Command(NamedTuple):
    """A HUD button or a shortcut."""

    name: Cmd


Intent = PlayMove | Refuse | DragBack | Nowhere | Command

_LETTER_KEYS: Final = {
    "u": Cmd.UNDO,
    "r": Cmd.REDEAL,
    "n": Cmd.NEW,
    "h": Cmd.HINT,
    "t": Cmd.STATUS,
}
_SPEECH_KEYS: Final = {"m": Cmd.SAY_MOVES, "l": Cmd.SAY_PILES}
"""Keys that read the table aloud: the selection and the focus stay as they are."""
_CTRL_KEYS: Final = {"z": Cmd.UNDO, "y": Cmd.REDO, "r": Cmd.RESTART}
"""With Ctrl held (Ctrl+Shift+Z: redo)."""


class TableView(Protocol):
    """What the controller needs of the layout."""

    card_w: int
    card_h: int

    def place_at(self, x: float, y: float) -> int | None: ...

    def hud_item_at(self, x: float, y: float) -> int | None: ...

    def slot_center(self, place: int) -> tuple[float, float]: ...

    def slot_origin(self, place: int) -> tuple[float, float]: ...

    def hud_center(self, item: int) -> tuple[float, float]: ...

    def in_foundation_area(self, x: float, y: float) -> bool: ...


class RulesView(Protocol):
    """What the controller needs of the game (read only)."""

    def legal_moves(self) -> list[Move]: ...

    def check(self, move: Move) -> Reason | None: ...

    def top(self, place: int) -> int | None: ...

    def count(self, place: int) -> int: ...


@dataclass(slots=True, eq=False)
class Drag:
    """A card held by a pointer: where it was grabbed and where it is now."""

    src: int
    pointer: int
    start: tuple[float, float]
    pos: tuple[float, float]
    grab: tuple[float, float]
    """Pointer position relative to the card's top-left when it was grabbed."""
    active: bool = False
    wandered: float = 0.0
    """The farthest the pointer went from ``start``."""

    @property
    def card_origin(self) -> tuple[float, float]:
        return (self.pos[0] - self.grab[0], self.pos[1] - self.grab[1])


@dataclass(slots=True, eq=False)
class Controller:
    """Turns events into intents; holds selection, focus, drag and tap memory."""

    hud_items: tuple[HudItem, ...] = ()
    selected: int | None = None
    focus: int | None = None
    """A place (0..23), or PLACES + i for HUD item i."""
    focus_visible: bool = False
    """The focus ring shows: keys are being used (a pointer press hides it)."""
    drag: Drag | None = None
    hud_info: frozenset[str] = frozenset({"time", "moves", "countdown"})
    """HUD items that only show something: the focus skips them."""
    pausable: bool = False
    """The game can pause: P and Space (no focus ring) pause; a tap on the clock cell too."""
    drag_start_px: float = DRAG_START_PX
    tap_slop_px: float = mm_to_px(TAP_SLOP_MM, None)
    double_tap_px: float = mm_to_px(DOUBLE_TAP_MM, None)
    _last_tap: tuple[int, float, float, float, bool] | None = field(
        default=None, init=False, repr=False
    )
    """(place, time, x, y, moved) of the last tap, for double taps."""

    def reset(self) -> None:
        """Forget selection, drag and tap memory (new game, undo, redeal...)."""
        self.selected = None
        self.drag = None
        self._last_tap = None

    def set_dpi(self, dpi: float | None) -> None:
        """Size the pointer thresholds for a screen of ``dpi`` (None: DEFAULT_DPI)."""
        self.drag_start_px = mm_to_px(DRAG_START_MM, dpi)
        self.tap_slop_px = mm_to_px(TAP_SLOP_MM, dpi)
        self.double_tap_px = mm_to_px(DOUBLE_TAP_MM, dpi)

    def cancel_pointer(self) -> list[Intent]:
        """The pointer's release will never come (focus lost, window left): forget it.

        A dragged card slides back home.
        """
        d = self.drag
        self.drag = None
        if d is not None and d.active and d.src >= 0:
            return [DragBack(d.src, d.card_origin)]
        return []

    def holding(self) -> bool:
        """Whether a card is picked up: a pile selected, or a card being dragged."""
        return self.selected is not None or (self.drag is not None and self.drag.active)

    def destinations(self, game: RulesView, src: int) -> list[int]:
        return [m.dst for m in game.legal_moves() if m.src == src]

    def handle(self, event: Event, now: float, table: TableView, game: RulesView) -> list[Intent]:
        if isinstance(event, PointerDown):
            return self._down(event, table, game)
        if isinstance(event, PointerMove):
            return self._move(event, table)
        if isinstance(event, PointerUp):
            return self._up(event, now, table, game)
        return self._key(event, table, game)

    # -- pointer ---------------------------------------------------------------

    def _down(self, ev: PointerDown, table: TableView, game: RulesView) -> list[Intent]:
        self.focus_visible = False
        d = self.drag
        if d is not None and d.pointer != ev.pointer and not (ev.first or ev.pointer == 0):
            return []  # a second finger while one is down: ignored
        # A first finger, or the mouse, while another pointer is "down": that
        # pointer's release was lost; it is forgotten and this press starts.
        # (A new press of the same pointer means its release was lost, e.g. by
        # a window that lost focus: that press is over, this one starts.)
        place = table.place_at(ev.x, ev.y)
        if place is None:
            # A press off the cards: remembered so its release can tap the HUD or clear.
            self.drag = Drag(-1, ev.pointer, (ev.x, ev.y), (ev.x, ev.y), (0.0, 0.0))
            return []
        ox, oy = table.slot_origin(place)
        self.drag = Drag(place, ev.pointer, (ev.x, ev.y), (ev.x, ev.y), (ev.x - ox, ev.y - oy))
        return []

    def _move(self, ev: PointerMove, table: TableView) -> list[Intent]:
        d = self.drag
        if d is None or d.pointer != ev.pointer:
            return []
        d.pos = (ev.x, ev.y)
        d.wandered = max(d.wandered, math.dist(d.start, d.pos))
        if not d.active and d.src >= 0 and d.wandered > self.drag_start_px:
            d.active = True
        return []

    def _up(self, ev: PointerUp, now: float, table: TableView, game: RulesView) -> list[Intent]:
        d = self.drag
        if d is None or d.pointer != ev.pointer:
            return []
        self.drag = None
        d.pos = (ev.x, ev.y)
        d.wandered = max(d.wandered, math.dist(d.start, d.pos))
        if d.src >= 0 and d.wandered > self.drag_start_px:
            d.active = True  # released far away even if no motion was reported
        if d.active and d.wandered <= self.tap_slop_px and table.place_at(ev.x, ev.y) == d.src:
            d.active = False  # a wobbly tap: it never left the neighbourhood of its start
        if d.active:
            return self._drop(d, table, game)
        if d.src < 0:
            item = table.hud_item_at(ev.x, ev.y)
            if item is not None and item < len(self.hud_items):
                name = self.hud_items[item]
                if self.pausable and name in (HudItem.TIME, HudItem.COUNTDOWN):
                    return [Command(Cmd.PAUSE)]  # the clock cell pauses the clock
                return [Command(Cmd(name))]
            if self.selected is not None and table.in_foundation_area(ev.x, ev.y):
                return self._to_foundation_area(self.selected, ev.x, ev.y, table, game, None)
            self.selected = None
            self._last_tap = None
            return []
        return self._tap(d.src, now, ev.x, ev.y, game)

    def _drop(self, d: Drag, table: TableView, game: RulesView) -> list[Intent]:
        origin = d.card_origin
        x, y = d.pos
        self.selected = None
        self._last_tap = None
        target = table.place_at(x, y)
        if target is not None and target < PILES:
            if target == d.src:
                return [DragBack(d.src, origin)]
            move = Move(d.src, target)
            reason = game.check(move)
            if reason is None:
                return [PlayMove(move, origin)]
            return [Refuse(reason, d.src, origin, target)]
        if table.in_foundation_area(x, y) or (target is not None and target >= PILES):
            return self._to_foundation_area(d.src, x, y, table, game, origin)
        return [DragBack(d.src, origin)]

    def _to_foundation_area(
        self,
        src: int,
        x: float,
        y: float,
        table: TableView,
        game: RulesView,
        origin: tuple[float, float] | None,
    ) -> list[Intent]:
        """A card sent anywhere in the foundation area: its suit's accepting foundation."""
        self.selected = None
        card = game.top(src)
        if card is None:
            return [Refuse(Reason.EMPTY_SOURCE, src, origin)]
        suit = card // 13
        candidates = [f for f in (ascending(suit), descending(suit)) if f != src]
        accepting = [f for f in candidates if game.check(Move(src, f)) is None]
        under = table.place_at(x, y)
        if accepting:
            if len(accepting) == 1:
                dst = accepting[0]
            elif under in accepting:
                dst = under
            else:
                dst = min(accepting, key=lambda f: math.dist((x, y), table.slot_center(f)))
            return [PlayMove(Move(src, dst), origin)]
        # Nothing accepts: the reason from the suit's foundation nearest the pointer.
        nearest = min(candidates, key=lambda f: math.dist((x, y), table.slot_center(f)))
        reason = game.check(Move(src, nearest)) or Reason.NOT_NEXT_RANK
        return [Refuse(reason, src, origin, nearest)]

    def _tap(self, place: int, now: float, x: float, y: float, game: RulesView) -> list[Intent]:
        last = self._last_tap
        double = (
            last is not None
            and last[0] == place
            and now - last[1] <= DOUBLE_TAP_S
            and math.dist((last[2], last[3]), (x, y)) <= self.double_tap_px
        )
        if double and last is not None:
            self._last_tap = None
            if last[4]:
                return []  # the first tap already moved the card: same result
            self.selected = None
            return self.double_tap(place, game)
        self._last_tap = (place, now, x, y, False)
        intents = self.tap(place, game)
        if any(isinstance(i, PlayMove) for i in intents):
            self._last_tap = (place, now, x, y, True)
        return intents

    def tap(self, place: int, game: RulesView) -> list[Intent]:
        """A single tap (or Enter on the focused place)."""
        sel = self.selected
        if sel is not None:
            self.selected = None
            if place == sel:
                return []
            move = Move(sel, place)
            reason = game.check(move)
            if reason is None:
                return [PlayMove(move)]
            if place >= PILES or game.top(place) is None:
                return [Refuse(reason, sel, dst=place)]  # aimed at a foundation or a hole
            # A card that is no target of the selection: the tap is about that card.
        if game.top(place) is None:
            return [Refuse(Reason.EMPTY_SOURCE, place)]
        dests = self.destinations(game, place)
        if len(dests) == 1:
            return [PlayMove(Move(place, dests[0]))]
        if place >= PILES and not dests:
            return [Refuse(_stuck_foundation(place, game), place)]
        if not dests:
            return [Nowhere(place)]  # said, and not left selected to swallow the next tap
        self.selected = place
        return []

    def double_tap(self, place: int, game: RulesView) -> list[Intent]:
        card = game.top(place)
        if card is None:
            return [Refuse(Reason.EMPTY_SOURCE, place)]
        dests = self.destinations(game, place)
        founds = [d for d in dests if d >= PILES]
        if founds:
            return [PlayMove(Move(place, founds[0]))]
        if len(dests) == 1:
            return [PlayMove(Move(place, dests[0]))]
        if dests:
            self.selected = place  # several piles accept it: let the player choose
            return []
        if place >= PILES:
            return [Refuse(_stuck_foundation(place, game), place)]
        suit = card // 13
        target = ascending(suit) if place != ascending(suit) else descending(suit)
        return [Refuse(game.check(Move(place, target)) or Reason.NOT_NEXT_RANK, place)]

    # -- keys --------------------------------------------------------------------

    def _key(self, ev: KeyPress, table: TableView, game: RulesView) -> list[Intent]:
        k = ev.key
        if ev.ctrl and not ev.alt and k in _CTRL_KEYS:
            return [Command(Cmd.REDO if k == "z" and ev.shift else _CTRL_KEYS[k])]
        if ev.ctrl or ev.alt:
            return []
        if k in _LETTER_KEYS:
            self.reset()
            return [Command(_LETTER_KEYS[k])]
        if k in _SPEECH_KEYS:
            return [Command(_SPEECH_KEYS[k])]
        if self.pausable and (k == "p" or (k == "space" and not self.focus_visible)):
            return [Command(Cmd.PAUSE)]
        if k == "escape":
            self.selected = None
            self.drag = None
            return []
        if k == "f11":
            return [Command(Cmd.FULLSCREEN)]
        if k in ("tab", "left", "right", "up", "down", "return", "space", "enter", "kp_enter"):
            if not self.focus_visible and self.focus is not None:
                self.focus_visible = True  # the ring comes back where it was
                return []
            self.focus_visible = True
        if k == "tab":
            self.focus = self._cycle(-1 if ev.shift else 1)
            return []
        if k in ("left", "right", "up", "down"):
            self.focus = self._neighbour(self.focus, k, table)
            return []
        if k in ("return", "space", "enter", "kp_enter"):
            if self.focus is None:
                self.focus = 0
                return []
            self._last_tap = None
            if self.focus >= PLACES:
                return [Command(Cmd(self.hud_items[self.focus - PLACES]))]
            return self.tap(self.focus, game)
        return []

    def _focusable(self) -> list[int]:
        """Places, then the HUD buttons, in Tab order."""
        hud = [PLACES + i for i, name in enumerate(self.hud_items) if name not in self.hud_info]
        return [*range(PLACES), *hud]

    def _cycle(self, step: int) -> int:
        order = self._focusable()
        if self.focus is None or self.focus not in order:
            return order[0] if step > 0 else order[-1]
        return order[(order.index(self.focus) + step) % len(order)]

    def _neighbour(self, focus: int | None, direction: str, table: TableView) -> int:
        """The nearest place or HUD button in ``direction`` from the focus, by centres."""
        if focus is None:
            return 0
        fx, fy = self._centre(focus, table)
        dx, dy = {"left": (-1, 0), "right": (1, 0), "up": (0, -1), "down": (0, 1)}[direction]
        best: tuple[float, int] | None = None
        for p in self._focusable():
            if p == focus:
                continue
            px, py = self._centre(p, table)
            along = (px - fx) * dx + (py - fy) * dy
            if along <= 1:
                continue
            across = abs((px - fx) * dy) + abs((py - fy) * dx)
            score = along + 2.5 * across
            if best is None or score < best[0]:
                best = (score, p)
        return focus if best is None else best[1]

    @staticmethod
    def _centre(focus: int, table: TableView) -> tuple[float, float]:
        if focus >= PLACES:
            return table.hud_center(focus - PLACES)
        return table.slot_center(focus)


def _other_foundation(place: int) -> int:
    f = place - PILES
    return PILES + (f + 4) % 8


def _stuck_foundation(place: int, game: RulesView) -> Reason:
    """Why a tapped foundation's top card goes nowhere.

    RULES.md checks the source first: a lone base is locked (reason 2). A
    complete foundation (13 cards) is finished: "This foundation is complete"
    (reason 5) says more than the next-rank check (8) against the other
    foundation of its suit, which a King or Ace on top can never pass.
    """
    if game.count(place) >= 13:
        return Reason.FOUNDATION_COMPLETE
    return game.check(Move(place, _other_foundation(place))) or Reason.NOT_NEXT_RANK


class LayoutView:
    """A :class:`crescent.control.layout.TableLayout` seen as the controller's TableView."""

    def __init__(self, layout: TableLayoutLike) -> None:
        self.layout = layout
        self.card_w = layout.card_w
        self.card_h = layout.card_h

    def place_at(self, x: float, y: float) -> int | None:
        return self.layout.place_at(x, y)

    def hud_item_at(self, x: float, y: float) -> int | None:
        return self.layout.hud_item_at(x, y)

    def slot_center(self, place: int) -> tuple[float, float]:
        r = self.layout.slots[place]
        return (r.x + r.w / 2, r.y + r.h / 2)

    def slot_origin(self, place: int) -> tuple[float, float]:
        r = self.layout.slots[place]
        return (float(r.x), float(r.y))

    def hud_center(self, item: int) -> tuple[float, float]:
        r = self.layout.hud_cells[item]
        return (r.x + r.w / 2, r.y + r.h / 2)

    def in_foundation_area(self, x: float, y: float) -> bool:
        return self.layout.foundation_area.contains(x, y)
