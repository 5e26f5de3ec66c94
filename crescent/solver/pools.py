"""The shipped pools: deal numbers the solver proved winnable, and those it proved lost.

"Winnable deals only" deals from ``pools/winnable-POOL.txt`` and never from
``pools/lost-POOL.txt`` (``POOL`` a :attr:`~crescent.rules.modes.Mode.pool`); both are made
by ``tools/make_pools.py``. The daily deal draws from ``pools/daily-NAME.txt``
(:data:`crescent.play.daily.DAILY_POOLS` names them), which never change once shipped.
New levels games are dealt from ``pools/fair-L.txt`` (:func:`load_fair`).
"""

from __future__ import annotations

import re

from crescent import resources
from crescent.rules import modes

FAIR_SHUFFLES = 1
"""A fair levels game: the solver won its four levels in a row with a line that uses at
most this many of the game's five shuffles (so four are left for the player's own), and
the line replayed to a won game. ``tools/make_pools.py --fair`` lists them from the
survey of whole games (docs/SOLVER.md, "Fair levels games")."""


def _load_numbers(kind: str, pool: str) -> list[int]:
    if pool not in modes.POOLS:
        raise ValueError(f"unknown pool {pool!r}: the pools are {', '.join(modes.POOLS)}")
    return _read(f"pools/{kind}-{pool}.txt")


def _read(name: str) -> list[int]:
    text = resources.read_text(name)
    return [int(line) for line in text.splitlines() if line.strip() and not line.startswith("#")]


def load_lost(pool: str) -> list[int]:
    """The deal numbers proven lost in the shipped list of ``pool`` (a :attr:`Mode.pool`):
    never dealt by "winnable deals only"."""
    return _load_numbers("lost", pool)


def load_pool(pool: str) -> list[int]:
    """The deal numbers proven winnable in the shipped pool ``pool`` (a :attr:`Mode.pool`)."""
    return _load_numbers("winnable", pool)


def load_fair(name: str) -> list[int]:
    """The deal numbers of the shipped list of fair games ``name`` (a :attr:`Mode.fair`):
    every new game of its mode is dealt from it."""
    if name not in modes.FAIRS:
        raise ValueError(f"unknown list of fair deals {name!r}: they are {', '.join(modes.FAIRS)}")
    return _read(f"pools/fair-{name}.txt")


def load_daily(name: str) -> list[int]:
    """The deal numbers of the daily pool ``name`` (letters and digits)."""
    if not re.fullmatch(r"[A-Za-z0-9]+", name):
        raise ValueError(f"not a daily pool's name: {name!r}")
    return _read(f"pools/daily-{name}.txt")
