"""Gather into licences/ the licence texts of what the one-file and the .deb bundle beside
Crescent's own code: Python, pygame-ce, and each native library in pygame-ce's wheel.

    python tools/collect_licences.py     # on Debian: apt-get download, then copy the texts

The native libraries' texts are the ``copyright`` files of Debian 12's packages of the
same libraries (``apt-get download``; nothing is installed), and the common licences
they refer to (/usr/share/common-licenses). Python's is the interpreter's LICENSE.txt;
pygame-ce's is the LGPL 2.1. The texts are committed; tests/test_licences.py checks that
every library the installed wheel bundles has its text here.
"""

from __future__ import annotations

import re
import shutil
import subprocess
import sys
import sysconfig
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
OUT = ROOT / "licences"

LIBRARIES: dict[str, str] = {
    "libFLAC": "libflac12",
    "libSDL2": "libsdl2-2.0-0",
    "libSDL2_image": "libsdl2-image-2.0-0",
    "libSDL2_mixer": "libsdl2-mixer-2.0-0",
    "libSDL2_ttf": "libsdl2-ttf-2.0-0",
    "libasound": "libasound2",
    "libbrotlicommon": "libbrotli1",
    "libbrotlidec": "libbrotli1",
    "libfluidsynth": "libfluidsynth3",
    "libfreetype": "libfreetype6",
    "libharfbuzz": "libharfbuzz0b",
    "libjpeg": "libjpeg62-turbo",
    "libmpg123": "libmpg123-0",
    "libogg": "libogg0",
    "libopus": "libopus0",
    "libopusfile": "libopusfile0",
    "libpng16": "libpng16-16",
    "libportmidi": "libportmidi0",
    "libsharpyuv": "libwebp7",
    "libsndfile": "libsndfile1",
    "libtiff": "libtiff6",
    "libvorbis": "libvorbis0a",
    "libvorbisenc": "libvorbisenc2",
    "libvorbisfile": "libvorbisfile3",
    "libwavpack": "libwavpack1",
    "libwebp": "libwebp7",
    "libwebpdemux": "libwebpdemux2",
    "libxmp": "libxmp4",
}
"""Each library pygame-ce's Linux wheel bundles (its .so name up to ".so" and the hash
auditwheel adds) -> the Debian 12 package of that library (libsharpyuv is libwebp's)."""
COMMON = "/usr/share/common-licenses/"
_COMMON_NAME = re.compile(re.escape(COMMON) + r"([A-Za-z0-9.-]*[A-Za-z0-9])")


def library_name(so_file: str) -> str:
    """``libSDL2_ttf-2.0-9b3c1d2e.so.0.2400.0`` -> ``libSDL2_ttf`` (auditwheel's names)."""
    stem = so_file.split(".so")[0]
    return re.sub(r"-[0-9a-f]{8}$", "", stem).split("-")[0]


def main() -> int:
    OUT.mkdir(exist_ok=True)
    packages = sorted(set(LIBRARIES.values()))
    common: set[str] = {"LGPL-2.1"}
    with tempfile.TemporaryDirectory() as tmp:
        subprocess.run(["apt-get", "download", *packages], cwd=tmp, check=True)
        for deb in Path(tmp).glob("*.deb"):
            package = deb.name.split("_")[0]
            text = subprocess.run(
                f"dpkg-deb --fsys-tarfile {deb} | tar -xO ./usr/share/doc/{package}/copyright",
                shell=True,
                check=True,
                capture_output=True,
                text=True,
            ).stdout
            (OUT / f"{package}.copyright").write_text(text, encoding="utf-8")
            common.update(m.rstrip(".") for m in _COMMON_NAME.findall(text))
    for name in sorted(common):
        shutil.copyfile(COMMON + name, OUT / f"common-{name}.txt")
    python_licence = Path(sysconfig.get_paths()["stdlib"]) / "LICENSE.txt"
    shutil.copyfile(python_licence, OUT / "Python.txt")
    pygame = "pygame-ce is distributed under the GNU LGPL version 2.1:\n\n"
    (OUT / "pygame-ce.txt").write_text(pygame + Path(COMMON, "LGPL-2.1").read_text())
    print(f"licences/: {len(packages)} packages' copyright files, {len(common)} common texts")
    return 0


if __name__ == "__main__":
    sys.exit(main())
