"""Auto-finish: when every remaining card can go straight to the foundations.

Once a suit's two foundations have met (the descending top one rank above the
ascending top), foundation-to-foundation slides can move the meeting point
anywhere, so any card of that suit can be played after the right slides.
Otherwise a card goes to the foundation that takes it next. If repeating
that empties the tableau, the game is won with no pile-to-pile move and no
redeal, and the Finish button plays this line.
"""

from __future__ import annotations

from crescent.engine import PILES, Game, Move


def _rank(c: int) -> int:
    return c % 13 + 1


def finish_line(game: Game) -> list[Move] | None:
    """The moves (foundation plays and slides) that win from here, or None."""
    if game.status != "playing":
        return None
    g = game.copy()
    line: list[Move] = []
    while not g.is_won:
        progress = False
        for p in range(PILES):
            pile = g.piles[p]
            if not pile:
                continue
            c = pile[-1]
            s, r = c // 13, _rank(c)
            asc, desc = PILES + s, PILES + 4 + s
            a, d = _rank(g.foundations[s][-1]), _rank(g.foundations[4 + s][-1])
            if len(g.foundations[s]) < 13 and a == r - 1:
                dst = asc
            elif len(g.foundations[4 + s]) < 13 and d == r + 1:
                dst = desc
            elif d == a + 1 and r >= 2:
                # Met: slide the meeting point until the ascending top is r - 1.
                while a < r - 1:
                    line.append(_play(g, Move(desc, asc)))
                    a, d = a + 1, d + 1
                while a > r - 1:
                    line.append(_play(g, Move(asc, desc)))
                    a, d = a - 1, d - 1
                dst = asc
            elif d == a + 1 and r == 1:
                while a > 1:
                    line.append(_play(g, Move(asc, desc)))
                    a, d = a - 1, d - 1
                dst = desc
            else:
                continue
            line.append(_play(g, Move(p, dst)))
            progress = True
        if not progress:
            return None
    return line


def _play(g: Game, move: Move) -> Move:
    g.play(move)
    return move
