"""The rule texts of the "How to play" screen, read from ``assets/rules/``.

Pure module (no pygame, nothing at import time). A text is one block per line
(see ``assets/rules/README.md``): the first line of a rules text is its
title, a short line with no closing punctuation is a heading, a line starting
with ``- `` or ``• `` is a list item, anything else a paragraph. The French,
Catalan, Dutch and Japanese rules are the seeds' own texts, shown as written.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass
from typing import Final

from crescent import resources

__all__ = ["Block", "BlockKind", "Doc", "load_rules", "parse_rules"]

_HEADING_MAX: Final = 48
_CLOSING: Final = (".", ":", ";", "!", "。", "：", "！", "…")
_BULLETS: Final = ("- ", "• ", "・")
_DEFAULT_LANGUAGE: Final = "en"


class Doc(enum.Enum):
    """Which game the text explains; the value is the file name's stem."""

    STANDARD = "rules"
    LEVELS = "levels"


class BlockKind(enum.Enum):
    TITLE = "title"
    HEADING = "heading"
    ITEM = "item"
    PARAGRAPH = "paragraph"


@dataclass(frozen=True, slots=True)
class Block:
    kind: BlockKind
    text: str


def parse_rules(source: str, *, titled: bool) -> list[Block]:
    """The blocks of a rule text; ``titled``: its first line is the title."""
    blocks: list[Block] = []
    for raw in source.splitlines():
        line = raw.strip()
        if not line:
            continue
        bullet = next((b for b in _BULLETS if line.startswith(b)), None)
        if titled and not blocks:
            blocks.append(Block(BlockKind.TITLE, line))
        elif bullet is not None:
            blocks.append(Block(BlockKind.ITEM, line[len(bullet) :].strip()))
        elif len(line) <= _HEADING_MAX and not line.endswith(_CLOSING):
            blocks.append(Block(BlockKind.HEADING, line))
        else:
            blocks.append(Block(BlockKind.PARAGRAPH, line))
    return blocks


def load_rules(doc: Doc, lang: str) -> list[Block]:
    """The text of ``doc`` in ``lang`` (English if that language has none)."""
    try:
        source = resources.read_text(f"rules/{doc.value}-{lang}.txt")
    except resources.MissingAsset:
        source = resources.read_text(f"rules/{doc.value}-{_DEFAULT_LANGUAGE}.txt")
    return parse_rules(source, titled=doc is Doc.STANDARD)
