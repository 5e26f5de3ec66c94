"""Build hand-made Crescent positions for the client's tests.

:func:`position` takes the piles that matter (bottom to top) and the top card
of the foundations that matter; every other foundation is full (13 cards),
and the cards left over are buried at the bottom of the named piles, under
their tops, so the position has all 104 cards and only the named tops can
move. The result goes through ``Game.from_dict``, so it is a position the
engine accepts.
"""

from __future__ import annotations

from crescent.rules.cards import card, card_text, parse_card, rank_of, suit_of
from crescent.rules.engine import PILE_LIMIT, PILES, Game, parse_place


def _foundation_cards(f: int, top: int | None) -> list[int]:
    """The cards of foundation ``f`` (0..7) from its base up to ``top`` (None: full)."""
    suit = f % 4
    ascending = f < 4
    if top is None:
        ranks = range(1, 14) if ascending else range(13, 0, -1)
    else:
        if suit_of(top) != suit:
            raise ValueError(f"F{f + 1} cannot hold {card_text(top)}")
        r = rank_of(top)
        ranks = range(1, r + 1) if ascending else range(13, r - 1, -1)
    return [card(r, suit) for r in ranks]


def position(
    piles: dict[str, list[str]],
    foundations: dict[str, str] | None = None,
    *,
    redeals_left: int = 3,
    moves: int = 0,
    variant: str = "N",
    bury: tuple[str, ...] | None = None,
) -> Game:
    """A game with ``piles`` (``{"P1": ["9S", "6S"]}``, bottom to top) and
    foundation tops (``{"F1": "5S"}``); see the module docstring. ``bury``
    names the piles the spare cards go under (default: every named pile)."""
    tops = {parse_place(k) - PILES: parse_card(v) for k, v in (foundations or {}).items()}
    founds = [_foundation_cards(f, tops.get(f)) for f in range(8)]
    stacks: list[list[int]] = [[] for _ in range(PILES)]
    named: list[int] = []
    for name, cards in piles.items():
        p = parse_place(name)
        stacks[p] = [parse_card(c) for c in cards]
        if stacks[p] and (bury is None or name in bury):
            named.append(p)
    counts = [2] * 52
    for stack in founds + stacks:
        for c in stack:
            counts[c] -= 1
    if any(n < 0 for n in counts):
        raise ValueError("a card is used more than twice")
    spare = [c for c in range(52) for _ in range(counts[c])]
    # Bury the spare cards under the named piles' tops, round robin.
    i = 0
    while spare:
        room = [p for p in named if len(stacks[p]) < PILE_LIMIT]
        if not room:
            raise ValueError(f"{len(spare)} cards left over and no room under the named piles")
        p = room[i % len(room)]
        stacks[p].insert(0, spare.pop())
        i += 1
    return Game.from_dict(
        {
            "format": 1,
            "code": f"CR1-{variant}-AAAAAAB",
            "variant": variant,
            "piles": [[card_text(c) for c in s] for s in stacks],
            "foundations": [[card_text(c) for c in f] for f in founds],
            "redeals_left": redeals_left,
            "moves": moves,
        }
    )


def moves_text(game: Game) -> list[str]:
    """The legal moves as text, for readable assertions."""
    return [str(m) for m in game.legal_moves()]


def tableau_intact(game: Game) -> bool:
    """Every card exactly twice across the piles and foundations."""
    counts = [0] * 52
    for stack in game.piles + game.foundations:
        for c in stack:
            counts[c] += 1
    return counts == [2] * 52
