"""Data files made to hurt: FIFOs, huge or deep files, numbers out of range, failing saves.

The JSON files of earlier versions are read once, by the import: every such file
is set aside like any corrupt file (never waited on, never read whole, never
imported to crash later), the others are imported, and a save that fails is shown.
The database itself gets the same promises (``test_storage.py``).
"""

from __future__ import annotations

import json
import os
import random
import sqlite3
import subprocess
import sys
import threading
from collections.abc import Callable
from pathlib import Path
from typing import Any, TypeVar
from unittest.mock import ANY

import pytest

from crescent.play import stats as stats_module
from crescent.play.database import DB_FILE
from crescent.play.history import GameEnd, Result, past_game
from crescent.play.legacy import MAX_FILE_BYTES
from crescent.play.report import print_stats
from crescent.play.safejson import BadJson, NotRegular, check_depth, read_bounded, shown
from crescent.play.session import Session
from crescent.play.settings import Settings
from crescent.play.stats import MAX_SECONDS, MAX_TOTAL_SECONDS, Stats
from crescent.play.storage import Notice, SavedGame, Store
from crescent.rules.engine import Game
from tests.helpers_crashsave import saved_dict
from tests.play.test_session import _nearly_won

_T = TypeVar("_T")
ROOT = Path(__file__).resolve().parents[2]
LOADS: dict[str, Callable[[Store], object]] = {
    "game.json": Store.load_game,
    "stats.json": Store.load_stats,
    "settings.json": Store.load_settings,
    "winnable.json": Store.load_winnable,
}
fifo_only = pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no FIFOs here")


def _within(seconds: float, fifo: Path, work: Callable[[], object]) -> None:
    """Run ``work``; fail if it blocks (then unblock it by opening the FIFO's other end)."""
    done = threading.Event()

    def run() -> None:
        work()
        done.set()

    t = threading.Thread(target=run, daemon=True)
    t.start()
    if not done.wait(seconds):
        # Set the stuck reader free, so the test ends (the old code blocked here for ever).
        fd = os.open(fifo, os.O_WRONLY | os.O_NONBLOCK)
        os.close(fd)
        t.join(5)
        pytest.fail(f"reading {fifo.name} blocked")


@fifo_only
@pytest.mark.parametrize("name", list(LOADS))
def test_a_fifo_named_like_a_data_file_never_blocks_and_is_set_aside(
    tmp_path: Path, name: str
) -> None:
    fifo = tmp_path / name
    os.mkfifo(fifo)
    store = Store(tmp_path)
    _within(5, fifo, lambda: LOADS[name](store))
    assert not fifo.exists()
    assert len(list(tmp_path.glob(f"{name}.corrupt-*"))) == 1
    assert store.take_notices() == [Notice.CORRUPT_FILE]


@fifo_only
def test_the_game_starts_with_fifos_for_every_data_file(tmp_path: Path) -> None:
    for name in [*LOADS, DB_FILE]:
        os.mkfifo(tmp_path / name)
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    try:
        done = subprocess.run(
            [sys.executable, str(ROOT / "main.py"), "--data-dir", str(tmp_path), "--frames", "2"],
            env=env,
            capture_output=True,
            text=True,
            timeout=60,
        )
    except subprocess.TimeoutExpired:
        for name in [*LOADS, DB_FILE]:  # free the stuck child
            if (tmp_path / name).exists():
                os.close(os.open(tmp_path / name, os.O_WRONLY | os.O_NONBLOCK))
        pytest.fail("the game blocked on a FIFO")
    assert done.returncode == 0, done.stderr
    assert saved_dict(tmp_path)["game"]["moves"] == 0


def test_a_device_or_a_folder_is_not_a_regular_file(tmp_path: Path) -> None:
    with pytest.raises(NotRegular):
        read_bounded(Path(os.devnull), 100)
    with pytest.raises(NotRegular):
        read_bounded(tmp_path, 100)
    (tmp_path / "game.json").mkdir()
    store = Store(tmp_path)
    assert store.load_game() is None
    assert list(tmp_path.glob("game.json.corrupt-*"))


def test_a_huge_file_is_set_aside_unread(tmp_path: Path) -> None:
    big = tmp_path / "stats.json"
    with big.open("wb") as f:
        f.truncate(200 * 1024 * 1024)  # sparse: 200 MB of nothing
    with pytest.raises(BadJson, match="too large"):
        read_bounded(big, MAX_FILE_BYTES)
    store = Store(tmp_path)
    assert store.load_stats() == Stats()
    assert store.take_notices() == [Notice.CORRUPT_FILE]
    assert list(tmp_path.glob("stats.json.corrupt-*"))


def test_a_deeply_nested_file_is_set_aside_without_recursion(tmp_path: Path) -> None:
    (tmp_path / "settings.json").write_text("[" * 100_000 + "]" * 100_000)
    store = Store(tmp_path)
    store.load_settings()
    assert store.take_notices() == [Notice.CORRUPT_FILE]
    with pytest.raises(BadJson, match="nested too deeply"):
        check_depth('{"a": [[[[1]]]]}', 4)
    check_depth('{"a": "[[[[[[[[[[", "b": [[1]]}', 4)  # brackets in strings do not count


def _game_file(**changes: Any) -> dict[str, Any]:
    d = SavedGame(Game.from_code("CR1-N-AAAAAAB"), 1.0, game_id="abc").to_dict()
    d["game"].update(changes.pop("game", {}))
    d.update(changes)
    return d


def _stats_file(**changes: Any) -> dict[str, Any]:
    n = {
        "played": 1,
        "won": 1,
        "current_streak": 1,
        "best_streak": 1,
        "best_time": 10.0,
        "fewest_moves": 95,
        "total_won_time": 10.0,
    }
    return {"format": 1, "variants": {"N": n | changes}, "recorded": ["abc"]}


OUT_OF_RANGE: list[tuple[str, str, dict[str, Any]]] = [
    ("moves of 4300 digits", "game.json", _game_file(game={"moves": 10**4299})),
    ("moves beyond the limit", "game.json", _game_file(game={"moves": 10_000_001})),
    ("elapsed near the float limit", "game.json", _game_file(elapsed=1.7e308)),
    ("elapsed beyond the limit", "game.json", _game_file(elapsed=MAX_SECONDS * 2)),
    ("a game id that is no id", "game.json", _game_file(id="x" * 65)),
    ("total time near the float limit", "stats.json", _stats_file(total_won_time=1.7e308)),
    ("best time beyond the limit", "stats.json", _stats_file(best_time=MAX_SECONDS * 2)),
    ("played of 4300 digits", "stats.json", _stats_file(played=10**4299)),
    ("played beyond the limit", "stats.json", _stats_file(played=stats_module.MAX_COUNT + 1)),
    ("fewest moves beyond the limit", "stats.json", _stats_file(fewest_moves=10**15)),
]


@pytest.mark.parametrize(
    ("name", "content"), [c[1:] for c in OUT_OF_RANGE], ids=[c[0] for c in OUT_OF_RANGE]
)
def test_a_number_out_of_range_sets_the_file_aside(
    tmp_path: Path, name: str, content: dict[str, Any]
) -> None:
    (tmp_path / name).write_text(json.dumps(content))
    store = Store(tmp_path)
    LOADS[name](store)
    assert store.take_notices() == [Notice.CORRUPT_FILE]
    assert not (tmp_path / name).exists()
    s = Session(Store(tmp_path), background_saves=False)
    s.start()
    s.play(s.game.legal_moves()[0])  # and the next move and save work
    s.close()


def test_a_win_at_the_largest_loaded_values_is_counted_and_saved(tmp_path: Path) -> None:
    old = _stats_file(best_time=MAX_SECONDS, total_won_time=MAX_TOTAL_SECONDS)
    (tmp_path / "stats.json").write_text(json.dumps(old))
    s = Session(Store(tmp_path), background_saves=False)
    s.start()
    s.game = Game.from_dict(_nearly_won())
    s.elapsed = MAX_SECONDS
    s.tick(1e300)  # the clock stops at the limit
    assert s.elapsed == MAX_SECONDS
    s.play_text("P1-F4")
    s.close()
    st = Store(tmp_path).load_stats().get("N")
    assert (st.won, st.total_won_time, st.best_time) == (
        2,
        MAX_TOTAL_SECONDS + MAX_SECONDS,
        MAX_SECONDS,
    )
    assert Store(tmp_path).take_notices() == []


class _Broken(Store):
    """A store whose record of a game's end fails in a way nobody foresaw."""

    def end_game(self, end: GameEnd, keep: SavedGame | None = None) -> bool:
        raise RuntimeError("disk controller on fire")


@pytest.mark.parametrize("background", [False, True])
def test_a_save_that_fails_is_shown_not_dropped(tmp_path: Path, background: bool) -> None:
    s = Session(_Broken(tmp_path), background_saves=background)
    s.start()
    s.game = Game.from_dict(_nearly_won())
    s.play_text("P1-F4")  # the win's end fails
    s.close()
    assert s.notices() == [Notice.CANNOT_SAVE]
    assert saved_dict(tmp_path)["game"]["moves"] == 91  # kept in progress, to count it next


def test_messages_never_show_a_long_value() -> None:
    assert len(shown("x" * 1000)) == 40
    assert shown("x" * 1000).endswith("…")
    assert len(shown(10**4299)) <= 40
    assert shown(5) == "5"


def test_a_save_that_fails_in_the_background_is_said_on_the_table(tmp_path: Path) -> None:
    from crescent.i18n.text import NOTICE_CANNOT_SAVE
    from tests.helpers_ui import close_client, make_client

    c = make_client(Game.from_dict(_nearly_won()), store=_Broken(tmp_path))
    try:
        c.app.session.play_text("P1-F4")  # the win's end fails in the background writer
        assert c.app.session.writer is not None
        assert c.app.session.writer.flush()
        c.frames(70)  # the table looks for notices every second
        message = c.app.table.banner.text
        assert message is not None
        assert NOTICE_CANNOT_SAVE in str(message)
    finally:
        close_client(c)


# -- hostile databases: each ends in a start that plays, with what could be kept ------------

HOSTILE_CODE = "CR1-N-AAAAAAB"
PAST_WINS = 3


def _healthy_folder(folder: Path) -> str:
    """A data folder as play leaves it: 3 won games, a game in progress with a move, the
    settings, a deal proven winnable, a kiosk's PIN state. The id of the game in progress."""
    s = Session(Store(folder), Settings(language="fr", winnable_only=True), background_saves=False)
    s.start(code=HOSTILE_CODE)
    for i in range(PAST_WINS):
        s.add_past_game(past_game("N", Result.WON, 100.0 + i, 90, start_day="2026-12-01"))
    s.play_text("P1-P11")
    s.save_settings()
    assert s.store is not None
    s.store.add_winnable("standard", 5)
    s.store.save_operator({"failures": 2})
    s.close()
    s.store.close()
    return s.game_id


def _sql(*statements: str) -> Callable[[Path], None]:
    def damage(path: Path) -> None:
        conn = sqlite3.connect(path, isolation_level=None)
        try:
            for statement in statements:
                conn.execute(statement).fetchall()
        finally:
            conn.close()

    return damage


def _flip_bits(seed: int) -> Callable[[Path], None]:
    """Random bit flips (a failing disk, a bad copy): 8 of them, in bytes past the header
    that hold something (the zeros of free space are left: flips there change nothing)."""

    def damage(path: Path) -> None:
        _sql("PRAGMA wal_checkpoint(TRUNCATE)")(path)
        data = bytearray(path.read_bytes())
        rng = random.Random(seed)
        used = [i for i in range(100, len(data)) if data[i]]
        for at in rng.sample(used, 8):
            data[at] ^= 1 << rng.randrange(8)
        path.write_bytes(bytes(data))

    return damage


LONG_LOG = (
    "UPDATE current SET played = (SELECT group_concat(step, ' ') FROM (WITH RECURSIVE"
    " r(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM r WHERE n < 5000000)"
    " SELECT CASE n % 2 WHEN 1 THEN 'P1-P11' ELSE 'U' END AS step FROM r)) || ' P1-P11'"
)
"""A game log of 5,000,001 steps that really makes the position saved (a move and its
undo, over and over): replayed at a start it would take half a minute."""
ONE_FROM_A_WIN = json.dumps(_nearly_won())

# name: (damage, what is kept: games won, the game in progress resumed, the settings kept)
HOSTILE: dict[str, tuple[Callable[[Path], None], tuple[int, bool, bool]]] = {
    "text not UTF-8 in a game's code": (
        _sql("UPDATE games SET code = CAST(x'fffe41' AS TEXT) WHERE seq = 1"),
        (3, True, True),
    ),
    "text not UTF-8 in a game's mode": (
        _sql("UPDATE games SET mode = CAST(x'ff4e' AS TEXT) WHERE seq = 1"),
        (2, True, True),  # that game counts under a mode of its own
    ),
    "text not UTF-8 in a game's result": (
        _sql(
            "PRAGMA ignore_check_constraints = 1",
            "UPDATE games SET result = CAST(x'ff' AS TEXT) WHERE seq = 1",
        ),
        (2, True, True),
    ),
    "text not UTF-8 in the game in progress": (
        _sql("UPDATE current SET game = CAST(x'ff7b' AS TEXT)"),
        (3, False, True),
    ),
    "text not UTF-8 in its log": (
        _sql("UPDATE current SET played = CAST(x'ff' AS TEXT)"),
        (3, False, True),
    ),
    "text not UTF-8 in a setting": (
        _sql("UPDATE settings SET value = CAST(x'22ff22' AS TEXT) WHERE name = 'language'"),
        (3, True, False),
    ),
    "games dropped": (_sql("DROP TABLE games"), (0, True, True)),
    "current dropped": (_sql("DROP TABLE current"), (3, False, True)),
    "settings dropped": (_sql("DROP TABLE settings"), (3, True, False)),
    "winnable dropped": (_sql("DROP TABLE winnable"), (3, True, True)),
    "resets dropped": (_sql("DROP TABLE resets"), (3, True, True)),
    "imported_totals dropped": (_sql("DROP TABLE imported_totals"), (3, True, True)),
    "imported_daily dropped": (_sql("DROP TABLE imported_daily"), (3, True, True)),
    "imports dropped": (_sql("DROP TABLE imports"), (3, True, True)),
    "the view dropped": (_sql("DROP VIEW venue_days"), (3, True, True)),
    "a column of games dropped": (_sql("ALTER TABLE games DROP COLUMN played"), (3, True, True)),
    "a column of current dropped": (
        _sql("ALTER TABLE current DROP COLUMN levels"),
        (3, True, True),
    ),
    "user_version -1": (_sql("PRAGMA user_version = -1"), (3, True, True)),
    "user_version 0 with the tables": (_sql("PRAGMA user_version = 0"), (3, True, True)),
    "a looping view": (
        _sql(
            "DROP VIEW venue_days",
            "CREATE VIEW venue_days AS WITH RECURSIVE r(n) AS (SELECT 1 UNION ALL"
            " SELECT n + 1 FROM r) SELECT 'day' AS day, n AS started, 0 AS won, 0 AS idle FROM r",
        ),
        (3, True, True),
    ),
    "a 5-million-step game log": (_sql(LONG_LOG), (3, False, True)),
    "a trigger planted on games": (
        _sql("CREATE TRIGGER wipe AFTER INSERT ON games BEGIN DELETE FROM games; END"),
        (3, True, True),
    ),
    "a trigger planted on current": (
        _sql("CREATE TRIGGER wipe AFTER INSERT ON current BEGIN DELETE FROM settings; END"),
        (3, True, True),
    ),
    "bogus winnable rows": (
        _sql(
            "INSERT INTO winnable VALUES ('standard', 'abc'), ('standard', 1.5),"
            " ('standard', -5), ('standard', 99999999999999), (7, 3)"
        ),
        (3, True, True),
    ),
    "text in a number column": (
        _sql("UPDATE games SET moves = 'x', seconds = 'y' WHERE seq = 1"),
        (2, True, True),
    ),
    "days that are no days": (
        _sql("UPDATE games SET start_day = 'nope', daily_day = 'zz' WHERE seq = 1"),
        (3, True, True),
    ),
    "bogus imported totals": (
        _sql(
            "INSERT INTO imported_totals VALUES ('N', 'a', 'b', 1, 1, 'x', NULL, 0, 0, NULL)",
            "INSERT INTO imported_daily VALUES (1, 1, 1, 1, 'notaday')",
            "INSERT INTO resets (after_game, at, mode) VALUES ('x', 0, NULL)",
        ),
        (3, True, True),
    ),
    "a hand-edited save one move from a win": (
        _sql(f"UPDATE current SET game = '{ONE_FROM_A_WIN}', played = ''"),
        (3, False, True),  # its log does not make it: not resumed, said
    ),
    "a hand-edited save one move from a win, its log removed": (
        _sql(f"UPDATE current SET game = '{ONE_FROM_A_WIN}', played = '?'"),
        (3, True, True),  # resumed, and said (below)
    ),
    "pages of 512 bytes": (
        _sql("PRAGMA journal_mode = DELETE", "PRAGMA page_size = 512", "VACUUM"),
        (3, True, True),
    ),
    "pages of 64 KiB": (
        _sql("PRAGMA journal_mode = DELETE", "PRAGMA page_size = 65536", "VACUUM"),
        (3, True, True),
    ),
    **{f"8 random bit flips, seed {n}": (_flip_bits(n), (-1, False, False)) for n in range(30)},
}
"""The hostile files of issue 43 (and more): -1 games won means "whatever could be read"."""


def _start(folder: Path) -> tuple[Session, Store]:
    """A start as the game makes it: the folder locked, the database opened, the game
    resumed or dealt."""
    store = Store(folder)
    store.open()
    s = Session(store, store.load_settings(), background_saves=False)
    s.start()
    return s, store


def _hung_guard(seconds: float, work: Callable[[], _T]) -> _T:
    """``work()``'s value; fails (instead of hanging the suite) if it never returns."""
    out: list[_T] = []
    failed: list[BaseException] = []

    def run() -> None:
        try:
            out.append(work())
        except BaseException as e:  # noqa: BLE001 -- handed to the test
            failed.append(e)

    t = threading.Thread(target=run, daemon=True)
    t.start()
    t.join(seconds)
    if t.is_alive():
        pytest.fail("it never returned")
    if failed:
        raise failed[0]
    return out[0]


SLOW_CASES = {"a 5-million-step game log"}


@pytest.mark.parametrize(
    "case", [pytest.param(c, marks=pytest.mark.slow) if c in SLOW_CASES else c for c in HOSTILE]
)
def test_a_hostile_database_ends_in_a_start_that_plays_with_what_could_be_kept(
    tmp_path: Path, case: str, capsys: pytest.CaptureFixture[str]
) -> None:
    kept_id = _healthy_folder(tmp_path)
    damage, (won, resumed, settings_kept) = HOSTILE[case]
    damage(tmp_path / DB_FILE)
    before = {p.name for p in tmp_path.iterdir()}
    # --stats first: it says what it cannot read, or the figures; it never hangs.
    code = _hung_guard(60, lambda: print_stats(tmp_path))
    out, err = capsys.readouterr()
    assert code in (0, 1), err
    if code == 1:
        assert err.count("\n") == 1
        assert "cannot read" in err
        assert out == ""
    else:
        assert json.loads(out)["modes"]["N"]["won"] == (won if won >= 0 else ANY)
    assert {p.name for p in tmp_path.iterdir()} == before  # --stats wrote nothing
    s, store = _hung_guard(60, lambda: _start(tmp_path))
    try:
        if won >= 0:
            assert s.stats.get("N").won == won
            assert (s.game_id == kept_id) == resumed
            assert (s.settings.language == "fr" or store.load_settings().language == "fr") == (
                settings_kept
            )
        played = s.stats.get("N").played
        s.play(s.game.legal_moves()[0])  # it plays
        s.new_game()  # a winnable deal (the deals proven winnable read), the last abandoned
        assert store.load_game() is not None  # the next game saved
        if won >= 0:
            # The end was stored, and nothing planted undid it or anything else.
            assert store.load_stats().get("N").played == played + 1
            assert store.load_stats().get("N").won == won + (s.stats.get("N").won - won)
            assert (store.load_settings().language == "fr") == settings_kept
        if store.take_notices():
            assert store.details()  # what was kept and lost is said
    finally:
        s.close()
        store.close()
    # Whatever was set aside is still there, never deleted.
    aside = list(tmp_path.glob(f"{DB_FILE}.corrupt-*"))
    assert all(p.stat().st_size > 0 for p in aside if p.is_file())
    again, store2 = _start(tmp_path)  # and the start after it plays too, unchanged
    again.play(again.game.legal_moves()[0])
    assert store2.take_notices() == []
    again.close()
    store2.close()


def test_a_hand_edited_save_one_move_from_a_win_is_not_resumed_silently(tmp_path: Path) -> None:
    kept_id = _healthy_folder(tmp_path)
    _sql(f"UPDATE current SET game = '{ONE_FROM_A_WIN}', played = '?'")(tmp_path / DB_FILE)
    store = Store(tmp_path)
    s = Session(store, background_saves=False)
    s.start()
    assert s.game_id == kept_id
    assert store.take_notices() == [Notice.UNPROVEN_GAME]
    assert "no log of its moves" in store.details()[0]
    s.close()
    store.close()


@pytest.mark.slow
@pytest.mark.parametrize("case", [c for c in HOSTILE if c not in SLOW_CASES])
def test_the_game_itself_starts_on_a_hostile_database(tmp_path: Path, case: str) -> None:
    """The whole start (settings, the window, the loop), as a player or a kiosk's unit
    runs it: exit code 0, never the 1 of a crash a kiosk would restart into for ever."""
    _healthy_folder(tmp_path)
    HOSTILE[case][0](tmp_path / DB_FILE)
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    for _ in range(2):  # and the start after it
        done = subprocess.run(
            [sys.executable, str(ROOT / "main.py"), "--data-dir", str(tmp_path), "--frames", "5"],
            env=env,
            capture_output=True,
            text=True,
            timeout=120,
        )
        assert done.returncode == 0, done.stderr
