"""The table's parts, each alone: no display, no app, no table scene; a fake table
that records what a part asks of it and a session of a few fields."""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from types import SimpleNamespace
from typing import Any

import pygame

from crescent import themes
from crescent.control.anim import MOVE_S, Animations, Flight
from crescent.control.input import Controller
from crescent.control.layout import compute_layout
from crescent.control.table_mode import TableMode
from crescent.i18n.translator import load_translator
from crescent.rules.engine import Game, Move
from crescent.rules.modes import End
from crescent.ui import render
from crescent.ui.parts.banner import MESSAGE_S, Banner, draw_banner
from crescent.ui.parts.ends import Ends
from crescent.ui.parts.finish import FINISH_MOVE_S, Finish
from crescent.ui.parts.safe import SAFE_S, SafeMoves
from crescent.ui.scene import Screen
from tests.helpers_positions import position
from tests.solver.test_autofinish import _spades_position


@dataclass
class FakeTable:
    """What a part may ask of the table, recorded; moves are played on ``game``."""

    game: Game
    mode: TableMode = TableMode.PLAYING
    anims: Animations = field(default_factory=Animations)
    controller: Controller = field(default_factory=Controller)
    said: list[str] = field(default_factory=list)
    played: list[tuple[Move, float]] = field(default_factory=list)

    @property
    def voice(self) -> Any:
        return SimpleNamespace(speak=lambda sentence, interrupt=None: self.said.append(sentence))

    def say(self, message: str, *, notice: bool = False, spoken: str | None = None) -> None:
        self.said.append(message)

    def play(
        self, move: Move, from_pos: tuple[float, float] | None = None, duration: float = MOVE_S
    ) -> bool:
        card = self.game.top(move.src)
        assert card is not None
        self.game.play(move)
        self.played.append((move, duration))
        self.anims.add(Flight(card, (0, 0), (10, 10), move.dst, duration))
        return True

    def player_move(self, move: Move) -> None:
        self.play(move)

    def redeal(self) -> None:
        raise AssertionError("no part here redeals")

    def after_change(self) -> None:
        """Nothing else is told here."""


def _mode(table: FakeTable) -> TableMode:
    """The table's mode now (a part changed it since the last look)."""
    return table.mode


def _session(game: Game, **settings: bool) -> Any:
    """The few fields of a session the parts read."""
    return SimpleNamespace(
        game=game,
        changes=0,
        levels=None,
        outcome=None,
        settings=SimpleNamespace(safe_moves=True, **settings),
    )


def _host(session: Any) -> Any:
    return SimpleNamespace(session=session, kit=SimpleNamespace(tr=lambda key, **_: str(key)))


def _land(table: FakeTable) -> None:
    while table.anims.busy:
        table.anims.update(1.0)


def test_the_banner_ages_out_unless_held_and_a_notice_outlives_a_change() -> None:
    held = False
    banner = Banner(lambda: held)
    banner.show("hello")
    assert banner.wake_at(0.0) is None  # it counts its time: every step
    held = True
    banner.update(MESSAGE_S * 2)
    assert banner.text == "hello"  # held: "Looking for..." stays
    held = False
    banner.update(MESSAGE_S - 0.1)
    assert banner.text == "hello"
    banner.update(0.2)
    assert banner.text is None
    assert banner.wake_at(0.0) == math.inf
    banner.show("saves failed", notice=True)
    banner.changed()
    assert banner.text == "saves failed"
    banner.show("a sentence about the table")
    banner.changed()
    assert banner.text is None


def test_finish_offers_its_line_plays_it_one_landing_at_a_time_then_stops() -> None:
    game = _spades_position(
        5, 6, [["AS", "2S", "3S", "4S", "5S"], ["6S", "7S", "8S", "KS", "QS", "JS", "10S", "9S"]]
    )
    table = FakeTable(game)
    session = _session(game)
    finish = Finish(_host(session), table)
    finish.changed()
    assert finish.line, "a line is offered"
    assert table.said, "and said"
    length = len(finish.line)
    finish.start()
    assert table.mode is TableMode.FINISHING
    assert finish.wake_at(0.0) is None
    finish.update(0.0)
    assert len(table.played) == 1
    assert table.played[0][1] == FINISH_MOVE_S  # its own flight time, asked for, not retimed
    finish.update(0.0)
    assert len(table.played) == 1, "the next move waits for the card in flight to land"
    while _mode(table) is TableMode.FINISHING:
        _land(table)
        session.changes += 1
        finish.update(0.0)
    assert len(table.played) == length
    assert game.is_won


def test_finish_stops_at_a_touch_and_the_mode_goes_back_to_playing() -> None:
    game = _spades_position(
        5, 6, [["AS", "2S", "3S", "4S", "5S"], ["6S", "7S", "8S", "KS", "QS", "JS", "10S", "9S"]]
    )
    table = FakeTable(game)
    finish = Finish(_host(_session(game)), table)
    finish.changed()
    finish.start()
    finish.stop()
    assert _mode(table) is TableMode.PLAYING
    finish.update(0.0)
    assert not table.played


def test_the_safe_moves_follow_the_players_move_and_end_when_none_is_left() -> None:
    game = position({"P1": ["QS"], "P2": ["7H", "JS"]}, {"F1": "10S", "F2": "6H"}, redeals_left=1)
    table = FakeTable(game)
    safe = SafeMoves(table, _session(game))
    table.play(Move.parse("P2-F1"))  # the player's move
    safe.start()
    assert table.mode is TableMode.SAFE
    safe.update(0.0)
    assert len(table.played) == 1, "not while the player's card flies"
    for _ in range(10):
        _land(table)
        safe.update(0.0)
    assert _mode(table) is TableMode.PLAYING
    assert len(table.played) >= 3  # JS, then QS and 7H at least
    assert all(duration == SAFE_S for _, duration in table.played[1:])


def test_the_safe_moves_do_not_start_with_the_setting_off_nor_during_finish() -> None:
    game = position({"P1": ["QS"], "P2": ["7H", "JS"]}, {"F1": "10S", "F2": "6H"}, redeals_left=1)
    table = FakeTable(game)
    session = _session(game)
    session.settings.safe_moves = False
    safe = SafeMoves(table, session)
    safe.start()
    assert table.mode is TableMode.PLAYING
    session.settings.safe_moves = True
    table.mode = TableMode.FINISHING
    safe.start()
    assert _mode(table) is TableMode.FINISHING


def test_the_end_dialog_waits_for_the_last_card_to_land() -> None:
    busy = True
    opened: list[Screen] = []
    session = _session(Game.new())
    ends = Ends(session, opened.append, lambda: busy)
    session.outcome = SimpleNamespace(status=End.WON, final=True)
    ends.changed()
    assert ends.wake_at(0.0) is None
    ends.landed()
    assert opened == []
    busy = False
    ends.landed()
    assert opened == [Screen.WON]
    ends.landed()
    assert opened == [Screen.WON], "once"
    assert ends.wake_at(0.0) == math.inf


def test_the_banner_is_opaque_over_what_the_table_shows_under_it() -> None:
    """Nothing under the sentence reads through it (the "Still winnable?" pill did)."""
    pygame.font.init()
    tr = load_translator("en")
    fonts = render.Fonts(tr.font_asset(), tr.font_asset(bold=True))
    layout = compute_layout(1280, 800, hud_items=12)
    surface = pygame.Surface((1280, 800))
    surface.fill((255, 0, 255))  # whatever lay under it
    draw_banner(surface, fonts, layout, "A", themes.FELT)
    msg = layout.message
    inside = (msg.x + msg.w // 2 - msg.h // 3, msg.y + msg.h // 2)  # beside the letter
    assert surface.get_at(inside)[:3] == themes.FELT.message_bg[:3]
