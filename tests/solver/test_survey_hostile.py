"""The survey refuses hostile input in one line, exit 2, and changes nothing (issue 43:
a 20-digit range and ``--out /dev/full`` grew to ~20 GB each, a resume deleted every line
after the first bad one, a FIFO hung it, the rest gave tracebacks)."""

from __future__ import annotations

import errno
import importlib
import json
import os
import socket
import subprocess
import sys
import threading
from collections.abc import Iterator
from pathlib import Path

import pytest

from crescent.solver import survey
from tests.solver.test_survey import _threads

ROOT = Path(__file__).resolve().parents[2]


def _survey(*args: str) -> subprocess.CompletedProcess[str]:
    """The survey as a command (a FIFO or /dev/full that hangs it fails the timeout)."""
    return subprocess.run(
        [sys.executable, "-m", "crescent.solver", "survey", "--budget-s", "1", *args],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=120,
    )


def _refused(tmp_path: Path, *args: str) -> str:
    """Run the survey, which must refuse: exit 2, one line, no file left in tmp_path."""
    before = sorted(tmp_path.iterdir())
    out = _survey(*args)
    assert out.returncode == 2, (out.stdout, out.stderr)
    assert out.stdout == ""
    assert "Traceback" not in out.stderr
    assert len(out.stderr.strip().splitlines()) == 1, out.stderr
    assert sorted(tmp_path.iterdir()) == before
    return out.stderr


@pytest.mark.parametrize(
    "deals",
    [
        "1-99999999999999999999",
        "99999999999",
        "8031810176",
        "1-2000000",
        "a-b",
        "5-",
        "-3",
        "3-1",
        "1-2-3",
        "1 - 3",
        "1e3",
        "²",
        " ",
        ",,",
        "1" * 5000,
    ],
)
def test_odd_deals_are_refused_in_one_line(tmp_path: Path, deals: str) -> None:
    said = _refused(tmp_path, f"--deals={deals}", "--out", str(tmp_path / "s.jsonl"))
    assert "--deals" in said
    assert len(said) < 200


@pytest.mark.parametrize("jobs", ["-3", "0", "100000"])
def test_a_number_of_jobs_out_of_range_is_refused(tmp_path: Path, jobs: str) -> None:
    said = _refused(tmp_path, "--deals", "1", "--jobs", jobs, "--out", str(tmp_path / "s.jsonl"))
    assert "--jobs must be" in said


@pytest.mark.parametrize("kind", ["folder", "fifo", "dev-full", "no-folder", "long-name", "link"])
def test_an_out_that_is_not_a_regular_file_is_refused(tmp_path: Path, kind: str) -> None:
    out = tmp_path / "out"
    if kind == "folder":
        out.mkdir()
    elif kind == "fifo":
        os.mkfifo(out)
    elif kind == "dev-full":
        out = Path("/dev/full")
    elif kind == "no-folder":
        out = tmp_path / "missing" / "s.jsonl"
    elif kind == "long-name":
        out = tmp_path / ("s" * 300)
    else:
        out.symlink_to("/dev/null")
    said = _refused(tmp_path, "--deals", "1", "--out", str(out))
    assert "--out" in said
    assert len(said) < 200


def test_a_write_error_stops_the_survey_and_keeps_what_was_written(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "s.jsonl"
    written: list[int] = []
    append = survey.append_row

    def full_after_one(f: object, row: survey.Row) -> None:
        if written:
            raise OSError(errno.ENOSPC, "No space left on device")
        written.append(row["deal"])
        append(f, row)  # type: ignore[arg-type]

    monkeypatch.setattr(survey, "append_row", full_after_one)
    assert survey.main(["--deals", "3-5", "--budget-s", "5", "--out", str(out)], _threads) == 1
    assert [json.loads(line)["deal"] for line in out.read_text().splitlines()] == written
    said = capsys.readouterr().err.splitlines()
    assert said[-1] == f"survey: cannot write {out}: No space left on device; stopped"


def test_a_resume_skips_bad_lines_reports_them_and_deletes_none(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "s.jsonl"
    assert survey.main(["--deals", "3,5", "--budget-s", "5", "--out", str(out)], _threads) == 0
    first, second = out.read_bytes().splitlines(keepends=True)
    wrong_type = json.dumps({**json.loads(first), "deal": "3"}).encode() + b"\n"
    damaged = b"\0" * 4096 + b"\n" + first + b"not json\n" + wrong_type + second
    out.write_bytes(damaged)
    capsys.readouterr()
    assert survey.main(["--deals", "3-5", "--budget-s", "5", "--out", str(out)], _threads) == 0
    now = out.read_bytes()
    assert now.startswith(damaged)  # every line kept, the bad ones too
    assert [json.loads(line)["deal"] for line in now[len(damaged) :].splitlines()] == [4]
    err = capsys.readouterr().err
    assert "skipped 3 bad line(s) (line 1, 3, 4)" in err
    assert "2 deals in" in err


@pytest.fixture
def not_dask() -> Iterator[str]:
    """A TCP server that answers like a web server, not a Dask scheduler."""
    server = socket.create_server(("127.0.0.1", 0))
    stop = threading.Event()

    def serve() -> None:
        server.settimeout(0.1)
        while not stop.is_set():
            try:
                conn, _ = server.accept()
            except TimeoutError:
                continue
            with conn:
                conn.sendall(b"HTTP/1.0 200 OK\r\n\r\nhello\r\n")

    thread = threading.Thread(target=serve, daemon=True)
    thread.start()
    yield f"tcp://127.0.0.1:{server.getsockname()[1]}"
    stop.set()
    thread.join()
    server.close()


def _closed_port() -> str:
    with socket.create_server(("127.0.0.1", 0)) as s:
        return f"tcp://127.0.0.1:{s.getsockname()[1]}"


@pytest.mark.slow
@pytest.mark.parametrize("where", ["closed", "not-dask", "not-an-address"])
def test_a_cluster_that_does_not_answer_or_is_not_dask_is_refused(
    tmp_path: Path, not_dask: str, where: str
) -> None:
    try:
        importlib.import_module("distributed")
    except ImportError:
        pytest.skip("Dask is not installed (pip install '.[cluster]')")
    address = {"closed": _closed_port(), "not-dask": not_dask, "not-an-address": "no port"}[where]
    out = _survey(
        "--deals", "1", "--out", str(tmp_path / "s.jsonl"),
        "--cluster", address, "--cluster-timeout-s", "2",
    )  # fmt: skip
    assert out.returncode == 2, out.stderr
    assert "Traceback" not in out.stderr
    assert "no Dask scheduler answered" in out.stderr.splitlines()[-1]
    assert not (tmp_path / "s.jsonl").exists()
