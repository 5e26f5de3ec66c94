"""Every language's text fits its HUD cell and its dialog at the smallest window sizes."""

from __future__ import annotations

import pygame
import pytest

from crescent.control.layout import compute_layout
from crescent.i18n import text as T
from crescent.i18n.translator import LANGUAGES, load_translator
from crescent.ui.render import Fonts
from crescent.ui.table import HUD_ITEMS

SIZES = [(800, 600), (1080, 1920), (1280, 800)]
HUD_LABELS = [
    T.REDEAL,
    T.NO_REDEALS,
    T.UNDO,
    T.HINT,
    T.FINISH,
    T.NEW_GAME,
    T.CODE,
    T.SETTINGS,
    T.LANGUAGE,
]
DIALOG_TEXTS = [
    T.BLOCKED_TEXT,
    T.UNDO_LAST,
    T.HINT_GO_BACK,
    T.RESET_CONFIRM,
    T.RESET_STATS,
    T.ENTER_CODE_PROMPT,
    T.CODE_VERSION,
    T.VARIANT_FOR_NEW,
    T.WINNABLE_ONLY,
    T.INTERACTIVE_RULES,
    T.FOUR_COLOUR,
    T.HINT_UNSURE,
    T.NOTICE_NEWER,
    *T.REASONS.values(),
]


@pytest.fixture(scope="module", autouse=True)
def _fonts() -> None:
    pygame.font.init()


@pytest.mark.parametrize("lang", list(LANGUAGES))
@pytest.mark.parametrize("size", SIZES)
def test_hud_labels_fit_their_cells(lang: str, size: tuple[int, int]) -> None:
    tr = load_translator(lang)
    fonts = Fonts(tr.font_asset(), tr.font_asset(bold=True))
    layout = compute_layout(*size, hud_items=len(HUD_ITEMS))
    cell = min(layout.hud_cells, key=lambda r: r.w)
    inner_w, inner_h = cell.w - 6 - 8, cell.h - 6
    for msg in HUD_LABELS:
        text = tr(msg)
        font, lines = fonts.wrap(text, inner_w, layout.hud_px, 3, bold=True, max_h=inner_h)
        assert len(lines) <= 3, (lang, text)
        assert all(font.size(ln)[0] <= inner_w for ln in lines), (lang, text, lines)
        assert font.get_linesize() * len(lines) <= inner_h, (lang, text)
        assert font.get_height() >= 9, (lang, text)  # shrunk, but still readable
    for name in LANGUAGES.values():
        font = fonts.fit(name, inner_w, layout.hud_px, bold=True)
        # Names of other scripts are drawn with their own font in menus; the HUD shows
        # the current language's own name, which its font has.
        if name == LANGUAGES[lang]:
            assert font.size(name)[0] <= inner_w


@pytest.mark.parametrize("lang", list(LANGUAGES))
def test_dialog_texts_wrap_within_the_smallest_panel(lang: str) -> None:
    tr = load_translator(lang)
    fonts = Fonts(tr.font_asset(), tr.font_asset(bold=True))
    panel_inner = 800 - 24 - 2 * 16  # the panel at 800 px wide, minus its padding
    for msg in DIALOG_TEXTS:
        text = tr(msg)
        font, lines = fonts.wrap(text, panel_inner, 18, 6)
        assert len(lines) <= 6, (lang, text)
        assert all(font.size(ln)[0] <= panel_inner for ln in lines), (lang, text)
        assert font.get_height() >= 12, (lang, text)  # readable, not shrunk to nothing
