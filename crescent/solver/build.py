"""``python -m crescent.solver.build [DIR]``: the search core (``_core.c``) built into a copy.

``pip install`` (so ``make run`` and ``make install``) builds the core where a C compiler
is (setup.py); this builds it into a copy of the sources, as ``make package`` does for
the one-file executable. Without a compiler the build says so in one line, and the
solver searches in pure Python (:mod:`crescent.solver.core`). It needs a C compiler: gcc
or clang on Linux, Xcode's command line tools on macOS, MSVC's Build Tools on Windows.

``DIR`` is a folder holding a copy of the ``crescent`` package (default: the checkout,
in place). ``--clean`` removes the extension again.
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import tempfile
from collections.abc import Sequence
from pathlib import Path
from typing import Final

_SUFFIXES: Final = (".so", ".pyd")


def compiled() -> bool:
    """Whether the solver searches in the core (in a checkout, an install or a frozen
    executable alike)."""
    # Here, not at the top: importing the solver loads nothing until it is wanted.
    from crescent.solver import core

    return core.CORE is not None


def extensions(root: Path) -> list[Path]:
    """The built core under ``root``."""
    solver = root / "crescent" / "solver"
    return [p for p in solver.glob("_core.*") if p.suffix in _SUFFIXES]


_COMPILE: Final = """
import sys
from setuptools import Distribution, Extension
core = Extension("crescent.solver._core", sources=["crescent/solver/_core.c"])
work = sys.argv[1]
args = ["--quiet", "build_ext", "--inplace", "--build-temp", work, "--build-lib", work]
dist = Distribution({"ext_modules": [core], "script_name": "build", "script_args": args})
dist.parse_command_line()
dist.run_commands()
"""
"""setuptools' ``build_ext --inplace`` of the core alone (as setup.py builds it, without
reading pyproject.toml: the venv's setuptools may be older than the build's)."""


def _cflags(work: str) -> str:
    """The compiler's flags with the temporary folder's name mapped away: it would be in
    the extensions' debug records, and two builds of one commit would differ."""
    return f"{os.environ.get('CFLAGS', '')} -ffile-prefix-map={work}=.".strip()


def build(root: Path) -> list[Path]:
    """Build the core of the package under ``root`` beside its modules (its build folder
    a temporary one); its paths. CalledProcessError without a C compiler."""
    with tempfile.TemporaryDirectory() as work:
        subprocess.run(
            [sys.executable, "-c", _COMPILE, work],
            cwd=root,
            env={**os.environ, "PYTHONDONTWRITEBYTECODE": "1", "CFLAGS": _cflags(work)},
            check=True,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
    return extensions(root)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m crescent.solver.build")
    parser.add_argument("root", nargs="?", type=Path, default=Path(__file__).parents[2])
    parser.add_argument("--clean", action="store_true", help="remove the extension")
    args = parser.parse_args(argv)
    if args.clean:
        for path in extensions(args.root):
            path.unlink()
        return 0
    try:
        built = build(args.root)
    except (OSError, subprocess.CalledProcessError):
        built = []
    if not built:
        print("the search core was not built (no C compiler?): pure Python", file=sys.stderr)
        return 1
    print("\n".join(map(str, built)))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
