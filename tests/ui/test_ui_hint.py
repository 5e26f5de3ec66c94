"""Hints in the client: the next move of a winning line, a proven loss, going back."""

from __future__ import annotations

import time

import pygame
import pytest

from crescent.control.table_mode import TableMode
from crescent.i18n import text as T
from crescent.rules.cards import RANKS
from crescent.rules.engine import Game, Move
from crescent.solver.hints import HintAnswer
from crescent.solver.outcome import HintKind
from crescent.ui.lost import LostDialog
from tests.helpers_ui import Client, close_client, make_client

pytestmark = pytest.mark.usefixtures("searches_in_positions")
"""Hint searches count positions, not seconds (tests/helpers_clock.py): the hints a
quiet machine gives, on a busy one too."""


def _clubs_position(
    piles: list[list[str]], history: list[list[object]] | None = None, desc_top: int = 1
) -> Game:
    """Spades, hearts, diamonds complete; clubs ascending to 10, descending to ``desc_top``."""
    suits = "SHDC"
    asc = [[RANKS[r] + s for r in range(13)] for s in suits]
    desc = [[RANKS[r] + s for r in range(12, -1, -1)] for s in suits]
    asc[3] = asc[3][:10]
    desc[3] = desc[3][: 14 - desc_top]
    d: dict[str, object] = {
        "format": 1,
        "code": "CR1-N-AAAAAAB",
        "piles": piles + [[] for _ in range(16 - len(piles))],
        "foundations": asc + desc,
        "redeals_left": 0,
        "moves": 40,
    }
    if history is not None:
        d["history"] = history
    return Game.from_dict(d)


def _wait_for_hint(c: Client, seconds: float = 20.0) -> None:
    end = time.monotonic() + seconds
    table = c.app.table
    while time.monotonic() < end:
        c.frames(2)
        if table.mode is not TableMode.ASKING:
            return
        time.sleep(0.02)
    raise AssertionError("the hint never came")


def test_hint_shows_the_next_winning_move_and_plays_it_on_a_second_press() -> None:
    # QC must first go onto KC (a pile-to-pile move), so Finish is not offered.
    c = make_client(_clubs_position([["AC", "JC", "QC"], ["KC"], ["2C"]], desc_top=3))
    try:
        assert not c.app.table.finish.line
        c.key(pygame.K_h)
        c.frames(2)
        assert c.app.table.banner.text is not None  # "Looking for..." or already the answer
        _wait_for_hint(c)
        hint = c.app.table.hints.answer
        assert hint is not None
        assert hint.kind is HintKind.WON
        assert isinstance(hint.step, Move)
        m = hint.step
        assert c.game.check(m) is None
        assert c.app.table.banner.text is not None
        assert c.app.table.banner.text.startswith(c.app.tr(T.HINT_MOVE).split("{")[0])
        c.frames(2)
        looks = c.app.table.view._slot_keys
        src, dst = looks[m.src], looks[m.dst]
        assert src is not None
        assert src.hinted
        assert dst is not None
        assert dst.hinted
        c.key(pygame.K_h)
        c.settle()
        assert c.game.moves == 41
        assert c.game.history[-1] == m
        assert c.app.table.hints.answer is None  # a stale hint never lingers
    finally:
        close_client(c, hint_wait_s=5)


def test_a_proven_loss_says_so_and_goes_back_to_the_last_winnable_position() -> None:
    # KC was put on QC: the Jack is buried for good. One move before, the game could be won.
    before = _clubs_position([["AC", "JC", "QC"], ["KC"], ["2C"]], desc_top=3)
    before.play_text("P2-P1")
    lost = Game.from_dict(before.to_dict())
    assert lost.status == "playing"  # 2C can still go up: not blocked, but lost
    c = make_client(lost)
    try:
        c.key(pygame.K_h)
        _wait_for_hint(c)
        assert c.app.table.hints.answer is not None
        assert c.app.table.hints.answer.kind is HintKind.LOST
        dialog = c.app.scenes[-1]
        assert isinstance(dialog, LostDialog)
        assert dialog.title == c.app.tr(T.HINT_LOST)
        end = time.monotonic() + 60  # its search back answers (this stops a hung test)
        while dialog.searching and time.monotonic() < end:
            c.frames(2)
            time.sleep(0.01)
        assert dialog.button_specs[0].label == c.app.tr(T.HINT_GO_BACK)  # found: offered
        dialog.run(dialog.button_specs[0].action)
        c.settle()
        assert c.game.piles[1] == [12 + 3 * 13]  # KC is back on its own pile
        assert c.game.moves == 40
    finally:
        close_client(c, hint_wait_s=5)


def test_no_move_but_a_redeal_points_at_redeal() -> None:
    # The top fits nowhere, but a redeal brings the Jack up.
    game = _clubs_position([["JC", "KC", "QC"]])
    d = game.to_dict()
    d["redeals_left"] = 1
    c = make_client(Game.from_dict(d))
    try:
        table = c.app.table
        assert table.pointer.point
        assert table.banner.text is not None
        assert table.banner.text == c.app.tr(T.POINT_REDEAL)
        look = table.view._hud_key(2)
        assert look.glow
        assert look.enabled
    finally:
        close_client(c)


def test_a_shown_hint_is_drawn_without_reading_text(monkeypatch: pytest.MonkeyPatch) -> None:
    c = make_client(Game.from_code("CR1-N-AAAAAAB"))
    try:
        move = c.game.legal_moves()[0]
        c.app.table.hints.answer = HintAnswer(HintKind.WON, move, changes=c.app.session.changes)

        def no_parsing(text: str) -> Move:
            raise AssertionError(f"Move.parse({text!r}) while drawing")

        monkeypatch.setattr(Move, "parse", no_parsing)
        c.frames(3)
        shown = c.app.table.view._slot_keys[move.src]
        assert shown is not None
        assert shown.hinted
    finally:
        close_client(c)
