"""The layer contracts of pyproject.toml hold, and the tool checking them sees every import.

``make lint`` runs ``lint-imports`` too; running it here keeps plain ``pytest`` honest. The
client's own contract (``client-inside``) is broken on purpose in a copy of the package:
a scene importing the app back, one scene importing another, a module given no layer.
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


def _client_copy(tmp_path: Path) -> Path:
    """The package and its contracts, copied to ``tmp_path`` for breaking on purpose."""
    shutil.copytree(
        REPO / "crescent", tmp_path / "crescent", ignore=shutil.ignore_patterns("__pycache__")
    )
    shutil.copy(REPO / "pyproject.toml", tmp_path / "pyproject.toml")
    return tmp_path / "crescent" / "ui"


def _append(path: Path, code: str) -> None:
    path.write_text(path.read_text() + textwrap.dedent(code))


def test_a_scene_importing_the_app_back_breaks_the_clients_contract(tmp_path: Path) -> None:
    ui = _client_copy(tmp_path)
    # The old way round a cycle: the import hidden in a function body.
    _append(
        ui / "scene.py",
        """

        def _app_type() -> object:
            from crescent.ui.app import App

            return App
        """,
    )
    out = _lint_imports(tmp_path, "--contract", "client-inside")
    assert out.returncode == 1, out.stdout + out.stderr
    assert "BROKEN" in out.stdout
    assert "crescent.ui.scene -> crescent.ui.app" in out.stdout


def test_one_scene_importing_another_breaks_the_clients_contract(tmp_path: Path) -> None:
    ui = _client_copy(tmp_path)
    _append(ui / "screens.py", "\nfrom crescent.ui.stats_screen import StatsScreen as _Stats\n")
    out = _lint_imports(tmp_path, "--contract", "client-inside")
    assert out.returncode == 1, out.stdout + out.stderr
    assert "crescent.ui.screens -> crescent.ui.stats_screen" in out.stdout


def test_the_untouched_copy_keeps_the_clients_contract(tmp_path: Path) -> None:
    _client_copy(tmp_path)
    out = _lint_imports(tmp_path, "--contract", "client-inside")
    assert out.returncode == 0, out.stdout + out.stderr


def test_a_client_module_outside_the_layers_breaks_the_clients_contract(tmp_path: Path) -> None:
    ui = _client_copy(tmp_path)
    (ui / "stray.py").write_text('"""A module nobody gave a layer."""\n')
    out = _lint_imports(tmp_path, "--contract", "client-inside")
    assert out.returncode == 1, out.stdout + out.stderr
    assert "crescent.ui.stray" in out.stdout
