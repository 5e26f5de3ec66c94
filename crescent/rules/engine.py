"""The rules of Crescent: one pure module, no pygame, no player-facing text.

Places are ints: piles P1..P16 are 0..15, foundations F1..F8 are 16..23
(F1-F4 ascend in spades, hearts, diamonds, clubs; F5-F8 descend in the same
suit order). Cards are the small ints of :mod:`crescent.rules.cards`.

``Game.legal_moves()`` lists moves in a fixed order: sources P1..P16 then
F1..F8; for each source, destinations P1..P16 then F1..F8.

A refused move raises :class:`IllegalMove` whose ``reason`` is a
:class:`Reason`; the checks run in the order of RULES.md section 2 (source
first, then destination) and the first that fails is the reason.
"""

from __future__ import annotations

import dataclasses
import enum
import random
from collections import deque
from collections.abc import Callable
from typing import Any, Final, Literal, TypeGuard

from crescent.rules import modes
from crescent.rules.cards import ACE, KING, card, card_text, parse_card
from crescent.rules.deal import (
    DEAL_COUNT,
    PILES,
    InvalidCode,
    SplitMix64,
    check_variant,
    deal_piles,
    make_code,
    parse_code,
    shuffle_seed,
)
from crescent.rules.modes import Mode
from crescent.rules.ruleset import Rules

__all__ = [
    "FOUNDATIONS",
    "PILES",
    "PILE_LIMIT",
    "REDEAL",
    "SHUFFLE",
    "UNDO_LIMIT",
    "Game",
    "IllegalMove",
    "InvalidCode",
    "Move",
    "Reason",
    "Redeal",
    "Rules",
    "parse_place",
    "parse_step",
    "place_name",
]

FOUNDATIONS: Final = 8
PLACES: Final = PILES + FOUNDATIONS
FIRST_FOUNDATION: Final = PILES
PILE_LIMIT: Final = 13
UNDO_LIMIT: Final = 100
FORMAT: Final = 1


class Redeal(enum.Enum):
    """The redeal step of a line of play; ``str()`` gives its token, :data:`REDEAL`
    (or :data:`SHUFFLE` in games that shuffle)."""

    REDEAL = "R"
    SHUFFLE = "S"

    def __str__(self) -> str:
        return self.value


REDEAL: Final = Redeal.REDEAL.value
"""The token for a redeal in a line of play (``"P10-P14 R P3-F2"``); the only place it is spelt."""
SHUFFLE: Final = Redeal.SHUFFLE.value
"""The token for a shuffle (levels game) in a line of play (``"P1-P2 S P3-F1"``)."""

Status = Literal["playing", "won", "blocked"]


def ascending(suit: int) -> int:
    """The place of the ascending foundation of ``suit``."""
    return FIRST_FOUNDATION + suit


def descending(suit: int) -> int:
    """The place of the descending foundation of ``suit``."""
    return FIRST_FOUNDATION + 4 + suit


def place_name(place: int) -> str:
    """``0`` -> ``"P1"``, ``16`` -> ``"F1"``."""
    if not 0 <= place < PLACES:
        raise ValueError(f"place {place} is outside 0..{PLACES - 1}")
    if place < PILES:
        return f"P{place + 1}"
    return f"F{place - PILES + 1}"


def parse_place(text: str) -> int:
    """``"P10"`` -> 9, ``"f2"`` -> 17; ValueError naming the text otherwise."""
    t = text.strip().upper()
    kind = "PF".find(t[0]) if t else -1  # 0: a pile, 1: a foundation
    # isascii: str.isdigit() also accepts digits like "²" and "١" that are not place numbers.
    if kind >= 0 and len(t) >= 2 and t.isascii() and t[1:].isdigit() and t[1] != "0":
        n = int(t[1:])
        if kind == 0 and 1 <= n <= PILES:
            return n - 1
        if kind == 1 and 1 <= n <= FOUNDATIONS:
            return PILES + n - 1
    raise ValueError(f"{text!r} is not a place: piles are P1..P16, foundations F1..F8")


class Reason(enum.Enum):
    """Why a move is refused, in the order the checks run (RULES.md section 2)."""

    EMPTY_SOURCE = 1
    BASE_LOCKED = 2
    FOUNDATION_TO_PILE = 3
    EMPTY_PILE = 4
    FOUNDATION_COMPLETE = 5
    WRONG_SUIT = 6
    RANK_NOT_ADJACENT = 7
    NOT_NEXT_RANK = 8
    PILE_FULL = 9
    NO_REDEALS_LEFT = 10
    NO_SHUFFLES_LEFT = 11
    """Levels game: the five shuffles of the game are used up."""


class IllegalMove(Exception):
    """A refused move or redeal; nothing changed. ``reason`` says why."""

    def __init__(self, reason: Reason, move: Move | None = None) -> None:
        self.reason = reason
        self.move = move
        what = (
            str(move)
            if move is not None
            else "shuffle"
            if reason is Reason.NO_SHUFFLES_LEFT
            else "redeal"
        )
        super().__init__(f"{what} refused: {reason.name}")


@dataclasses.dataclass(frozen=True, slots=True)
class Move:
    """One card from ``src`` to ``dst`` (places as ints); text form ``"P10-P14"``."""

    src: int
    dst: int

    def __post_init__(self) -> None:
        if not (0 <= self.src < PLACES and 0 <= self.dst < PLACES):
            raise ValueError(f"move places must be 0..{PLACES - 1}, got {self.src}, {self.dst}")
        if self.src == self.dst:
            raise ValueError(f"a move needs two different places, got {place_name(self.src)} twice")

    def __str__(self) -> str:
        return f"{place_name(self.src)}-{place_name(self.dst)}"

    @classmethod
    def parse(cls, text: str) -> Move:
        """``"P10-P14"`` -> Move(9, 13); ValueError with a clear message on bad text."""
        if not isinstance(text, str):
            raise ValueError(f"a move is text like 'P10-P14', not {type(text).__name__}")
        parts = text.strip().split("-")
        if len(parts) != 2:
            raise ValueError(
                f"{text[:40]!r} is not a move: write source-destination, like P10-P14 or P3-F2"
            )
        src, dst = (parse_place(p) for p in parts)
        if src == dst:
            raise ValueError(f"{text.strip()!r} moves a card onto its own place")
        return _MOVES[src][dst]


_MOVES: list[list[Move]] = [
    [Move(s, d) if s != d else None for d in range(PLACES)]  # type: ignore[misc]
    for s in range(PLACES)
]


def parse_step(token: str) -> Move | Redeal:
    """One token of a line of play: ``"P3-F2"`` -> a Move, ``"R"`` -> Redeal.REDEAL,
    ``"S"`` -> Redeal.SHUFFLE; ValueError with a clear message otherwise."""
    if isinstance(token, str):
        word = token.strip().upper()
        if word == REDEAL:
            return Redeal.REDEAL
        if word == SHUFFLE:
            return Redeal.SHUFFLE
    return Move.parse(token)


def _up(c: int) -> int:
    """The same-suit card one rank up, King wrapping to Ace (between piles)."""
    return c + 1 if c % 13 != 12 else c - 12


def _down(c: int) -> int:
    return c - 1 if c % 13 != 0 else c + 12


class Game:
    """A Crescent game in progress: piles, foundations, redeals, moves, undo.

    In the levels game (variant ``L``) one Game is one level (``level`` 1..4);
    :meth:`next_level` deals the next one, carrying the shuffles left over.
    ``level`` is 0 in every other game.
    """

    __slots__ = (
        "_history",
        "_redo",
        "down",
        "foundations",
        "level",
        "moves",
        "number",
        "piles",
        "redeals_left",
        "rules",
        "variant",
    )

    def __init__(
        self,
        piles: list[list[int]],
        *,
        variant: str = modes.DEFAULT.letter,
        number: int = 0,
        rules: Rules | None = None,
        foundations: list[list[int]] | None = None,
        down: list[int] | None = None,
        redeals_left: int | None = None,
        moves: int = 0,
        level: int = 0,
    ) -> None:
        self.variant = variant
        self.number = number
        self.level = level
        if rules is None:
            rules = modes.by_letter(variant).rules_for_level(max(level, 1))
        self.rules = rules
        self.piles = piles
        if foundations is None:
            foundations = [[card(ACE, s)] for s in range(4)] + [[card(KING, s)] for s in range(4)]
        self.foundations = foundations
        if down is None:
            down = [max(len(p) - 1, 0) if self.rules.face_down else 0 for p in piles]
        self.down = down
        self.redeals_left = self.rules.redeals if redeals_left is None else redeals_left
        self.moves = moves
        # (move, flipped): flipped when the move turned the source's new top face up.
        self._history: deque[tuple[Move, bool]] = deque(maxlen=UNDO_LIMIT)
        # Moves taken back by undo, the next one to redo last; a new move clears them.
        self._redo: list[Move] = []

    # -- creation -------------------------------------------------------------

    @classmethod
    def deal(
        cls,
        number: int,
        variant: str = modes.DEFAULT.letter,
        rules: Rules | None = None,
        *,
        level: int | None = None,
        redeals_left: int | None = None,
    ) -> Game:
        """Deal ``number`` of ``variant`` (a mode's code letter, see :mod:`crescent.rules.deal`);
        in a game of levels, its ``level`` (1 unless given)."""
        mode = check_variant(variant)
        level = _check_level(mode, 1 if level is None and mode.levels > 1 else level or 0)
        return cls(
            deal_piles(number, level or 0),
            variant=variant,
            number=number,
            rules=rules,
            level=level or 0,
            redeals_left=redeals_left,
        )

    @classmethod
    def from_code(cls, code: str) -> Game:
        """The deal a code names (level 1 of a levels code); InvalidCode naming the fault."""
        variant, number = parse_code(code)
        return cls.deal(number, variant)

    @classmethod
    def new(cls, variant: str = modes.DEFAULT.letter, rng: random.Random | None = None) -> Game:
        """A random deal of ``variant``; ``game.code`` deals it again."""
        check_variant(variant)
        number = (rng or random.SystemRandom()).randrange(DEAL_COUNT)
        return cls.deal(number, variant)

    @property
    def last_level(self) -> bool:
        """No level follows this one (a one-deal game, or the last level)."""
        return self.level == 0 or self.level >= self.mode.levels

    def next_level(self, rules: Rules | None = None) -> Game:
        """The next level: a fresh deal of the same code, with the redeals (shuffles)
        this level left over when the mode's budget spans its levels. ValueError
        after the last level."""
        if self.last_level:
            raise ValueError(f"{self.code} has no level after {self.level}")
        carried = self.redeals_left if self.mode.redeals_span_levels else None
        return Game.deal(
            self.number, self.variant, rules, level=self.level + 1, redeals_left=carried
        )

    @property
    def code(self) -> str:
        return make_code(self.variant, self.number)

    @property
    def mode(self) -> Mode:
        """The mode this deal belongs to (from its code letter)."""
        return modes.by_letter(self.variant)

    # -- looking --------------------------------------------------------------

    def top(self, place: int) -> int | None:
        """The top card of a pile or foundation, or None for an empty pile."""
        stack = self.piles[place] if place < PILES else self.foundations[place - PILES]
        return stack[-1] if stack else None

    def count(self, place: int) -> int:
        if place < PILES:
            return len(self.piles[place])
        return len(self.foundations[place - PILES])

    def face_up(self, pile: int, height: int) -> bool:
        """Whether card ``height`` (0 = bottom) of ``pile`` is face up."""
        return height >= self.down[pile]

    @property
    def can_undo(self) -> bool:
        return bool(self._history)

    @property
    def can_redo(self) -> bool:
        return bool(self._redo)

    @property
    def redo_moves(self) -> list[Move]:
        """The moves that redo would play again, the next one first."""
        return self._redo[::-1]

    @property
    def history(self) -> list[Move]:
        """The moves that undo can take back, oldest first."""
        return [m for m, _ in self._history]

    @property
    def is_won(self) -> bool:
        return all(len(f) == 13 for f in self.foundations)

    @property
    def status(self) -> Status:
        if self.is_won:
            return "won"
        if self.redeals_left == 0 and not self.has_move():
            return "blocked"
        return "playing"

    # -- rules ----------------------------------------------------------------

    def check(self, move: Move) -> Reason | None:
        """Why ``move`` would be refused, or None if it is legal. Changes nothing."""
        src, dst = move.src, move.dst
        # The source.
        if src < PILES:
            stack = self.piles[src]
            if not stack:
                return Reason.EMPTY_SOURCE
        else:
            stack = self.foundations[src - PILES]
            if len(stack) <= 1:
                return Reason.BASE_LOCKED
            if dst < PILES:
                return Reason.FOUNDATION_TO_PILE
        c = stack[-1]
        # The destination.
        if dst < PILES:
            target = self.piles[dst]
            if not target:
                return None if self.rules.empty_piles_accept else Reason.EMPTY_PILE
            t = target[-1]
            if t // 13 != c // 13:
                return Reason.WRONG_SUIT
            if t != _up(c) and t != _down(c):
                return Reason.RANK_NOT_ADJACENT
            if len(target) >= PILE_LIMIT:
                return Reason.PILE_FULL
            return None
        f = dst - PILES
        found = self.foundations[f]
        if len(found) >= 13:
            return Reason.FOUNDATION_COMPLETE
        t = found[-1]
        if t // 13 != c // 13:
            return Reason.WRONG_SUIT
        want = t + 1 if f < 4 else t - 1
        if c != want:
            return Reason.NOT_NEXT_RANK
        return None

    def legal_moves(self) -> list[Move]:
        """Every legal move, sources P1..P16 then F1..F8, destinations likewise."""
        piles = self.piles
        founds = self.foundations
        accept_empty = self.rules.empty_piles_accept
        by_top: dict[int, list[int]] = {}
        empties: list[int] = []
        for i, p in enumerate(piles):
            if not p:
                empties.append(i)
            elif len(p) < PILE_LIMIT:
                by_top.setdefault(p[-1], []).append(i)
        out: list[Move] = []
        append = out.append
        for i, p in enumerate(piles):
            if not p:
                continue
            c = p[-1]
            row = _MOVES[i]
            a = by_top.get(_up(c))
            b = by_top.get(_down(c))
            if accept_empty and empties:
                dests: list[int] = sorted([*(a or ()), *(b or ()), *empties])
            elif a and b:
                dests = sorted(a + b)
            else:
                dests = a or b or []
            for d in dests:
                append(row[d])
            s = c // 13
            if founds[s][-1] == c - 1 and c % 13 != 0:
                append(row[PILES + s])
            if founds[4 + s][-1] == c + 1 and c % 13 != 12:
                append(row[PILES + 4 + s])
        _between_foundations(founds, append)
        return out

    def has_move(self) -> bool:
        return bool(self.legal_moves())

    # -- changing -------------------------------------------------------------

    def play(self, move: Move) -> None:
        """Play ``move``; IllegalMove (nothing changed) if the rules refuse it (text such
        as ``"P10-P14"`` goes through :meth:`play_text`)."""
        reason = self.check(move)
        if reason is not None:
            raise IllegalMove(reason, move)
        self._apply(move)
        self._redo.clear()

    def play_text(self, text: str) -> None:
        """Play a move written like ``"P10-P14"``; ValueError if it is not one."""
        self.play(Move.parse(text))

    def _apply(self, move: Move) -> None:
        """Play a move already known to be legal."""
        flipped = self.apply_unchecked(move)
        self.moves += 1
        self._history.append((move, flipped))

    def apply_unchecked(self, move: Move) -> bool:
        """Search fast path: move a card for a move known to be legal, with no
        move count and no undo history. Returns whether a card turned face up,
        for :meth:`unapply`."""
        src, dst = move.src, move.dst
        if src < PILES:
            stack = self.piles[src]
            c = stack.pop()
            flipped = bool(stack) and self.down[src] >= len(stack)
            if flipped:
                self.down[src] = len(stack) - 1
        else:
            c = self.foundations[src - PILES].pop()
            flipped = False
        if dst < PILES:
            self.piles[dst].append(c)
        else:
            self.foundations[dst - PILES].append(c)
        return flipped

    def undo(self) -> bool:
        """Take back the last move; False when there is nothing to undo."""
        if not self._history:
            return False
        move, flipped = self._history.pop()
        self._unapply(move, flipped)
        self.moves -= 1
        self._redo.append(move)
        return True

    def redo(self) -> Move | None:
        """Play again the last move undone (the move counter follows); None when there
        is nothing to redo. A new move or a redeal clears what redo can play."""
        if not self._redo:
            return None
        move = self._redo.pop()
        self._apply(move)
        return move

    def unapply(self, move: Move, flipped: bool) -> None:
        """Take back :meth:`apply_unchecked` (search fast path)."""
        self._unapply(move, flipped)

    def _unapply(self, move: Move, flipped: bool) -> None:
        src, dst = move.src, move.dst
        c = self.piles[dst].pop() if dst < PILES else self.foundations[dst - PILES].pop()
        if src < PILES:
            if flipped:
                self.down[src] += 1
            self.piles[src].append(c)
        else:
            self.foundations[src - PILES].append(c)

    def redeal(self) -> None:
        """Redeal the tableau (a rotation or, in levels mode, a shuffle).

        Not a move: the move counter stays, and undo history is cleared.
        Raises IllegalMove(Reason.NO_REDEALS_LEFT) (NO_SHUFFLES_LEFT for a
        shuffle) when none is left.
        """
        if self.redeals_left <= 0:
            shuffles = self.rules.redeal == "shuffle"
            raise IllegalMove(Reason.NO_SHUFFLES_LEFT if shuffles else Reason.NO_REDEALS_LEFT)
        if self.rules.redeal == "rotate":
            for i, p in enumerate(self.piles):
                if len(p) >= 2:
                    p.append(p.pop(0))
                    if self.down[i]:
                        self.down[i] -= 1
        else:
            self._shuffle_tableau()
        self.redeals_left -= 1
        self._history.clear()
        self._redo.clear()

    def _shuffle_tableau(self) -> None:
        """Levels mode: gather the tableau, shuffle, deal round the piles again.

        The shuffle is seeded from the code's number, the level and which
        shuffle of the game this is (:func:`crescent.rules.deal.shuffle_seed`),
        so the same code and moves give the same game, saved or not. The cards
        go round the piles one at a time (as evenly as can be); empty piles get
        cards again only when the rules let empty piles take cards.
        """
        cards = [c for p in self.piles for c in p]
        index = self.rules.redeals - self.redeals_left + 1
        SplitMix64(shuffle_seed(self.number, self.level, index)).shuffle(cards)
        targets = [i for i, p in enumerate(self.piles) if p or self.rules.empty_piles_accept]
        for i in range(PILES):
            self.piles[i] = []
            self.down[i] = 0
        for k, c in enumerate(cards):
            self.piles[targets[k % len(targets)]].append(c)

    @property
    def redeal_token(self) -> str:
        """How a redeal is written in this game's lines: ``"R"``, or ``"S"`` for a shuffle."""
        return SHUFFLE if self.rules.redeal == "shuffle" else REDEAL

    def step(self, step: Move | Redeal) -> None:
        """Play one step of a line of play: a move or a redeal (a shuffle in games
        that shuffle). ValueError for the wrong kind of redeal."""
        if isinstance(step, Redeal):
            word = step.value
            if word != self.redeal_token:
                kind = "shuffles (S)" if word == REDEAL else "redeals (R)"
                raise ValueError(f"{word!r}: this game {kind}, it does not take {word}")
            self.redeal()
        else:
            self.play(step)

    def apply(self, token: str) -> None:
        """Play one token of a line of play: a move (``"P3-F2"``), ``"R"`` (a
        redeal) or, in games that shuffle, ``"S"``. ValueError for the wrong one."""
        self.step(parse_step(token))

    # -- saving ---------------------------------------------------------------

    def copy(self) -> Game:
        g = Game(
            [list(p) for p in self.piles],
            variant=self.variant,
            number=self.number,
            rules=self.rules,
            foundations=[list(f) for f in self.foundations],
            down=list(self.down),
            redeals_left=self.redeals_left,
            moves=self.moves,
            level=self.level,
        )
        g._history.extend(self._history)
        g._redo.extend(self._redo)
        return g

    def to_dict(self) -> dict[str, Any]:
        """A JSON-safe dict that :meth:`from_dict` turns back into this exact game."""
        d: dict[str, Any] = {
            "format": FORMAT,
            "code": self.code,
            "variant": self.variant,
            "rules": self.rules.to_dict(),
            "piles": [[card_text(c) for c in p] for p in self.piles],
            "face_down": list(self.down),
            "foundations": [[card_text(c) for c in f] for f in self.foundations],
            "redeals_left": self.redeals_left,
            "moves": self.moves,
            "history": [[str(m), flipped] for m, flipped in self._history],
        }
        if self._redo:
            d["redo"] = [str(m) for m in self.redo_moves]
        if self.level:
            d["level"] = self.level
        return d

    @classmethod
    def from_dict(cls, d: object) -> Game:
        """The game a :meth:`to_dict` dict describes; ValueError saying what is wrong."""
        if not isinstance(d, dict):
            raise ValueError(f"a saved game must be an object, not {type(d).__name__}")
        if isinstance(d.get("format"), bool) or d.get("format") != FORMAT:
            raise ValueError(
                f"unknown saved-game format {d.get('format')!r} (this version reads 1)"
            )
        variant, number, level = _saved_deal(d)
        mode = modes.by_letter(variant)
        rules = Rules.from_dict(d["rules"]) if "rules" in d else mode.rules_for_level(max(level, 1))
        piles, foundations = _saved_cards(d)
        down = _saved_face_down(d.get("face_down", [0] * PILES), piles)
        redeals_left = d.get("redeals_left")
        if not _whole(redeals_left) or not 0 <= redeals_left <= rules.redeals:
            raise ValueError(f"redeals_left must be 0..{rules.redeals}, got {redeals_left!r}")
        moves = d.get("moves")
        if not _whole(moves) or moves < 0:
            raise ValueError(f"moves must be a whole number, got {moves!r}")
        game = cls(
            piles,
            variant=variant,
            number=number,
            rules=rules,
            foundations=foundations,
            down=down,
            redeals_left=redeals_left,
            moves=moves,
            level=level,
        )
        game._restore_history(d.get("history", []))
        game._restore_redo(d.get("redo", []))
        return game

    def _restore_redo(self, raw: object) -> None:
        """Load the moves redo can play (next first), proving each legal in turn."""
        if not isinstance(raw, list) or len(raw) > UNDO_LIMIT:
            raise ValueError(f"redo must be a list of at most {UNDO_LIMIT} moves")
        if not all(isinstance(m, str) for m in raw):
            raise ValueError("redo must be a list of moves such as 'P10-P14'")
        moves = [Move.parse(m) for m in raw]
        probe = self.copy()
        for move in moves:
            reason = probe.check(move)
            if reason is not None:
                raise ValueError(f"redo move {move} is not legal there ({reason.name})")
            probe._apply(move)
        self._redo = moves[::-1]

    def _restore_history(self, raw: object) -> None:
        """Load undo history, proving each entry was a legal move (replayed on a copy)."""
        entries = _history_entries(raw)
        if len(entries) > self.moves:
            raise ValueError("history holds more moves than the move counter")
        probe = self.copy()
        for move, flipped in reversed(entries):
            probe._undo_saved(move, flipped)
        # Undoing the history must lead to a sound position (foundations in
        # order, piles within 13, every top face up); replaying it forward
        # from there then proves each move legal.
        for f, stack in enumerate(probe.foundations):
            try:
                _check_foundation(f, stack)
            except ValueError as e:
                raise ValueError(
                    f"history does not match the position: undoing it leaves {e}"
                ) from None
        for i, p in enumerate(probe.piles):
            if len(p) > PILE_LIMIT or probe.down[i] > max(len(p) - 1, 0):
                raise ValueError(f"history does not match the position of pile P{i + 1}")
        for move, flipped in entries:
            reason = probe.check(move)
            if reason is not None:
                raise ValueError(f"history move {move} was not legal ({reason.name})")
            probe._apply(move)
            if probe._history[-1][1] != flipped:
                raise ValueError(f"history move {move} does not match the face-down cards")
        self._history.extend(entries)

    def _undo_saved(self, move: Move, flipped: bool) -> None:
        """Take back a move of a saved history; ValueError if the position cannot have
        come from it (checked before anything changes)."""
        stack = self.piles[move.dst] if move.dst < PILES else self.foundations[move.dst - PILES]
        if (
            not stack
            or (move.dst >= PILES and len(stack) <= 1)
            or (move.src < PILES and len(self.piles[move.src]) >= PILE_LIMIT)
            or (flipped and (move.src >= PILES or self.down[move.src] >= len(self.piles[move.src])))
        ):
            raise ValueError(f"history move {move} does not match the position")
        self._unapply(move, flipped)

    def __repr__(self) -> str:
        at = f" level={self.level}" if self.level else ""
        return f"<Game {self.code}{at} moves={self.moves} redeals_left={self.redeals_left}>"


def _between_foundations(founds: list[list[int]], append: Callable[[Move], None]) -> None:
    """The legal moves from foundation to foundation, in :meth:`Game.legal_moves`'s order."""
    for s in range(4):
        asc = founds[s]
        desc = founds[4 + s]
        # The ascending top follows onto the descending one when the descending top is
        # one rank higher.
        if len(asc) > 1 and len(desc) < 13 and desc[-1] == asc[-1] + 1:
            append(_MOVES[PILES + s][PILES + 4 + s])
    for s in range(4):
        asc = founds[s]
        desc = founds[4 + s]
        if len(desc) > 1 and len(asc) < 13 and asc[-1] == desc[-1] - 1:
            append(_MOVES[PILES + 4 + s][PILES + s])


def _check_level(mode: Mode, level: int) -> int:
    """``level`` if it is one of ``mode``'s (1..n; 0 for a one-deal game); ValueError otherwise."""
    if mode.levels == 1:
        if level:
            raise ValueError(f"variant {mode.letter} has no levels, got level {level!r}")
        return 0
    if not 1 <= level <= mode.levels:
        raise ValueError(f"level {level} is outside 1..{mode.levels}")
    return level


def _whole(value: object) -> TypeGuard[int]:
    """``value`` is a whole number (a JSON integer, not ``true`` or ``false``)."""
    return isinstance(value, int) and not isinstance(value, bool)


def _saved_deal(d: dict[str, Any]) -> tuple[str, int, int]:
    """The variant, number and level of a saved game; ValueError naming the fault."""
    try:
        variant, number = parse_code(str(d.get("code", "")))
    except InvalidCode as e:
        raise ValueError(f"saved game code: {e}") from None
    if d.get("variant", variant) != variant:
        raise ValueError(f"variant {d.get('variant')!r} does not match code {d.get('code')!r}")
    mode = modes.by_letter(variant)
    raw_level = d.get("level", 0)
    if type(raw_level) is not int or (mode.levels > 1 and raw_level == 0):
        raise ValueError(f"a game of levels needs its level 1..{mode.levels}, got {raw_level!r}")
    return variant, number, _check_level(mode, raw_level)


def _saved_cards(d: dict[str, Any]) -> tuple[list[list[int]], list[list[int]]]:
    """The piles and foundations of a saved game, each card there twice; ValueError."""
    piles = _card_lists(d.get("piles"), PILES, "piles")
    foundations = _card_lists(d.get("foundations"), FOUNDATIONS, "foundations")
    for i, p in enumerate(piles):
        if len(p) > PILE_LIMIT:
            raise ValueError(f"pile P{i + 1} holds {len(p)} cards; a pile holds at most 13")
    for f, stack in enumerate(foundations):
        _check_foundation(f, stack)
    counts = [0] * 52
    for stack in piles + foundations:
        for c in stack:
            counts[c] += 1
    wrong = [card_text(c) for c in range(52) if counts[c] != 2]
    if wrong:
        raise ValueError(
            f"every card must be there exactly twice; wrong count for {', '.join(wrong[:6])}"
        )
    return piles, foundations


def _saved_face_down(down: object, piles: list[list[int]]) -> list[int]:
    """The face-down counts of a saved game's piles; ValueError naming the fault."""
    if not isinstance(down, list) or len(down) != PILES or not all(_whole(x) for x in down):
        raise ValueError("face_down must be a list of 16 whole numbers")
    for i, (n, p) in enumerate(zip(down, piles, strict=True)):
        if not 0 <= n <= max(len(p) - 1, 0):
            raise ValueError(f"pile P{i + 1}: {n} face-down cards under a pile of {len(p)}")
    return list(down)


def _history_entries(raw: object) -> list[tuple[Move, bool]]:
    """The ``[move, flipped]`` entries of a saved history; ValueError naming the fault."""
    if not isinstance(raw, list) or len(raw) > UNDO_LIMIT:
        raise ValueError(f"history must be a list of at most {UNDO_LIMIT} moves")
    entries: list[tuple[Move, bool]] = []
    for item in raw:
        if (
            not isinstance(item, list)
            or len(item) != 2
            or not isinstance(item[0], str)
            or not isinstance(item[1], bool)
        ):
            raise ValueError(f"history entry {item!r} is not [move, flipped]")
        entries.append((Move.parse(item[0]), item[1]))
    return entries


def _card_lists(raw: object, n: int, what: str) -> list[list[int]]:
    if not isinstance(raw, list) or len(raw) != n:
        raise ValueError(f"{what} must be a list of {n} lists of cards")
    out: list[list[int]] = []
    for stack in raw:
        if not isinstance(stack, list) or not all(isinstance(x, str) for x in stack):
            raise ValueError(f"{what} must be lists of card texts like '10H'")
        out.append([parse_card(x) for x in stack])
    return out


def _check_foundation(f: int, stack: list[int]) -> None:
    suit = f % 4
    asc = f < 4
    name = f"foundation F{f + 1}"
    if not stack:
        raise ValueError(f"{name} is empty; its base card is missing")
    if len(stack) > 13:
        raise ValueError(f"{name} holds {len(stack)} cards; at most 13")
    for k, c in enumerate(stack):
        want = card(k + 1, suit) if asc else card(13 - k, suit)
        if c != want:
            raise ValueError(
                f"{name} is out of order: card {k + 1} is {card_text(c)}, "
                f"expected {card_text(want)}"
            )
