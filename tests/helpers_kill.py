"""Shared by the kill tests: start a helper script and wait until it says ``ready``."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parent.parent


def child_env() -> dict[str, str]:
    env = dict(os.environ)
    env["PYTHONPATH"] = str(REPO) + os.pathsep + env.get("PYTHONPATH", "")
    return env


def spawn_ready(script: Path, *args: str) -> subprocess.Popen[bytes]:
    """Run ``python script args...``; return once it printed ``ready`` (fail otherwise)."""
    child = subprocess.Popen(
        [sys.executable, str(script), *args],
        cwd=REPO,
        env=child_env(),
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
    )
    assert child.stdout is not None
    first = child.stdout.readline()
    if first != b"ready\n":
        child.kill()
        _, err = child.communicate()
        pytest.fail(f"helper did not start: {first!r} {err.decode(errors='replace')}")
    return child


def drain(child: subprocess.Popen[bytes]) -> tuple[bytes, bytes]:
    """The rest of a (killed) child's output, and its errors, once it ended.

    Not ``communicate()``: it reads the pipes' file descriptors directly, so lines a
    ``readline()`` already pulled into the stream's buffer (several arrive at once on
    a loaded machine) would be lost."""
    assert child.stdout is not None
    assert child.stderr is not None
    out = child.stdout.read()
    err = child.stderr.read()
    child.wait()
    return out, err
