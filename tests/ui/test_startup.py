"""Start-up: the first frame draws only the visible cards, from the cache folder when it can."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pygame

from crescent.ui.cards import CardArt

REPO = Path(__file__).resolve().parents[2]

PROBE = r"""
import json, sys
import pygame
from crescent import __main__ as cli
from crescent.ui import app as app_module
from crescent.ui import cards
from crescent.ui.window import showing_cards

seen = {}
draw = app_module.App.draw
rasterise = cards._rasterise_sized
rasterised = []

def counting(document, size):
    rasterised.append(size)
    return rasterise(document, size)

cards._rasterise_sized = counting
submit = cards._Workers.submit
art_began = {}

def first_submit(self, job):
    art_began.setdefault("display_started", pygame.display.get_init())
    return submit(self, job)

cards._Workers.submit = first_submit

from crescent.play import session as session_module

shown = []
for name in ("flip", "update"):
    def counted(*args, _real=getattr(pygame.display, name)):
        result = _real(*args)
        shown.append(name)
        return result
    setattr(pygame.display, name, counted)

def first_draw(self):
    draw(self)
    if seen:
        seen["tip_later"] = any(type(s).__name__ == "TipOverlay" for s in self.scenes)
    else:
        seen["modules"] = sorted(sys.modules)
        seen["cached"] = self.art.cached()
        seen["visible"] = len(set(showing_cards(self.table.game)))
        seen["rasterised"] = len(rasterised)
        seen["tip"] = any(type(s).__name__ == "TipOverlay" for s in self.scenes)
        seen["art_began"] = art_began

app_module.App.draw = first_draw
code = cli.main(["--code", "CR1-N-AAAAAAB", "--frames", "3", "--size", "1280x800",
                 "--data-dir", sys.argv[1], "--lang", "en"])
print(json.dumps(seen))
sys.exit(code)
"""


def _first_frame(data: Path) -> dict[str, Any]:
    """A start on ``data`` to its first frame, its card pictures kept in ``cache`` beside."""
    env = dict(
        os.environ,
        SDL_VIDEODRIVER="dummy",
        SDL_AUDIODRIVER="dummy",
        CRESCENT_CACHE_DIR=str(data.parent / "cache"),
    )
    r = subprocess.run(
        [sys.executable, "-c", PROBE, str(data)],
        cwd=REPO,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert r.returncode == 0, r.stderr
    seen: dict[str, Any] = json.loads(r.stdout.strip().splitlines()[-1])
    return seen


def test_the_first_frame_draws_only_the_cards_on_show(tmp_path: Path) -> None:
    seen = _first_frame(tmp_path / "data")
    assert "crescent.ui.table" in seen["modules"]
    # Only the cards on show were rasterised (plus one shadow); a fresh data folder
    # shows the first-run tip just after the first frame (its cards are drawn then).
    assert not seen["tip"]
    assert seen["tip_later"]
    assert seen["cached"] <= seen["visible"] + 1
    assert 0 < seen["rasterised"] <= seen["visible"]
    # The window's size was asked for: the cards were started before the display.
    assert seen["art_began"] == {"display_started": False}
    # The new deal is on the disk.
    assert (tmp_path / "data" / "crescent.db").is_file()


NOT_BEFORE_THE_FIRST_FRAME = (
    "multiprocessing",  # the pure watcher's worker, and only frozen: freeze_support()
    "ctypes",  # SDL's wait on the queue, looked up when the loop first sleeps
    "hashlib",  # the daily deal's number (OpenSSL)
    "wave",  # --self-check's
    "crescent.self_check",
    "crescent.i18n.rules_text",  # the rules screen's
    "crescent.kiosk.config",  # a kiosk's, and --config's
    "crescent.ui.tip",  # the first-run tip comes after the first frame
    "crescent.ui.dialogs",
    "crescent.ui.navigation",  # the screens, when the first one opens
    "crescent.solver.portfolio",  # the search, once it is wanted
    "crescent.solver.watch",
)
"""Modules a desktop start does not import before its first frame is drawn (each costs
milliseconds of every start; issue 45)."""


def test_the_first_frame_imports_only_what_it_draws(tmp_path: Path) -> None:
    modules = set(_first_frame(tmp_path / "data")["modules"])
    assert "crescent.ui.table" in modules  # the probe saw the first frame
    assert sorted(modules.intersection(NOT_BEFORE_THE_FIRST_FRAME)) == []


def test_the_next_start_takes_the_cards_from_the_cache_folder(tmp_path: Path) -> None:
    data, cache = tmp_path / "data", tmp_path / "cache" / "cards"
    _first_frame(data)
    assert len(list(cache.glob("*x*/*.rgba"))) >= 10
    seen = _first_frame(data)
    assert seen["rasterised"] == 0
    assert seen["cached"] <= seen["visible"] + 1
    # The data folder holds the player's files only: no card picture, no cache folder.
    assert not [p for p in data.rglob("*") if p.suffix in (".rgba", ".tmp")]
    assert not (data / "cache").exists()


def test_a_start_removes_the_card_pictures_older_versions_kept_in_the_data_folder(
    tmp_path: Path,
) -> None:
    data = tmp_path / "data"
    old = data / "cache" / "cards" / "71x99"
    old.mkdir(parents=True)
    (old / "AS.rgba").write_bytes(b"x" * 1000)
    _first_frame(data)
    assert not (data / "cache").exists()
    assert (data / "crescent.db").is_file()  # the data folder keeps what a player owns


def test_prefetched_cards_are_the_same_pictures_as_drawn_on_demand() -> None:
    pygame.display.init()
    try:
        pygame.display.set_mode((200, 200))
        size = (71, 99)
        ahead, lazy = CardArt(), CardArt()
        ahead.prefetch([0, 12, 50, None, 0], size)
        assert ahead.cached() == 0  # nothing is taken before it is asked for
        for card in (0, 12, 50):
            a, b = ahead.face(card, size), lazy.face(card, size)
            assert pygame.image.tobytes(a, "RGBA") == pygame.image.tobytes(b, "RGBA")
        back_a, back_b = ahead.back(size), lazy.back(size)
        assert pygame.image.tobytes(back_a, "RGBA") == pygame.image.tobytes(back_b, "RGBA")
        assert ahead.cached() == 4
        ahead.prefetch([7], size)
        ahead.clear()  # a resize drops what is still being drawn
        assert ahead.cached() == 0
        assert ahead.face(7, size).get_size() == size
    finally:
        pygame.display.quit()


def test_the_window_has_its_own_icon() -> None:
    from crescent.ui.render import FELT_CENTRE, window_icon

    pygame.display.init()
    try:
        icon = window_icon()
        assert icon.get_size() == (64, 64)
        assert icon.get_at((0, 0)).a == 0  # rounded corners
        assert icon.get_at((2, 32))[:3] == FELT_CENTRE  # the felt round the card
        card = icon.get_at((32, 12))  # the card, above its crescent
        assert card.a == 255
        assert min(card[:3]) > 240
        reds = [icon.get_at((x, 32)) for x in range(16, 32)]
        assert any(c.r > 180 and c.g < 60 and c.b < 60 for c in reds)  # the crescent
    finally:
        pygame.display.quit()


def test_the_table_size_is_known_before_the_display_unless_the_desktop_decides() -> None:
    from crescent.play.settings import Settings
    from crescent.ui.window import Options, planned_size, size_needs_display

    pygame.display.quit()  # what is known without it
    settings = Settings()
    for options in (Options(size=(1920, 1080)), Options(size=(1024, 700), fullscreen=True)):
        assert not size_needs_display(options, settings)
        assert planned_size(options, settings) == options.size
    settings.window_size = (1000, 700)
    assert not size_needs_display(Options(), settings)
    assert planned_size(Options(), settings) == (1000, 700)
    # The desktop's size, or a kiosk's touch size: the display first.
    assert size_needs_display(Options(fullscreen=True), settings)
    assert size_needs_display(Options(size=(1920, 1080), kiosk=True), settings)
    settings.fullscreen = True
    assert size_needs_display(Options(), settings)
