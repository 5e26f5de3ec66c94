"""The release workflow: tools/lint_workflows.py finds nothing wrong with it (and does find
what is wrong with a broken one); it tests on three systems and builds on a tag."""

from __future__ import annotations

from pathlib import Path

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
