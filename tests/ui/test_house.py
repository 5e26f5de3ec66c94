"""The client's shape that issue 44 set (docs/ARCHITECTURE.md, "The table in parts"),
kept true: the table scene stays a small hub, the host narrow, and no scene or view is
reused by inheriting it."""

from __future__ import annotations

import ast
import inspect
from pathlib import Path

from crescent.ui.scene import Host
from crescent.ui.table import TableScene

CRESCENT = Path(__file__).resolve().parents[2] / "crescent"


def test_the_table_scene_stays_a_small_hub() -> None:
    """Input to intents to the session, and the cards' flights: an aid that wants "after
    every move, also..." is a part of its own (crescent/ui/parts/)."""
    lines, _ = inspect.getsourcelines(TableScene)
    assert len(lines) <= 300


def test_the_host_is_narrow() -> None:
    members = [name for name in vars(Host) if not name.startswith("_")]
    assert len(members) <= 12, members


def test_no_class_inherits_the_table_scene_or_its_view() -> None:
    inheritors = []
    for path in CRESCENT.rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ClassDef):
                bases = {ast.unparse(b).rsplit(".", 1)[-1] for b in node.bases}
                if bases & {"TableScene", "TableView"}:
                    inheritors.append(f"{path.name}: {node.name}")
    assert inheritors == []
