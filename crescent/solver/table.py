"""The exhaustive search's table of positions: 64-bit fingerprints in one flat array.

A depth-first search remembers every position it entered: in a set of int keys while
they are few (~85 bytes a position), then in a :class:`Table`, bounded in bytes
(11-21 bytes a position, ~10% slower). The solve's proven losses with no redeal left
(redeal layers, see :mod:`crescent.solver.depth_first`) are kept in one too.
"""

from __future__ import annotations

import mmap
from typing import Final

from crescent.solver.position import Key

SLOT_BYTES: Final = 8
"""Memory one slot costs (a 64-bit fingerprint); a depth-first search's stack of untried
children adds 1-3 B a position (measured)."""


class Table:
    """The positions a depth-first search has entered, in at most ``max_bytes``: one flat
    array of 64-bit fingerprints (open addressing, linear probing), 8 bytes a slot and
    at most 3/4 full, so 11-21 bytes a position against ~80 for a set of int keys.

    A fingerprint is the key's hash (61 bits and a sign: keys are ints). Two positions
    with one fingerprint would make the search skip the second, so a "lost" rests on
    none colliding among the n positions entered: a chance under n**2 / 2**63 (2e-6 at
    4 million). The keys themselves are sums of 64-bit hashes, with the same kind of
    chance.
    """

    __slots__ = ("limit", "mask", "max_slots", "size", "slots")

    def __init__(self, max_bytes: int, first_slots: int = 1 << 12) -> None:
        self.max_slots = 1 << max(4, (max(16, max_bytes // SLOT_BYTES)).bit_length() - 1)
        n = min(first_slots, self.max_slots)
        self.slots = self._zeros(n)
        self.mask = n - 1
        self.limit = n * 3 // 4
        self.size = 0

    @classmethod
    def of(cls, keys: set[Key], max_bytes: int) -> Table:
        """A table holding ``keys`` (which must fit)."""
        table = cls(max_bytes, first_slots=1 << (2 * len(keys)).bit_length())
        for key in keys:
            if table.add(key) is None:
                raise ValueError(f"{len(keys)} keys do not fit in {max_bytes} bytes")
        return table

    def __len__(self) -> int:
        return self.size

    def nbytes(self) -> int:
        return len(self.slots) * SLOT_BYTES

    def __contains__(self, key: Key) -> bool:
        # :meth:`_has`, inlined: the depth-first search's hottest look-up.
        f = hash(key) or 1
        slots = self.slots
        mask = self.mask
        i = (f >> 16) & mask
        while True:
            v = slots[i]
            if v == f:
                return True
            if not v:
                return False
            i = (i + 1) & mask

    def add(self, key: Key) -> bool | None:
        """Remember ``key``: True when it is new, False when it was there, None when the
        table is full (nothing changed)."""
        return self.put(hash(key) or 1)

    def put(self, f: int) -> bool | None:
        """:meth:`add` for a fingerprint (a key's ``hash(key) or 1``)."""
        if self.size >= self.limit and not self._grow():
            return False if self._has(f) else None
        slots = self.slots
        mask = self.mask
        i = (f >> 16) & mask
        while True:
            v = slots[i]
            if not v:
                break
            if v == f:
                return False
            i = (i + 1) & mask
        slots[i] = f
        self.size += 1
        return True

    def _has(self, f: int) -> bool:
        slots = self.slots
        mask = self.mask
        i = (f >> 16) & mask
        while True:
            v = slots[i]
            if v == f:
                return True
            if not v:
                return False
            i = (i + 1) & mask

    @staticmethod
    def _zeros(n: int) -> memoryview:
        """``n`` zero slots in memory of their own: an anonymous mapping, handed back to
        the system the moment the table goes (from the C heap, where the allocator puts
        large blocks after a few have been freed, it would stay with the process)."""
        return memoryview(mmap.mmap(-1, SLOT_BYTES * n)).cast("q")

    def _grow(self) -> bool:
        n = len(self.slots)
        if n >= self.max_slots:
            return False
        old = self.slots
        self.slots = slots = self._zeros(2 * n)
        self.mask = mask = 2 * n - 1
        self.limit = 2 * n * 3 // 4
        for f in old:
            if f:
                i = (f >> 16) & mask
                while slots[i]:
                    i = (i + 1) & mask
                slots[i] = f
        mapping = old.obj
        old.release()
        if isinstance(mapping, mmap.mmap):
            mapping.close()
        return True
