"""What every part of the table is, and what a part may ask of the table."""

from __future__ import annotations

from typing import TYPE_CHECKING, Protocol

from crescent.control.anim import MOVE_S, Animations
from crescent.control.input import Controller
from crescent.control.table_mode import TableMode
from crescent.play.session import Session
from crescent.rules.engine import Game, Move

if TYPE_CHECKING:
    from crescent.ui.parts.voice import Voice


class Part(Protocol):
    """An aid of the table, told of the game's changes, updated every step."""

    def changed(self) -> None:
        """The game on the table changed (a move, an undo, a redeal, a new deal)."""
        ...

    def update(self, dt: float) -> None:
        """One update step of ``dt`` seconds."""
        ...

    def wake_at(self, now: float) -> float | None:
        """Like :meth:`crescent.ui.scene.Scene.wake_at`: None while it needs every step."""
        ...


class Table(Protocol):
    """What a part may ask of the table scene."""

    mode: TableMode

    @property
    def game(self) -> Game: ...

    @property
    def anims(self) -> Animations: ...

    @property
    def controller(self) -> Controller: ...

    def say(self, message: str, *, notice: bool = False, spoken: str | None = None) -> None:
        """Show ``message`` for a while, and say it when speech is on."""
        ...

    @property
    def voice(self) -> Voice:
        """Speech at the table (silent while off)."""
        ...

    def play(
        self, move: Move, from_pos: tuple[float, float] | None = None, duration: float = MOVE_S
    ) -> bool:
        """Play ``move`` with its flight of ``duration`` seconds; False if refused."""
        ...

    def player_move(self, move: Move) -> None:
        """Play ``move`` as the player's own (the safe moves home follow it)."""
        ...

    def redeal(self) -> None: ...

    def after_change(self) -> None:
        """Tell the parts that the game changed."""
        ...


def game_over(session: Session) -> bool:
    """The levels game is over (time up, stuck, won) and its end screen was closed: the
    final table is there to look at, nothing more is played on it."""
    out = session.outcome
    return session.levels is not None and out is not None and out.final


def shuffles(game: Game) -> bool:
    """The game's redeal is a shuffle (the levels game)."""
    return game.rules.redeal == "shuffle"
