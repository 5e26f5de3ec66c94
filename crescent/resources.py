"""The one place that finds files shipped with the game.

The assets folder sits in one of two places, and this module is the only code
that knows which:

* inside the package as ``crescent/assets`` -- an installed wheel (setuptools
  maps the top-level ``assets/`` there) and a PyInstaller build (the spec puts
  it at the same place inside the bundle, so ``__file__`` finds it, one-file
  and one-dir alike);
* beside the package as ``assets/`` -- a source checkout.

Paths are checked: a name may not climb out of the assets folder.
"""

from __future__ import annotations

from functools import cache
from pathlib import Path


class MissingAsset(FileNotFoundError):
    """A runtime file the game needs is not where it should be."""


@cache
def assets_dir() -> Path:
    """The folder holding the game's runtime files."""
    here = Path(__file__).resolve().parent
    for candidate in (here / "assets", here.parent / "assets"):
        if (candidate / "LICENSES.md").is_file():
            return candidate
    raise MissingAsset(f"the game's assets folder is missing (looked in {here} and {here.parent})")


def path(name: str) -> Path:
    """The path of the asset ``name`` (``"cards/AS.svg"``); raises MissingAsset.

    The name is checked as written (relative, no ``..``, no empty or ``.`` part), not by
    resolving it on the disk: a start looks up some thirty assets, each a stat, not a
    walk of every folder on the way (nothing shipped in the assets is a link)."""
    base = assets_dir()
    parts = name.replace("\\", "/").split("/")
    if name.startswith("/") or ":" in name or any(p in ("", ".", "..") for p in parts):
        raise MissingAsset(f"asset name {name!r} leaves the assets folder")
    full = base.joinpath(*parts)
    if not full.exists():
        raise MissingAsset(f"asset {name!r} is missing from {base}")
    return full


def read_bytes(name: str) -> bytes:
    """The contents of the asset ``name``."""
    return path(name).read_bytes()


def read_text(name: str) -> str:
    """The contents of the text asset ``name`` (UTF-8)."""
    return path(name).read_text(encoding="utf-8")
