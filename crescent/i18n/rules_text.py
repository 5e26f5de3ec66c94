"""The rule texts of the "How to play" screen, read from ``assets/rules/``.

Pure module (no pygame, nothing at import time). A text is one block per line
(see ``assets/rules/README.md``): the first line of a rules text is its
title, a short line with no closing punctuation is a heading, a line starting
with ``- `` or ``• `` is a list item, a line ``[diagram:NAME]`` a picture of the
table (``assets/rules/diagrams.json``), anything else a paragraph. The French,
Catalan, Dutch and Japanese rules are the seeds' own texts, shown as written but
for the lines that describe this app and the seeds' descriptions of a table,
drawn as pictures.
"""

from __future__ import annotations

import enum
import json
import re
from dataclasses import dataclass
from typing import Final

from crescent import resources
from crescent.rules.cards import parse_card

__all__ = ["Block", "BlockKind", "Diagram", "Doc", "load_diagram", "load_rules", "parse_rules"]

_HEADING_MAX: Final = 48
_CLOSING: Final = (".", ":", ";", "!", "。", "：", "！", "…")
_BULLETS: Final = ("- ", "• ", "・")
_DEFAULT_LANGUAGE: Final = "en"
_DIAGRAM: Final = re.compile(r"\[diagram:([a-z0-9-]+)\]")


@dataclass(frozen=True, slots=True)
class Diagram:
    """A table as the seeds describe it: each foundation's top card and count (F1-F8),
    each pile's count and top card (P1-P16); cards as the engine's ints."""

    foundations: tuple[tuple[int, int], ...]
    piles: tuple[tuple[int, int | None], ...]


def load_diagram(name: str) -> Diagram:
    """The diagram ``name`` of ``assets/rules/diagrams.json`` (KeyError if none)."""
    data = json.loads(resources.read_text("rules/diagrams.json"))[name]
    founds = tuple((parse_card(top), int(n)) for top, n in data["foundations"])
    piles = tuple((int(n), parse_card(top) if top else None) for n, top in data["piles"])
    if len(founds) != 8 or len(piles) != 16:
        raise ValueError(f"diagram {name!r} needs 8 foundations and 16 piles")
    return Diagram(founds, piles)


class Doc(enum.Enum):
    """Which game the text explains; the value is the file name's stem."""

    STANDARD = "rules"
    LEVELS = "levels"


class BlockKind(enum.Enum):
    TITLE = "title"
    HEADING = "heading"
    ITEM = "item"
    PARAGRAPH = "paragraph"
    DIAGRAM = "diagram"
    """A picture of the table (its text: the diagram's name in ``diagrams.json``)."""


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
        diagram = _DIAGRAM.fullmatch(line)
        if diagram is not None:
            blocks.append(Block(BlockKind.DIAGRAM, diagram.group(1)))
        elif titled and not blocks:
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
