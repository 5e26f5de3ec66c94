"""crescent/resources.py finds bundled files from a checkout and from an installed wheel.

(The frozen build is proven by CI: ``dist/crescent --self-check``.)
"""

from __future__ import annotations

import os
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

from crescent import resources

ROOT = Path(__file__).resolve().parent.parent


def test_finds_an_asset_in_the_source_tree() -> None:
    assert resources.assets_dir() == ROOT / "assets"
    svg = resources.path("cards/AS.svg")
    assert svg == ROOT / "assets" / "cards" / "AS.svg"
    assert resources.read_bytes("cards/AS.svg").lstrip().startswith(b"<")
    assert "Vectorized Playing Cards" in resources.read_text("LICENSES.md")


def test_a_missing_asset_is_a_clear_error() -> None:
    with pytest.raises(resources.MissingAsset, match=r"nope\.svg"):
        resources.path("cards/nope.svg")


@pytest.mark.parametrize(
    "name",
    [
        "../pyproject.toml",
        "cards/../../pyproject.toml",
        "/etc/passwd",
        "C:/Windows/win.ini",
        "cards\\..\\..\\pyproject.toml",
        "./LICENSES.md",
        "cards//AS.svg",
        "",
    ],
)
def test_an_asset_name_cannot_leave_the_assets_folder(name: str) -> None:
    with pytest.raises(resources.MissingAsset, match="leaves"):
        resources.path(name)


def test_finds_assets_from_an_installed_wheel(tmp_path: Path) -> None:
    """Build the wheel, install it into a folder of its own, and look from outside the
    checkout: the assets ship inside the package as crescent/assets."""
    wheels = tmp_path / "wheels"
    subprocess.run(
        [sys.executable, "-m", "pip", "wheel", "--no-deps", "-q", "-w", str(wheels), str(ROOT)],
        check=True,
        timeout=300,
        capture_output=True,
    )
    (wheel,) = wheels.glob("crescent_patience-*.whl")
    names = zipfile.ZipFile(wheel).namelist()
    assert "crescent/assets/cards/AS.svg" in names
    assert "crescent/assets/LICENSES.md" in names
    assert any(n.startswith("crescent/assets/locale/fr/") and n.endswith(".po") for n in names)
    target = tmp_path / "site"
    zipfile.ZipFile(wheel).extractall(target)
    probe = (
        "import crescent, crescent.resources as r; print(crescent.__file__); "
        "print(r.path('cards/AS.svg')); print(len(r.read_bytes('cards/AS.svg')))"
    )
    env = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}
    env["PYTHONPATH"] = str(target)
    out = subprocess.run(
        [sys.executable, "-c", probe],
        cwd=tmp_path,
        env=env,
        check=True,
        capture_output=True,
        text=True,
        timeout=60,
    ).stdout.split("\n")
    assert out[0].startswith(str(target))
    assert out[1] == str(target / "crescent" / "assets" / "cards" / "AS.svg")
    assert int(out[2]) > 100
