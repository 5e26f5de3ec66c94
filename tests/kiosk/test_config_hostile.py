"""A hostile kiosk config file: huge, deeply nested, a FIFO, values that echo the PIN.

Each is one line on stderr and exit code 2, fast, and never repeats a value.
"""

from __future__ import annotations

import json
import os
import subprocess
from pathlib import Path

import pytest

from crescent.kiosk.config import KioskConfigError, load_kiosk_config, parse_kiosk_config
from tests.helpers_cli import run_main

PIN = "1357"


def _refused_in_one_line(tmp_path: Path, config: Path, *words: str) -> str:
    r = run_main(["--config", str(config), "--data-dir", str(tmp_path / "data")], tmp_path)
    assert r.returncode == 2, r.stderr
    [line] = r.stderr.splitlines()
    assert line.startswith("crescent: kiosk config file")
    for w in words:
        assert w in line
    assert not (tmp_path / "data").exists()
    return line


def test_a_deeply_nested_config_is_one_line_exit_2(tmp_path: Path) -> None:
    cfg = tmp_path / "k.json"
    cfg.write_text('{"kiosk": ' + "[" * 30_000 + "]" * 30_000 + "}")  # 60 kB
    _refused_in_one_line(tmp_path, cfg, "nested too deeply")


def test_a_huge_config_is_refused_unread(tmp_path: Path) -> None:
    cfg = tmp_path / "k.json"
    with cfg.open("wb") as f:
        f.write(b'{"kiosk": {"pin": "1357"}, "x": "')
        f.truncate(200 * 1024 * 1024)  # 200 MB (sparse)
    with pytest.raises(KioskConfigError, match="too large"):
        load_kiosk_config(cfg)  # refused from its size: the 200 MB are never read
    _refused_in_one_line(tmp_path, cfg, "too large")


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no FIFOs here")
def test_a_fifo_as_config_never_blocks(tmp_path: Path) -> None:
    cfg = tmp_path / "k.json"
    os.mkfifo(cfg)
    try:
        _refused_in_one_line(tmp_path, cfg, "not a regular file")
    except subprocess.TimeoutExpired:
        os.close(os.open(cfg, os.O_WRONLY | os.O_NONBLOCK))
        pytest.fail("reading the FIFO blocked")


def test_a_device_or_a_folder_as_config_is_refused(tmp_path: Path) -> None:
    for path in (Path(os.devnull), tmp_path):
        with pytest.raises(KioskConfigError, match="not a regular file"):
            load_kiosk_config(path)


BAD_VALUES = {
    "idle_seconds": PIN,
    "exit_corner": PIN,
    "exit_corner_px": int(PIN) * 1000,
    "exit_hold_seconds": [PIN],
    "pin_tries": {"n": PIN},
    "pin_lockout_seconds": int(PIN) * 1000,
    "dpi": int(PIN) * 10,
    "touch_mm": PIN,
    "language": PIN,
    "variant": PIN,
    "winnable_only": PIN,
}


@pytest.mark.parametrize("key", list(BAD_VALUES))
def test_config_errors_never_echo_a_value(key: str) -> None:
    with pytest.raises(KioskConfigError) as err:
        parse_kiosk_config({"kiosk": {"pin": PIN, key: BAD_VALUES[key]}})
    message = str(err.value)
    assert f"kiosk.{key}" in message
    assert "\n" not in message
    assert PIN not in message


def test_an_unknown_key_that_could_be_a_secret_is_not_named() -> None:
    with pytest.raises(KioskConfigError) as err:
        parse_kiosk_config({"kiosk": {"pin": PIN, PIN: True}})
    assert PIN not in str(err.value)
    assert "unknown key" in str(err.value)
    with pytest.raises(KioskConfigError, match=r"unknown key kiosk\.idle_secs"):
        parse_kiosk_config({"kiosk": {"pin": PIN, "idle_secs": 60}})


def test_a_pin_in_a_bad_file_never_reaches_stderr(tmp_path: Path) -> None:
    cfg = tmp_path / "k.json"
    cfg.write_text(json.dumps({"kiosk": {"pin": PIN, "idle_seconds": PIN}}))
    line = _refused_in_one_line(tmp_path, cfg, "kiosk.idle_seconds")
    assert PIN not in line
