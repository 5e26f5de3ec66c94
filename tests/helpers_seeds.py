"""The project's seeds (the original rule texts): ``../shared/seeds`` beside the
checkout (or beside its worktree folder) when it is there, else the copy kept in
``tests/data/seeds`` so that the checks against the seeds run on any machine
(``tests/i18n/test_rules_text.py`` checks that the copy is the same as the original)."""

from __future__ import annotations

from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
COPY = ROOT / "tests" / "data" / "seeds"
SHARED = next(
    (p / "shared" / "seeds" for p in (ROOT.parent, ROOT.parent.parent) if (p / "shared").is_dir()),
    None,
)
"""The original seeds, or None when the shared folder is not beside this checkout."""
SEEDS = SHARED if SHARED is not None and SHARED.is_dir() else COPY
