"""Screenshots in every language: a refusal, the blocked dialog, and the screens of
issue 13 (Redeal asked first, "Abandon this game?", "cannot be won", a bad code, statistics).

    SDL_VIDEODRIVER=dummy python tools/lang_screens.py OUT_DIR [WxH]

For looking at by eye: text must fit its button or dialog in every language.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

from crescent.control.input import Cmd
from crescent.i18n.translator import LANGUAGES, load_translator
from crescent.play.session import Session
from crescent.rules.engine import Game, Reason
from crescent.ui.app import App, Options, init_pygame
from crescent.ui.navigation import blocked_dialog
from crescent.ui.scene import Screen
from crescent.ui.screens import CodeScreen


def main() -> int:
    out = Path(sys.argv[1] if len(sys.argv) > 1 else "screenshots")
    size = tuple(int(v) for v in (sys.argv[2] if len(sys.argv) > 2 else "1280x800").split("x"))
    init_pygame()
    for lang in LANGUAGES:
        session = Session(None, background_saves=False)
        session.game = Game.from_code("CR1-N-AAAAAAB")
        session.game.play_text("P1-P11")
        app = App(session, Options(size=(size[0], size[1])), load_translator(lang))
        app.table.controller.selected = 13
        app.table.refuse(Reason.PILE_FULL, 0, None)
        app.screenshot(out / f"{lang}-refusal.png")
        app.push(blocked_dialog(app))
        app.screenshot(out / f"{lang}-blocked.png")
        app.close_dialogs()
        app.table.banner.clear()
        app.table.controller.selected = None
        app.table.buttons.press(Cmd.REDEAL)  # moves remain: asked first
        app.screenshot(out / f"{lang}-redeal-confirm.png")
        app.close_dialogs()
        app.table.buttons.press(Cmd.NEW)
        app.screenshot(out / f"{lang}-abandon.png")
        app.close_dialogs()
        app.open(Screen.LOST)
        app.screenshot(out / f"{lang}-lost.png")
        app.close_dialogs()
        code = CodeScreen(app)
        code.typed = "CR1-X-AAAAAAB"
        code.deal()
        app.push(code)
        app.screenshot(out / f"{lang}-code-error.png")
        app.close_dialogs()
        app.open(Screen.STATS)
        app.screenshot(out / f"{lang}-stats.png")
    return 0


if __name__ == "__main__":
    sys.exit(main())
