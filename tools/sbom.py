"""A CycloneDX 1.5 SBOM (JSON) of what the one-file and the .deb bundle: `make sbom`.

    python tools/sbom.py --version 0.2.0 > dist/crescent.cdx.json

Its components: Crescent itself; the Python interpreter; each Python distribution the
game needs at run time (crescent-patience's requirements and theirs, read from the
installed metadata); and each native library pygame-ce's wheel bundles (pygame_ce.libs,
its version from the file name, its licence text's file in licences/). Standard
library only; the same input gives the same bytes (no time, no random serial).
"""

from __future__ import annotations

import argparse
import json
import re
import sys
import uuid
from importlib import metadata
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from tools.collect_licences import LIBRARIES, library_name  # noqa: E402

NAMESPACE = uuid.UUID("6f1c1f8e-4c0b-4f0e-9a59-3c2a6e1b7d10")
"""The serial number is a name-based UUID of the version: one per release, repeatable."""


def runtime_distributions(name: str = "crescent-patience") -> list[metadata.Distribution]:
    """``name``'s requirements at run time, and theirs (no extras), sorted by name."""
    seen: dict[str, metadata.Distribution] = {}
    todo = [name]
    while todo:
        wanted = todo.pop()
        key = re.sub(r"[-_.]+", "-", wanted).lower()
        if key in seen:
            continue
        dist = metadata.distribution(wanted)
        seen[key] = dist
        needs = [r for r in dist.requires or [] if "extra ==" not in r]
        todo += [re.split(r"[ ;<>=!~\[(]", r, maxsplit=1)[0] for r in needs]
    return [seen[k] for k in sorted(seen)]


def _python_component(dist: metadata.Distribution) -> dict[str, Any]:
    name, version = dist.metadata["Name"], dist.version
    # get_all: a missing field is None from some metadata readers, KeyError from others.
    expression = (dist.metadata.get_all("License-Expression") or [None])[0]
    named = (dist.metadata.get_all("License") or [None])[0]
    out: dict[str, Any] = {
        "type": "library",
        "bom-ref": f"pkg:pypi/{name.lower()}@{version}",
        "name": name,
        "version": version,
        "purl": f"pkg:pypi/{name.lower()}@{version}",
    }
    if expression:  # SPDX
        out["licenses"] = [{"expression": expression}]
    elif named and len(named) < 80:  # free text (pygame-ce's "LGPL v2.1")
        out["licenses"] = [{"license": {"name": named}}]
    return out


def native_libraries(dist: metadata.Distribution) -> list[dict[str, Any]]:
    """The shared libraries bundled in ``dist``'s wheel (auditwheel's .libs folder)."""
    out = []
    for f in sorted(dist.files or [], key=str):
        if ".libs/" not in str(f) or ".so" not in f.name:
            continue
        lib = library_name(f.name)
        # The file name tells the library's ABI version, not always its release's (SDL
        # 2.32.10 is libSDL2-2.0.so.0.3200.10): given as a property, not as the version.
        so_version = f.name.split(".so.", 1)[1] if ".so." in f.name else ""
        package = LIBRARIES.get(lib, "")
        out.append(
            {
                "type": "library",
                "bom-ref": f"native:{f.name}",
                "name": lib,
                "description": f"bundled in {dist.metadata['Name']}'s wheel as {f.name}",
                "properties": [
                    {"name": "crescent:so-version", "value": so_version},
                    {"name": "crescent:licence-text", "value": f"licences/{package}.copyright"},
                ],
            }
        )
    return out


def sbom(version: str) -> dict[str, Any]:
    dists = runtime_distributions()
    components = [_python_component(d) for d in dists if d.metadata["Name"] != "crescent-patience"]
    for d in dists:
        components += native_libraries(d)
    python = ".".join(map(str, sys.version_info[:3]))
    components.append(
        {
            "type": "application",
            "bom-ref": f"python@{python}",
            "name": "CPython",
            "version": python,
            "licenses": [{"license": {"id": "PSF-2.0"}}],
        }
    )
    return {
        "bomFormat": "CycloneDX",
        "specVersion": "1.5",
        "serialNumber": f"urn:uuid:{uuid.uuid5(NAMESPACE, version)}",
        "version": 1,
        "metadata": {
            "component": {
                "type": "application",
                "bom-ref": f"pkg:pypi/crescent-patience@{version}",
                "name": "crescent-patience",
                "version": version,
                "licenses": [{"license": {"id": "MIT"}}],
            }
        },
        "components": components,
        "dependencies": [
            {
                "ref": f"pkg:pypi/crescent-patience@{version}",
                "dependsOn": [c["bom-ref"] for c in components],
            }
        ],
    }


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--version", required=True, help="Crescent's version (setuptools-scm's)")
    args = p.parse_args(argv)
    print(json.dumps(sbom(args.version), indent=2, sort_keys=True))
    return 0


if __name__ == "__main__":
    sys.exit(main())
