"""What one solve() may spend, and the meter that counts it: time, nodes, memory, cancel.

A solve's limits are its arguments (``budget_s``, ``max_nodes``, ``max_bytes``, ``cancel``,
``clock``); nothing here is shared between calls. The memory budget covers the tables the
searches keep (positions, the heap, the memo of derived facts) and is checked as they
grow: the default is :data:`MAX_BYTES`, a kiosk passes its own (32 MB).
"""

from __future__ import annotations

import os
import time
from collections.abc import Callable, Sized
from typing import TYPE_CHECKING, Final

from crescent.solver.position import Memo
from crescent.solver.table import Table

if TYPE_CHECKING:
    from crescent.solver._core import Table as CoreTable

MAX_BYTES: Final = 64 * 2**20
"""The default memory budget of one solve() (``max_bytes``, ``--max-mb``)."""

STATE_BYTES: Final = 600
"""Memory one kept position of a best-first search costs: ~170 B in the parents table, and
~820 B for each of the ~40% still on the heap (entry, piles tuple, new pile bytes);
measured on hard deals, rounded up for the allocator's slack."""
SET_BYTES: Final = 85
"""Memory one position costs in a set of int keys (the key and its slot, measured)."""
CACHE_SHARE: Final = 4
"""The memo of derived facts gets 1/CACHE_SHARE of the budget (then it is emptied)."""
CACHE_ENTRY_BYTES: Final = 300
"""Memory per memo entry (~250 B measured)."""
CHECK_EVERY: Final = 64
"""Nodes between looks at the clock and the cancel flag (a small part of a frame)."""
CORE_LOOK_S: Final = 0.02
"""Seconds the search core runs between looks on a real clock (paced, see
:meth:`Meter.chunk`): each look takes the interpreter lock, which the game's loop needs,
and on a busy machine each hand-over of the lock waits for the scheduler."""
MAX_CHUNK: Final = 1 << 16
"""The most nodes the core runs between two looks."""


def machine_mb() -> float:
    """The machine's memory in MB: the most ``--max-mb`` may ask (a survey is not a kiosk:
    its searches may take what the machine has). Where it cannot be read, a million."""
    try:
        return os.sysconf("SC_PHYS_PAGES") * os.sysconf("SC_PAGE_SIZE") / 2**20
    except (AttributeError, ValueError, OSError):
        return 1e6


def max_mb_error(max_mb: float, at_once: int = 1) -> str | None:
    """Why ``--max-mb`` (each of ``at_once`` searches running together) cannot be asked
    for, in one sentence, or None."""
    have = machine_mb()
    if not 1 <= max_mb <= have:
        return (
            f"--max-mb must be a number of megabytes from 1 to the machine's {have:,.0f}, "
            f"got {max_mb:g}"
        )
    if max_mb * at_once > have:
        return (
            f"--max-mb {max_mb:g} for each of {at_once} deals at once is "
            f"{max_mb * at_once:,.0f} MB, more than the machine's {have:,.0f}: "
            "lower --jobs or --max-mb"
        )
    return None


class Stop(Exception):
    """The budget ran out or the search was cancelled."""


class Meter:
    """Time, nodes, memory and cancelling, shared by the searches of one solve()."""

    __slots__ = (
        "clock",
        "deadline",
        "lost0",
        "max_bytes",
        "max_nodes",
        "memo",
        "nodes",
        "over",
        "paced",
        "slice_end",
        "slice_nodes",
        "stop",
        "stride",
        "tables",
    )

    def __init__(
        self,
        deadline: float,
        max_nodes: int | None,
        stop: Callable[[], bool],
        max_bytes: int = MAX_BYTES,
        clock: Callable[[], float] = time.monotonic,
        memo: Memo | None = None,
        paced: bool = False,
    ) -> None:
        self.clock = clock
        self.stride = CHECK_EVERY
        """Nodes the search core runs between looks (see :meth:`chunk`)."""
        self.paced: tuple[float, int] | None = (-1.0, 0) if paced else None
        """When the core last looked and its node count then (its pace sets the stride),
        or None: it looks where the pure search does (a simulated clock counts looks)."""
        self.deadline = deadline
        self.slice_end = deadline
        self.slice_nodes: int | None = None
        """The node count at which the current turn ends when turns are counted in
        positions (``solve(node_turns=True)``), else None: they end at :attr:`slice_end`."""
        self.max_nodes = max_nodes
        self.stop = stop
        self.nodes = 0
        self.max_bytes = max_bytes
        self.memo = Memo() if memo is None else memo
        """The facts the searches derive, remembered (emptied when over its share)."""
        self.tables: list[Sized] = []
        """The parents tables of the best-first searches alive (their size is the memory)."""
        self.over = False
        """The searches together outgrew the memory budget: one must go."""
        self.lost0: Table | CoreTable | None = None
        """Positions with no redeal left that a depth-first search proved lost (see
        :mod:`crescent.solver.depth_first`): a later depth-first search of the solve
        skips them."""

    def tick(self) -> bool:
        """Count one node: True when the current search's turn is over; Stop at the end."""
        self.nodes += 1
        if self.nodes % CHECK_EVERY:
            return False
        now = self.clock()
        if (
            now > self.deadline
            or self.stop()
            or (self.max_nodes is not None and self.nodes >= self.max_nodes)
        ):
            raise Stop
        if self.nodes % (CHECK_EVERY * 16) == 0:
            self.trim_memo()
        if self.tables and sum(map(len, self.tables)) > self.states():
            self.over = True
            return True  # the turn ends: the portfolio lets the largest search go
        if self.slice_nodes is not None:
            return self.nodes >= self.slice_nodes
        return now > self.slice_end

    def endless_turn(self) -> None:
        """The search that runs now goes on to the end of the budget (no more turns)."""
        self.slice_end = self.deadline
        self.slice_nodes = None

    def chunk(self) -> int:
        """Nodes the search core runs before the next look (:mod:`crescent.solver.core`):
        :attr:`stride` on, to a multiple of :data:`CHECK_EVERY`, not past the look that stops at
        ``max_nodes``. Unpaced the stride is :data:`CHECK_EVERY`: it looks at every node
        the pure search looks at, so a simulated clock falls on the same nodes. Paced (a
        real clock) the stride is what the core searched in :data:`CORE_LOOK_S` of it."""
        if self.paced is not None:
            now = self.clock()
            then, nodes = self.paced
            if then >= 0 and now > then:
                pace = int((self.nodes - nodes) / (now - then) * CORE_LOOK_S)
                self.stride = max(CHECK_EVERY, min(MAX_CHUNK, pace - pace % CHECK_EVERY))
            self.paced = (now, self.nodes)
        end = (self.nodes + self.stride) // CHECK_EVERY * CHECK_EVERY
        if self.max_nodes is not None:
            last = max(self.max_nodes, self.nodes + 1)
            end = min(end, -(-last // CHECK_EVERY) * CHECK_EVERY)
        return end - self.nodes

    def trim_memo(self) -> None:
        """Empty the memo when it outgrows its share of the budget."""
        if self.memo.entries() * CACHE_ENTRY_BYTES > self.max_bytes // CACHE_SHARE:
            self.memo.clear()

    def states(self, share: int = 1) -> int:
        """Best-first positions one of ``share`` searches may keep (its part of the budget
        the memo and the depth-first search beside them leave)."""
        room = self.seen() - self.beside()
        return max(1, room // STATE_BYTES // share)

    def beside(self) -> int:
        """Bytes the depth-first search running beside the best-first ones may take: half
        of what the memo leaves, the best-first searches the other half, so that the
        shares add up to the budget (the depth-first table is a mapping of its own: the
        heap the others free never holds it)."""
        return self.seen() // 2

    def seen(self) -> int:
        """Bytes the depth-first search's table of positions may take."""
        return self.max_bytes - self.max_bytes // CACHE_SHARE


def release_memory(*, collect: bool = True) -> None:
    """Hand freed heap back to the system after a search (glibc keeps it otherwise, in
    the background thread's own arena): a kiosk's resident size stays flat. ``collect``:
    a garbage collection first (it holds the interpreter: not between two frames)."""
    import ctypes
    import ctypes.util
    import gc

    if collect:
        gc.collect()
    name = ctypes.util.find_library("c")
    if name is None:
        return
    try:
        trim = ctypes.CDLL(name).malloc_trim
    except (OSError, AttributeError):
        return  # not glibc
    trim(0)
