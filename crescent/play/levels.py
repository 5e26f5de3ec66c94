"""The state of a game of levels beside its :class:`~crescent.rules.engine.Game`.

Pure (no pygame). A :class:`~crescent.rules.modes.Mode` with several levels,
countdowns or a hint budget (the levels game) gets one :class:`LevelsState`:
the countdown of the level being played, its hints left, and what each
completed level left (time and hints), for the end screens and the statistics.
The engine's Game is one level; it carries the redeals (shuffles) left, handed
on to the next level when the mode's budget spans its levels.

**[decided]** The countdown of a level starts with its first move or shuffle
(as the standard game's clock starts with the first move), and stands still
while an end screen is up or the window is left.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field, replace
from typing import Any, Final, NamedTuple, TypeGuard

from crescent.rules import modes
from crescent.rules.modes import Mode

__all__ = [
    "LEVEL_MINUTES",
    "LevelResult",
    "LevelsState",
    "check_level_minutes",
    "has_levels",
    "timed",
]

LEVEL_MINUTES: Final = tuple(round((t or 0) / 60) for t in modes.LEVELS.time_limits)
"""The levels game's default countdowns, in whole minutes (15, 12, 10, 8)."""
MINUTES_MAX: Final = 99
WARNING_S: Final = 60.0
"""The time left shows in its warning colour in the last minute."""


def has_levels(mode: Mode) -> bool:
    """Whether a game of ``mode`` needs a :class:`LevelsState` (levels, countdown or hints)."""
    return mode.levels > 1 or mode.counts_down(1) or mode.hints_per_level is not None


def check_level_minutes(raw: object, what: str = "level_minutes") -> tuple[int, ...]:
    """The levels game's countdowns: whole minutes 1..99, one per level; ValueError
    naming ``what`` otherwise."""
    n = modes.LEVELS.levels
    if (
        not isinstance(raw, list | tuple)
        or len(raw) != n
        or not all(type(x) is int and 1 <= x <= MINUTES_MAX for x in raw)
    ):
        raise ValueError(
            f"{what} must be {n} whole numbers of minutes 1..{MINUTES_MAX}, got {raw!r}"
        )
    return tuple(raw)


def timed(mode: Mode, minutes: tuple[int, ...]) -> Mode:
    """``mode`` with the player's countdowns (``minutes`` per level) when it counts down."""
    if len(minutes) != mode.levels or not mode.counts_down(1):
        return mode
    return mode.with_time_limits(tuple(60.0 * m for m in minutes))


class LevelResult(NamedTuple):
    """What one completed level left: seconds on its countdown, hints used."""

    time_left: float
    hints_used: int


@dataclass(slots=True)
class LevelsState:
    """The countdown and hints of the level being played, and the levels done.

    ``limits`` are the countdown of each level in seconds (0: the level has no
    countdown); ``hints`` the hints allowed per level (None: no limit); ``done``
    left out is a fresh empty list."""

    limits: tuple[float, ...]
    hints: int | None
    level: int = 1
    time_left: float = 0.0
    hints_left: int | None = None
    running: bool = False
    """The level's countdown has started (first move or shuffle of the level)."""
    done: list[LevelResult] = field(default_factory=list)
    moves_before: int = 0
    """Moves played in the completed levels (the Game counts its own level's)."""

    def copy(self) -> LevelsState:
        """A copy whose list of levels done is its own."""
        return replace(self, done=list(self.done))

    @staticmethod
    def fresh(mode: Mode) -> LevelsState:
        limits = tuple(mode.time_limit(n) or 0.0 for n in range(1, mode.levels + 1))
        hints = mode.hints_per_level
        return LevelsState(limits, hints, 1, limits[0], hints)

    @property
    def levels(self) -> int:
        return len(self.limits)

    @property
    def level_seconds(self) -> float:
        return self.limits[self.level - 1]

    @property
    def counts_down(self) -> bool:
        return self.level_seconds > 0

    @property
    def warning(self) -> bool:
        return self.counts_down and self.time_left <= WARNING_S

    @property
    def hints_used(self) -> int:
        return 0 if self.hints is None or self.hints_left is None else self.hints - self.hints_left

    @property
    def total_time_left(self) -> float:
        """Seconds left over the completed levels (the best one is kept in the statistics)."""
        return sum(r.time_left for r in self.done)

    def count_down(self, dt: float) -> bool:
        """Take ``dt`` seconds off the running countdown; True when time has just run out."""
        if not self.running or not self.counts_down or self.time_left <= 0:
            return False
        self.time_left = max(0.0, self.time_left - dt)
        return self.time_left == 0

    def use_hint(self) -> bool:
        """One hint fewer at this level; False (nothing used) when none is left."""
        if self.hints_left is None:
            return True
        if self.hints_left <= 0:
            return False
        self.hints_left -= 1
        return True

    def complete_level(self, moves: int) -> None:
        """The level is done: keep what it left, then start the next one's budgets."""
        self.done.append(LevelResult(self.time_left, self.hints_used))
        self.moves_before += moves
        if self.level < self.levels:
            self.level += 1
            self.time_left = self.level_seconds
            self.hints_left = self.hints
            self.running = False

    def to_dict(self) -> dict[str, Any]:
        return {
            "level": self.level,
            "level_seconds": list(self.limits),
            "time_left": self.time_left,
            "hints_left": self.hints_left,
            "running": self.running,
            "done": [[r.time_left, r.hints_used] for r in self.done],
            "moves_before": self.moves_before,
        }

    @staticmethod
    def from_dict(d: object, mode: Mode) -> LevelsState:
        """The state ``d`` describes for a game of ``mode``; ValueError saying what is wrong."""
        if not isinstance(d, dict):
            raise ValueError(f"levels state must be an object, not {type(d).__name__}")
        limits = d.get("level_seconds")
        if (
            not isinstance(limits, list)
            or len(limits) != mode.levels
            or not all(_seconds(t) and t <= MINUTES_MAX * 60 for t in limits)
        ):
            raise ValueError(
                f"levels: level_seconds must be {mode.levels} countdowns, got {limits!r}"
            )
        hints = mode.hints_per_level
        level = d.get("level")
        if type(level) is not int or not 1 <= level <= mode.levels:
            raise ValueError(f"levels: level must be 1..{mode.levels}, got {level!r}")
        time_left = d.get("time_left")
        if not _seconds(time_left) or time_left > limits[level - 1]:
            raise ValueError(f"levels: time_left must be 0..the level's time, got {time_left!r}")
        hints_left = d.get("hints_left")
        if hints is None:
            if hints_left is not None:
                raise ValueError("levels: hints_left must be null in a mode without a hint budget")
        elif type(hints_left) is not int or not 0 <= hints_left <= hints:
            raise ValueError(f"levels: hints_left must be 0..{hints}, got {hints_left!r}")
        running = d.get("running")
        if not isinstance(running, bool):
            raise ValueError("levels: running must be true or false")
        raw = d.get("done")
        if not isinstance(raw, list) or len(raw) not in (level - 1, level):
            raise ValueError("levels: done must list each completed level")
        done: list[LevelResult] = []
        for k, item in enumerate(raw):
            if (
                not isinstance(item, list)
                or len(item) != 2
                or not _seconds(item[0])
                or item[0] > limits[k]
                or type(item[1]) is not int
                or not 0 <= item[1] <= (hints or 0)
            ):
                raise ValueError(f"levels: done entry {item!r} is not [time left, hints used]")
            done.append(LevelResult(float(item[0]), item[1]))
        if len(done) == level and level != mode.levels:
            raise ValueError("levels: only the last level stays once completed")
        moves_before = d.get("moves_before")
        if type(moves_before) is not int or moves_before < 0:
            raise ValueError(f"levels: moves_before must be >= 0, got {moves_before!r}")
        return LevelsState(
            tuple(float(t) for t in limits),
            hints,
            level,
            float(time_left),
            hints_left,
            running,
            done,
            moves_before,
        )


def _seconds(x: object) -> TypeGuard[int | float]:
    return isinstance(x, int | float) and not isinstance(x, bool) and math.isfinite(x) and x >= 0
