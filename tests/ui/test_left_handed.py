"""Left-handed play (issue 31 item 3) and a landscape table that uses its room (issue 29
item 22): the HUD down the side of a landscape window, on the left for a left-handed
player, whose bottom bar (portrait) is mirrored; the setting applies at once and is kept."""

from __future__ import annotations

from pathlib import Path

import pytest

from crescent.i18n import text as T
from crescent.play.settings import Page, Settings
from crescent.play.storage import Store
from crescent.rules.modes import HudItem
from crescent.ui.scene import Screen
from crescent.ui.screens import SettingsScreen
from tests.helpers_ui import Client, close_client, make_client, settings_button

CODE = "CR1-N-AAAAAAD"


def toggle_left_handed(c: Client) -> None:
    """Settings, Display and access, the Left-handed row's button, then back to the table."""
    c.app.open(Screen.SETTINGS)
    c.frames(1)
    screen = c.app.scenes[-1]
    assert isinstance(screen, SettingsScreen)
    [page] = [b for b in screen.buttons if c.app.tr(T.DISPLAY_AND_ACCESS) in b.label]
    c.click(page.rect.center)  # to the Display and access page
    c.frames(1)
    assert screen.page is Page.DISPLAY
    c.click(settings_button(screen, c.app.tr(T.LEFT_HANDED)))
    c.frames(1)
    c.app.pop()
    c.frames(1)


def cell(c: Client, item: HudItem) -> tuple[int, int, int, int]:
    r = c.app.layout.hud_cells[c.app.hud_items.index(item)]
    return (r.x, r.y, r.w, r.h)


def test_at_1280x800_the_hud_is_a_column_and_the_cards_are_bigger() -> None:
    c = make_client(code=CODE, size=(1280, 800))
    try:
        lay = c.app.layout
        assert lay.hud_side == "right"
        assert lay.card_w >= 85  # 72 px under the two-row bar this replaces
        right_edge = max(s.right for s in lay.slots)
        assert all(cell.x >= right_edge for cell in lay.hud_cells)
        # A tap on a HUD cell still acts: Hint, in the column.
        c.click(c.hud(HudItem.HINT))
        c.frames(1)
        assert c.app.table.banner.text is not None  # the hint's message shows
    finally:
        close_client(c)


@pytest.mark.parametrize("size", [(1280, 800), (800, 600), (1080, 1920)])
def test_the_setting_moves_the_hud_at_once_and_is_kept(
    tmp_path: Path, size: tuple[int, int]
) -> None:
    store = Store(tmp_path)
    c = make_client(code=CODE, size=size, store=store)
    try:
        hint_before = cell(c, HudItem.HINT)
        toggle_left_handed(c)
        assert c.app.session.settings.left_handed
        hint_after = cell(c, HudItem.HINT)
        width = c.app.size[0]
        if c.app.layout.hud_side == "left":  # landscape: the column moved over
            assert hint_after[0] < width // 4 < hint_before[0]
            assert all(s.x >= c.app.layout.hud.right for s in c.app.layout.slots)
        else:  # portrait: Hint goes from the right half of its row to the left half
            assert c.app.layout.hud_side == "bottom"
            assert hint_before[0] > width // 2 > hint_after[0]
        c.frames(2)
    finally:
        close_client(c)
    assert store.load_settings().left_handed
    assert Settings.from_dict({"format": 1}).left_handed is False  # older settings
