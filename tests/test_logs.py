"""The log file: nothing imported, made or opened before a record is written."""

from __future__ import annotations

import os
import stat
import subprocess
import sys
from pathlib import Path

from crescent.game_main import EXIT_FATAL

ROOT = Path(__file__).resolve().parents[1]


def _run(code: str, *args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-c", code, *args],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )


def test_the_log_file_and_its_handler_are_made_with_the_first_record(tmp_path: Path) -> None:
    data = tmp_path / "data"
    r = _run(
        "import sys; from pathlib import Path; from crescent import logs;"
        "logs.setup(Path(sys.argv[1])); logs.get();"
        "print('logging.handlers' in sys.modules)",
        str(data),
    )
    assert r.returncode == 0, r.stderr
    assert r.stdout == "False\n"
    assert not data.exists()


def test_records_of_every_module_reach_the_file_made_with_the_first(tmp_path: Path) -> None:
    data = tmp_path / "data"
    r = _run(
        "import sys; from pathlib import Path; from crescent import logs;"
        "logs.setup(Path(sys.argv[1]));"
        "log = logs.get('crescent.play.storage');"
        "log.debug('not kept'); log.warning('kept: %s', 'storage');"
        "logs.get('crescent.kiosk.core').info('kept: kiosk');"
        "logs.get().error('kept: root'); logs.get('crescent.other');"
        "import logging; print(len(logging.getLogger('crescent').handlers))",
        str(data),
    )
    assert r.returncode == 0, r.stderr
    assert r.stdout == "1\n"  # one file handler, however many loggers were asked for
    lines = (data / "crescent.log").read_text(encoding="utf-8").splitlines()
    assert [line.split(" ", 3)[2:] for line in lines] == [
        ["WARNING", "kept: storage"],
        ["INFO", "kept: kiosk"],
        ["ERROR", "kept: root"],
    ]
    assert r.stderr == ""


def test_without_a_folder_records_are_not_written_anywhere(tmp_path: Path) -> None:
    r = _run(
        "from crescent import logs; logs.get('crescent.play.storage').info('nowhere');"
        "import logging; print(len(logging.getLogger('crescent').handlers))",
    )
    assert r.returncode == 0, r.stderr
    assert r.stdout == "0\n"
    assert list(tmp_path.iterdir()) == []


def test_a_fatal_error_is_logged_in_the_data_folder(tmp_path: Path) -> None:
    data = tmp_path / "data"
    r = _run(
        "import sys; from pathlib import Path\n"
        "from crescent import game_main\n"
        "from crescent.options import Config\n"
        "def boom(config, store): raise RuntimeError('the disk caught fire')\n"
        "game_main._run = boom\n"
        "sys.exit(game_main.run(Config(data_dir=Path(sys.argv[1]))))\n",
        str(data),
    )
    assert r.returncode == EXIT_FATAL
    assert "crescent: fatal error: RuntimeError: the disk caught fire" in r.stderr
    log = (data / "crescent.log").read_text(encoding="utf-8")
    assert "ERROR fatal error" in log
    assert "RuntimeError: the disk caught fire" in log


_CRASH = (
    "import ctypes, sys; from pathlib import Path; from crescent import logs;"
    "data = Path(sys.argv[1]); logs.setup(data)\n"
    "with logs.crash_file(data): ctypes.string_at(0) if sys.argv[2] == 'crash' else None"
)


def test_a_crash_in_c_leaves_its_traceback_and_the_next_start_logs_it(tmp_path: Path) -> None:
    """Issue 43: a segfault (the kiosk's, in SDL) ended the game with no log line."""
    data = tmp_path / "data"
    data.mkdir()
    crashed = _run(_CRASH, str(data), "crash")
    assert crashed.returncode != 0
    left = (data / "crescent-crash.log").read_text()
    assert "Segmentation fault" in left
    assert "<string>" in left  # the Python traceback of the thread that crashed
    assert not (data / "crescent.log").exists()
    fine = _run(_CRASH, str(data), "fine")
    assert fine.returncode == 0, fine.stderr
    log = (data / "crescent.log").read_text()
    assert "the last run ended abnormally" in log
    assert "Segmentation fault" in log
    assert not (data / "crescent-crash.log").exists()  # a normal end leaves none


def test_a_crash_file_that_is_not_a_regular_file_is_left_alone(tmp_path: Path) -> None:
    data = tmp_path / "data"
    data.mkdir()
    os.mkfifo(data / "crescent-crash.log")
    fine = _run(_CRASH, str(data), "fine")  # a FIFO opened for writing would block
    assert fine.returncode == 0, fine.stderr
    assert stat.S_ISFIFO((data / "crescent-crash.log").lstat().st_mode)


def test_an_exit_without_unwinding_leaves_no_empty_crash_file(tmp_path: Path) -> None:
    """Issue 43: the kiosk's lost display ends it with ``os._exit(3)`` (no ``finally``
    runs), and an empty crescent-crash.log was left for the next start to find."""
    data = tmp_path / "data"
    data.mkdir()
    lost = (
        "import sys; from pathlib import Path; from crescent import logs;"
        "from crescent.ui import x11_watch;"
        "data = Path(sys.argv[1]); logs.setup(data)\n"
        "with logs.crash_file(data):\n"
        "    assert (data / logs.CRASH_FILE_NAME).exists()\n"
        "    x11_watch._finish('the X display was lost', lambda: None)\n"
    )
    r = _run(lost, str(data))
    assert r.returncode == 3, r.stderr
    assert "the X display was lost: exit code 3" in (data / "crescent.log").read_text()
    assert not (data / "crescent-crash.log").exists()
