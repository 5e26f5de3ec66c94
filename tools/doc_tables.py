"""Write the parts of the documents that the code declares, so they cannot drift.

    python tools/doc_tables.py          # rewrite them
    python tools/doc_tables.py --check  # exit 1 naming each file that differs

A generated part sits between ``<!-- generated: NAME (tools/doc_tables.py) -->`` and
``<!-- end generated -->``; the rest of each document is written by hand. The parts:

- ``kiosk-example``: the kiosk config example (crescent.kiosk.config.EXAMPLE), in
  README.md and docs/KIOSK.md; deploy/kiosk.json is the example itself.
- ``kiosk-keys``: docs/KIOSK.md's table of the config's keys, from their declarations
  (crescent.kiosk.config.declared_keys(): each KioskConfig option, each setting with a kiosk key).
- ``imports``: docs/ARCHITECTURE.md's table of what each package imports, measured over
  the source (tools/arch_table.py).
- ``pools`` and ``daily-pools``: docs/SOLVER.md's tables of the winnable and lost pools (their
  counts and the survey files of their rules) and of the daily pools (their days and
  counts), read from assets/pools/, data/survey/ and DAILY_POOLS (tools/make_pools.py).

tests/test_docs.py fails when a document differs from what this writes.
"""

from __future__ import annotations

import argparse
import re
import sys
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from crescent.kiosk import config  # noqa: E402 -- needs the path set above
from crescent.play.settings import DECLARED  # noqa: E402
from tools import arch_table, make_pools  # noqa: E402

BEGIN = "<!-- generated: {name} (tools/doc_tables.py) -->"
END = "<!-- end generated -->"


def kiosk_example() -> str:
    return "```json\n" + config.EXAMPLE + "```"


def _default(key: str, value: object) -> str:
    if value is None:
        return "none" if key != "pin" else "required"
    if isinstance(value, float) and value.is_integer():
        value = int(value)
    return f"`{value}`"


def kiosk_keys() -> str:
    rows = ["| key | value | default | meaning |", "|---|---|---|---|"]
    for key, option, default in config.declared_keys():
        shown = _default(key, default) if key not in DECLARED else "the saved setting"
        rows.append(f"| `{key}` | {option.check.what} | {shown} | {option.doc} |")
    return "\n".join(rows)


PARTS: dict[str, Callable[[], str]] = {
    "kiosk-example": kiosk_example,
    "kiosk-keys": kiosk_keys,
    "imports": arch_table.table,
    "pools": make_pools.pools_table,
    "daily-pools": make_pools.daily_table,
}
DOCUMENTS = ("README.md", "docs/KIOSK.md", "docs/ARCHITECTURE.md", "docs/SOLVER.md")


def generated(text: str) -> str:
    """``text`` with each generated part written again."""
    for name, make in PARTS.items():
        begin = BEGIN.format(name=name)
        if begin not in text:
            continue  # not in this document: nothing to make
        pattern = re.compile(re.escape(begin) + r"\n.*?\n" + re.escape(END), re.DOTALL)
        part = f"{begin}\n{make()}\n{END}"
        text = pattern.sub(part.replace("\\", "\\\\"), text)
    return text


def files() -> dict[Path, str]:
    """Each file this writes, with the content it should have."""
    out = {ROOT / "deploy" / "kiosk.json": config.EXAMPLE}
    for name in DOCUMENTS:
        path = ROOT / name
        out[path] = generated(path.read_text(encoding="utf-8"))
    return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="only say which files differ")
    args = parser.parse_args(argv)
    stale = 0
    for path, content in files().items():
        if path.read_text(encoding="utf-8") == content:
            continue
        stale += 1
        if args.check:
            print(f"{path.relative_to(ROOT)} differs: run python tools/doc_tables.py")
        else:
            path.write_text(content, encoding="utf-8")
            print(f"wrote {path.relative_to(ROOT)}")
    return 1 if args.check and stale else 0


if __name__ == "__main__":
    sys.exit(main())
