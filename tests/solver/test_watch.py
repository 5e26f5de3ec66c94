"""Still winnable? The watcher's verdicts are what the search proved, and no more."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from crescent.rules.engine import Game
from crescent.solver import core, watch
from crescent.solver.budget import MAX_BYTES
from crescent.solver.watch import SearchProcess, Verdict, Watch, Watcher, judge, position_key
from tests.solver.test_solver import spades_left


def nearly_won() -> Game:
    """Three spades to play home: winnable at once."""
    return spades_left(11, 2, ["QS", "KS", "AS"])


def lost_after_one_move() -> Game:
    """Winnable, then lost by P2-P1 (10S onto 9S buries the 9S above the JS)."""
    game = spades_left(8, 5, ["JS 9S", "10S", "QS", "KS", "4S", "3S", "2S", "AS"])
    game.play_text("P2-P1")
    return game


def wait(watcher: Watcher, timeout_s: float = 30.0) -> Watch:
    deadline = time.monotonic() + timeout_s
    while time.monotonic() < deadline:
        answer = watcher.poll()
        if answer is not None:
            return answer
        time.sleep(0.01)
    raise AssertionError("the watcher gave no verdict")


def test_a_nearly_won_position_is_winnable_with_a_line() -> None:
    found = judge(nearly_won(), budget_s=5)
    assert found.verdict is Verdict.WINNABLE
    assert found.line


def test_a_lost_position_is_lost() -> None:
    found = judge(lost_after_one_move(), budget_s=5)
    assert found == Watch(Verdict.LOST, 0)


def test_no_budget_claims_nothing() -> None:
    game = Game.from_code("CR1-N-AAAAAAB")  # a deal the solver cannot decide at once
    assert judge(game, budget_s=0).verdict is Verdict.UNKNOWN


def test_the_watcher_answers_in_its_thread_and_never_changes_the_game() -> None:
    game = lost_after_one_move()
    before = position_key(game)
    watcher = Watcher(budget_s=5)
    watcher.look(game, changes=7)
    answer = wait(watcher)
    assert answer == Watch(Verdict.LOST, 7)
    assert position_key(game) == before
    assert watcher.poll() is None  # each verdict is given once
    # Known lost: answered again without a search (where it went wrong waits for a tap).
    watcher.look(game, changes=8)
    assert watcher.poll() == Watch(Verdict.LOST, 8)
    assert watcher.searches == 1


def test_a_position_seen_before_is_answered_without_a_search() -> None:
    game = nearly_won()
    watcher = Watcher(budget_s=5)
    watcher.look(game, changes=1)
    first = wait(watcher)
    assert first.verdict is Verdict.WINNABLE
    # Along the line found: each position on it is known to be winnable.
    game.apply(first.line[0])
    watcher.look(game, changes=2)
    assert watcher.poll() == Watch(Verdict.WINNABLE, 2, first.line[1:])
    game.undo()
    watcher.look(game, changes=3)
    assert watcher.poll() == Watch(Verdict.WINNABLE, 3, first.line)
    assert watcher.searches == 1


def test_a_new_deal_forgets_what_was_known() -> None:
    game = nearly_won()
    watcher = Watcher(budget_s=5)
    watcher.look(game, changes=1)
    wait(watcher)
    watcher.forget()
    watcher.look(game, changes=1)
    assert wait(watcher).verdict is Verdict.WINNABLE
    assert watcher.searches == 2


def test_the_search_runs_in_a_worker_process_that_closing_ends() -> None:
    searcher = SearchProcess(max_bytes=None)
    try:
        assert searcher.judge(nearly_won(), 5) is not None
        worker = searcher._worker
        assert worker is not None
        assert worker.is_alive()
        pid = worker.pid
        assert pid is not None
        assert pid != os.getpid()
        # A worker gone (killed, crashed) claims nothing; the next search starts another.
        os.kill(pid, signal.SIGKILL)
        worker.join(10)
        assert searcher.judge(nearly_won(), 5) is None
        found = searcher.judge(lost_after_one_move(), 5)
        assert found == Watch(Verdict.LOST, 0)
        again = searcher._worker
        assert again is not None
        assert again.pid != pid
    finally:
        searcher.close()
    assert not again.is_alive()
    assert searcher.judge(nearly_won(), 5) is None  # closed: none starts


# The game ends while its watcher's thread is starting the worker: the worker process
# exists, the data it is to read is not yet written to it (the start is held there by
# wrapping the standard library's spawn), and the main thread returns.
_ENDS_WHILE_THE_WORKER_STARTS = """
import threading, time
from multiprocessing import util
from crescent.rules.engine import Game
from crescent.solver.watch import SearchProcess

spawned = threading.Event()
real_spawn = util.spawnv_passfds

def spawn_then_hold(path, args, fds):
    pid = real_spawn(path, args, fds)
    if "spawn_main" not in " ".join(map(str, args)):
        return pid  # the resource tracker
    print(pid, flush=True)
    spawned.set()
    time.sleep(1)  # the start held here: the game ends meanwhile
    return pid

util.spawnv_passfds = spawn_then_hold
searcher = SearchProcess(max_bytes=None)
game = Game.from_code("CR1-N-AAAAAAB")
threading.Thread(target=searcher.judge, args=(game, 5), daemon=True).start()
assert spawned.wait(60)
"""


def test_a_game_that_ends_while_its_worker_starts_leaves_no_traceback() -> None:
    """Issue 43: the worker printed an EOFError traceback, its start cut short."""
    out = subprocess.run(
        [sys.executable, "-c", _ENDS_WHILE_THE_WORKER_STARTS],
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert out.returncode == 0, out.stderr
    worker = int(out.stdout)
    end = time.monotonic() + 60  # the worker, ended, is gone (or a zombie nobody reaped)
    while time.monotonic() < end and not _ended(worker):
        time.sleep(0.05)
    assert _ended(worker)
    assert "Traceback" not in out.stderr, out.stderr
    assert "EOFError" not in out.stderr


def _ended(pid: int) -> bool:
    try:
        return Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0] == "Z"
    except OSError:
        return True


@pytest.mark.skipif(core.CORE is None, reason="the search core is not built")
def test_with_the_core_the_watcher_searches_in_its_thread_and_starts_no_process() -> None:
    watcher = Watcher(budget_s=5)
    try:
        watcher.look(lost_after_one_move(), changes=1)
        assert wait(watcher) == Watch(Verdict.LOST, 1)
        watcher.look(nearly_won(), changes=2)
        assert wait(watcher).verdict is Verdict.WINNABLE
        assert watcher.searches == 2
        assert watcher._process._worker is None
    finally:
        watcher.close()


@pytest.mark.skipif(core.CORE is None, reason="the search core is not built")
def test_the_watchers_search_in_the_core_keeps_to_its_own_smaller_table(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    asked: list[int | None] = []

    def judged(game: Game, *, budget_s: float, max_bytes: int | None, cancel: object) -> Watch:
        asked.append(max_bytes)
        return Watch(Verdict.UNKNOWN, 0)

    monkeypatch.setattr(watch, "judge", judged)
    for given in (None, 64 * 2**20, 32 * 2**20, 8 * 2**20):
        Watcher(max_bytes=given)._judge(nearly_won())
    assert watch.CORE_BYTES == 16 * 2**20 < MAX_BYTES
    assert asked == [watch.CORE_BYTES, watch.CORE_BYTES, watch.CORE_BYTES, 8 * 2**20]


def test_without_the_core_the_watcher_searches_in_a_worker_process(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(core, "CORE", None)
    watcher = Watcher(budget_s=5)
    try:
        watcher.look(nearly_won(), changes=1)
        assert wait(watcher).verdict is Verdict.WINNABLE
        worker = watcher._process._worker
        assert worker is not None
        assert worker.pid != os.getpid()
    finally:
        watcher.close()


@pytest.mark.skipif(core.CORE is None, reason="the search core is not built")
def test_closing_the_watcher_ends_its_search_in_the_thread() -> None:
    """Deal 1 is not settled within a minute: closing ends the search at its next look."""
    watcher = Watcher(budget_s=600)
    watcher.look(Game.deal(1, "N"), changes=1)
    thread = watcher._thread
    assert thread is not None
    watcher.close()
    thread.join(60)
    assert not thread.is_alive()
    assert watcher.poll() is None
