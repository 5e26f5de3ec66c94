"""The code's shape: no function in ``crescent/`` is longer than a screen.

A function a reader cannot see at once is split; ``MAX_LINES`` counts the
lines from ``def`` to the function's last line, decorators and docstring
included. ``EXCEPTIONS`` names a function allowed past it, each with why.
"""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
MAX_LINES = 60
EXCEPTIONS: dict[str, str] = {}
"""``"crescent/path.py:qualified.name"`` -> why it may be longer."""


def long_functions(root: Path) -> list[tuple[str, int]]:
    """Each function under ``root/crescent`` over ``MAX_LINES``, with its length."""
    found: list[tuple[str, int]] = []
    for path in sorted((root / "crescent").rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        rel = path.relative_to(root).as_posix()
        found.extend(_long_in(tree, rel, ""))
    return found


def _long_in(node: ast.AST, rel: str, prefix: str) -> list[tuple[str, int]]:
    found: list[tuple[str, int]] = []
    for child in ast.iter_child_nodes(node):
        if isinstance(child, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef):
            name = f"{prefix}{child.name}"
            if not isinstance(child, ast.ClassDef):
                first = min([child.lineno, *(d.lineno for d in child.decorator_list)])
                length = (child.end_lineno or child.lineno) - first + 1
                if length > MAX_LINES:
                    found.append((f"{rel}:{name}", length))
            found.extend(_long_in(child, rel, f"{name}."))
    return found


def test_no_function_in_the_game_is_longer_than_sixty_lines() -> None:
    too_long = [(name, n) for name, n in long_functions(ROOT) if name not in EXCEPTIONS]
    assert too_long == []


def test_every_exception_still_names_a_long_function() -> None:
    long_names = {name for name, _ in long_functions(ROOT)}
    assert set(EXCEPTIONS) <= long_names


def test_the_check_finds_a_long_function(tmp_path: Path) -> None:
    package = tmp_path / "crescent"
    package.mkdir()
    body = "\n".join(f"        x{i} = {i}" for i in range(MAX_LINES))
    (package / "long.py").write_text(f"class C:\n    def f(self):\n{body}\n")
    assert long_functions(tmp_path) == [("crescent/long.py:C.f", MAX_LINES + 1)]
