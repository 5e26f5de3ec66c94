"""Screens by name, buttons by their callable, commands by their enum: nothing is looked up
by a string that a typo could miss."""

from __future__ import annotations

import math
from collections.abc import Iterator
from pathlib import Path

import pytest
from mypy import api as mypy_api

from crescent.control.input import Cmd
from crescent.i18n import text as T
from crescent.play.history import Result, past_game
from crescent.rules.modes import HudItem
from crescent.ui import hud
from crescent.ui.app import App, run_loop
from crescent.ui.cascade import CascadeScene
from crescent.ui.clock import SteppedClock
from crescent.ui.dialogs import ButtonSpec, MessageDialog, PauseScreen
from crescent.ui.events import GameEvent
from crescent.ui.lost import LostDialog
from crescent.ui.rules_screen import RulesScreen
from crescent.ui.scene import Scene, Screen
from crescent.ui.screens import CodeScreen, SettingsScreen
from crescent.ui.stats_screen import StatsScreen
from crescent.ui.tip import LevelsIntro
from tests.helpers_ui import Client, close_client, make_client

OPENS: dict[Screen, type[Scene]] = {
    Screen.SETTINGS: SettingsScreen,
    Screen.RULES: RulesScreen,
    Screen.CODE: CodeScreen,
    Screen.STATS: StatsScreen,
    Screen.WON: CascadeScene,
    Screen.BLOCKED: MessageDialog,
    Screen.LOST: LostDialog,
    Screen.ABANDON: MessageDialog,
    Screen.REDEAL: MessageDialog,
    Screen.RESET_STATS: MessageDialog,
    Screen.RESTART: MessageDialog,
    Screen.PAUSE: PauseScreen,
    Screen.LEVELS_INTRO: LevelsIntro,
    Screen.CREDITS: MessageDialog,
}
"""What each screen is (the levels game's end needs a finished level: tests/ui/test_ui_levels)."""


@pytest.fixture
def client() -> Iterator[Client]:
    c = make_client()
    yield c
    close_client(c)


@pytest.mark.parametrize("screen", list(OPENS))
def test_every_screen_opens_over_the_table(client: Client, screen: Screen) -> None:
    client.app.open(screen)
    top = client.app.scenes[-1]
    assert type(top) is OPENS[screen]
    client.frames(2)  # it draws


def test_every_screen_but_the_levels_end_and_quit_is_listed_here() -> None:
    assert set(Screen) - set(OPENS) == {Screen.LEVELS_END, Screen.QUIT}


def test_quit_leaves_the_game_on_the_desktop_and_is_refused_in_the_kiosk(client: Client) -> None:
    client.app.on_quit = lambda: False  # the kiosk's refusal
    client.app.open(Screen.QUIT)
    assert client.app.running
    client.app.on_quit = None
    client.app.open(Screen.QUIT)
    assert not client.app.running


def test_a_button_does_what_it_carries(client: Client) -> None:
    pressed: list[str] = []
    dialog = MessageDialog(
        client.app,
        "A question",
        ["Which?"],
        [ButtonSpec("One", lambda: pressed.append("one")), ButtonSpec("Two", client.app.pop)],
    )
    client.app.push(dialog)
    client.frames(1)
    [one] = [b for b in dialog.buttons if b.label == "One"]
    client.click(one.rect.center)
    client.frames(1)
    assert pressed == ["one"]
    assert client.app.scenes[-1] is dialog
    [two] = [b for b in dialog.buttons if b.label == "Two"]
    client.click(two.rect.center)
    client.frames(1)
    assert client.app.scenes == [client.app.table]


def test_the_statistics_reset_asks_first_and_goes_back_to_the_statistics(client: Client) -> None:
    client.app.open(Screen.STATS)
    stats = client.app.scenes[-1]
    assert isinstance(stats, StatsScreen)
    client.app.session.add_past_game(past_game("N", Result.WON, 300.0, 100))
    stats.run(stats.confirm_reset)
    ask = client.app.scenes[-1]
    assert isinstance(ask, MessageDialog)
    [yes] = [b for b in ask.button_specs if b.label == client.app.tr(T.YES)]
    ask.run(yes.action)
    assert client.app.scenes[-1] is stats
    assert client.app.session.stats.get("N").won == 0


@pytest.mark.parametrize("cmd", list(Cmd))
def test_every_command_has_its_handler(client: Client, cmd: Cmd) -> None:
    client.app.table.buttons.press(cmd)  # a KeyError if one were forgotten
    client.app.close_dialogs()


def test_the_settings_gate_opens_instead_of_the_settings(client: Client) -> None:
    gated: list[bool] = []
    client.app.settings_gate = lambda: gated.append(True)
    client.app.open(Screen.SETTINGS)
    assert gated == [True]
    assert client.app.scenes == [client.app.table]


class PollOnly:
    """An event source that cannot wait: it has ``poll`` alone."""

    def poll(self, window_size: tuple[int, int]) -> list[GameEvent]:
        return []


class StopAfter:
    """A hook that lets the loop sleep (nothing scheduled) and stops it after ``n`` steps."""

    def __init__(self, app: App, n: int) -> None:
        self.app = app
        self.left = n

    def handle(self, event: GameEvent) -> bool:
        return False

    def update(self, dt: float) -> None:
        self.left -= 1
        if self.left <= 0:
            self.app.running = False

    def wake_at(self, now: float) -> float | None:
        return math.inf


def test_the_loop_never_sleeps_on_a_source_that_cannot_wait(client: Client) -> None:
    app = client.app
    client.frames(120)  # the first frame's work and the table's settling
    app.hooks.append(StopAfter(app, 30))
    clock = SteppedClock(sleeps=True)  # a clock that would let the loop sleep
    assert app.next_wake() is not None  # and nothing animates
    stats = run_loop(app, clock, PollOnly())
    assert stats.sleeps == 0
    assert stats.frames == 31  # a fresh loop owes no step on its first frame


@pytest.mark.slow
def test_a_mistyped_action_is_a_type_error(tmp_path: Path) -> None:
    probe = tmp_path / "probe.py"
    probe.write_text(
        "from crescent.ui.dialogs import Dialog\n"
        "from crescent.ui.scene import Host, Screen\n\n\n"
        "def press(d: Dialog, host: Host) -> None:\n"
        '    d.run("close")\n'
        "    host.open(Screen.SETTINS)\n"
    )
    out, _, status = mypy_api.run(
        ["--strict", "--no-incremental", "--follow-imports=silent", str(probe)]
    )
    assert status == 1, out
    assert 'Argument 1 to "run" of "Dialog" has incompatible type "str"' in out
    assert '"type[Screen]" has no attribute "SETTINS"' in out


@pytest.mark.parametrize("item", list(HudItem))
def test_every_hud_item_has_its_look(client: Client, item: HudItem) -> None:
    look = hud.look(client.app.table, client.app, item)
    assert look.title
