"""The solver keeps no process-wide mutable state: a search's caches, tables and budget
are its own (the kiosk passes its memory budget; nothing is set globally)."""

from __future__ import annotations

import ast
from pathlib import Path

SOLVER = Path(__file__).resolve().parents[2] / "crescent" / "solver"
MUTABLE_CALLS = {"dict", "list", "set", "bytearray", "array", "defaultdict", "deque"}


def shared_state(source: str) -> list[str]:
    """Module-level mutable containers and ``global`` statements in ``source`` (the
    export list ``__all__`` aside)."""
    found: list[str] = []
    tree = ast.parse(source)
    for node in tree.body:
        value = node.value if isinstance(node, ast.Assign | ast.AnnAssign) else None
        if isinstance(node, ast.Assign) and ast.unparse(node.targets[0]) == "__all__":
            continue
        mutable = isinstance(value, ast.Dict | ast.List | ast.Set | ast.DictComp | ast.ListComp)
        if isinstance(value, ast.Call) and isinstance(value.func, ast.Name):
            mutable = mutable or value.func.id in MUTABLE_CALLS
        if mutable:
            found.append(f"line {node.lineno}: a module-level mutable value")
    found += [f"line {n.lineno}: global" for n in ast.walk(tree) if isinstance(n, ast.Global)]
    return found


def test_no_solver_module_holds_mutable_state_at_module_level() -> None:
    modules = sorted(SOLVER.glob("*.py"))
    assert len(modules) >= 10
    found = {p.name: shared_state(p.read_text(encoding="utf-8")) for p in modules}
    assert {name: what for name, what in found.items() if what} == {}


def test_the_check_finds_a_module_cache_and_a_global() -> None:
    source = "_CACHE: dict[int, int] = {}\nN = 0\ndef f() -> None:\n    global N\n    N = 1\n"
    assert shared_state(source) == ["line 1: a module-level mutable value", "line 4: global"]
