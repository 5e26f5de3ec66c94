"""Screenshots of the screens of issue 14 in every language, for looking at by eye.

    SDL_VIDEODRIVER=dummy python tools/feature_screens.py OUT_DIR [WxH ...]

Writes OUT_DIR/<size>/<lang>-<screen>.png: the rules screen (both games, and
scrolled), the first-run tip, the settings, playable cards, the daily deal.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Callable
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame

from crescent.i18n.rules_text import Doc
from crescent.i18n.translator import LANGUAGES, load_translator
from crescent.play.history import Result, past_game
from crescent.play.session import Session
from crescent.play.settings import Settings
from crescent.rules.engine import Game, Move
from crescent.solver.pools import load_daily, load_pool
from crescent.solver.portfolio import solve
from crescent.ui.app import App, Options, init_pygame
from crescent.ui.cascade import CascadeScene
from crescent.ui.rules_screen import RulesScreen
from crescent.ui.scene import Screen
from crescent.ui.screens import CodeScreen, SettingsScreen
from crescent.ui.stats_screen import StatsScreen
from crescent.ui.tip import TipOverlay

CODE = "CR1-N-AAAAAAB"


def _app(lang: str, size: tuple[int, int], **settings: bool) -> App:
    chosen = Settings(language=lang)
    for name, on in settings.items():
        setattr(chosen, name, on)
    session = Session(None, chosen, pool=load_pool, daily=load_daily, background_saves=False)
    session.start(code=CODE)
    return App(session, Options(size=size), load_translator(lang))


def _rules(doc: Doc, scroll: float) -> Callable[[App], None]:
    def show(app: App) -> None:
        screen = RulesScreen(app, doc)
        screen.scroll.to(screen.scroll.max_offset * scroll)
        app.push(screen)

    return show


SCREENS: dict[str, Callable[[App], None]] = {
    "rules": _rules(Doc.STANDARD, 0.0),
    "rules-middle": _rules(Doc.STANDARD, 0.5),
    "levels": _rules(Doc.LEVELS, 0.0),
    "levels-end": _rules(Doc.LEVELS, 1.0),
    "tip": lambda app: app.push(TipOverlay(app)),
    "settings": lambda app: app.push(SettingsScreen(app)),
    "playable": lambda app: setattr(app.session.settings, "show_playable", True),
    "daily": lambda app: _daily(app),
    "daily-code": lambda app: app.push(CodeScreen(app)),
    "stats": lambda app: app.push(StatsScreen(app)),
    "fanned": lambda app: _fanned(app, "N"),
    "fanned-down": lambda app: _fanned(app, "D"),
    "cascade": lambda app: _win(app, 2.5),
    "summary": lambda app: _win(app, None),
}


def _fanned(app: App, variant: str) -> None:
    """Whole piles shown, a few moves into a game (face-down deal: backs under the tops)."""
    app.session.new_game(code=f"CR1-{variant}-AAAAAAB")
    for move in ("P1-P11", "P2-F7", "P11-P15", "P3-P7", "R", "P12-P1"):
        if move == "R" or app.session.check(Move.parse(move)) is None:
            app.session.apply(move)
    app.change_setting("show_piles", True)
    app.table.after_change()


def _almost_won() -> tuple[Game, str]:
    """A winnable deal one move from won (the solver's line), and that move."""
    game = Game.deal(load_pool("N")[0], "N")
    result = solve(game, budget_s=30)
    assert result.outcome == "won", result
    for token in result.line[:-1]:
        game.apply(token)
    return game, result.line[-1]


ALMOST_WON: list[tuple[Game, str]] = []


def _win(app: App, cascade_s: float | None) -> None:
    """Win a game (an earlier, slower win in the statistics), then run the cascade."""
    if not ALMOST_WON:
        ALMOST_WON.append(_almost_won())
    game, last = ALMOST_WON[0]
    session = app.session
    session.add_past_game(past_game("N", Result.WON, 900.0, 200))
    session.game = game.copy()
    session.elapsed = 512.0
    session.hints_used = 1
    session.apply(last)
    app.draw()
    app.open(Screen.WON)
    scene = app.scenes[-1]
    assert isinstance(scene, CascadeScene)
    scene.draw(app.screen, True)
    if cascade_s is None:
        scene.skip()
        return
    for _ in range(round(cascade_s * 60)):
        scene.update(1 / 60)
        scene.draw(app.screen, False)


def _daily(app: App) -> None:
    code = app.session.daily_code()
    assert code is not None
    app.new_game(code=code)
    day = app.session.today().isoformat()
    app.session.add_past_game(past_game("N", Result.WON, daily_day=day))


def main() -> int:
    out = Path(sys.argv[1] if len(sys.argv) > 1 else "screenshots")
    sizes = [tuple(int(v) for v in s.split("x")) for s in sys.argv[2:]] or [(1280, 800)]
    init_pygame()
    for w, h in sizes:
        for lang in LANGUAGES:
            for name, show in SCREENS.items():
                app = _app(lang, (w, h))
                show(app)
                path = out / f"{w}x{h}" / f"{lang}-{name}.png"
                if isinstance(app.scenes[-1], CascadeScene):
                    path.parent.mkdir(parents=True, exist_ok=True)
                    pygame.image.save(app.screen, str(path))  # the trails as they are
                else:
                    app.screenshot(path)
    return 0


if __name__ == "__main__":
    sys.exit(main())
