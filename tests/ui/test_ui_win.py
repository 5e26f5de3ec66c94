"""The win in the real loop: the cascade (only changed areas drawn, skippable), the summary."""

from __future__ import annotations

import statistics

import pygame

from crescent.control.input import KeyPress, PointerDown
from crescent.i18n import text as T
from crescent.play.history import Result, past_game
from crescent.ui.cascade import CascadeScene
from crescent.ui.sound import Cue
from crescent.ui.win_summary import WinSummaryDialog
from tests.helpers_positions import position
from tests.helpers_ui import Client, close_client, make_client


def win(c: Client) -> CascadeScene:
    c.click(c.centre(0))
    c.frames(1)
    c.settle()
    top = c.app.scenes[-1]
    assert isinstance(top, CascadeScene)
    return top


def one_from_the_end() -> Client:
    return make_client(position({"P1": ["KS"]}, {"F1": "QS"}))


def test_cascade_draws_only_the_cards_that_moved_and_ends_in_the_summary() -> None:
    c = one_from_the_end()
    try:
        scene = win(c)
        assert c.app.sound.cued[-1] is Cue.WIN
        w, h = c.app.size
        first = scene.draw(c.app.screen, True)
        assert first is None  # the first frame: everything
        areas = []
        for _ in range(60 * 30):
            c.app.update(1 / 60)
            if c.app.scenes[-1] is not scene:
                break
            rects = scene.draw(c.app.screen, False)
            assert rects is not None
            areas.append(sum(r.w * r.h for r in rects))
        assert isinstance(c.app.scenes[-1], WinSummaryDialog)
        assert max(areas) < w * h
        assert statistics.median(areas) < w * h // 4
        assert scene.cascade.done
        assert scene.cascade.launched == 104
    finally:
        close_client(c)


def test_a_tap_or_a_key_skips_the_cascade() -> None:
    for event in (PointerDown(10, 10), KeyPress("escape")):
        c = one_from_the_end()
        try:
            scene = win(c)
            c.frames(5)
            scene.handle(event)
            assert isinstance(c.app.scenes[-1], WinSummaryDialog)
        finally:
            close_client(c)


def test_summary_shows_time_moves_hints_and_what_moved_and_closes() -> None:
    c = one_from_the_end()
    try:
        c.app.session.hints_used = 2
        win(c).skip()
        d = c.app.scenes[-1]
        assert isinstance(d, WinSummaryDialog)
        tr = c.app.tr
        pairs = {r.text: r.value for r in d.rows() if r.kind == "pair"}
        assert pairs[tr(T.HINTS_USED_LABEL)] == "2"
        assert pairs[tr(T.MOVES)] == str(c.game.moves)
        assert pairs[tr(T.WON_OF_PLAYED)] == "0 / 0 → 1 / 1"
        assert pairs[tr(T.CURRENT_STREAK)] == "0 → 1"
        c.key(pygame.K_ESCAPE)  # Esc closes it; the won table stays
        c.frames(1)
        assert c.app.scenes == [c.app.table]
        assert c.game.status == "won"
    finally:
        close_client(c)


def test_a_tap_beside_the_buttons_closes_the_summary() -> None:
    c = one_from_the_end()
    try:
        win(c).skip()
        c.frames(1)
        c.click((5, 5))
        c.frames(1)
        assert c.app.scenes == [c.app.table]
    finally:
        close_client(c)


def test_new_best_time_is_announced() -> None:
    c = one_from_the_end()
    try:
        c.app.session.add_past_game(past_game("N", Result.WON, 10_000.0, 500))
        c.app.session.elapsed = 42.0  # timed (a win the clock never timed beats nothing)
        win(c).skip()
        d = c.app.scenes[-1]
        assert isinstance(d, WinSummaryDialog)
        texts = [r.text for r in d.rows() if r.kind == "text"]
        assert any(c.app.tr(T.NEW_BEST_TIME) in t for t in texts)
        assert any(c.app.tr(T.NEW_FEWEST_MOVES) in t for t in texts)
    finally:
        close_client(c)
