"""The folder lock without ``flock`` (issue 43 item 6) and on Windows (issue 49 item 5):
no lock, no sharing. A file system that refuses ``flock`` gets the pid lock file;
Windows locks a byte of the lock file with ``msvcrt``, tested here through the same
interface with a fake ``msvcrt``."""

from __future__ import annotations

import errno
import os
import socket
import subprocess
import sys
from pathlib import Path
from types import SimpleNamespace

import pytest

from crescent.play import folderlock
from crescent.play.folderlock import LOCK_FILE, FolderBusy, FolderLock
from tests.helpers_kill import child_env

REPO = Path(__file__).resolve().parents[2]


def _no_flock(fd: int, how: int) -> None:
    raise OSError(errno.ENOLCK, "No locks available")


NO_FLOCK = SimpleNamespace(flock=_no_flock, LOCK_EX=2, LOCK_NB=4)
"""``fcntl`` on a network file system that refuses ``flock``."""

CHILD = """
import errno, sys
from pathlib import Path
from types import SimpleNamespace
from crescent.play import folderlock
def no_flock(fd, how):
    raise OSError(errno.ENOLCK, "No locks available")
folderlock.fcntl = SimpleNamespace(flock=no_flock, LOCK_EX=2, LOCK_NB=4)
from crescent.play.storage import FolderBusy, Store
try:
    Store(Path(sys.argv[1])).open()
except FolderBusy as e:
    print(e)
    sys.exit(2)
"""


def _second_process(folder: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-c", CHILD, str(folder)],
        cwd=REPO,
        env=child_env(),
        capture_output=True,
        text=True,
        timeout=60,
    )


def test_without_flock_a_second_process_is_refused_not_run_unlocked(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(folderlock, "fcntl", NO_FLOCK)
    holder = FolderLock(tmp_path)
    holder.acquire()
    lock = tmp_path / LOCK_FILE
    assert lock.read_text() == f"{socket.gethostname()} {os.getpid()}\n"
    busy = _second_process(tmp_path)
    assert busy.returncode == 2, busy.stderr
    assert "another Crescent" in busy.stdout
    holder.release()
    assert not lock.exists()
    free = _second_process(tmp_path)
    assert free.returncode == 0, free.stdout + free.stderr
    assert lock.exists()  # it exited without closing: its lock names a dead process
    again = FolderLock(tmp_path)
    again.acquire()  # taken over
    again.release()


def test_the_lock_of_a_dead_process_is_taken_over(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(folderlock, "fcntl", NO_FLOCK)
    dead = subprocess.run([sys.executable, "-c", "import os; print(os.getpid())"], text=True,
                          capture_output=True, check=True)  # fmt: skip
    (tmp_path / LOCK_FILE).write_text(f"{socket.gethostname()} {dead.stdout.strip()}\n")
    lock = FolderLock(tmp_path)
    lock.acquire()  # killed -9 earlier: its lock is stale
    assert (tmp_path / LOCK_FILE).read_text().split()[1] == str(os.getpid())
    lock.release()
    assert sorted(p.name for p in tmp_path.iterdir()) == []


def test_a_lock_of_another_host_is_refused_with_the_file_to_remove(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(folderlock, "fcntl", NO_FLOCK)
    (tmp_path / LOCK_FILE).write_text("another-host 4242\n")
    with pytest.raises(FolderBusy, match=f"remove that file.*|{LOCK_FILE}"):
        FolderLock(tmp_path).acquire()
    assert (tmp_path / LOCK_FILE).read_text() == "another-host 4242\n"  # left alone


class FakeMsvcrt:
    """``msvcrt.locking`` as Windows does it: a byte range locked by one process; the
    locks of "another process" are put in :attr:`others`."""

    LK_UNLCK = 0
    LK_NBLCK = 2

    def __init__(self) -> None:
        self.mine: set[int] = set()
        self.others: set[int] = set()

    def locking(self, fd: int, mode: int, nbytes: int) -> None:
        assert nbytes == 1
        assert os.lseek(fd, 0, os.SEEK_CUR) == 0  # the first byte, always
        inode = os.fstat(fd).st_ino
        if mode == self.LK_UNLCK:
            self.mine.discard(inode)
            return
        assert mode == self.LK_NBLCK
        if inode in self.others or inode in self.mine:
            raise PermissionError(errno.EACCES, "Permission denied")
        self.mine.add(inode)


def test_on_windows_the_folder_is_locked_with_msvcrt(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    fake = FakeMsvcrt()
    monkeypatch.setattr(folderlock, "fcntl", None)
    monkeypatch.setattr(folderlock, "msvcrt", fake)
    first = FolderLock(tmp_path)
    first.acquire()
    inode = (tmp_path / LOCK_FILE).stat().st_ino
    assert fake.mine == {inode}
    first.release()
    assert fake.mine == set()
    fake.others.add(inode)  # another process has it now
    with pytest.raises(FolderBusy, match="another Crescent"):
        FolderLock(tmp_path).acquire()
    fake.others.clear()
    again = FolderLock(tmp_path)
    again.acquire()
    assert fake.mine == {inode}
    again.release()
