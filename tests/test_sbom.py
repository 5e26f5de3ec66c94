"""tools/sbom.py: a CycloneDX SBOM naming every Python distribution the game needs at run
time, the interpreter and each native library pygame-ce's wheel bundles."""

from __future__ import annotations

import json
from importlib import metadata

from tools import sbom


def test_the_sbom_names_what_the_bundle_holds() -> None:
    doc = sbom.sbom("0.2.0")
    assert (doc["bomFormat"], doc["specVersion"]) == ("CycloneDX", "1.5")
    assert doc["metadata"]["component"]["name"] == "crescent-patience"
    names = {c["name"] for c in doc["components"]}
    assert {"pygame-ce", "platformdirs", "CPython"} <= names
    bundled = [f.name for f in metadata.files("pygame-ce") or [] if ".libs/" in str(f)]
    for so in bundled:
        assert f"native:{so}" in {c["bom-ref"] for c in doc["components"]}, so
    refs = [c["bom-ref"] for c in doc["components"]]
    assert len(refs) == len(set(refs))
    assert doc["dependencies"][0]["dependsOn"] == refs


def test_the_same_version_gives_the_same_bytes() -> None:
    first = json.dumps(sbom.sbom("0.2.0"), sort_keys=True)
    assert first == json.dumps(sbom.sbom("0.2.0"), sort_keys=True)
    assert first != json.dumps(sbom.sbom("0.2.1"), sort_keys=True)  # its serial number
