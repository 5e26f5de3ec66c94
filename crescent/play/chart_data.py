"""What the statistics screen's charts show: bars, their heights and the scale.

Pure module (no pygame, nothing at import time). The figures come from the
queries of :mod:`crescent.play.queries` (the same ones ``--stats`` prints); this
module only shapes them into :class:`Chart` values that
:mod:`crescent.ui.charts` draws: the win rate of the last 100 games in blocks
of 10 (:func:`win_rate_chart`), the best and median winning times
(:func:`times_chart`), and the levels game's levels reached
(:func:`levels_chart`). The labels are the screen's (translated there).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final, NamedTuple

from crescent.play.history import Result
from crescent.play.queries import GameRow, Times

__all__ = [
    "BLOCK",
    "LAST",
    "Bar",
    "Chart",
    "levels_chart",
    "times_chart",
    "win_rate_chart",
]

LAST: Final = 100
"""The win-rate chart covers this many of the last games."""
BLOCK: Final = 10
"""Games per bar of the win-rate chart."""


class Bar(NamedTuple):
    """One bar: what it stands for and how much of the chart's height it fills."""

    amount: float
    """A win rate (0..1), seconds, or a number of games."""
    height: float
    """``amount`` over the chart's top, 0..1."""
    games: int
    """The games behind the bar."""


class Chart(NamedTuple):
    """Bars (oldest or lowest first) on a scale from 0 to ``top``, with grid lines at
    ``ticks`` (amounts, 0 included)."""

    bars: tuple[Bar, ...]
    top: float
    ticks: tuple[float, ...]

    @property
    def empty(self) -> bool:
        return not any(b.games for b in self.bars)


def _bars(amounts: Sequence[tuple[float, int]], top: float) -> tuple[Bar, ...]:
    return tuple(Bar(a, a / top if top > 0 else 0.0, n) for a, n in amounts)


def win_rate_chart(games: Sequence[GameRow], block: int = BLOCK) -> Chart:
    """The win rate of ``games`` (newest first, as :func:`~crescent.play.queries.last_games`
    gives them) in blocks of ``block`` games, oldest block first; the newest block is full,
    the oldest holds what is left. Scale 0 to 100 %."""
    won = [g.result is Result.WON for g in games]
    blocks = [won[i : i + block] for i in range(0, len(won), block)]
    amounts = [(sum(b) / len(b), len(b)) for b in reversed(blocks)]
    return Chart(_bars(amounts, 1.0), 1.0, (0.0, 0.5, 1.0))


def times_chart(times: Times) -> Chart:
    """The best and the median winning times (bars in that order; a time not known yet
    is a bar of no game), on a scale up to the longer of the two."""
    known = [t for t in (times.best, times.median) if t is not None]
    top = max(known, default=0.0)
    amounts = [
        (times.best or 0.0, 1 if times.best is not None else 0),
        (times.median or 0.0, times.wins if times.median is not None else 0),
    ]
    return Chart(_bars(amounts, top), top, (0.0, top) if top else (0.0,))


def levels_chart(reached: dict[int, int], levels: int) -> Chart:
    """How many games ended at each level, 1 to ``levels`` (a bar each, level 1 first),
    on a scale up to the most games at any level."""
    counts = [reached.get(level, 0) for level in range(1, levels + 1)]
    top = float(max(counts, default=0))
    return Chart(_bars([(float(n), n) for n in counts], top), top, (0.0, top) if top else (0.0,))
