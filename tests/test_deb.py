"""`make deb`: two builds of one commit give the same bytes (the one-file and the .deb); the
.deb carries every licence, installs with apt in a clean Debian 12 and plays a deal there,
headless.

The clean Debian 12 is made by debootstrap once and kept in /var/cache/crescent-test-chroot
(CRESCENT_TEST_CHROOT names another folder): a copy of it is used and thrown away.
"""

from __future__ import annotations

import fcntl
import json
import os
import shutil
import subprocess
import tempfile
from pathlib import Path

import pytest

from tests.test_licences import wanted_in_a_bundle
from tools.desktop_files import APP_ID
from tools.make_deb import asset_licences

ROOT = Path(__file__).resolve().parents[1]
CHROOT_CACHE = Path(os.environ.get("CRESCENT_TEST_CHROOT", "/var/cache/crescent-test-chroot"))
DOC = "./usr/share/doc/crescent-patience/"
pytestmark = [
    pytest.mark.slow,
    pytest.mark.skipif(
        shutil.which("dpkg-deb") is None or shutil.which("make") is None,
        reason="needs dpkg-deb and make",
    ),
]


BUILD = (
    Path(tempfile.gettempdir())
    / f"crescent-test-deb-{os.getuid()}-{os.environ.get('PYTEST_XDIST_WORKER', 'main')}"
)
"""Where this module's builds are made, the same folder each time (a build's paths are
the same, so its bytes can be), one per test worker (CI's workers ran this module's
tests at once): not the checkout's build/ and dist/, which other tests and a
developer's own `make` may change meanwhile."""


def _make_deb() -> tuple[bytes, bytes]:
    """`make deb` of the checkout, made in :data:`BUILD`: the one-file's bytes and the
    .deb's."""
    # One build at a time on this machine: PyInstaller's --clean empties a cache all its
    # builds share (two at once gave two different one-files).
    with (Path(tempfile.gettempdir()) / "crescent-test-deb.lock").open("w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        return _make_deb_in(BUILD)


def _make_deb_in(build: Path) -> tuple[bytes, bytes]:
    shutil.rmtree(build, ignore_errors=True)
    paths = {
        "STAGE": build / "package",
        "PYI_WORK": build / "pyinstaller",
        "DIST": build / "dist",
        "DEB_DIR": build / "deb",
    }
    made = subprocess.run(
        ["make", "-s", "-C", str(ROOT), "deb", *(f"{k}={v}" for k, v in paths.items())],
        capture_output=True,
        text=True,
        timeout=1800,
    )
    assert made.returncode == 0, made.stdout[-2000:] + made.stderr[-2000:]
    debs = list(paths["DEB_DIR"].glob("crescent-patience_*.deb"))
    assert len(debs) == 1, f"{debs}: {made.stdout[-2000:]}"
    return (paths["DIST"] / "crescent").read_bytes(), debs[0].read_bytes()


@pytest.fixture(scope="module")
def built(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The .deb of a first build, kept aside (the one-file's bytes beside it)."""
    onefile, deb = _make_deb()
    folder = tmp_path_factory.mktemp("first-build")
    (folder / "crescent").write_bytes(onefile)
    (folder / "crescent.deb").write_bytes(deb)
    return folder


def test_two_builds_of_one_commit_are_the_same_bytes(built: Path) -> None:
    onefile, deb = _make_deb()
    assert onefile == (built / "crescent").read_bytes()
    assert deb == (built / "crescent.deb").read_bytes()


def test_the_deb_carries_every_licence_and_the_desktop_files(built: Path) -> None:
    listing = subprocess.run(
        ["dpkg-deb", "-c", str(built / "crescent.deb")], capture_output=True, text=True, check=True
    ).stdout
    names = {line.split()[-1] for line in listing.splitlines()}
    carried = {n.removeprefix(DOC + "licences/") for n in names if n.startswith(DOC + "licences/")}
    assert carried - {""} == wanted_in_a_bundle() - {"LICENSE"}
    assert DOC + "copyright" in names  # Crescent's licence, in Debian's place for it
    assert DOC + "LICENSES.md" in names
    assert DOC + "sbom.cdx.json" in names  # tools/sbom.py's, by make package
    for text in asset_licences():
        assert f"{DOC}assets-licenses/{text}" in names
    for installed in (
        f"./usr/share/applications/{APP_ID}.desktop",
        f"./usr/share/metainfo/{APP_ID}.metainfo.xml",
        f"./usr/share/icons/hicolor/256x256/apps/{APP_ID}.png",
        "./usr/share/man/man6/crescent.6.gz",
        "./usr/games/crescent",
    ):
        assert installed in names


def _debian_12() -> Path:
    """The cached clean Debian 12 (made by debootstrap the first time: minutes)."""
    base = CHROOT_CACHE / "bookworm"
    if not (base / "usr" / "bin" / "apt-get").exists():
        making = CHROOT_CACHE / "bookworm.making"
        shutil.rmtree(making, ignore_errors=True)
        CHROOT_CACHE.mkdir(parents=True, exist_ok=True)
        subprocess.run(
            ["debootstrap", "--variant=minbase", "bookworm", str(making)],
            check=True,
            capture_output=True,
            timeout=1800,
        )
        making.rename(base)
    return base


@pytest.mark.skipif(
    shutil.which("debootstrap") is None or os.geteuid() != 0, reason="needs debootstrap, root"
)
def test_the_deb_installs_with_apt_in_a_clean_debian_12_and_plays(
    built: Path, tmp_path: Path
) -> None:
    root = tmp_path / "debian-12"
    subprocess.run(["cp", "-a", str(_debian_12()), str(root)], check=True, timeout=600)
    shutil.copyfile(built / "crescent.deb", root / "tmp" / "crescent.deb")
    path = (
        "/usr/local/bin:/usr/bin:/bin:/usr/games:/usr/sbin:/sbin"  # a Debian user's, /usr/games too
    )
    env = {"PATH": path, "DEBIAN_FRONTEND": "noninteractive"}

    def inside(*args: str) -> str:
        game_env = [f"{k}={v}" for k, v in {**env, "HOME": "/root"}.items()]
        game_env += ["SDL_VIDEODRIVER=dummy", "SDL_AUDIODRIVER=dummy"]
        out = subprocess.run(
            ["chroot", str(root), "env", "-i", *game_env, *args],
            capture_output=True,
            text=True,
            timeout=600,
        )
        assert out.returncode == 0, out.stderr
        return out.stdout

    inside("apt-get", "install", "-y", "-q", "--no-install-recommends", "/tmp/crescent.deb")
    assert "crescent-patience" in inside("dpkg-query", "-W", "crescent-patience")
    play = ["--data-dir", "/tmp/data", "--code", "CR1-N-AAAAAAD"]
    inside("crescent", *play, "--play", "P16-F6 P13-F3", "--frames", "60")
    game = json.loads(inside("crescent", "--stats", "--data-dir", "/tmp/data"))["game"]
    assert (game["code"], game["moves"]) == ("CR1-N-AAAAAAD", 2)
    assert "the solver" in inside("crescent", "--self-check")
    assert (root / "usr" / "share" / "applications" / f"{APP_ID}.desktop").exists()
