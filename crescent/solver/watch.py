"""Still winnable? One bounded search after each change of the table, in a thread.

The table shows what this says: "winnable" (a winning line was found, and replays),
"lost" (the solver proved it: the whole reachable space was searched) or "not yet
known" (the budget ran out). It never says more than the search proved.

Searching costs nothing when nothing changed: :meth:`Watcher.look` is called after a
change, and a position seen before (an undo back, a move along the line already found)
is answered from what is known, without a search. Where a lost game went wrong is
looked for only when the player asks (a tap on the marker: the table's hints search the
undo history), so each change costs one search of at most ``WATCH_BUDGET_S``.

The search runs in the watcher's thread when the solver's search core is built (the
core lets go of the interpreter lock while it searches, so the game's loop runs on,
:mod:`crescent.solver.core`). Without it, the pure search runs in a process of its own
(:class:`SearchProcess`, started with the first search), fed by the watcher's thread:
in a thread of the game's process the pure search held the interpreter lock the game
loop needs, and the frames drawn meanwhile took twice as long at the 95th percentile
(``python -m crescent.bench watch``); a search in another process costs them about 5 %.
"""

from __future__ import annotations

import atexit
import enum
import functools
import threading
from collections import OrderedDict
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Final

from crescent.rules.engine import Game, parse_step
from crescent.solver import core
from crescent.solver.budget import release_memory
from crescent.solver.portfolio import Outcome, solve

if TYPE_CHECKING:
    from multiprocessing.connection import Connection
    from multiprocessing.process import BaseProcess

WATCH_BUDGET_S: Final = 2.0
"""The search after one change: enough for most positions of a standard deal."""
CORE_BYTES: Final = 16 * 2**20
"""The memory budget of one look in the search core (or the one given, when smaller): 40
positions of standard deals 1-40 searched to 1,000,000 positions each got the same 33
wins and 7 unknowns at 16 MB as at the solver's 64 MB (at 8 MB two wins were lost), and a
search of two CPU seconds peaked 2 to 4 MB lower (issue 45 item 4: the game's memory)."""
KNOWN: Final = 256
"""Positions remembered with their verdict (an undo back is answered at once)."""

Key = tuple[tuple[tuple[int, ...], ...], tuple[tuple[int, ...], ...], tuple[int, ...], int]


_step = functools.cache(parse_step)
"""A token read once (this runs in the watcher's thread, holding the interpreter lock the
game's loop needs; a line has some 150 tokens, of a few hundred different ones)."""


class Verdict(enum.Enum):
    """What "Still winnable?" says of a position (a search's :class:`Outcome`, in the
    table's words)."""

    WINNABLE = "winnable"
    LOST = Outcome.LOST.value
    UNKNOWN = Outcome.UNKNOWN.value


@dataclass(frozen=True)
class Watch:
    """The verdict on the position after change ``changes``. ``line``: a winning line from
    it (WINNABLE)."""

    verdict: Verdict
    changes: int
    line: tuple[str, ...] = ()


def position_key(game: Game) -> Key:
    """What decides the game from here: the cards, which are face down, redeals left."""
    return (
        tuple(map(tuple, game.piles)),
        tuple(map(tuple, game.foundations)),
        tuple(game.down),
        game.redeals_left,
    )


def judge(
    game: Game,
    *,
    budget_s: float,
    max_bytes: int | None = None,
    cancel: threading.Event | None = None,
) -> Watch:
    """The verdict on ``game`` (not changed) after a search of ``budget_s`` seconds
    (unknown when ``cancel`` is set meanwhile)."""
    result = solve(game, budget_s=budget_s, max_bytes=max_bytes, cancel=cancel)
    if result.outcome is Outcome.WON:
        return Watch(Verdict.WINNABLE, 0, tuple(result.line))
    if result.outcome is Outcome.LOST:
        return Watch(Verdict.LOST, 0)
    return Watch(Verdict.UNKNOWN, 0)


class Watcher:
    """Looks at each new position in a thread; :meth:`poll` gives the newest verdict once."""

    def __init__(
        self,
        *,
        budget_s: float = WATCH_BUDGET_S,
        max_bytes: int | None = None,
        on_answer: Callable[[], None] | None = None,
    ) -> None:
        self.budget_s = budget_s
        self.on_answer = on_answer
        """Called (in the watcher's thread) when a verdict is ready: the client wakes its
        loop with it, so nobody polls."""
        self._known: OrderedDict[Key, Watch] = OrderedDict()
        self._lock = threading.Lock()
        self._answer: Watch | None = None
        self._wanted: tuple[Game, int] | None = None
        self._thread: threading.Thread | None = None
        self._generation = 0
        self._closed = threading.Event()
        self._process = SearchProcess(max_bytes)
        self.searches = 0
        """How many positions were searched (what the tests and the benchmark count)."""

    @property
    def busy(self) -> bool:
        with self._lock:
            return self._thread is not None

    def look(self, game: Game, changes: int) -> None:
        """The table changed: answer from what is known, else search (one at a time: a
        position that arrives during a search waits, replaced by any newer one)."""
        known = self._recall(position_key(game))
        if known is not None:
            with self._lock:
                self._wanted = None
                self._answer = Watch(known.verdict, changes, known.line)
            return
        if self._closed.is_set():
            return
        with self._lock:
            self._wanted = (game.copy(), changes)
            if self._thread is not None:
                return
            self._thread = threading.Thread(target=self._work, name="crescent-watch", daemon=True)
            self._thread.start()

    def poll(self) -> Watch | None:
        with self._lock:
            answer, self._answer = self._answer, None
        return answer

    def close(self) -> None:
        """Stop: the search under way ends (at its next look, or with its process), none
        starts."""
        self._closed.set()
        self.forget()
        self._process.close()

    def forget(self) -> None:
        """A new deal: nothing known carries over."""
        with self._lock:
            self._wanted = None
            self._answer = None
            self._known.clear()
            self._generation += 1

    def _work(self) -> None:
        while True:
            with self._lock:
                wanted, self._wanted = self._wanted, None
                if wanted is None:
                    self._thread = None
                    break
                generation = self._generation
            game, changes = wanted
            self.searches += 1
            found = self._judge(game)
            with self._lock:
                if generation != self._generation:  # a new deal came meanwhile
                    continue
            self._remember(game, found)
            with self._lock:
                fresh = self._wanted is None  # nothing newer came meanwhile
                if fresh:
                    self._answer = Watch(found.verdict, changes, found.line)
            if fresh and self.on_answer is not None:
                self.on_answer()

    def _judge(self, game: Game) -> Watch:
        """The verdict: searched here (in the core, the game's loop runs on) or in the
        worker process (the pure search, which would hold the loop's interpreter lock)."""
        if core.supports(game):
            max_bytes = min(self._process.max_bytes or CORE_BYTES, CORE_BYTES)
            return judge(game, budget_s=self.budget_s, max_bytes=max_bytes, cancel=self._closed)
        # None: the process ended (closed, or it failed): nothing is claimed.
        return self._process.judge(game, self.budget_s) or Watch(Verdict.UNKNOWN, 0)

    def _remember(self, game: Game, found: Watch) -> None:
        """Keep the verdict, and for a win every position along its line (each winnable)."""
        entries = [(position_key(game), found)]
        probe, line = game.copy(), found.line
        # A line solve() found replays (it checks), so each step is legal.
        for i, token in enumerate(line, start=1):
            probe.step(_step(token))
            entries.append((position_key(probe), Watch(Verdict.WINNABLE, 0, line[i:])))
        with self._lock:
            for key, watch in entries:
                self._known[key] = watch
                self._known.move_to_end(key)
            while len(self._known) > KNOWN:
                self._known.popitem(last=False)

    def _recall(self, key: Key) -> Watch | None:
        with self._lock:
            found = self._known.get(key)
            if found is not None:
                self._known.move_to_end(key)
            return found


class SearchProcess:
    """Judges positions one at a time in a worker process, started with the first (the
    ``spawn`` way on every platform: the game's threads and window stay out of it).
    The worker ends when it is closed, or when the game ends (its pipe closes). Only the
    pure search runs there (:meth:`Watcher._judge`): multiprocessing is imported then."""

    def __init__(self, max_bytes: int | None) -> None:
        self.max_bytes = max_bytes
        self._lock = threading.Lock()
        self._conn: Connection | None = None
        self._worker: BaseProcess | None = None
        self._closed = False
        # Closed when the game ends, if not before: a game that ended while the worker was
        # being started (its thread stopped mid-start) left it reading a pipe cut short,
        # and the worker printed an EOFError traceback (issue 43). Closing waits for the
        # start under way to finish, then ends the worker.
        atexit.register(self.close)

    def judge(self, game: Game, budget_s: float) -> Watch | None:
        """The verdict on ``game`` (the worker's search of ``budget_s`` seconds);
        None when the worker is closed or gone (a new one starts for the next search)."""
        conn = self._connect()
        if conn is None:
            return None
        try:
            conn.send((game.to_dict(), budget_s))
            verdict, line = conn.recv()
        except (EOFError, OSError):
            self._stop()
            return None
        return Watch(Verdict(verdict), 0, tuple(line))

    def close(self) -> None:
        with self._lock:
            self._closed = True
        self._stop()
        atexit.unregister(self.close)

    def _connect(self) -> Connection | None:
        with self._lock:
            if self._closed:
                return None
            if self._conn is None:
                import multiprocessing  # here: a game searching in the core never needs it

                context = multiprocessing.get_context("spawn")
                ours, theirs = context.Pipe()
                worker = context.Process(
                    target=serve, args=(theirs, self.max_bytes), name="crescent-watch", daemon=True
                )
                worker.start()
                theirs.close()
                self._conn, self._worker = ours, worker
            return self._conn

    def _stop(self) -> None:
        with self._lock:
            conn, worker, self._conn, self._worker = self._conn, self._worker, None, None
        if worker is not None:
            worker.terminate()
            worker.join(5.0)
        if conn is not None:
            conn.close()


def serve(conn: Connection, max_bytes: int | None) -> None:
    """The worker process: judge each position received, until the pipe closes."""
    while True:
        try:
            data, budget_s = conn.recv()
        except (EOFError, OSError):
            return
        found = judge(Game.from_dict(data), budget_s=budget_s, max_bytes=max_bytes)
        conn.send((found.verdict.value, list(found.line)))
        release_memory(collect=False)  # the search's heap back to the system, between searches
