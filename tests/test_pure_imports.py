"""The pure modules import with pygame absent, and importing them does nothing.

Each module is imported alone in a fresh interpreter (a subprocess) where
``sys.modules["pygame"] = None`` makes any ``import pygame`` fail. An audit
hook records every file opened (other than Python's own module files) and
every file-system, process or network action; the run happens in an empty
temporary folder, with HOME and the XDG/AppData folders pointing inside it,
and the folder must still be empty afterwards.
"""

from __future__ import annotations

import json
import os
import pkgutil
import subprocess
import sys
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parent.parent

# Every module outside the pygame client: found by walking the package, not listed by hand.
# The entry points (`__main__`, `game_main`) are where the client is started, so they
# import it (`__main__` imports `game_main` or `self_check` once pygame's environment is set);
# nothing else.
CLIENT = ("crescent.ui", "crescent.__main__", "crescent.game_main", "crescent.self_check")
REQUIRED = [
    "crescent.rules.engine",
    "crescent.solver.portfolio",
    "crescent.play.session",
    "crescent.resources",
]
PURE = sorted(
    m.name
    for m in pkgutil.walk_packages([str(REPO / "crescent")], prefix="crescent.")
    if not any(m.name == c or m.name.startswith(c + ".") for c in CLIENT)
)


PROBE = r"""
import json, sys

sys.modules["pygame"] = None  # any "import pygame" now raises ImportError

MODULE_FILES = (".py", ".pyc", ".so", ".pyd")
WATCHED = (
    "os.mkdir", "os.makedirs", "os.rename", "os.remove", "os.rmdir", "os.symlink",
    "os.truncate", "os.chmod", "shutil.rmtree", "shutil.copyfile", "subprocess.Popen",
    "os.system", "os.exec", "os.fork", "os.posix_spawn", "socket.__new__",
    "socket.connect", "socket.bind", "webbrowser.open", "ctypes.dlopen",
)
done = []

def hook(event, args):
    if event == "open":
        path, mode = str(args[0]), args[1]
        writing = isinstance(mode, str) and any(ch in mode for ch in "wax+")
        if writing or mode is None and args[2] & 0o3 or not path.endswith(MODULE_FILES):
            done.append(f"open {path!r} mode={mode!r}")
    elif event in WATCHED:
        done.append(f"{event} {args!r}"[:300])

sys.addaudithook(hook)
import importlib
importlib.import_module(sys.argv[1])
report = {
    "done": done,
    "pygame": repr(sys.modules.get("pygame")),
    "ui": sorted(m for m in sys.modules if m == "crescent.ui" or m.startswith("crescent.ui.")),
}
print(json.dumps(report))
"""


def test_the_walk_finds_every_layer() -> None:
    assert set(REQUIRED) <= set(PURE)
    assert len(PURE) >= 25


@pytest.mark.parametrize("name", PURE)
def test_pure_module_imports_without_pygame_and_does_nothing(name: str, tmp_path: Path) -> None:
    work = tmp_path / "cwd"
    home = tmp_path / "home"
    work.mkdir()
    home.mkdir()
    env = {
        "PATH": os.environ.get("PATH", ""),
        "PYTHONPATH": str(REPO),
        "PYTHONDONTWRITEBYTECODE": "1",
        "PYTHONNOUSERSITE": "1",
        "HOME": str(home),
        "USERPROFILE": str(home),
        "APPDATA": str(home),
        "LOCALAPPDATA": str(home),
        "XDG_CONFIG_HOME": str(home / "config"),
        "XDG_DATA_HOME": str(home / "data"),
        "XDG_STATE_HOME": str(home / "state"),
        "XDG_CACHE_HOME": str(home / "cache"),
        "TMPDIR": str(home),
    }
    result = subprocess.run(
        [sys.executable, "-c", PROBE, name],
        cwd=work,
        env=env,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert result.returncode == 0, result.stderr
    report = json.loads(result.stdout.strip().splitlines()[-1])
    assert report["pygame"] == "None", "pygame was imported"
    assert report["ui"] == [], f"{name} imports the pygame client"
    assert report["done"] == [], f"importing {name} did things: {report['done']}"
    assert list(work.iterdir()) == []
    assert list(home.iterdir()) == []


def test_probe_notices_a_module_that_needs_pygame(tmp_path: Path) -> None:
    """The probe is not blind: importing pygame itself fails under it."""
    result = subprocess.run(
        [sys.executable, "-c", PROBE, "pygame"],
        cwd=tmp_path,
        env={**os.environ, "PYTHONPATH": str(REPO), "PYTHONDONTWRITEBYTECODE": "1"},
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert result.returncode != 0
    assert "ModuleNotFoundError" in result.stderr or "ImportError" in result.stderr


def test_probe_notices_a_module_that_writes_a_file(tmp_path: Path) -> None:
    """The probe sees file writes done at import time."""
    (tmp_path / "noisy_module.py").write_text(
        "from pathlib import Path\nPath('made.txt').write_text('x')\n", encoding="utf-8"
    )
    result = subprocess.run(
        [sys.executable, "-c", PROBE, "noisy_module"],
        cwd=tmp_path,
        env={**os.environ, "PYTHONPATH": str(tmp_path), "PYTHONDONTWRITEBYTECODE": "1"},
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert result.returncode == 0, result.stderr
    report = json.loads(result.stdout.strip().splitlines()[-1])
    assert any("made.txt" in d for d in report["done"])
