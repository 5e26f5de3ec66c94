"""What each package of the game imports, measured over the source with ``ast``.

    python tools/arch_table.py   # print docs/ARCHITECTURE.md's table

Every ``import`` counts: at the top of a module, under ``if TYPE_CHECKING:``, or inside
a function (lazily: loaded when first needed). The standard library is left out.
tools/doc_tables.py writes the table into docs/ARCHITECTURE.md; tests/test_docs.py fails
when the document differs.
"""

from __future__ import annotations

import ast
import sys
from collections.abc import Iterator
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = ROOT / "crescent"
ORDER = (
    "rules",
    "engine",
    "solver",
    "play",
    "control",
    "i18n",
    "kiosk",
    "ui",
    "game_main",
    "self_check",
    "__main__",
    "options",
    "bench",
    "resources",
    "languages",
    "logs",
    "files",
    "ending",
    "lifeline",
    "themes",
)
"""The rows, top of the layers last but one (as docs/ARCHITECTURE.md reads them)."""


def _part(path: Path) -> str:
    """The package (or top-level module) of crescent that ``path`` belongs to."""
    rel = path.relative_to(PACKAGE)
    return rel.parts[0] if len(rel.parts) > 1 else rel.stem


def _module(path: Path) -> list[str]:
    rel = path.relative_to(ROOT).with_suffix("")
    parts = list(rel.parts)
    return parts[:-1] if parts[-1] == "__init__" else parts


def _target(node: ast.Import | ast.ImportFrom, here: list[str], is_package: bool) -> list[str]:
    """The dotted names ``node`` imports (relative imports resolved)."""
    if isinstance(node, ast.Import):
        return [a.name for a in node.names]
    base = here if is_package else here[:-1]
    if node.level:
        base = base[: len(base) - node.level + 1]
        head = ".".join([*base, node.module] if node.module else base)
    else:
        head = node.module or ""
    # ``from crescent.ui import speech`` imports the module crescent.ui.speech.
    return [f"{head}.{a.name}" for a in node.names] if head.count(".") < 2 else [head]


def _imports(path: Path) -> Iterator[tuple[str, str]]:
    """(how, dotted name) of each import of ``path``: how is top, typing or lazy."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    here = _module(path)
    is_package = path.name == "__init__.py"

    def walk(node: ast.AST, how: str) -> Iterator[tuple[str, str]]:
        for child in ast.iter_child_nodes(node):
            if isinstance(child, ast.Import | ast.ImportFrom):
                for name in _target(child, here, is_package):
                    yield how, name
            elif isinstance(child, ast.FunctionDef | ast.AsyncFunctionDef | ast.Lambda):
                yield from walk(child, "lazy")
            elif isinstance(child, ast.If) and "TYPE_CHECKING" in ast.unparse(child.test):
                for stmt in child.body:
                    yield from walk(ast.Module(body=[stmt], type_ignores=[]), "typing")
                for stmt in child.orelse:
                    yield from walk(ast.Module(body=[stmt], type_ignores=[]), how)
            else:
                yield from walk(child, how)

    yield from walk(tree, "top")


def _name(dotted: str) -> str | None:
    """``pkg.module`` for a module of the game, the top name for another (None: the
    standard library's)."""
    bits = dotted.split(".")
    if bits[0] != "crescent":
        return None if bits[0] in sys.stdlib_module_names or bits[0] == "__future__" else bits[0]
    if len(bits) < 2 or not any((PACKAGE / n).exists() for n in (bits[1], f"{bits[1]}.py")):
        return None  # crescent itself (its __version__)
    return ".".join(bits[1:3]) if (PACKAGE / bits[1]).is_dir() else bits[1]


def measure() -> dict[str, dict[str, set[str]]]:
    """For each part of the game: how (top, typing, lazy) -> the modules it imports so."""
    found: dict[str, dict[str, set[str]]] = {
        p: {"top": set(), "typing": set(), "lazy": set()} for p in ORDER
    }
    for path in sorted(PACKAGE.rglob("*.py")):
        part = _part(path)
        for how, dotted in _imports(path):
            name = _name(dotted)
            if part in found and name is not None and name != "__init__":
                found[part][how].add(name)
    return found


def _names(names: set[str]) -> str:
    return ", ".join(f"`{n}`" for n in sorted(names))


def table() -> str:
    """docs/ARCHITECTURE.md's table: per part, the packages it imports at the top (its
    own modules left out), those under ``TYPE_CHECKING`` only, and the modules it
    imports only inside functions."""
    rows = [
        "| package | imports (the game's packages and others) | under `TYPE_CHECKING` only "
        "| lazily (inside a function) |",
        "|---|---|---|---|",
    ]
    for part, how in measure().items():
        packages = {n.split(".")[0] for n in how["top"]} - {part}
        typing = {n.split(".")[0] for n in how["typing"]} - packages - {part}
        lazy = how["lazy"] - how["top"]
        shown = _names(packages) if packages else "the standard library only"
        rows.append(f"| `{part}` | {shown} | {_names(typing)} | {_names(lazy)} |")
    return "\n".join(rows)


if __name__ == "__main__":
    print(table())
