"""The one atomic writer: whole or nothing, nothing left behind."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from crescent.files import write_atomic


@pytest.mark.parametrize("durable", [True, False])
def test_write_atomic_replaces_the_file_whole(tmp_path: Path, durable: bool) -> None:
    target = tmp_path / "a.csv"
    target.write_bytes(b"old")
    write_atomic(target, b"new contents", durable=durable)
    assert target.read_bytes() == b"new contents"
    assert os.listdir(tmp_path) == ["a.csv"]


def test_write_atomic_leaves_the_old_file_and_no_temporary_on_failure(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    target = tmp_path / "a.csv"
    target.write_bytes(b"old")

    def refuse(src: object, dst: object) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, "replace", refuse)
    with pytest.raises(OSError, match="No space"):
        write_atomic(target, b"new", durable=True)
    assert target.read_bytes() == b"old"
    assert os.listdir(tmp_path) == ["a.csv"]


def test_write_atomic_durable_fsyncs_the_file_and_the_folder(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    synced: list[int] = []
    real_fsync = os.fsync

    def count(fd: int) -> None:
        synced.append(fd)
        real_fsync(fd)

    monkeypatch.setattr(os, "fsync", count)
    write_atomic(tmp_path / "b", b"x", durable=False)
    assert synced == []
    write_atomic(tmp_path / "b", b"y", durable=True)
    assert len(synced) == 2 if os.name == "posix" else len(synced) == 1
