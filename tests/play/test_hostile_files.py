"""Data files made to hurt: FIFOs, huge or deep files, numbers out of range, failing saves.

The JSON files of earlier versions are read once, by the import: every such file
is set aside like any corrupt file (never waited on, never read whole, never
imported to crash later), the others are imported, and a save that fails is shown.
The database itself gets the same promises (``test_storage.py``).
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import threading
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from crescent.play import stats as stats_module
from crescent.play.database import DB_FILE
from crescent.play.history import GameEnd
from crescent.play.legacy import MAX_FILE_BYTES
from crescent.play.safejson import BadJson, NotRegular, check_depth, read_bounded, shown
from crescent.play.session import Session
from crescent.play.stats import MAX_SECONDS, MAX_TOTAL_SECONDS, Stats
from crescent.play.storage import Notice, SavedGame, Store
from crescent.rules.engine import Game
from tests.helpers_crashsave import saved_dict
from tests.play.test_session import _nearly_won

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
