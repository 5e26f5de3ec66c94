"""``python -m crescent.solver.build [DIR]``: the compiled build of the search's modules.

mypyc compiles the typed modules the exhaustive search spends its time in
(:data:`COMPILED`) into C extensions placed beside them: Python loads an extension
before a ``.py`` of the same name, so the same package runs compiled, and without the
extensions (deleted, or never built) it runs the pure modules, which stay the
reference. Both give the same results (``tests/solver/test_compiled.py`` checks the
recorded cases of ``benchmarks/solver_same.py`` on both). It needs mypy (the ``dev``
extra) and a C compiler: gcc or clang on Linux and macOS, MSVC on Windows.

``DIR`` is a folder holding a copy of the ``crescent`` package (default: the package
itself, in place). ``--clean`` removes the extensions again.
"""

from __future__ import annotations

import argparse
import importlib.machinery
import os
import shutil
import subprocess
import sys
import tempfile
from collections.abc import Sequence
from pathlib import Path
from typing import Final

COMPILED: Final = ("position", "dead", "moves", "table", "depth_first", "exact")
"""The modules compiled (the rest imports them as usual)."""


def compiled() -> bool:
    """Whether the search's modules run compiled (in a checkout, an install or a frozen
    executable alike)."""
    # Here, not at the top: the build rewrites this module's extension in place, which
    # must not be loaded while it does.
    from crescent.solver import depth_first

    suffixes = importlib.machinery.EXTENSION_SUFFIXES
    return any(str(depth_first.__file__).endswith(suffix) for suffix in suffixes)


def extensions(root: Path) -> list[Path]:
    """The compiled modules (and mypyc's shared library) under ``root``."""
    solver = root / "crescent" / "solver"
    found = [p for name in COMPILED for p in solver.glob(f"{name}.*") if p.suffix in _SUFFIXES]
    return found + [p for p in root.glob("*__mypyc*") if p.suffix in _SUFFIXES]


_SUFFIXES: Final = (".so", ".pyd")


def _cflags(work: str) -> str:
    """The compiler's flags with the temporary folder's name mapped away: it would be in
    the extensions' debug records, and two builds of one commit would differ."""
    return f"{os.environ.get('CFLAGS', '')} -ffile-prefix-map={work}=.".strip()


def build(root: Path) -> list[Path]:
    """Compile :data:`COMPILED` of the package under ``root`` (in a copy, so no build
    folder is left behind) and put the extensions beside its modules; their paths."""
    sources = [f"crescent/solver/{name}.py" for name in COMPILED]
    with tempfile.TemporaryDirectory() as work:
        copy = Path(work)
        skip = shutil.ignore_patterns("__pycache__", "*.so", "*.pyd", "assets")
        shutil.copytree(root / "crescent", copy / "crescent", ignore=skip)
        subprocess.run(
            [sys.executable, "-m", "mypyc", *sources],
            cwd=copy,
            env={**os.environ, "PYTHONDONTWRITEBYTECODE": "1", "CFLAGS": _cflags(work)},
            check=True,
            stdout=subprocess.DEVNULL,
        )
        for path in extensions(copy):
            shutil.copy2(path, root / path.relative_to(copy))
    return extensions(root)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m crescent.solver.build")
    parser.add_argument("root", nargs="?", type=Path, default=Path(__file__).parents[2])
    parser.add_argument("--clean", action="store_true", help="remove the extensions")
    args = parser.parse_args(argv)
    if args.clean:
        for path in extensions(args.root):
            path.unlink()
        return 0
    try:
        built = build(args.root)
    except (OSError, subprocess.CalledProcessError) as e:
        print(f"build failed (needs mypy and a C compiler): {e}", file=sys.stderr)
        return 1
    print("\n".join(map(str, built)))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
