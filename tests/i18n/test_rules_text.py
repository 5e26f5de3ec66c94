"""The "How to play" texts: the seeds shown as written, every language present, blocks parsed."""

from __future__ import annotations

from pathlib import Path

import pytest

from crescent import resources
from crescent.i18n.rules_text import BlockKind, Doc, load_rules, parse_rules
from crescent.i18n.translator import LANGUAGES

_ROOT = Path(__file__).resolve().parents[2]
SEEDS = next(
    (
        p / "shared" / "seeds"
        for p in (_ROOT.parent, _ROOT.parent.parent)
        if (p / "shared").is_dir()
    ),
    _ROOT.parent / "shared" / "seeds",
)
"""The project's seeds, beside the checkout (../shared) or beside its worktree folder."""


@pytest.mark.parametrize("lang", ["fr", "ca", "nl", "ja"])
def test_seed_rule_texts_are_shipped_as_written(lang: str) -> None:
    seed = SEEDS / f"rules-{lang}.txt"
    if not seed.is_file():
        pytest.skip("the seeds folder is not beside this checkout")
    assert resources.read_bytes(f"rules/rules-{lang}.txt") == seed.read_bytes()


def test_levels_seed_is_the_french_levels_text() -> None:
    seed = SEEDS / "levels-mode-fr.txt"
    if not seed.is_file():
        pytest.skip("the seeds folder is not beside this checkout")
    assert resources.read_bytes("rules/levels-fr.txt") == seed.read_bytes()


@pytest.mark.parametrize("doc", list(Doc))
@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_language_has_its_own_text_of_both_games(doc: Doc, lang: str) -> None:
    assert resources.path(f"rules/{doc.value}-{lang}.txt").is_file()
    blocks = load_rules(doc, lang)
    assert len(blocks) > 10
    assert sum(b.kind is BlockKind.HEADING for b in blocks) >= 3
    assert sum(b.kind is BlockKind.ITEM for b in blocks) >= 5


@pytest.mark.parametrize("lang", LANGUAGES)
def test_standard_rules_open_with_their_title(lang: str) -> None:
    blocks = load_rules(Doc.STANDARD, lang)
    assert blocks[0].kind is BlockKind.TITLE
    assert "Crescent" in blocks[0].text


def test_translations_of_the_levels_text_keep_its_shape() -> None:
    """Each translation has the French text's blocks, one for one, of the same kinds."""
    french = [b.kind for b in load_rules(Doc.LEVELS, "fr")]
    for lang in ("en", "ca", "nl", "ja"):
        assert [b.kind for b in load_rules(Doc.LEVELS, lang)] == french, lang


def test_english_rules_follow_the_french_shape() -> None:
    french = [b.kind for b in load_rules(Doc.STANDARD, "fr")]
    assert [b.kind for b in load_rules(Doc.STANDARD, "en")] == french


def test_parse_kinds() -> None:
    source = "Title\n\nIn short\nA sentence.\n- an item\n• another\nExample:\nShort one?\n"
    kinds = [(b.kind, b.text) for b in parse_rules(source, titled=True)]
    assert kinds == [
        (BlockKind.TITLE, "Title"),
        (BlockKind.HEADING, "In short"),
        (BlockKind.PARAGRAPH, "A sentence."),
        (BlockKind.ITEM, "an item"),
        (BlockKind.ITEM, "another"),
        (BlockKind.PARAGRAPH, "Example:"),
        (BlockKind.HEADING, "Short one?"),
    ]
    assert parse_rules("Heading\n", titled=False)[0].kind is BlockKind.HEADING


def test_unknown_language_falls_back_to_english() -> None:
    assert load_rules(Doc.STANDARD, "xx") == load_rules(Doc.STANDARD, "en")
