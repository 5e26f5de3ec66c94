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

MAX_NODES = 400
"""It runs in the frame after each move. Over the survey's winning lines of standard
deals 1-200 (28,162 positions), a finish was found in 1,031, never after more than 41
positions (plays from the piles go first); the searches that found none went on through
slides up to the old bound of 20,000 positions, a frame's budget many times over. At 400
the same 1,031 are found, and the worst search stays within a frame."""


Key = tuple[tuple[int, ...], tuple[int, ...]]


def finish_line(game: Game) -> list[Move] | None:
    """The moves (foundation plays and slides) that win from here, or None.

    A depth-first search with its own stack: slides between a suit's two foundations can
    make a line thousands of moves deep, past Python's recursion limit."""
    if game.status != "playing":
        return None
    g = game.copy()
    if g.is_won:
        return []
    seen: set[Key] = set()
    line: list[tuple[Move, bool]] = []
    """The moves played from ``game`` to ``g``, each with what undoing it needs."""
    todo = [_untried(g, seen)]
    """Per depth: the moves not yet tried there, the next one last."""
    while todo:
        if not todo[-1]:
            todo.pop()
            if line:  # all tried from here: back one move
                m, flipped = line.pop()
                g.unapply(m, flipped)
            continue
        m = todo[-1].pop()
        line.append((m, g.apply_unchecked(m)))
        if g.is_won:
            return [m for m, _ in line]
        todo.append(_untried(g, seen))
    return None


def _untried(g: Game, seen: set[Key]) -> list[Move]:
    """The moves to try from ``g``, the first to try last; none when ``g`` was seen (or
    the search ran out of positions)."""
    key = tuple(map(len, g.piles)), tuple(map(len, g.foundations))
    if key in seen or len(seen) >= MAX_NODES:
        return []
    seen.add(key)
    moves = [m for m in g.legal_moves() if m.dst >= PILES]
    # Plays from the piles first: they make progress; slides only reshape.
    moves.sort(key=lambda m: m.src >= PILES)
    moves.reverse()
    return moves
