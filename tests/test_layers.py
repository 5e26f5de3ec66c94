"""The layer contracts of pyproject.toml hold, and the tool checking them sees every import.

``make lint`` runs ``lint-imports`` too; running it here keeps plain ``pytest`` honest.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

pytest.importorskip("importlinter")

REPO = Path(__file__).resolve().parent.parent


def _lint_imports(cwd: Path, *args: str) -> subprocess.CompletedProcess[str]:
    exe = shutil.which("lint-imports", path=str(Path(sys.executable).parent))
    assert exe is not None
    env = dict(os.environ, PYTHONPATH=str(cwd))
    return subprocess.run(
        [exe, "--no-cache", *args], cwd=cwd, env=env, capture_output=True, text=True, timeout=120
    )


def test_the_layer_contracts_are_kept() -> None:
    out = _lint_imports(REPO)
    assert out.returncode == 0, out.stdout + out.stderr
    assert "broken" in out.stdout
    assert "0 broken" in out.stdout


def test_an_import_inside_a_function_or_for_type_checking_breaks_a_contract(
    tmp_path: Path,
) -> None:
    pkg = tmp_path / "probe"
    pkg.mkdir()
    (pkg / "__init__.py").write_text("")
    (pkg / "high.py").write_text("")
    (pkg / "low.py").write_text(
        textwrap.dedent(
            """\
            from typing import TYPE_CHECKING

            if TYPE_CHECKING:
                from probe import high as typed


            def later() -> None:
                import probe.high
            """
        )
    )
    (tmp_path / ".importlinter").write_text(
        "[importlinter]\nroot_package = probe\n\n"
        "[importlinter:contract:layers]\nname = probe layers\ntype = layers\n"
        "layers =\n    probe.high\n    probe.low\n"
    )
    out = _lint_imports(tmp_path)
    assert out.returncode == 1, out.stdout + out.stderr
    assert "probe.low -> probe.high (l.4, l.8)" in out.stdout
