"""The README stays short and the documents hold together: links that lead somewhere, the
command line as the game parses it, the kiosk config as the code has it."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from crescent.__main__ import build_parser
from crescent.kiosk.config import EXAMPLE
from tools import doc_tables

ROOT = Path(__file__).resolve().parent.parent
README = ROOT / "README.md"
DOCS = sorted((ROOT / "docs").glob("*.md"))
MAX_README_BYTES = 12 * 1024
LINK = re.compile(r"!?\[[^\]]*\]\(([^)\s]+)\)")
"""A Markdown link or image: ``[text](target)``, ``![alt](target)``."""


def _links(text: str) -> list[str]:
    """Every link target outside code blocks and code spans."""
    text = re.sub(r"```.*?```", "", text, flags=re.DOTALL)
    text = re.sub(r"`[^`\n]*`", "", text)
    return LINK.findall(text)


def _slug(heading: str) -> str:
    """GitHub's anchor for a heading: lower case, punctuation dropped, spaces as hyphens."""
    text = re.sub(r"[`*_]", "", heading.strip().lower())
    text = re.sub(r"[^\w\- ]", "", text)
    return text.replace(" ", "-")


def _anchors(path: Path) -> set[str]:
    text = re.sub(r"```.*?```", "", path.read_text(encoding="utf-8"), flags=re.DOTALL)
    return {_slug(m) for m in re.findall(r"^#{1,6} (.+)$", text, flags=re.MULTILINE)}


def test_the_readme_stays_under_12_kb() -> None:
    assert len(README.read_bytes()) <= MAX_README_BYTES


@pytest.mark.parametrize("doc", [README, *DOCS], ids=lambda p: p.name)
def test_every_relative_link_leads_to_a_file_and_heading_that_exist(doc: Path) -> None:
    checked = 0
    for target in _links(doc.read_text(encoding="utf-8")):
        if re.match(r"[a-z]+:", target):
            continue  # http:, https:, mailto:
        name, _, anchor = target.partition("#")
        path = (doc.parent / name).resolve() if name else doc
        assert path.exists(), f"{doc.name}: {target}"
        assert path.is_relative_to(ROOT), f"{doc.name}: {target} leaves the repository"
        if anchor and path.suffix == ".md":
            assert anchor in _anchors(path), f"{doc.name}: {target}"
        checked += 1
    assert checked > 0 or doc != README


def test_the_checks_find_a_broken_link_and_a_missing_heading(tmp_path: Path) -> None:
    (tmp_path / "there.md").write_text("# A heading, here\n", encoding="utf-8")
    text = "[a](there.md#a-heading-here) [b](gone.md) `[c](code.md)` [d](there.md#nowhere)"
    assert _links(text) == ["there.md#a-heading-here", "gone.md", "there.md#nowhere"]
    assert _anchors(tmp_path / "there.md") == {"a-heading-here"}


def test_the_readme_links_every_document_in_docs() -> None:
    links = set(_links(README.read_text(encoding="utf-8")))
    assert {f"docs/{p.name}" for p in DOCS} <= links


def test_the_readme_lists_every_command_line_option() -> None:
    readme = README.read_text(encoding="utf-8")
    table = [ln for ln in readme.splitlines() if ln.startswith("| `-")]
    documented = set(re.findall(r"`(--?[a-z][a-z-]*)", "\n".join(table)))
    options = {s for a in build_parser()._actions for s in a.option_strings}
    assert options == documented


def test_the_kiosk_guide_shows_the_config_example_of_the_code() -> None:
    assert EXAMPLE.strip() in (ROOT / "docs" / "KIOSK.md").read_text(encoding="utf-8")
    assert EXAMPLE.strip() in README.read_text(encoding="utf-8")


def test_the_documents_tell_no_dated_story() -> None:
    """Figures live in benchmarks/results/ with the command that made them; the documents
    quote them without a diary of who measured what at which minute."""
    for doc in [README, *DOCS]:
        text = doc.read_text(encoding="utf-8")
        assert not re.search(r"\bat \d\d:\d\d( UTC)?\b", text), doc.name


def test_the_generated_parts_of_the_documents_are_what_the_code_declares() -> None:
    """The kiosk config's example and keys (from their declarations) and the architecture's
    import table (measured): ``python tools/doc_tables.py`` writes them again."""
    stale = [p.name for p, content in doc_tables.files().items() if p.read_text("utf-8") != content]
    assert stale == []


def test_the_generated_parts_are_found_and_a_drift_is_seen() -> None:
    text = doc_tables.BEGIN.format(name="kiosk-keys") + "\n| old |\n" + doc_tables.END
    again = doc_tables.generated(text)
    assert "| `pin` |" in again
    assert "| old |" not in again
    assert doc_tables.generated(again) == again
