"""The levels game's own state beside its :class:`~crescent.rules.engine.Game`.

Pure (no pygame). One :class:`LevelsState` per levels game: the countdown of
the level being played, its hints left, and what each completed level left
(time and hints), for the end screens and the statistics. The engine's Game is
one level; it carries the shuffles left (``redeals_left``, shared by the
levels).

**[decided]** The countdown of a level starts with its first move or shuffle
(as the standard game's clock starts with the first move), and stands still
while an end screen is up or the window is left.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Any, Final, TypeGuard

from crescent.rules.deal import LEVELS

__all__ = [
    "HINTS_PER_LEVEL",
    "LEVEL_MINUTES",
    "LevelResult",
    "LevelsState",
    "check_level_minutes",
]

LEVEL_MINUTES: Final = (15, 12, 10, 8)
"""The default countdown of each level, in minutes (RULES.md section 7, decided)."""
HINTS_PER_LEVEL: Final = 3
MINUTES_MAX: Final = 99
WARNING_S: Final = 60.0
"""The time left shows in its warning colour in the last minute."""


def check_level_minutes(raw: object, what: str = "level_minutes") -> tuple[int, ...]:
    """Four whole numbers of minutes 1..99; ValueError naming ``what`` otherwise."""
    if (
        not isinstance(raw, list | tuple)
        or len(raw) != LEVELS
        or not all(type(x) is int and 1 <= x <= MINUTES_MAX for x in raw)
    ):
        raise ValueError(
            f"{what} must be {LEVELS} whole numbers of minutes 1..{MINUTES_MAX}, got {raw!r}"
        )
    return tuple(raw)


@dataclass(frozen=True)
class LevelResult:
    """What one completed level left: seconds on its countdown, hints used."""

    time_left: float
    hints_used: int


@dataclass
class LevelsState:
    """The countdown and hints of the level being played, and the levels done."""

    minutes: tuple[int, ...] = LEVEL_MINUTES
    level: int = 1
    time_left: float = float(LEVEL_MINUTES[0] * 60)
    hints_left: int = HINTS_PER_LEVEL
    running: bool = False
    """The level's countdown has started (first move or shuffle of the level)."""
    done: list[LevelResult] = field(default_factory=list)
    moves_before: int = 0
    """Moves played in the completed levels (the Game counts its own level's)."""

    @staticmethod
    def fresh(minutes: tuple[int, ...] = LEVEL_MINUTES) -> LevelsState:
        return LevelsState(minutes, 1, float(minutes[0] * 60))

    @property
    def level_seconds(self) -> float:
        return float(self.minutes[self.level - 1] * 60)

    @property
    def warning(self) -> bool:
        return self.time_left <= WARNING_S

    @property
    def hints_used(self) -> int:
        return HINTS_PER_LEVEL - self.hints_left

    @property
    def total_time_left(self) -> float:
        """Seconds left over the completed levels (the best one is kept in the statistics)."""
        return sum(r.time_left for r in self.done)

    def count_down(self, dt: float) -> bool:
        """Take ``dt`` seconds off the running countdown; True when time has just run out."""
        if not self.running or self.time_left <= 0:
            return False
        self.time_left = max(0.0, self.time_left - dt)
        return self.time_left == 0

    def complete_level(self, moves: int) -> None:
        """The level is done: keep what it left, then start the next one's budgets."""
        self.done.append(LevelResult(self.time_left, self.hints_used))
        self.moves_before += moves
        if self.level < LEVELS:
            self.level += 1
            self.time_left = self.level_seconds
            self.hints_left = HINTS_PER_LEVEL
            self.running = False

    def to_dict(self) -> dict[str, Any]:
        return {
            "level": self.level,
            "minutes": list(self.minutes),
            "time_left": self.time_left,
            "hints_left": self.hints_left,
            "running": self.running,
            "done": [[r.time_left, r.hints_used] for r in self.done],
            "moves_before": self.moves_before,
        }

    @staticmethod
    def from_dict(d: object) -> LevelsState:
        """ValueError saying which value is wrong."""
        if not isinstance(d, dict):
            raise ValueError(f"levels state must be an object, not {type(d).__name__}")
        minutes = check_level_minutes(d.get("minutes"), "levels: minutes")
        level = d.get("level")
        if type(level) is not int or not 1 <= level <= LEVELS:
            raise ValueError(f"levels: level must be 1..{LEVELS}, got {level!r}")
        time_left = d.get("time_left")
        if not _seconds(time_left) or time_left > minutes[level - 1] * 60:
            raise ValueError(f"levels: time_left must be 0..the level's time, got {time_left!r}")
        hints = d.get("hints_left")
        if type(hints) is not int or not 0 <= hints <= HINTS_PER_LEVEL:
            raise ValueError(f"levels: hints_left must be 0..{HINTS_PER_LEVEL}, got {hints!r}")
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
                or item[0] > minutes[k] * 60
                or type(item[1]) is not int
                or not 0 <= item[1] <= HINTS_PER_LEVEL
            ):
                raise ValueError(f"levels: done entry {item!r} is not [time left, hints used]")
            done.append(LevelResult(float(item[0]), item[1]))
        if len(done) == level and level != LEVELS:
            raise ValueError("levels: only the last level stays once completed")
        moves_before = d.get("moves_before")
        if type(moves_before) is not int or moves_before < 0:
            raise ValueError(f"levels: moves_before must be >= 0, got {moves_before!r}")
        return LevelsState(minutes, level, float(time_left), hints, running, done, moves_before)


def _seconds(x: object) -> TypeGuard[int | float]:
    return isinstance(x, int | float) and not isinstance(x, bool) and math.isfinite(x) and x >= 0
