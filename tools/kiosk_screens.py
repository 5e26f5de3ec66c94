"""Screenshots of the kiosk's own screens in every language, to look at by eye:
the attract loop (its banner over a deal in play) and the operator screen.

    python tools/kiosk_screens.py OUT_DIR [WxH ...]     (default: 1920x1080 1080x1920)

Runs headless (SDL's dummy driver); nothing is written outside OUT_DIR.
"""

from __future__ import annotations

import os
import sys
import tempfile
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

from crescent.i18n.translator import LANGUAGES, load_translator
from crescent.kiosk.config import parse_kiosk_config
from crescent.kiosk.core import AttractPlanner
from crescent.options import Config
from crescent.play.session import Session
from crescent.play.settings import Settings
from crescent.play.storage import Store
from crescent.ui.app import STEP, App, Options, init_pygame
from crescent.ui.kiosk_scenes import install_kiosk


def shoot(out: Path, size: tuple[int, int], lang: str, data: Path) -> None:
    init_pygame()
    session = Session(Store(data), Settings(language=lang), background_saves=False)
    session.start(code="CR1-N-AAAAAAB")
    app = App(session, Options(size=size, kiosk=True, dpi=96), load_translator(lang))
    kc = parse_kiosk_config({"kiosk": {"pin": "2468", "variant": "N", "idle_seconds": 90}})
    kiosk = install_kiosk(app, Config(kiosk=True, kiosk_config=kc))
    kiosk.planner = AttractPlanner(keep=0)  # the recorded line: the same picture every time
    kiosk.go_idle()
    for _ in range(int(9 / STEP)):  # past the fades, a few moves in
        app.now += STEP
        app.update(STEP)
    tag = f"{lang}-{size[0]}x{size[1]}"
    app.screenshot(out / f"attract-{tag}.png")
    kiosk.end_attract()
    kiosk.open_operator()
    app.screenshot(out / f"operator-{tag}.png")
    import pygame

    pygame.quit()


def main() -> int:
    out = Path(sys.argv[1] if len(sys.argv) > 1 else "screenshots")
    sizes = [
        (int(w), int(h))
        for w, h in (s.split("x") for s in (sys.argv[2:] or ["1920x1080", "1080x1920"]))
    ]
    with tempfile.TemporaryDirectory() as data:
        for size in sizes:
            for lang in LANGUAGES:
                shoot(out, size, lang, Path(data) / f"{lang}{size}")
    print(f"wrote {2 * len(sizes) * len(LANGUAGES)} screenshots to {out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
