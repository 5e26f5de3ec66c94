"""Auto-finish: when every remaining card can go straight to the foundations.

The Finish button appears when the game can be won with foundation plays and
foundation-to-foundation slides only: no pile-to-pile move, no redeal. The
order matters (a card played too early can close a suit's meeting point), so
this is a small exact search over those moves. Piles only shrink and a
foundation's contents follow from its length, so a position is keyed on the
lengths alone; the search stops after ``MAX_NODES`` positions and then offers
nothing.
"""

from __future__ import annotations

from crescent.rules.engine import PILES, Game, Move

MAX_NODES = 20_000


def finish_line(game: Game) -> list[Move] | None:
    """The moves (foundation plays and slides) that win from here, or None."""
    if game.status != "playing":
        return None
    g = game.copy()
    seen: set[tuple[tuple[int, ...], tuple[int, ...]]] = set()
    line: list[Move] = []

    def key() -> tuple[tuple[int, ...], tuple[int, ...]]:
        return tuple(map(len, g.piles)), tuple(map(len, g.foundations))

    def search() -> bool:
        if g.is_won:
            return True
        k = key()
        if k in seen or len(seen) >= MAX_NODES:
            return False
        seen.add(k)
        moves = [m for m in g.legal_moves() if m.dst >= PILES]
        # Plays from the piles first: they make progress; slides only reshape.
        moves.sort(key=lambda m: m.src >= PILES)
        for m in moves:
            flipped = g.apply_unchecked(m)
            line.append(m)
            if search():
                return True
            line.pop()
            g.unapply(m, flipped)
        return False

    return list(line) if search() else None
