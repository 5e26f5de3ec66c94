"""crescent.control.cascade: every foundation card bounces out, top cards first, and leaves."""

from __future__ import annotations

from crescent.control.cascade import LAUNCH_S, Cascade

STEP = 1 / 60


def make(seed: int = 1) -> Cascade:
    stacks = [
        (16 + i, list(range(i * 13, i * 13 + 13)), (300.0 + 80 * (i % 4), 200.0)) for i in range(8)
    ]
    return Cascade(stacks, width=1280, floor=700, card_w=60, card_h=84, seed=seed)


def test_top_cards_leave_first_one_foundation_after_another() -> None:
    c = make()
    launched = []
    for _ in range(round(8 * LAUNCH_S / STEP) + 2):
        launched += [(b.place, b.card) for b in c.update(STEP)]
    assert launched[:8] == [(16 + i, i * 13 + 12) for i in range(8)]
    assert c.left_on(16) == 13 - sum(1 for p, _ in launched if p == 16)


def test_every_card_leaves_the_table_and_it_ends() -> None:
    c = make()
    seen: set[int] = set()
    for _ in range(60 * 60):
        for b in c.update(STEP):
            seen.add(b.card)
        for b in c.flying:
            assert b.y + c.card_h <= c.floor + 1e-6  # bounces on the floor, never through it
        if c.done:
            break
    assert c.done
    assert len(seen) == 104
    assert c.flying == []


def test_same_win_same_show() -> None:
    a, b = make(7), make(7)
    for _ in range(100):
        a.update(STEP)
        b.update(STEP)
    assert [(f.x, f.y) for f in a.flying] == [(f.x, f.y) for f in b.flying]


def test_finish_skips_to_the_end() -> None:
    c = make()
    c.update(STEP)
    c.finish()
    assert c.done
