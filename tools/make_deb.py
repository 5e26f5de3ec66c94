"""Build the Debian package of Crescent around the one-file executable: `make deb`.

    python tools/make_deb.py --onefile dist/crescent --version 0.2.0 --out dist

The package ``crescent-patience`` holds the one-file as /usr/games/crescent, the menu
entry, icons, AppStream metainfo and man page (desktop/), and in
/usr/share/doc/crescent-patience the copyright (Crescent's licence, the assets' and those
of everything the one-file bundles: licences/), and the changelog. Every file's time is
SOURCE_DATE_EPOCH and every owner root, so that two builds of one commit are the same
bytes (tests/test_deb.py builds twice).
"""

from __future__ import annotations

import argparse
import datetime
import email.utils
import gzip
import hashlib
import os
import re
import shutil
import subprocess
import sys
import tempfile
import textwrap
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from tools.desktop_files import APP_ID  # noqa: E402 -- after the checkout is on the path

PACKAGE = "crescent-patience"
DOC = Path("usr/share/doc") / PACKAGE
MAINTAINER = "The Crescent developers <crescent@invalid>"
"""The package's maintainer: the project has no address of its own yet (lintian's one
error, bogus-mail-host, until `--maintainer` or this names a real one)."""


def debian_version(version: str) -> str:
    """setuptools-scm's version as Debian orders it: a development build sorts before its
    release (0.2.1.dev3+gabc -> 0.2.1~dev3+gabc)."""
    return re.sub(r"\.dev", "~dev", version).replace("_", ".")


def _gzip(data: bytes) -> bytes:
    """gzip -9n: no name and no time in the header."""
    return gzip.compress(data, compresslevel=9, mtime=0)


def _put(root: Path, rel: str | Path, data: bytes, mode: int = 0o644) -> None:
    path = root / rel
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(data)
    path.chmod(mode)


def copyright_file() -> str:
    """debian/copyright in the machine-readable format, pointing at the texts beside it."""
    bundled = sorted(p.name for p in (ROOT / "licences").iterdir())
    return (
        "Format: https://www.debian.org/doc/packaging-manuals/copyright-format/1.0/\n"
        f"Upstream-Name: {PACKAGE}\n\n"
        "Files: *\n"
        "Copyright: The Crescent developers\n"
        "License: MIT\n"
        + "".join(f" {ln}\n" if ln else " .\n" for ln in _text("LICENSE").splitlines())
        + "\nComment: The game's assets (cards, fonts, sounds) carry their own licences,\n"
        " listed in /usr/share/doc/crescent-patience/LICENSES.md with their texts in\n"
        " /usr/share/doc/crescent-patience/assets-licenses/. /usr/games/crescent bundles\n"
        " Python, pygame-ce and the native libraries pygame-ce's wheel bundles: their\n"
        " licence texts are in /usr/share/doc/crescent-patience/licences/:\n"
        + "".join(f" {name}\n" for name in bundled)
    )


def asset_licences() -> list[Path]:
    """The licence texts of assets/ (beside their files, and under licenses/), relative."""
    assets = ROOT / "assets"
    named = [*assets.glob("*/LICENSE*"), *(p for p in (assets / "licenses").rglob("*"))]
    return sorted(p.relative_to(assets) for p in named if p.is_file())


def _text(rel: str) -> str:
    return (ROOT / rel).read_text(encoding="utf-8")


def debian_changelog(version: str, maintainer: str) -> str:
    """CHANGELOG.md's releases in Debian's changelog format, this build's version first
    when it is not a release (dated SOURCE_DATE_EPOCH, the commit's time)."""
    from tools.desktop_files import releases

    entries = [
        (v, datetime.date.fromisoformat(d), i) for v, d, i in releases(_text("CHANGELOG.md"))
    ]
    out: list[str] = []
    dated = [
        (v, datetime.datetime.combine(day, datetime.time(), datetime.UTC), items)
        for v, day, items in entries
    ]
    if version != entries[0][0]:
        built = datetime.datetime.fromtimestamp(_epoch(), datetime.UTC)
        dated.insert(0, (version, built, ["A build from git, not a release."]))
    for v, when, items in dated:
        stamp = email.utils.format_datetime(when)
        lines = "".join(
            "  * " + "\n    ".join(textwrap.wrap(i.replace("`", ""), 74)) + "\n" for i in items
        )
        out.append(
            f"{PACKAGE} ({debian_version(v)}) unstable; urgency=medium\n\n{lines}\n"
            f" -- {maintainer}  {stamp}\n"
        )
    return "\n".join(out)


def stage(root: Path, onefile: Path, version: str, maintainer: str) -> None:
    """The package's files under ``root``."""
    _put(root, "usr/games/crescent", onefile.read_bytes(), 0o755)
    desktop = ROOT / "desktop"
    _put(
        root,
        f"usr/share/applications/{APP_ID}.desktop",
        (desktop / f"{APP_ID}.desktop").read_bytes(),
    )
    metainfo = f"{APP_ID}.metainfo.xml"
    _put(root, f"usr/share/metainfo/{metainfo}", (desktop / metainfo).read_bytes())
    _put(root, "usr/share/man/man6/crescent.6.gz", _gzip((desktop / "crescent.6").read_bytes()))
    for icon in sorted((desktop / "icons").rglob("*.png")):
        _put(root, Path("usr/share") / icon.relative_to(desktop), icon.read_bytes())
    _put(root, DOC / "copyright", copyright_file().encode())
    _put(root, DOC / "changelog.gz", _gzip(debian_changelog(version, maintainer).encode()))
    _put(root, DOC / "CHANGELOG.md", (ROOT / "CHANGELOG.md").read_bytes())
    for doc in ("RULES.md", "PLAYING.md"):  # the man page points at them
        _put(root, DOC / doc, (ROOT / "docs" / doc).read_bytes())
    sbom = onefile.parent / "crescent.cdx.json"  # `make package` writes it beside
    if sbom.exists():
        _put(root, DOC / "sbom.cdx.json", sbom.read_bytes())
    _put(root, DOC / "LICENSES.md", (ROOT / "assets" / "LICENSES.md").read_bytes())
    for text in asset_licences():
        _put(root, DOC / "assets-licenses" / text, (ROOT / "assets" / text).read_bytes())
    for text in sorted((ROOT / "licences").iterdir()):
        _put(root, DOC / "licences" / text.name, text.read_bytes())


def control(root: Path, version: str, maintainer: str) -> str:
    size_kib = sum(p.stat().st_size for p in root.rglob("*") if p.is_file()) // 1024 + 1
    arch = subprocess.run(
        ["dpkg", "--print-architecture"], capture_output=True, text=True, check=True
    ).stdout.strip()
    return (
        f"Package: {PACKAGE}\n"
        f"Version: {debian_version(version)}\n"
        f"Architecture: {arch}\n"
        f"Maintainer: {maintainer}\n"
        f"Installed-Size: {size_kib}\n"
        "Depends: libc6 (>= 2.35)\n"
        "Section: games\n"
        "Priority: optional\n"
        "Description: two-deck patience game around a crescent of sixteen piles\n"
        " Crescent is a two-deck patience (solitaire) game: sixteen piles of six cards\n"
        " form a horseshoe around eight foundations, four climbing from Ace to King\n"
        " and four falling from King to Ace. A solver gives hints and deals winnable\n"
        " games on request; a daily deal, a timed four-level game, five languages.\n"
    )


def _epoch() -> int:
    """SOURCE_DATE_EPOCH (else the last commit's time): every file's time, and a build's
    date in the changelog."""
    named = os.environ.get("SOURCE_DATE_EPOCH")
    if named:
        return int(named)
    git = ["git", "-C", str(ROOT), "log", "-1", "--format=%ct"]
    return int(subprocess.run(git, capture_output=True, text=True, check=True).stdout)


def build(onefile: Path, version: str, out: Path, maintainer: str) -> Path:
    epoch = _epoch()
    with tempfile.TemporaryDirectory() as tmp:
        root = Path(tmp) / "root"
        stage(root, onefile, version, maintainer)
        md5 = "".join(
            f"{hashlib.md5(p.read_bytes()).hexdigest()}  {p.relative_to(root)}\n"
            for p in sorted(root.rglob("*"))
            if p.is_file()
        )
        _put(root, "DEBIAN/control", control(root, version, maintainer).encode())
        _put(root, "DEBIAN/md5sums", md5.encode())
        for p in [root, *root.rglob("*")]:
            if p.is_dir():
                p.chmod(0o755)
            os.utime(p, (epoch, epoch), follow_symlinks=False)
        out.mkdir(parents=True, exist_ok=True)
        deb = out / f"{PACKAGE}_{debian_version(version)}_{_arch(root)}.deb"
        env = dict(os.environ, SOURCE_DATE_EPOCH=str(epoch))
        subprocess.run(
            ["dpkg-deb", "--root-owner-group", "-Zxz", "--build", str(root), str(deb)],
            check=True,
            env=env,
            stdout=subprocess.DEVNULL,
        )
    return deb


def _arch(root: Path) -> str:
    found = re.search(r"^Architecture: (.+)$", (root / "DEBIAN/control").read_text(), re.M)
    assert found is not None
    return found[1]


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--onefile", type=Path, default=ROOT / "dist" / "crescent")
    p.add_argument("--version", required=True, help="the version (setuptools-scm's)")
    p.add_argument("--out", type=Path, default=ROOT / "dist")
    p.add_argument("--maintainer", default=MAINTAINER, help="Name <address>")
    args = p.parse_args(argv)
    if shutil.which("dpkg-deb") is None:
        print("make deb: dpkg-deb is needed (Debian, Ubuntu)", file=sys.stderr)
        return 1
    print(build(args.onefile, args.version, args.out, args.maintainer))
    return 0


if __name__ == "__main__":
    sys.exit(main())
