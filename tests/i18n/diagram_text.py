"""The seeds' table diagrams, read back from the French seed's words (for the test that
checks ``assets/rules/diagrams.json`` says the same)."""

from __future__ import annotations

import re
from typing import Any

_RANKS = {"as": "A", "valet": "J", "dame": "Q", "roi": "K"}
_SUITS = {"pique": "S", "cœur": "H", "carreau": "D", "trèfle": "C"}
_FOUNDATION = re.compile(r"fondation (montante|descendante) de (\w+) : (.+?) dessus, (\d+) cartes?")
_PILE = re.compile(r"pile (\d+) : (\d+) cartes?, (.+?) dessus")


def _card(words: str) -> str:
    rank, _, suit = words.strip().partition(" de ")
    return _RANKS.get(rank, rank) + _SUITS[suit]


def parse_french_diagram(line: str) -> dict[str, Any]:
    """{"foundations": [[card, count]] * 8, "piles": [[count, top]] * 16} of one line."""
    founds = [[_card(top), int(n)] for _, _, top, n in _FOUNDATION.findall(line)]
    piles = sorted((int(p), int(n), _card(top)) for p, n, top in _PILE.findall(line))
    assert [p for p, _, _ in piles] == list(range(1, 17)), line[:80]
    return {"foundations": founds, "piles": [[n, top] for _, n, top in piles]}
