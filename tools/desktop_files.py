"""Make the desktop integration files in desktop/ (committed; `make install`, `make deb` and
the builds ship them).

    python tools/desktop_files.py            # write them all
    python tools/desktop_files.py --check    # exit 1 if a committed text file differs

- ``APP_ID.desktop``: the menu entry (``desktop-file-validate`` clean);
- ``APP_ID.metainfo.xml``: AppStream metainfo, its ``<releases>`` made from CHANGELOG.md
  (``appstreamcli validate --no-net`` clean);
- ``crescent.6``: the man page, made from the command line's parser;
- ``icons/hicolor/NxN/apps/APP_ID.png`` at the freedesktop sizes, ``crescent.ico`` (Windows)
  and ``crescent.icns`` (macOS): the game's own window icon (``crescent.ui.render``) drawn
  at each size, the two containers holding PNGs (written here with struct).

The text files depend only on the sources; ``--check`` compares those (a test does too).
"""

from __future__ import annotations

import argparse
import datetime
import html
import io
import os
import re
import struct
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

OUT = ROOT / "desktop"
APP_ID = "io.github.crescent_patience.Crescent"
"""The reverse-DNS id: the desktop file's name, the metainfo's id, the icon's name."""
SUMMARY = "Two-deck patience around a crescent of sixteen piles"
ICON_SIZES = (16, 22, 24, 32, 48, 64, 128, 256, 512)
"""The hicolor sizes installed (the freedesktop icon theme's usual ones)."""
ICO_SIZES = (16, 24, 32, 48, 64, 128, 256)
ICNS_TYPES = (
    ("icp4", 16),
    ("icp5", 32),
    ("icp6", 64),
    ("ic07", 128),
    ("ic08", 256),
    ("ic09", 512),
)
"""The icns entry types holding PNGs, by side."""
_RELEASE = re.compile(r"^## ([0-9]+\.[0-9]+\.[0-9]+) - ([0-9]{4}-[0-9]{2}-[0-9]{2})$")


def releases(changelog: str) -> list[tuple[str, str, list[str]]]:
    """CHANGELOG.md's releases, newest first: (version, date, items)."""
    out: list[tuple[str, str, list[str]]] = []
    for line in changelog.splitlines():
        m = _RELEASE.match(line)
        if m is not None:
            out.append((m[1], m[2], []))
        elif out and line.startswith("- "):
            out[-1][2].append(line[2:].strip())
        elif out and out[-1][2] and line.startswith("  "):
            out[-1][2][-1] += " " + line.strip()
    return out


def _plain(markdown: str) -> str:
    return html.escape(markdown.replace("`", ""), quote=False)


def desktop_entry() -> str:
    return f"""[Desktop Entry]
Type=Application
Name=Crescent
GenericName=Patience
Comment={SUMMARY}
Exec=crescent
Icon={APP_ID}
Terminal=false
Categories=Game;CardGame;
Keywords=solitaire;patience;cards;
StartupWMClass=crescent
"""


def metainfo(changelog: str) -> str:
    rel = []
    for version, date, items in releases(changelog):
        lines = "".join(f"          <li>{_plain(i)}</li>\n" for i in items)
        rel.append(
            f'    <release version="{version}" date="{date}">\n'
            f"      <description>\n        <ul>\n{lines}        </ul>\n"
            f"      </description>\n    </release>\n"
        )
    return f"""<?xml version="1.0" encoding="UTF-8"?>
<component type="desktop-application">
  <id>{APP_ID}</id>
  <metadata_license>CC0-1.0</metadata_license>
  <project_license>MIT</project_license>
  <name>Crescent</name>
  <summary>{SUMMARY}</summary>
  <developer id="io.github.crescent_patience">
    <name>The Crescent developers</name>
  </developer>
  <description>
    <p>
      Crescent is a two-deck patience game. Sixteen piles of six cards form a horseshoe
      around eight foundations: four climb from Ace to King, four fall from King to Ace.
      Move one top card at a time onto a card of the same suit and a neighbouring rank,
      redeal up to three times, and win when all 104 cards are home.
    </p>
    <p>
      A solver gives hints and deals winnable games on request; a daily deal, a timed
      four-level game, five languages, themes, speech, and every game autosaved.
    </p>
  </description>
  <launchable type="desktop-id">{APP_ID}.desktop</launchable>
  <icon type="stock">{APP_ID}</icon>
  <categories>
    <category>Game</category>
    <category>CardGame</category>
  </categories>
  <provides>
    <binary>crescent</binary>
  </provides>
  <content_rating type="oars-1.1"/>
  <releases>
{"".join(rel)}  </releases>
</component>
"""


def _roff(text: str) -> str:
    text = text.replace("\\", "\\e").replace("-", "\\-")
    return "\n".join(("\\&" + ln if ln.startswith((".", "'")) else ln) for ln in text.split("\n"))


def man_page(parser: argparse.ArgumentParser, version: str, date: str) -> str:
    """The man page (section 6, games) from the parser's options and their help."""
    out = [
        f'.TH CRESCENT 6 "{date}" "crescent {version}" "Games"',
        ".SH NAME",
        "crescent \\- " + _roff((parser.description or "").rstrip(".")),
        ".SH SYNOPSIS",
        ".B crescent",
        "[\\fIOPTIONS\\fR]",
        ".SH DESCRIPTION",
        _roff(
            "Crescent opens a window and deals, or resumes the game in progress. Every move "
            "is saved as it is played. The rules, the controls and the settings are in the "
            "game (the ? button) and in its documentation."
        ),
        ".SH OPTIONS",
    ]
    for action in parser._actions:
        if not action.option_strings:
            continue
        names = ", ".join(f"\\fB{_roff(s)}\\fR" for s in action.option_strings)
        if action.nargs != 0:
            meta = action.metavar or action.dest.upper()
            names += f" \\fI{_roff(str(meta))}\\fR"
        out += [".TP", names, _roff(str(action.help or ""))]
    out += [
        ".SH EXIT STATUS",
        "0 when the game ends normally; 1 on a fatal error; 2 for a bad option or value, or "
        "when another Crescent holds the data folder; 3 when a kiosk finds no display.",
        ".SH FILES",
        _roff(
            "The saved game, statistics and settings are in the platform's data folder "
            "(~/.local/share/Crescent on Linux) unless --data-dir names another; card "
            "pictures are kept in its cache folder (~/.cache/Crescent)."
        ),
        ".SH SEE ALSO",
        "The rules and the controls: RULES.md and PLAYING.md in "
        "/usr/share/doc/crescent\\-patience (the .deb, make install\\-desktop).",
    ]
    return "\n".join(out) + "\n"


def text_files() -> dict[str, str]:
    """desktop/'s text files by name: they depend only on the sources."""
    from crescent.__main__ import build_parser

    changelog = (ROOT / "CHANGELOG.md").read_text(encoding="utf-8")
    version, date, _ = releases(changelog)[0]
    return {
        f"{APP_ID}.desktop": desktop_entry(),
        f"{APP_ID}.metainfo.xml": metainfo(changelog),
        "crescent.6": man_page(build_parser(), version, date),
    }


def _png(size: int) -> bytes:
    import pygame

    from crescent.ui.render import window_icon

    buf = io.BytesIO()
    pygame.image.save(window_icon(size), buf, "icon.png")
    return buf.getvalue()


def ico(pngs: dict[int, bytes]) -> bytes:
    """A Windows icon holding PNG images (read since Windows Vista): a header, one
    16-byte entry per image, then the images."""
    sizes = [s for s in ICO_SIZES if s in pngs]
    out = struct.pack("<HHH", 0, 1, len(sizes))
    offset = 6 + 16 * len(sizes)
    for s in sizes:
        side = 0 if s >= 256 else s  # 0 means 256
        out += struct.pack("<BBBBHHII", side, side, 0, 0, 1, 32, len(pngs[s]), offset)
        offset += len(pngs[s])
    return out + b"".join(pngs[s] for s in sizes)


def icns(pngs: dict[int, bytes]) -> bytes:
    """A macOS icon: 'icns' and its length, then (type, length, PNG) for each size."""
    body = b"".join(
        kind.encode() + struct.pack(">I", 8 + len(pngs[s])) + pngs[s] for kind, s in ICNS_TYPES
    )
    return b"icns" + struct.pack(">I", 8 + len(body)) + body


def icon_files() -> dict[str, bytes]:
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    pngs = {s: _png(s) for s in sorted({*ICON_SIZES, *ICO_SIZES})}
    files = {f"icons/hicolor/{s}x{s}/apps/{APP_ID}.png": pngs[s] for s in ICON_SIZES}
    files["crescent.ico"] = ico(pngs)
    files["crescent.icns"] = icns(pngs)
    return files


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--check", action="store_true", help="exit 1 if a text file differs")
    args = p.parse_args(argv)
    texts = text_files()
    if args.check:
        stale = [n for n, t in texts.items() if (OUT / n).read_text(encoding="utf-8") != t]
        for name in stale:
            print(f"desktop/{name} is out of date: python tools/desktop_files.py")
        return 1 if stale else 0
    for name, data in [*((n, t.encode()) for n, t in texts.items()), *icon_files().items()]:
        path = OUT / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(data)
    print(f"wrote {len(texts)} text files and the icons in desktop/ ({datetime.date.today()})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
