"""A finished game played back: its steps as positions, and the playback's clock.

Pure module (no pygame, nothing at import time). The history keeps each game's code and
its steps in the notation of ``--play`` with ``U`` for an undo (``played``); a
:class:`Replay` deals the code in an engine :class:`~crescent.rules.engine.Game` of its own
(never the game in progress, never the history) and plays the steps in it, as they were
played: undos included, and in the levels game the next level's deal as a step of its
own after a level is won. Position ``i`` is the table after ``i`` steps (0: the deal);
copies of every :data:`CHECKPOINT`-th position make a jump cost a few steps at most.
:meth:`Replay.net_line` is the line to share: ``--play`` takes no undo, so the moves
undone are left out, and the line ends on the same table.

:class:`Playback` is what the player controls: the position shown, play or pause, the
speed (:data:`SPEEDS`), a step either way and a jump, advanced by ``update(dt)``.
"""

from __future__ import annotations

import enum
import shlex
from dataclasses import dataclass
from typing import Final, NamedTuple

from crescent.play.storage import UNDO
from crescent.rules.deal import InvalidCode
from crescent.rules.engine import Game, IllegalMove, Move, Redeal, parse_step

__all__ = [
    "CHECKPOINT",
    "SPEEDS",
    "STEP_S",
    "Playback",
    "Replay",
    "ReplayError",
    "Step",
    "StepKind",
    "step_at",
]

CHECKPOINT: Final = 32
"""A copy of the table is kept every this many steps (a jump replays fewer)."""
SPEEDS: Final = (0.5, 1.0, 2.0, 4.0)
"""The playback speeds, slowest first."""
STEP_S: Final = 0.8
"""Seconds between two steps at 1×."""


class ReplayError(ValueError):
    """A game's steps do not play back from its code (a log cut short, a bad code)."""


class StepKind(enum.Enum):
    MOVE = "move"
    REDEAL = "redeal"
    """A redeal, or a shuffle in the levels game."""
    UNDO = "undo"
    LEVEL = "level"
    """The levels game: the next level dealt after one was won (no token of its own)."""


class Step(NamedTuple):
    """One step of a replay."""

    kind: StepKind
    token: str
    """As logged ("P10-P14", "R", "S", "U"); empty for a level's deal."""
    move: Move | None = None
    """The move played, or (an undo) the move taken back."""
    card: int | None = None
    """The card the move (or the undo) carried."""
    level: int = 0
    """The level the table shows after this step (0 outside the levels game)."""


@dataclass(frozen=True, slots=True)
class Replay:
    """A game's steps from its deal, and the table after each (:meth:`position`)."""

    code: str
    steps: tuple[Step, ...]
    _checkpoints: tuple[Game, ...]
    final: Game
    """The table after the last step."""

    @classmethod
    def from_log(cls, code: str, played: str) -> Replay:
        """The replay of ``code`` after the steps ``played`` (the history's notation);
        ReplayError when the code deals nothing or a step is refused."""
        try:
            game = Game.from_code(code)
        except InvalidCode as e:
            raise ReplayError(f"bad code: {e}") from None
        steps: list[Step] = []
        checkpoints = [game.copy()]
        for i, token in enumerate(played.split(), start=1):
            step = _step(game, token, i)
            game = _apply(game, step)
            steps.append(step)
            if game.status == "won" and not game.last_level:
                game = game.next_level()
                steps.append(Step(StepKind.LEVEL, "", level=game.level))
            while len(checkpoints) * CHECKPOINT <= len(steps):
                # The position just reached may be one past a checkpoint (a level's deal).
                at = len(checkpoints) * CHECKPOINT
                checkpoints.append(_replayed(checkpoints[-1], steps[at - CHECKPOINT : at]))
        return cls(code, tuple(steps), tuple(checkpoints), game)

    def __len__(self) -> int:
        return len(self.steps)

    def position(self, i: int) -> Game:
        """A copy of the table after ``i`` steps (clamped to 0..len)."""
        i = max(0, min(i, len(self.steps)))
        base = i // CHECKPOINT
        return _replayed(self._checkpoints[base], self.steps[base * CHECKPOINT : i])

    @property
    def net_moves(self) -> int:
        """The moves the game counted: those played, less those undone."""
        kinds = [s.kind for s in self.steps]
        return kinds.count(StepKind.MOVE) - kinds.count(StepKind.UNDO)

    def net_line(self) -> list[str]:
        """The steps without the moves undone (nor the undos): ``--play`` takes no ``U``,
        and this line ends on the same table (an undo takes back its move exactly; it
        never reaches over a redeal or into another level)."""
        kept: list[str] = []
        for step in self.steps:
            if step.kind is StepKind.UNDO:
                kept.pop()
            elif step.kind is not StepKind.LEVEL:
                kept.append(step.token)
        return kept

    def share_line(self) -> str:
        """One line for the command line: ``--code CODE --play "MOVES"``."""
        line = self.net_line()
        if not line:
            return f"--code {self.code}"
        return f"--code {self.code} --play {shlex.quote(' '.join(line))}"


def _step(game: Game, token: str, i: int) -> Step:
    """Step ``i`` of a log (``token``) as it applies to ``game``; ReplayError if refused."""
    level = game.level
    if token == UNDO:
        history = game.history
        if not history:
            raise ReplayError(f"step {i}: nothing to undo")
        move = history[-1]
        return Step(StepKind.UNDO, token, move, game.top(move.dst), level)
    try:
        parsed = parse_step(token)
    except ValueError as e:
        raise ReplayError(f"step {i}: {e}") from None
    if isinstance(parsed, Redeal):
        if game.redeal_token != parsed.value or game.redeals_left <= 0:
            raise ReplayError(f"step {i}: {token} refused")
        return Step(StepKind.REDEAL, parsed.value, level=level)
    reason = game.check(parsed)
    if reason is not None:
        raise ReplayError(f"step {i}: {token} refused ({reason.name})")
    return Step(StepKind.MOVE, str(parsed), parsed, game.top(parsed.src), level)


def _apply(game: Game, step: Step) -> Game:
    """Play ``step`` on ``game``; the table after it (a new Game for a level's deal)."""
    try:
        if step.kind is StepKind.MOVE:
            assert step.move is not None
            game.play(step.move)
        elif step.kind is StepKind.REDEAL:
            game.redeal()
        elif step.kind is StepKind.UNDO:
            game.undo()
        else:
            return game.next_level()
    except IllegalMove as e:
        raise ReplayError(f"{step.token} refused ({e.reason.name})") from None
    return game


def _replayed(start: Game, steps: tuple[Step, ...] | list[Step]) -> Game:
    game = start.copy()
    for step in steps:
        game = _apply(game, step)
    return game


def step_at(x: float, left: float, width: float, steps: int) -> int:
    """The position a scrub bar from ``left`` ``width`` wide shows at ``x`` (0..steps)."""
    if width <= 0 or steps <= 0:
        return 0
    return max(0, min(steps, round((x - left) / width * steps)))


@dataclass(slots=True)
class Playback:
    """The player's controls over a replay of ``steps`` steps: the position shown
    (``at``, 0..steps), play or pause, the speed. Any step or jump pauses; Play at the
    end starts again from the deal; playing stops at the last step."""

    steps: int
    at: int = 0
    playing: bool = False
    speed: float = 1.0
    wait: float = 0.0
    """Seconds until the next step while playing."""

    @property
    def interval(self) -> float:
        """Seconds between two steps at this speed."""
        return STEP_S / self.speed

    def toggle(self) -> None:
        """Play, or pause."""
        if self.playing:
            self.playing = False
            return
        if self.at >= self.steps:
            self.at = 0
        self.playing = self.steps > 0
        self.wait = self.interval

    def jump(self, i: int) -> None:
        """Show the table after ``i`` steps (clamped), paused."""
        self.at = max(0, min(i, self.steps))
        self.playing = False

    def forward(self) -> None:
        self.jump(self.at + 1)

    def back(self) -> None:
        self.jump(self.at - 1)

    def faster(self) -> None:
        self.speed = next((s for s in SPEEDS if s > self.speed), self.speed)

    def slower(self) -> None:
        self.speed = next((s for s in reversed(SPEEDS) if s < self.speed), self.speed)

    def cycle_speed(self) -> None:
        """The next speed, the slowest after the fastest."""
        faster = [s for s in SPEEDS if s > self.speed]
        self.speed = faster[0] if faster else SPEEDS[0]
        self.wait = min(self.wait, self.interval)

    def update(self, dt: float) -> int:
        """Advance by ``dt`` seconds; the steps taken (0 unless playing)."""
        if not self.playing:
            return 0
        self.wait -= dt
        taken = 0
        while self.wait <= 0 and self.at < self.steps:
            self.at += 1
            taken += 1
            self.wait += self.interval
        if self.at >= self.steps:
            self.playing = False
        return taken

    def due_in(self) -> float | None:
        """Seconds until the next step, or None while paused."""
        return max(self.wait, 0.0) if self.playing else None
