"""Issue 43 items 1 and 3: a busy, locked or full database is not a damaged one (never set
aside), odd ``-wal``/``-shm`` files are refused untouched, and a game's end is recorded
when it is stored (kept in memory and written when the disk allows, or a quit says so)."""

from __future__ import annotations

import contextlib
import os
import sqlite3
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from crescent import game_main
from crescent.play import database
from crescent.play.database import DB_FILE
from crescent.play.session import Session
from crescent.play.storage import Notice, Store
from crescent.rules.engine import Game
from tests.play.test_session import _nearly_won


def _folder_with_a_win(folder: Path) -> None:
    s = Session(Store(folder), background_saves=False)
    s.start(code="CR1-N-AAAAAAB")
    s.game = Game.from_dict(_nearly_won())
    s.play_text("P1-F4")
    s.close()
    assert s.store is not None
    s.store.close()
    assert _won(folder) == 1


def _won(folder: Path) -> int:
    store = Store(folder)
    try:
        return store.load_stats().get("N").won
    finally:
        store.close()


def _disk_full() -> sqlite3.OperationalError:
    """The OperationalError SQLite raises when the disk is full (SQLITE_FULL)."""
    conn = sqlite3.connect(":memory:")
    conn.execute("PRAGMA max_page_count = 2")
    conn.execute("CREATE TABLE t (x)")
    try:
        with pytest.raises(sqlite3.OperationalError, match="full") as e:
            conn.execute("INSERT INTO t VALUES (zeroblob(100000))")
    finally:
        conn.close()
    assert e.value.sqlite_errorcode == sqlite3.SQLITE_FULL
    return e.value


def _files(folder: Path) -> dict[str, bytes]:
    return {p.name: p.read_bytes() for p in folder.iterdir() if p.is_file()}


def _untouched_and_playing_in_memory(folder: Path, store: Store) -> None:
    store.load_game()
    assert store.take_notices() == [Notice.CANNOT_SAVE]
    assert not list(folder.glob(f"{DB_FILE}.corrupt-*"))  # nothing set aside
    s = Session(store, background_saves=False)
    s.start()
    s.play(s.game.legal_moves()[0])  # the game plays (in memory)
    s.close()


# -- item 1: only damage is damage ---------------------------------------------------------


@contextlib.contextmanager
def _locked_by_another_program(path: Path) -> Iterator[None]:
    """Another program holds the database with an exclusive lock (``locking_mode``)."""
    other = sqlite3.connect(path, isolation_level=None)
    other.execute("PRAGMA locking_mode = EXCLUSIVE")
    other.execute("BEGIN EXCLUSIVE")
    try:
        yield
    finally:
        other.execute("ROLLBACK")
        other.close()


def test_a_database_locked_by_another_program_is_waited_for_never_set_aside(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    _folder_with_a_win(tmp_path)
    monkeypatch.setattr(database, "BUSY_TIMEOUT_S", 0.05)  # SQLite's wait, 5 s in the game
    with _locked_by_another_program(tmp_path / DB_FILE):
        before = _files(tmp_path)
        store = Store(tmp_path)
        store.open()
        _untouched_and_playing_in_memory(tmp_path, store)
        store.close()
        assert _files(tmp_path) == before
    assert _won(tmp_path) == 1  # all there once it is free


def test_a_full_disk_at_the_start_is_not_damage(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    _folder_with_a_win(tmp_path)
    before = _files(tmp_path)

    def full(conn: sqlite3.Connection) -> int:
        raise _disk_full()

    monkeypatch.setattr(database, "_check_ours", full)
    store = Store(tmp_path)
    store.open()
    _untouched_and_playing_in_memory(tmp_path, store)
    store.close()
    assert _files(tmp_path) == before
    monkeypatch.undo()
    assert Store(tmp_path).load_stats().get("N").won == 1


def _fifo(p: Path) -> None:
    os.mkfifo(p)


def _symlink(p: Path) -> None:
    p.symlink_to(p.with_name("elsewhere"))


ODD: dict[str, Callable[[Path], None]] = {
    "a folder": Path.mkdir,
    "a link": _symlink,
    **({"a FIFO": _fifo} if hasattr(os, "mkfifo") else {}),
}


@pytest.mark.parametrize("suffix", ["-wal", "-shm"])
@pytest.mark.parametrize("odd", list(ODD))
def test_an_odd_wal_or_shm_is_refused_without_touching_the_database(
    tmp_path: Path, suffix: str, odd: str
) -> None:
    _folder_with_a_win(tmp_path)
    side = tmp_path / f"{DB_FILE}{suffix}"
    with contextlib.suppress(FileNotFoundError):
        side.unlink()
    ODD[odd](side)
    before = _files(tmp_path)
    store = Store(tmp_path)
    store.open()
    _untouched_and_playing_in_memory(tmp_path, store)
    assert "remove" in store.details()[0]  # says what to do
    store.close()
    assert _files(tmp_path) == before
    assert os.path.lexists(side)


# -- item 3: an end is recorded when it is stored --------------------------------------------


class FullDisk(Store):
    """A store whose disk is full while ``full`` is set: every transaction is refused as
    SQLite refuses it then (``database or disk is full``)."""

    full = False

    @contextlib.contextmanager
    def _transaction(self, *, durable: bool = False) -> Iterator[sqlite3.Connection]:
        if self.full:
            raise _disk_full()
        with super()._transaction(durable=durable) as conn:
            yield conn


def _won_on_a_full_disk(folder: Path) -> tuple[Session, FullDisk]:
    store = FullDisk(folder)
    s = Session(store, background_saves=False)
    s.start(code="CR1-N-AAAAAAB")
    s.game = Game.from_dict(_nearly_won())
    s.save()
    store.full = True
    s.play_text("P1-F4")  # the win, while the disk is full
    assert s.game.status == "won"
    return s, store


def test_a_win_on_a_full_disk_is_stored_once_space_returns(tmp_path: Path) -> None:
    s, store = _won_on_a_full_disk(tmp_path)
    s.new_game()  # play goes on; the disk still refuses
    assert Store(tmp_path).load_stats().get("N").won == 0
    assert store.unstored() == 1
    store.full = False
    s.play(s.game.legal_moves()[0])  # the next save stores the win first
    assert store.unstored() == 0
    assert Store(tmp_path).load_stats().get("N").won == 1
    loaded = Store(tmp_path).load_game()
    assert loaded is not None
    assert loaded.game_id == s.game_id  # the new game, not the won one a move before
    s.close()


def test_an_abandoned_game_is_kept_until_its_end_is_stored(tmp_path: Path) -> None:
    store = FullDisk(tmp_path)
    s = Session(store, background_saves=False)
    s.start(code="CR1-N-AAAAAAB")
    s.play_text("P1-P11")
    left = s.game_id
    store.full = True
    s.new_game()  # abandoned while the disk is full
    # Killed now, the next start finds the abandoned game, not nothing.
    kept = Store(tmp_path).load_game()
    assert kept is not None
    assert kept.game_id == left
    store.full = False
    s.play(s.game.legal_moves()[0])
    assert Store(tmp_path).load_stats().get("N").played == 1  # counted abandoned, once
    loaded = Store(tmp_path).load_game()
    assert loaded is not None
    assert loaded.game_id == s.game_id
    s.close()


def test_an_end_is_tried_again_when_the_store_closes(tmp_path: Path) -> None:
    _, store = _won_on_a_full_disk(tmp_path)
    store.full = False
    store.close()  # the quit's last try
    assert Store(tmp_path).load_stats().get("N").won == 1


def test_a_quit_with_an_end_not_stored_says_so_and_exits_1(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    s, store = _won_on_a_full_disk(tmp_path)
    s.close()
    assert game_main._said_unstored(s, 0) == game_main.EXIT_FATAL
    err = capsys.readouterr().err
    assert err.count("\n") == 1
    assert "could not be stored" in err
    assert game_main._said_unstored(s, 143) == 143  # a signal's code is kept
    store.full = False
    assert game_main._said_unstored(s, 0) == 0  # stored at the last try: a quiet quit
    assert Store(tmp_path).load_stats().get("N").won == 1
