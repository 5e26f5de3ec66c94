"""A bounded cache for the client's pictures, fonts and lines: the least recently used
item goes first. No pygame here."""

from __future__ import annotations

from collections import OrderedDict
from typing import TypeVar

K = TypeVar("K")
V = TypeVar("V")


class Lru(OrderedDict[K, V]):
    """At most ``limit`` items; :meth:`hit` and :meth:`keep` make an item the most recently
    used (a plain look-up, ``in`` or ``pop`` does not)."""

    def __init__(self, limit: int) -> None:
        super().__init__()
        self.limit = limit

    def hit(self, key: K) -> V | None:
        """The item kept for ``key``, now the most recently used; None if there is none."""
        value = self.get(key)
        if value is not None:
            self.move_to_end(key)
        return value

    def keep(self, key: K, value: V) -> V:
        """Keep ``value`` for ``key``; beyond the limit, the least recently used go."""
        self[key] = value
        self.move_to_end(key)
        while len(self) > self.limit:
            self.popitem(last=False)
        return value
