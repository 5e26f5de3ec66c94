"""The daily deal in the client: dealt from the code dialog, named on the table, in the stats."""

from __future__ import annotations

from datetime import date

from crescent.i18n import text as T
from crescent.play.daily import daily_code
from crescent.play.history import Result, past_game
from crescent.solver.pools import load_daily
from crescent.ui.screens import CodeScreen
from crescent.ui.stats_screen import StatsScreen
from crescent.ui.table import HUD_ITEMS
from tests.helpers_ui import close_client, make_client

POOL = load_daily("N1")
DAY = date(2026, 12, 24)


def test_code_dialog_deals_the_daily_deal_and_the_table_names_it() -> None:
    c = make_client()
    try:
        session = c.app.session
        session.daily = load_daily
        session.today = lambda: DAY
        code_index = HUD_ITEMS.index("code")
        assert c.app.table.view._hud_key(code_index).title == c.app.tr(T.CODE)
        dialog = CodeScreen(c.app)
        c.app.push(dialog)
        c.frames(1)
        daily = next(b for b in dialog.buttons if b.action == dialog.daily)
        c.click(daily.rect.center)
        c.frames(2)
        assert c.game.code == daily_code(DAY, POOL)
        assert c.app.scenes == [c.app.table]
        look = c.app.table.view._hud_key(code_index)
        assert (look.title, look.sub) == (c.app.tr(T.DAILY_DEAL), c.game.code)
    finally:
        close_client(c)


def test_no_daily_pool_no_daily_button() -> None:
    c = make_client()
    try:
        c.app.session.daily = None
        dialog = CodeScreen(c.app)
        c.app.push(dialog)
        c.frames(1)
        assert all(b.action != dialog.daily for b in dialog.buttons)
    finally:
        close_client(c)


def test_statistics_show_the_daily_streak() -> None:
    c = make_client()
    try:
        session = c.app.session
        session.today = lambda: DAY
        session.add_past_game(past_game("N", Result.WON, daily_day=DAY.isoformat()))
        rows = {r.text: r.value for r in StatsScreen(c.app).rows() if r.kind == "pair"}
        tr = c.app.tr
        assert rows[tr(T.DAILY_WON)] == "1"
        assert rows[tr(T.DAILY_STREAK)] == "1"
        assert rows[tr(T.DAILY_BEST)] == "1"
    finally:
        close_client(c)
