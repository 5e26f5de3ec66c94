"""desktop/: the menu entry, the AppStream metainfo, the man page and the icons that
tools/desktop_files.py makes, up to date and valid."""

from __future__ import annotations

import shutil
import struct
import subprocess
import xml.etree.ElementTree as ET
from pathlib import Path

import pygame
import pytest

from crescent.__main__ import build_parser
from crescent.ui.render import window_icon
from tools import desktop_files as tool

ROOT = Path(__file__).resolve().parents[1]
DESKTOP = ROOT / "desktop" / f"{tool.APP_ID}.desktop"
METAINFO = ROOT / "desktop" / f"{tool.APP_ID}.metainfo.xml"


def test_the_committed_text_files_are_the_tools_output() -> None:
    assert tool.main(["--check"]) == 0


def test_the_metainfos_releases_are_the_changelogs() -> None:
    changelog = (ROOT / "CHANGELOG.md").read_text(encoding="utf-8")
    listed = [(v, d) for v, d, _ in tool.releases(changelog)]
    shown = [
        (r.get("version"), r.get("date")) for r in ET.parse(METAINFO).getroot().iter("release")
    ]
    assert listed
    assert shown == listed


def test_the_man_page_names_every_option() -> None:
    page = (ROOT / "desktop" / "crescent.6").read_text(encoding="utf-8")
    for action in build_parser()._actions:
        for option in action.option_strings:
            roff = option.replace("-", "\\-")
            assert f"\\fB{roff}\\fR" in page, option


@pytest.mark.skipif(shutil.which("desktop-file-validate") is None, reason="desktop-file-utils")
def test_the_desktop_entry_validates() -> None:
    out = subprocess.run(["desktop-file-validate", str(DESKTOP)], capture_output=True, text=True)
    assert out.returncode == 0
    assert out.stdout + out.stderr == ""


@pytest.mark.skipif(shutil.which("appstreamcli") is None, reason="needs appstream")
def test_the_metainfo_validates() -> None:
    out = subprocess.run(
        ["appstreamcli", "validate", "--no-net", str(METAINFO)], capture_output=True, text=True
    )
    assert out.returncode == 0, out.stdout


def _pixels(png: bytes) -> tuple[tuple[int, int], bytes]:
    import io

    image = pygame.image.load(io.BytesIO(png), "icon.png")
    return image.get_size(), pygame.image.tobytes(image, "RGBA")


def _drawn(size: int) -> tuple[tuple[int, int], bytes]:
    return (size, size), pygame.image.tobytes(window_icon(size), "RGBA")


@pytest.mark.parametrize("size", tool.ICON_SIZES)
def test_each_hicolor_icon_is_the_games_icon_at_its_size(size: int) -> None:
    path = ROOT / "desktop" / "icons" / "hicolor" / f"{size}x{size}" / "apps" / f"{tool.APP_ID}.png"
    assert _pixels(path.read_bytes()) == _drawn(size)


def test_the_windows_icon_holds_the_games_icon_at_each_size() -> None:
    data = (ROOT / "desktop" / "crescent.ico").read_bytes()
    reserved, kind, count = struct.unpack_from("<HHH", data)
    assert (reserved, kind, count) == (0, 1, len(tool.ICO_SIZES))
    for i, size in enumerate(tool.ICO_SIZES):
        side, _, _, _, _, bits, length, offset = struct.unpack_from("<BBBBHHII", data, 6 + 16 * i)
        assert (side or 256, bits) == (size, 32)
        assert _pixels(data[offset : offset + length]) == _drawn(size)


def test_the_macos_icon_holds_the_games_icon_at_each_size() -> None:
    data = (ROOT / "desktop" / "crescent.icns").read_bytes()
    assert data[:4] == b"icns"
    assert struct.unpack_from(">I", data, 4)[0] == len(data)
    at, seen = 8, []
    while at < len(data):
        kind, length = data[at : at + 4].decode(), struct.unpack_from(">I", data, at + 4)[0]
        size = dict(tool.ICNS_TYPES)[kind]
        assert _pixels(data[at + 8 : at + length]) == _drawn(size)
        seen.append(kind)
        at += length
    assert seen == [k for k, _ in tool.ICNS_TYPES]
