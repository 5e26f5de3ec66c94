"""Screenshots of every theme and card back (issue 31), for looking at by eye.

    SDL_VIDEODRIVER=dummy python tools/theme_screens.py OUT_DIR [WxH ...]

Writes OUT_DIR/<size>/<theme>-table.png (a face-down deal with a card selected, its
destinations lit, the keyboard's focus on a place, in the theme's own back: the high
contrast one with the black back), <theme>-settings.png (Display and access),
back-<back>.png (each back on the face-down deal), backs.png (each back whole),
relaxed.png and left-handed.png. Sizes: 800x600,
1280x800 and 1080x1920 unless given.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame

from crescent.i18n.translator import load_translator
from crescent.play.session import Session
from crescent.play.settings import Settings
from crescent.themes import BACKS, HIGH_CONTRAST, THEMES
from crescent.ui.app import App, Options, init_pygame, run_app
from crescent.ui.clock import SteppedClock
from crescent.ui.screens import SettingsScreen

CODE = "CR1-D-AAAAAAB"
SIZES = ((800, 600), (1280, 800), (1080, 1920))


def _app(size: tuple[int, int], settings: Settings) -> App:
    settings.tip_seen = True
    session = Session(None, settings, background_saves=False)
    session.start(code=CODE)
    return App(session, Options(size=size), load_translator(settings.language or "en"))


def _frame(app: App, path: Path) -> None:
    run_app(app, clock=SteppedClock(), max_frames=3)
    pygame.image.save(app.screen, str(path))


def _table(size: tuple[int, int], theme: str, out: Path) -> None:
    back = "black" if theme == HIGH_CONTRAST else "blue"
    app = _app(size, Settings(language="en", theme=theme, card_back=back))
    table = app.table
    source = next(p for p in range(16) if table.controller.destinations(app.session.game, p))
    table.controller.selected = source
    table.controller.focus = 20
    table.controller.focus_visible = True
    _frame(app, out / f"{theme}-table.png")
    screen = SettingsScreen(app)
    screen.show_display_page()
    app.push(screen)
    _frame(app, out / f"{theme}-settings.png")


def _backs(app: App, path: Path) -> None:
    """Each back whole, side by side, at the table's card size."""
    size = (app.layout.card_w, app.layout.card_h)
    strip = pygame.Surface((len(BACKS) * (size[0] + 10) + 10, size[1] + 20))
    strip.fill(THEMES["felt"].felt_centre)
    for i, back in enumerate(BACKS):
        app.art.set_back(back)
        strip.blit(app.art.back(size), (10 + i * (size[0] + 10), 10))
    pygame.image.save(strip, str(path))


def main() -> int:
    if len(sys.argv) < 2:
        print(__doc__, file=sys.stderr)
        return 2
    root = Path(sys.argv[1])
    sizes = [tuple(map(int, s.split("x"))) for s in sys.argv[2:]] or list(SIZES)
    init_pygame()
    for w, h in sizes:
        out = root / f"{w}x{h}"
        out.mkdir(parents=True, exist_ok=True)
        for theme in THEMES:
            _table((w, h), theme, out)
        for back in BACKS:
            _frame(_app((w, h), Settings(language="en", card_back=back)), out / f"back-{back}.png")
        _backs(_app((w, h), Settings(language="en")), out / "backs.png")
        _frame(_app((w, h), Settings(language="en", relaxed=True)), out / "relaxed.png")
        _frame(_app((w, h), Settings(language="en", left_handed=True)), out / "left-handed.png")
        print(f"wrote {out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
