"""Every artifact carries its licences: Crescent's LICENSE and assets/LICENSES.md, and, where
it bundles Python and pygame-ce, their texts and those of each native library pygame-ce's
wheel bundles (licences/, gathered by tools/collect_licences.py).

The artifact test opens the one-file named by CRESCENT_ONEFILE (skipped without it, so that
an old dist/crescent fails nobody's `make test`): .ci/run names dist/crescent once built.
The app test opens the macOS app folder named by CRESCENT_APP (the release workflow names
dist/Crescent.app on macOS once built; skipped when unset, failed when it names no app)."""

from __future__ import annotations

import os
import re
from importlib import metadata
from pathlib import Path

import pytest

from tools import collect_licences as tool

ROOT = Path(__file__).resolve().parents[1]
LICENCES = ROOT / "licences"
ONEFILE = Path(os.environ.get("CRESCENT_ONEFILE", "/nonexistent/crescent"))
APP = os.environ.get("CRESCENT_APP")


def _bundled_libraries() -> set[str]:
    """The native libraries in the installed pygame-ce wheel (pygame_ce.libs on Linux)."""
    files = metadata.files("pygame-ce") or []
    return {tool.library_name(f.name) for f in files if ".libs/" in str(f) and ".so" in f.name}


def wanted_in_a_bundle() -> set[str]:
    """The names under licences/ a build that bundles Python and pygame-ce must carry."""
    return {"LICENSE", *(p.name for p in LICENCES.iterdir())}


def test_the_library_names_are_read_as_auditwheel_writes_them() -> None:
    assert tool.library_name("libSDL2_ttf-2-e3bf5c7d.0.so.0.2400.0") == "libSDL2_ttf"
    assert tool.library_name("libSDL2-2-4f7e1b3a.0.so.0.3200.10") == "libSDL2"
    assert tool.library_name("libpng16-7d4ae2ac.so.16.58.0") == "libpng16"


@pytest.mark.skipif(not _bundled_libraries(), reason="pygame-ce's wheel bundles no .so here")
def test_every_library_the_wheel_bundles_has_its_licence_text() -> None:
    missing = _bundled_libraries() - set(tool.LIBRARIES)
    assert not missing, f"add to tools/collect_licences.py LIBRARIES, then run it: {missing}"
    for package in {tool.LIBRARIES[lib] for lib in _bundled_libraries()}:
        assert (LICENCES / f"{package}.copyright").stat().st_size > 500, package


def test_each_common_licence_referred_to_is_here() -> None:
    for copyright in LICENCES.glob("*.copyright"):
        for name in re.findall(
            r"/usr/share/common-licenses/([A-Za-z0-9.-]*[A-Za-z0-9])", copyright.read_text()
        ):
            assert (LICENCES / f"common-{name}.txt").exists(), (copyright.name, name)
    assert "Python Software Foundation" in (LICENCES / "Python.txt").read_text()
    assert "LESSER GENERAL PUBLIC LICENSE" in (LICENCES / "pygame-ce.txt").read_text()


@pytest.mark.skipif(not ONEFILE.is_file(), reason="CRESCENT_ONEFILE names no file")
def test_the_one_file_carries_every_licence() -> None:
    from PyInstaller.archive.readers import CArchiveReader  # type: ignore[import-untyped]

    names = set(CArchiveReader(str(ONEFILE)).toc)
    carried = {n.split("/", 1)[1] for n in names if n.startswith("licences/")}
    assert carried == wanted_in_a_bundle()
    assert "crescent/assets/LICENSES.md" in names


@pytest.mark.skipif(APP is None, reason="CRESCENT_APP is not set")
def test_the_macos_app_carries_every_licence() -> None:
    # PyInstaller puts data files under Contents/Resources (linked from Contents/MacOS).
    resources = Path(str(APP)) / "Contents" / "Resources"
    assert resources.is_dir(), f"{APP} is no app folder"
    assert {p.name for p in (resources / "licences").iterdir()} == wanted_in_a_bundle()
    assert (resources / "crescent" / "assets" / "LICENSES.md").is_file()
