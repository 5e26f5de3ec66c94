"""Which screen opens which: every :class:`~crescent.ui.scene.Screen` a scene asks for is
made here, with what its buttons do to the table.

Scenes never import each other: they ask their host to ``open`` a screen by name, and
the app hands the request to :func:`open_screen`.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Protocol, assert_never

from crescent.control.anim import PACES
from crescent.control.input import Cmd
from crescent.i18n import text as T
from crescent.i18n.rules_text import Doc
from crescent.play.session import LEVEL_COMPLETE, TIME_UP
from crescent.rules.engine import Game
from crescent.rules.modes import End
from crescent.ui.cascade import CascadeScene, Then
from crescent.ui.dialogs import ButtonSpec, MessageDialog, PauseScreen, confirm_dialog
from crescent.ui.hud import format_time
from crescent.ui.lost import LostDialog
from crescent.ui.rules_screen import RulesScreen
from crescent.ui.scene import Host, Scene, Screen
from crescent.ui.screens import CodeScreen, SettingsScreen
from crescent.ui.sound import Cue
from crescent.ui.stats_screen import StatsScreen
from crescent.ui.table import TableScene
from crescent.ui.tip import LevelsIntro
from crescent.ui.win_summary import WinSummaryDialog


class TableHost(Host, Protocol):
    """The host as navigation sees it: the end-of-game dialogs act on the table."""

    @property
    def table(self) -> TableScene: ...

    def quit(self) -> None:
        """Leave the game (refused in the kiosk)."""
        ...


_PLAIN: dict[Screen, Callable[[Host], Scene]] = {
    Screen.SETTINGS: SettingsScreen,
    Screen.CODE: CodeScreen,
    Screen.STATS: StatsScreen,
    Screen.LEVELS_INTRO: LevelsIntro,
}
"""The screens that open as they are, over whatever is there."""


def open_screen(host: TableHost, screen: Screen) -> None:
    """Open ``screen`` over the scenes there are."""
    match screen:
        case Screen.SETTINGS | Screen.CODE | Screen.STATS | Screen.LEVELS_INTRO:
            host.push(_PLAIN[screen](host))
        case Screen.RULES:
            # The text of the game being played first (the other one is a tab away).
            doc = Doc.LEVELS if host.session.levels is not None else Doc.STANDARD
            host.push(RulesScreen(host, doc))
        case Screen.WON:
            start_win(host, None, lambda: WinSummaryDialog(host))
        case Screen.BLOCKED:
            host.push(blocked_dialog(host))
        case Screen.LOST:
            hints = host.table.hints
            host.push(LostDialog(host, hints.rewind, hints.solver_bytes))
        case Screen.LEVELS_END:
            open_levels_end(host)
        case Screen.ABANDON:
            host.push(abandon_dialog(host))
        case Screen.REDEAL:
            host.push(redeal_dialog(host))
        case Screen.RESET_STATS:
            host.push(reset_stats_dialog(host))
        case Screen.RESTART:
            host.push(restart_dialog(host))
        case Screen.CREDITS:
            host.push(credits_dialog(host))
        case Screen.PAUSE:
            host.table.pauser.cover(lambda: pause_screen(host))
        case Screen.QUIT:
            host.quit()
        case _:
            assert_never(screen)


def start_win(host: Host, game: Game | None, then: Then) -> None:
    """The game was won and its last card has landed: the cascade, then ``then``'s scene.

    The levels game: ``game`` is the level just won (the table already holds the next
    one) and ``then`` makes the screen that follows (the level's or the game's end)."""
    host.sound.play(Cue.WIN)
    if PACES[host.session.settings.animation] <= 0:
        host.push(then())  # no animation: no cascade
        return
    host.push(CascadeScene(host, game, then))


def open_levels_end(host: TableHost) -> None:
    """Levels game: the screen of a completed level, of the game over, or of the win."""
    out, won = host.session.outcome, host.session.level_won
    if out is not None and out.status in (End.LEVEL, End.WON) and won is not None:
        # A level (or the whole game) won: the cascade of its foundations first.
        start_win(host, won, lambda: levels_end_dialog(host))
        return
    host.push(levels_end_dialog(host))


def abandon_dialog(host: Host) -> MessageDialog:
    """New game with moves played: Yes abandons (a loss), No (the default) keeps playing."""
    tr = host.kit.tr
    return confirm_dialog(host, tr(T.ABANDON_TITLE), tr(T.ABANDON_TEXT), host.new_game)


def restart_dialog(host: TableHost) -> MessageDialog:
    """Restart this deal with moves played: Yes leaves this attempt (counted as played,
    not won, as a new game would) and deals its code again; No (the default) plays on."""
    tr = host.kit.tr

    def restart() -> None:
        host.new_game(host.table.game.code)

    return confirm_dialog(host, tr(T.RESTART_TITLE), tr(T.ABANDON_TEXT), restart)


def pause_screen(host: TableHost) -> PauseScreen:
    """The table covered and the clock stopped: Resume (the default), or restart this deal."""
    tr = host.kit.tr

    def restart() -> None:
        host.pop()
        host.table.buttons.press(Cmd.RESTART)

    buttons = [ButtonSpec(tr(T.RESUME), host.pop, True), ButtonSpec(tr(T.RESTART), restart)]
    return PauseScreen(host, tr(T.PAUSED), [tr(T.PAUSED_TEXT)], buttons)


CARD_ARTIST_CREDIT = (
    "Vectorized Playing Cards 1.3 - http://code.google.com/p/vectorized-playing-cards/ - "
    "Copyright 2011 - Chris Aguilar - Licensed under LGPL 3 - www.gnu.org/copyleft/lesser.html"
)
"""The card artist's credit, word for word as he asks for it (assets/LICENSES.md)."""
FONTS_CREDIT = "DejaVu Sans (Bitstream Vera, Arev); Noto Sans CJK JP © 2014-2021 Adobe"
LIBRARIES_CREDIT = (
    "Python, pygame-ce, SDL 2 (SDL_image, SDL_mixer, SDL_ttf), FreeType, HarfBuzz, libpng, "
    "libjpeg-turbo, libwebp, Ogg Vorbis, Opus, FLAC, mpg123, platformdirs"
)


def credits_dialog(host: Host) -> MessageDialog:
    """Who made what the game shows and is built on; Close goes back."""
    tr = host.kit.tr
    lines = [
        f"{tr(T.CREDITS_CARDS)}: {CARD_ARTIST_CREDIT}",
        f"{tr(T.CREDITS_FONTS)}: {FONTS_CREDIT}",
        f"{tr(T.CREDITS_MADE_WITH)}: {LIBRARIES_CREDIT}",
        tr(T.CREDITS_LICENCES),
    ]
    return MessageDialog(host, tr(T.CREDITS), lines, [ButtonSpec(tr(T.CLOSE), host.pop, True)])


def reset_stats_dialog(host: Host) -> MessageDialog:
    """Reset the statistics? (from the statistics screen, which it goes back to)."""

    def reset() -> None:
        host.session.reset_stats()
        host.pop()

    tr = host.kit.tr
    return confirm_dialog(host, tr(T.RESET_STATS), tr(T.RESET_CONFIRM), reset)


def blocked_dialog(host: TableHost) -> MessageDialog:
    """No move and no redeal left: undo the last move (when there is one), a new game,
    this deal again, or close (Esc too) to look at the table."""
    tr = host.kit.tr

    def undo() -> None:
        host.pop()
        host.table.buttons.press(Cmd.UNDO)

    close = ButtonSpec(tr(T.CLOSE), host.pop)  # to look at the table, as every end dialog
    buttons = [ButtonSpec(tr(T.NEW_GAME), host.new_game, True), *_restart(host), close]
    if host.session.game.can_undo:
        buttons.insert(0, ButtonSpec(tr(T.UNDO_LAST), undo))
    return MessageDialog(host, tr(T.BLOCKED_TITLE), [tr(T.BLOCKED_TEXT)], buttons)


def levels_end_dialog(host: TableHost) -> MessageDialog:
    """Levels game: level complete (time left, hints used, next level), game over
    (why, levels completed, time left per level), or all four levels won."""
    tr = host.kit.tr
    session = host.session
    out = session.outcome
    levels = session.levels
    assert out is not None
    assert levels is not None
    per_level = [
        tr(T.LEVEL_TIME_LINE, n=i + 1, time=format_time(r.time_left))
        for i, r in enumerate(levels.done)
    ]
    if out.status is LEVEL_COMPLETE:
        done = levels.done[-1]

        def go_on() -> None:
            host.pop()
            session.go_on()
            host.table.after_change()
            host.table.voice.say_deal(tr(T.LEVEL_N, n=levels.level))  # its new deal

        lines = [
            tr(T.LEVEL_TIME_LEFT, time=format_time(done.time_left)),
            tr.plural(T.HINTS_USED, done.hints_used),
            tr(T.NEXT_LEVEL_INFO, n=levels.level, time=format_time(levels.time_left)),
        ]
        title = tr(T.LEVEL_COMPLETE, n=len(levels.done))
        next_level = [ButtonSpec(tr(T.NEXT_LEVEL), go_on, True)]
        return MessageDialog(host, title, lines, next_level, escape=False)
    new = [ButtonSpec(tr(T.NEW_GAME), host.new_game, True)]
    # Not a dead end (issue 29 item 9): Close (and Esc) leave the final table to look
    # at, Statistics opens over it; a new game as before (and, after a loss, this deal
    # again).
    look = [
        ButtonSpec(tr(T.STATISTICS), lambda: host.open(Screen.STATS)),
        ButtonSpec(tr(T.CLOSE), host.pop),
    ]
    if out.status is End.WON:
        lines = [*per_level, tr(T.WON_TIME, time=format_time(out.seconds))]
        return MessageDialog(host, tr(T.WON_LEVELS_TITLE), lines, [*new, *look])
    why = tr(T.TIME_UP if out.status is TIME_UP else T.STUCK_NO_SHUFFLE)
    lines = [why, tr.plural(T.LEVELS_COMPLETED, len(levels.done)), *per_level]
    return MessageDialog(host, tr(T.GAME_OVER), lines, [*new, *_restart(host), *look])


def _restart(host: TableHost) -> list[ButtonSpec]:
    """The end screens' "Restart this deal" (the ended attempt is counted once; a levels
    game starts its code from level 1); none in the kiosk."""
    if host.kit.options.kiosk:
        return []
    return [ButtonSpec(host.kit.tr(T.RESTART), lambda: host.new_game(host.table.game.code))]


def redeal_dialog(host: TableHost) -> MessageDialog:
    """Moves remain: a redeal (the levels game: a shuffle, one of its five) cannot be
    undone, so Cancel is the default (Enter), like No in "Abandon this game?". The one
    confirmation style of the game: a dialog that says what is lost (docs/PLAYING.md)."""
    tr = host.kit.tr
    shuffles = host.table.game.rules.redeal == "shuffle"

    def redeal() -> None:
        host.pop()
        host.table.redeal()

    return MessageDialog(
        host,
        tr(T.SHUFFLE_CONFIRM_TITLE if shuffles else T.REDEAL_CONFIRM_TITLE),
        [tr(T.SHUFFLE_CONFIRM if shuffles else T.REDEAL_CONFIRM)],
        [
            ButtonSpec(tr(T.SHUFFLE if shuffles else T.REDEAL), redeal),
            ButtonSpec(tr(T.CANCEL), host.pop, True),
        ],
    )
