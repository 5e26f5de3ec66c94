"""The kiosk's deployment kit (deploy/) and its quiet, headless install."""

from __future__ import annotations

import os
import re
import shutil
import stat
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
DEPLOY = ROOT / "deploy"
UNIT = DEPLOY / "crescent-kiosk.service"
SCRIPTS = ("crescent-kiosk-session", "crescent-rotate", "crescent-kiosk-loop")


def unit_values() -> dict[str, list[str]]:
    out: dict[str, list[str]] = {}
    for line in UNIT.read_text().splitlines():
        if "=" in line and not line.startswith("#"):
            key, value = line.split("=", 1)
            out.setdefault(key.strip(), []).append(value.strip())
    return out


def test_unit_restarts_on_everything_but_the_operator_s_exit() -> None:
    v = unit_values()
    assert v["Restart"] == ["always"]
    assert v["RestartPreventExitStatus"] == ["0"]
    assert v["SuccessExitStatus"] == ["143"]
    assert v["StartLimitIntervalSec"] == ["0"]
    # The watchdog: READY after the first frame, keep-alives from the loop.
    assert v["Type"] == ["notify"]
    assert v["NotifyAccess"] == ["main"]
    assert int(v["WatchdogSec"][0]) >= 10
    assert "SDL_VIDEODRIVER=x11" in v["Environment"]
    assert v["ExecStart"][0].startswith("/opt/crescent/bin/crescent --kiosk --config ")


@pytest.mark.skipif(shutil.which("systemd-analyze") is None, reason="needs systemd-analyze")
def test_systemd_analyze_verifies_the_unit(tmp_path: Path) -> None:
    # The installed program does not exist here: point ExecStart at one that does.
    unit = tmp_path / UNIT.name
    unit.write_text(UNIT.read_text().replace("/opt/crescent/bin/crescent", "/bin/true"))
    out = subprocess.run(
        ["systemd-analyze", "verify", str(unit)], capture_output=True, text=True, timeout=60
    )
    complaints = [ln for ln in out.stderr.splitlines() if UNIT.name in ln]
    assert out.returncode == 0, out.stderr
    assert not complaints, out.stderr


@pytest.mark.parametrize("name", SCRIPTS)
def test_scripts_are_executable_posix_shell(name: str) -> None:
    path = DEPLOY / name
    assert path.stat().st_mode & stat.S_IXUSR
    assert path.read_text().startswith("#!/bin/sh\n")
    subprocess.run(["sh", "-n", str(path)], check=True, timeout=30)


def test_session_keeps_the_screen_on_and_names_its_package() -> None:
    text = (DEPLOY / "crescent-kiosk-session").read_text()
    assert "xset s off -dpms" in text
    assert "x11-xserver-utils" in text
    assert "import-environment DISPLAY XAUTHORITY" in text
    desktop = (DEPLOY / "crescent-kiosk.desktop").read_text()
    assert "Exec=/usr/local/bin/crescent-kiosk-session" in desktop
    lightdm = (DEPLOY / "lightdm-autologin.conf").read_text()
    assert "autologin-session=crescent-kiosk" in lightdm


def test_rotation_sets_the_picture_and_the_touch_matrix() -> None:
    text = (DEPLOY / "crescent-rotate").read_text()
    assert "xrandr --output" in text
    assert "Coordinate Transformation Matrix" in text
    assert 'left)     matrix="0 -1 1 1 0 0 0 0 1"' in text
    assert 'right)    matrix="0 1 0 -1 0 1 0 0 1"' in text
    out = subprocess.run(
        ["sh", str(DEPLOY / "crescent-rotate"), "sideways"], capture_output=True, text=True
    )
    assert out.returncode == 2
    assert out.stderr.count("\n") == 1


def test_the_restart_loop_restarts_on_all_but_exit_0(tmp_path: Path) -> None:
    # A stand-in for the game: exits with the next code of a list, one per run.
    codes = tmp_path / "codes"
    codes.write_text("143\n1\n3\n2\n0\n99\n")
    fake = tmp_path / "crescent"
    fake.write_text(
        "#!/bin/sh\n"
        f'code=$(head -n 1 "{codes}"); sed -i 1d "{codes}"\n'
        f'echo "$*" >> "{tmp_path}/runs"\n'
        'exit "$code"\n'
    )
    fake.chmod(0o755)
    env = dict(os.environ, CRESCENT_BIN=str(fake), CRESCENT_RESTART_S="0")
    out = subprocess.run(
        ["sh", str(DEPLOY / "crescent-kiosk-loop")],
        env=env,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert out.returncode == 0
    runs = (tmp_path / "runs").read_text().splitlines()
    assert len(runs) == 5  # 143, 1, 3, 2 restarted; 0 (the operator) stopped it
    assert all(r.startswith("--kiosk --config ") for r in runs)
    assert codes.read_text() == "99\n"


def test_readme_links_to_files_in_the_repository() -> None:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    links = re.findall(r"\]\(([^)#:]+)\)", readme)
    assert "docs/RULES.md" in links
    assert "deploy/" in links
    for link in links:
        assert (ROOT / link).exists(), link
    assert "../shared" not in readme
    for name in [*SCRIPTS, UNIT.name, "kiosk.json", "lightdm-autologin.conf"]:
        assert f"deploy/{name}" in readme, name


def test_every_asset_folder_is_a_listed_package() -> None:
    """setuptools warns about each data folder it is not told about (pages of them)."""
    config = tomllib.loads((ROOT / "pyproject.toml").read_text())
    packages = set(config["tool"]["setuptools"]["packages"])
    for folder in (ROOT / "assets").rglob("*"):
        files = folder.is_dir() and any(p.is_file() for p in folder.iterdir())
        if files and "-" not in folder.name:
            name = "crescent.assets." + ".".join(folder.relative_to(ROOT / "assets").parts)
            assert name in packages, name


@pytest.mark.slow
@pytest.mark.skipif(shutil.which("make") is None, reason="needs make")
def test_make_install_is_headless_and_quiet(tmp_path: Path) -> None:
    prefix = tmp_path / "opt crescent"
    env = {k: v for k, v in os.environ.items() if k not in ("DISPLAY", "WAYLAND_DISPLAY")}
    env["PYTHON"] = sys.executable
    out = subprocess.run(
        ["make", "-s", "-C", str(ROOT), "install", f"PREFIX={prefix}", f"PYTHON={sys.executable}"],
        env=env,
        capture_output=True,
        text=True,
        timeout=600,
    )
    assert out.returncode == 0, out.stderr
    noise = [
        ln
        for ln in (out.stdout + out.stderr).splitlines()
        if re.search(r"setuptools|Deprecat|_Warning|is absent from", ln)
    ]
    assert not noise
    assert len(out.stdout.splitlines()) <= 3
    game = prefix / "bin" / "crescent"
    check = subprocess.run(
        [str(game), "--self-check"],
        env=dict(env, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy"),
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert check.returncode == 0, check.stderr
    assert (prefix / "share" / "crescent" / "deploy" / UNIT.name).exists()
    assert not (ROOT / "build").exists()
