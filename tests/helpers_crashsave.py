"""Crash-test helper: play a seeded random game and save after every step.

Run as ``python tests/helpers_crashsave.py ROOT SEED STEPS``. It prints
``ready`` once imports are done, then, after each save has returned, the
step number (1, 2, ...), flushed at once, so the parent knows which saves
finished before it killed the process. :func:`positions` replays the same
steps without saving, so the test can tell whether a file on disk holds a
position the game really passed through.
"""

from __future__ import annotations

import random
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from crescent.play.storage import SavedGame, Store
from crescent.rules.deal import DEAL_COUNT
from crescent.rules.engine import Game


def positions(seed: int, steps: int) -> Iterator[SavedGame]:
    """The game after each step (the same Game object, changed in place).

    A step is a legal move, an undo or a redeal, or a new deal when the game
    is blocked. ``elapsed`` is the step number, so a saved file says which
    step it holds.
    """
    rng = random.Random(seed)
    game = Game.deal(rng.randrange(DEAL_COUNT), rng.choice("NFD"))
    for step in range(1, steps + 1):
        r = rng.random()
        if r < 0.12 and game.can_undo:
            game.undo()
        elif r < 0.16 and game.redeals_left:
            game.redeal()
        else:
            moves = game.legal_moves()
            if moves:
                game.play(rng.choice(moves))
            elif game.redeals_left:
                game.redeal()
            else:
                game = Game.deal(rng.randrange(DEAL_COUNT), rng.choice("NFD"))
        yield SavedGame(game, float(step), idle_abandoned=step % 7 == 0, game_id="crash")


def main(argv: list[str]) -> int:
    root, seed, steps = Path(argv[1]), int(argv[2]), int(argv[3])
    store = Store(root)
    out = sys.stdout
    out.write("ready\n")
    out.flush()
    for saved in positions(seed, steps):
        if not store.save_game(saved):
            out.write("failed\n")
            out.flush()
            return 1
        out.write(f"{int(saved.elapsed)}\n")
        out.flush()
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))


def saved_dict(root: Path) -> dict[str, Any]:
    """The game in progress of the data folder ``root``, as ``game.json`` held it."""
    store = Store(root)
    saved = store.load_game()
    store.close()
    assert saved is not None, "no game in progress"
    return saved.to_dict()
