"""crescent.play.storage: atomic saves, bad files set aside, newer files kept, full disks."""

from __future__ import annotations

import errno
import importlib.util
import json
import os
import random
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Callable, Iterator
from datetime import UTC, datetime
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

import crescent.play.storage as storage
from crescent.play.settings import Settings
from crescent.play.stats import Stats
from crescent.play.storage import (
    GAME_FILE,
    SETTINGS_FILE,
    STATS_FILE,
    Notice,
    SavedGame,
    Store,
    default_data_dir,
    write_json_atomic,
)
from crescent.rules.engine import Game
from tests.helpers_kill import child_env, drain, spawn_ready
from tests.helpers_crashsave import saved_dict

REPO = Path(__file__).resolve().parents[2]
HELPER = Path(__file__).resolve().parents[1] / "helpers_crashsave.py"
FIXED_TIME = datetime(2026, 11, 30, 18, 25, 12, tzinfo=UTC)
FILES = ("game.json", "stats.json", "settings.json")


# -- sample data ------------------------------------------------------------------


def sample_game() -> Game:
    """A face-down game with a redeal and some undo history behind it."""
    game = Game.deal(4242, "D")
    rng = random.Random(7)
    for _ in range(6):
        game.play(rng.choice(game.legal_moves()))
    game.redeal()
    for _ in range(5):
        moves = game.legal_moves()
        if moves:
            game.play(rng.choice(moves))
    assert game.can_undo
    return game


def sample_stats() -> Stats:
    stats = Stats()
    stats.record_win("N", 300.5, 140)
    stats.record_loss("F")
    stats.record_win("L", 12.0, 30)
    return stats


def sample_settings() -> Settings:
    return Settings(language="ca", variant="F", four_colour=True, window_size=(1280, 800))


def clock() -> datetime:
    return FIXED_TIME


@pytest.fixture
def root(tmp_path: Path) -> Path:
    """A data folder holding a valid game, statistics and settings."""
    folder = tmp_path / "data"
    store = Store(folder)
    assert store.save_game(SavedGame(sample_game(), 75.25))
    assert store.save_stats(sample_stats())
    assert store.save_settings(sample_settings())
    assert store.take_notices() == []
    return folder


def snapshot(folder: Path) -> dict[str, bytes]:
    return {p.name: p.read_bytes() for p in folder.iterdir() if p.is_file()}


def temp_files(folder: Path) -> list[Path]:
    return [p for p in folder.iterdir() if p.name.endswith(".tmp")] if folder.exists() else []


def game_dict(folder: Path) -> dict[str, Any]:
    return saved_dict(folder)  # type: ignore[no-any-return]


# -- round trips ----------------------------------------------------------------


def test_saved_game_loads_back_identical(tmp_path: Path) -> None:
    game = sample_game()
    store = Store(tmp_path / "a" / "b")
    assert store.save_game(SavedGame(game, 61.5, idle_abandoned=True))
    loaded = Store(tmp_path / "a" / "b").load_game()
    assert loaded is not None
    assert loaded.game.to_dict() == game.to_dict()
    assert loaded.elapsed == 61.5
    assert loaded.idle_abandoned is True
    # The undo history came back too: undo works on the loaded game.
    assert loaded.game.history == game.history
    assert loaded.game.undo()


def test_stats_and_settings_load_back_identical(root: Path) -> None:
    store = Store(root)
    assert store.load_stats() == sample_stats()
    assert store.load_settings() == sample_settings()
    assert store.take_notices() == []


def test_saved_game_file_has_the_documented_shape(root: Path) -> None:
    d = game_dict(root)
    assert d["format"] == 1
    assert set(d) == {"format", "game", "elapsed", "idle_abandoned"}
    assert d["game"] == Game.from_dict(d["game"]).to_dict()
    assert d["elapsed"] == 75.25
    assert d["idle_abandoned"] is False


def test_clear_game_removes_only_the_game(root: Path) -> None:
    before = snapshot(root)
    store = Store(root)
    assert store.clear_game()
    assert not (root / "game.json").exists()
    assert store.load_game() is None
    assert store.clear_game()  # nothing left to clear is fine
    after = snapshot(root)
    assert after == {k: v for k, v in before.items() if k != "game.json"}
    assert store.take_notices() == []


def test_store_touches_no_disk_until_it_saves(tmp_path: Path) -> None:
    root = tmp_path / "deep" / "er"
    store = Store(root)
    assert store.load_game() is None
    assert store.load_stats() == Stats()
    assert store.load_settings() == Settings()
    assert store.take_notices() == []  # a missing file is a first start, not a fault
    assert not (tmp_path / "deep").exists()
    assert store.save_settings(Settings())
    assert (root / "settings.json").is_file()


def test_saving_a_non_finite_elapsed_is_a_caller_bug(tmp_path: Path) -> None:
    store = Store(tmp_path)
    with pytest.raises(ValueError, match="elapsed"):
        store.save_game(SavedGame(sample_game(), float("nan")))
    with pytest.raises(ValueError, match="elapsed"):
        store.save_game(SavedGame(sample_game(), -1.0))
    assert not (tmp_path / "game.json").exists()


# -- bad files --------------------------------------------------------------------


def _game_with(change: Callable[[dict[str, Any]], None]) -> Callable[[Path], bytes]:
    def make(root: Path) -> bytes:
        d = game_dict(root)
        change(d)
        return json.dumps(d).encode()

    return make


def _card_missing(d: dict[str, Any]) -> None:
    pile = next(p for p in d["game"]["piles"] if len(p) > 1)
    pile.pop()
    d["game"]["face_down"] = [0] * 16
    d["game"]["history"] = []


def _pile_over_13(d: dict[str, Any]) -> None:
    """Pile P1 gets 14 cards taken from the other piles: every card still there twice."""
    piles: list[list[str]] = d["game"]["piles"]
    k = 1
    while len(piles[0]) <= 13:
        while not piles[k]:
            k += 1
        piles[0].append(piles[k].pop())
    d["game"]["face_down"] = [0] * 16
    d["game"]["history"] = []


def _set(path: tuple[str, ...], value: object) -> Callable[[dict[str, Any]], None]:
    def change(d: dict[str, Any]) -> None:
        for key in path[:-1]:
            d = d[key]
        d[path[-1]] = value

    return change


def _raw(data: bytes) -> Callable[[Path], bytes]:
    return lambda root: data


def _truncated(name: str) -> Callable[[Path], bytes]:
    def make(root: Path) -> bytes:
        data = (root / name).read_bytes()
        return data[: len(data) // 2]

    return make


def _json(obj: object) -> Callable[[Path], bytes]:
    return lambda root: json.dumps(obj).encode()


def _stats_with(variant: dict[str, Any]) -> Callable[[Path], bytes]:
    base = {
        "played": 3,
        "won": 1,
        "current_streak": 1,
        "best_streak": 1,
        "best_time": 10.0,
        "fewest_moves": 90,
        "total_won_time": 10.0,
    }
    return _json({"format": 1, "variants": {"N": base | variant}})


def _settings_with(**changes: object) -> Callable[[Path], bytes]:
    return _json(Settings().to_dict() | changes)


BAD_FILES: dict[str, tuple[str, Callable[[Path], bytes]]] = {
    "game empty": ("game.json", _raw(b"")),
    "game blank": ("game.json", _raw(b" \n\t")),
    "game truncated": ("game.json", _truncated("game.json")),
    "game not json": ("game.json", _raw(b"\x00\xff\xfe not json at all")),
    "game not utf8": ("game.json", _raw(b'{"format": 1, "x": "\xff"}')),
    "game json list": ("game.json", _raw(b"[1, 2, 3]")),
    "game json string": ("game.json", _raw(b'"hello"')),
    "game nested too deep": ("game.json", _raw(b"[" * 100_000)),
    "game format zero": ("game.json", _game_with(_set(("format",), 0))),
    "game format text": ("game.json", _game_with(_set(("format",), "1"))),
    "game format true": ("game.json", _game_with(_set(("format",), True))),
    "game format missing": ("game.json", _game_with(lambda d: d.pop("format"))),
    "game missing": ("game.json", _game_with(lambda d: d.pop("game"))),
    "game card missing": ("game.json", _game_with(_card_missing)),
    "game pile over 13": ("game.json", _game_with(_pile_over_13)),
    "game bad code": ("game.json", _game_with(_set(("game", "code"), "CR1-X-AAAAAAA"))),
    "game history not legal": (
        "game.json",
        _game_with(_set(("game", "history"), [["P1-P2", False]])),
    ),
    "game elapsed negative": ("game.json", _game_with(_set(("elapsed",), -3.0))),
    "game elapsed text": ("game.json", _game_with(_set(("elapsed",), "12"))),
    "game elapsed NaN": ("game.json", _game_with(_set(("elapsed",), float("nan")))),
    "game elapsed Infinity": ("game.json", _game_with(_set(("elapsed",), float("inf")))),
    "game idle not bool": ("game.json", _game_with(_set(("idle_abandoned",), 1))),
    "stats empty": ("stats.json", _raw(b"")),
    "stats truncated": ("stats.json", _truncated("stats.json")),
    "stats not json": ("stats.json", _raw(b"played=3")),
    "stats json number": ("stats.json", _raw(b"42")),
    "stats format zero": ("stats.json", _json({"format": 0, "variants": {}})),
    "stats variants list": ("stats.json", _json({"format": 1, "variants": []})),
    "stats negative": ("stats.json", _stats_with({"played": -1})),
    "stats won over played": ("stats.json", _stats_with({"won": 4})),
    "stats count text": ("stats.json", _stats_with({"played": "3"})),
    "stats count float": ("stats.json", _stats_with({"played": 3.0})),
    "stats streak over won": ("stats.json", _stats_with({"best_streak": 2})),
    "stats best time negative": ("stats.json", _stats_with({"best_time": -5})),
    "stats best time missing with wins": ("stats.json", _stats_with({"best_time": None})),
    "stats empty key": ("stats.json", _json({"format": 1, "variants": {"": {}}})),
    "settings empty": ("settings.json", _raw(b"")),
    "settings truncated": ("settings.json", _truncated("settings.json")),
    "settings not json": ("settings.json", _raw(b"<xml/>")),
    "settings json null": ("settings.json", _raw(b"null")),
    "settings format missing": ("settings.json", _json({"language": "en"})),
    "settings unknown language": ("settings.json", _settings_with(language="de")),
    "settings flag not bool": ("settings.json", _settings_with(fullscreen="yes")),
    "settings bad variant": ("settings.json", _settings_with(variant="X")),
    "settings window too small": ("settings.json", _settings_with(window_size=[100, 800])),
    "settings window too big": ("settings.json", _settings_with(window_size=[800, 20000])),
    "settings window three numbers": (
        "settings.json",
        _settings_with(window_size=[800, 600, 1]),
    ),
}


@pytest.mark.parametrize(
    ("change", "fault"), [(_card_missing, "exactly twice"), (_pile_over_13, "at most 13")]
)
def test_rule_breaking_samples_break_the_rule_they_name(
    root: Path, change: Callable[[dict[str, Any]], None], fault: str
) -> None:
    d = game_dict(root)
    SavedGame.from_dict(d)  # the sample itself is fine
    change(d)
    with pytest.raises(ValueError, match=fault):
        SavedGame.from_dict(d)


def load_all(store: Store) -> tuple[SavedGame | None, Stats, Settings]:
    return store.load_game(), store.load_stats(), store.load_settings()


@pytest.mark.parametrize("case", list(BAD_FILES))
def test_bad_file_is_set_aside_and_defaults_used(root: Path, case: str) -> None:
    name, make = BAD_FILES[case]
    bad = make(root)
    (root / name).write_bytes(bad)
    before = snapshot(root)

    store = Store(root, clock=clock)
    game, stats, settings = load_all(store)

    # The bad file was moved aside, byte for byte, under a timestamped name.
    aside = root / f"{name}.corrupt-20261130T182512Z"
    assert aside.read_bytes() == bad
    assert not (root / name).exists()
    # Defaults for it, the saved values for the others.
    assert (game is None) == (name == "game.json")
    assert stats == (Stats() if name == "stats.json" else sample_stats())
    assert settings == (Settings() if name == "settings.json" else sample_settings())
    # The other files are untouched.
    after = snapshot(root)
    for other in FILES:
        if other != name:
            assert after[other] == before[other]
    assert set(after) == {n for n in before if n != name} | {aside.name}
    # One notice, once.
    assert store.take_notices() == [Notice.CORRUPT]
    load_all(store)
    assert store.take_notices() == []
    assert temp_files(root) == []


def test_two_bad_files_give_one_notice_and_a_save_starts_afresh(root: Path) -> None:
    (root / "game.json").write_bytes(b"{")
    (root / "stats.json").write_bytes(b"}")
    store = Store(root, clock=clock)
    assert load_all(store)[0] is None
    assert store.take_notices() == [Notice.CORRUPT]
    assert (root / "game.json.corrupt-20261130T182512Z").read_bytes() == b"{"
    assert (root / "stats.json.corrupt-20261130T182512Z").read_bytes() == b"}"
    assert store.save_stats(Stats())
    assert Store(root).load_stats() == Stats()
    assert store.take_notices() == []


def test_set_aside_name_is_made_unique(root: Path) -> None:
    taken = root / "game.json.corrupt-20261130T182512Z"
    taken.write_bytes(b"older")
    (root / "game.json.corrupt-20261130T182512Z-2").write_bytes(b"older still")
    (root / "game.json").write_bytes(b"garbage")
    store = Store(root, clock=clock)
    assert store.load_game() is None
    assert taken.read_bytes() == b"older"
    assert (root / "game.json.corrupt-20261130T182512Z-3").read_bytes() == b"garbage"


def test_set_aside_name_uses_utc_time(root: Path) -> None:
    (root / "settings.json").write_bytes(b"x")
    from datetime import timedelta, timezone

    local = datetime(2026, 12, 1, 1, 25, 12, tzinfo=timezone(timedelta(hours=7)))
    Store(root, clock=lambda: local).load_settings()
    assert (root / "settings.json.corrupt-20261130T182512Z").read_bytes() == b"x"


def test_unreadable_file_is_set_aside(root: Path) -> None:
    # A folder where the file should be cannot be read as a file.
    (root / "stats.json").unlink()
    (root / "stats.json").mkdir()
    store = Store(root, clock=clock)
    assert store.load_stats() == Stats()
    assert store.take_notices() == [Notice.CORRUPT]
    assert (root / "stats.json.corrupt-20261130T182512Z").is_dir()
    assert store.save_stats(sample_stats())
    assert Store(root).load_stats() == sample_stats()


def test_bad_file_met_first_by_a_save_is_set_aside_not_lost(root: Path) -> None:
    (root / "stats.json").write_bytes(b"not json")
    store = Store(root, clock=clock)
    assert store.save_stats(sample_stats())
    assert (root / "stats.json.corrupt-20261130T182512Z").read_bytes() == b"not json"
    assert store.take_notices() == [Notice.CORRUPT]
    assert Store(root).load_stats() == sample_stats()


# -- files from a newer version ----------------------------------------------------


NEWER = {
    "game.json": {"format": 2, "game": "something new", "elapsed": 3},
    "stats.json": {"format": 7, "variants": "elsewhere"},
    "settings.json": {"format": 2, "theme": "dark"},
}


@pytest.mark.parametrize("name", FILES)
def test_newer_file_is_left_alone_and_not_overwritten(root: Path, name: str) -> None:
    data = json.dumps(NEWER[name]).encode()
    (root / name).write_bytes(data)
    before = snapshot(root)
    store = Store(root)
    game, stats, settings = load_all(store)
    assert (game is None) == (name == "game.json")
    assert stats == (Stats() if name == "stats.json" else sample_stats())
    assert settings == (Settings() if name == "settings.json" else sample_settings())
    assert store.take_notices() == [Notice.NEWER]

    # Saving everything again skips the newer file only.
    saved = [
        store.save_game(SavedGame(sample_game(), 1.0)),
        store.save_stats(Stats()),
        store.save_settings(Settings()),
    ]
    assert saved == [n != name for n in FILES]
    assert store.clear_game() == (name != "game.json")
    assert (root / name).read_bytes() == data
    assert snapshot(root).keys() <= before.keys()
    assert store.take_notices() == []  # no CANNOT_SAVE: nothing failed, we chose not to


def test_newer_file_met_first_by_a_save_is_kept(root: Path) -> None:
    data = json.dumps(NEWER["game.json"]).encode()
    (root / "game.json").write_bytes(data)
    store = Store(root)
    assert not store.save_game(SavedGame(sample_game(), 1.0))
    assert not store.clear_game()
    assert (root / "game.json").read_bytes() == data
    assert store.take_notices() == [Notice.NEWER]


# -- a disk that refuses ------------------------------------------------------------


def _refuse(code: int) -> Callable[..., Any]:
    def fail(*args: object, **kwargs: object) -> Any:
        raise OSError(code, os.strerror(code))

    return fail


FAILURES: dict[str, tuple[object, str, int]] = {
    "temp file cannot be made (read-only)": (tempfile, "mkstemp", errno.EROFS),
    "fsync fails (disk full)": (os, "fsync", errno.ENOSPC),
    "rename fails (disk full)": (os, "replace", errno.ENOSPC),
    "rename fails (read-only)": (os, "replace", errno.EROFS),
}


@pytest.mark.parametrize("case", list(FAILURES))
def test_refused_write_records_one_notice_and_keeps_trying(
    root: Path, monkeypatch: pytest.MonkeyPatch, case: str
) -> None:
    target, attr, code = FAILURES[case]
    before = snapshot(root)
    store = Store(root)
    load_all(store)
    game = sample_game()
    game.undo()
    with monkeypatch.context() as m:
        m.setattr(target, attr, _refuse(code))
        assert store.save_game(SavedGame(game, 99.0)) is False
        assert store.save_stats(Stats()) is False
        assert store.save_settings(Settings()) is False
        assert store.save_game(SavedGame(game, 100.0)) is False
        assert store.take_notices() == [Notice.CANNOT_SAVE]
    assert snapshot(root) == before  # old files intact, no temp files left
    # The disk works again: saving just works, with no new notice.
    assert store.save_game(SavedGame(game, 101.0))
    loaded = Store(root).load_game()
    assert loaded is not None
    assert loaded.elapsed == 101.0
    assert loaded.game.to_dict() == game.to_dict()
    assert store.take_notices() == []


def test_folder_that_cannot_be_created_records_one_notice(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    store = Store(tmp_path / "nope")
    monkeypatch.setattr(Path, "mkdir", _refuse(errno.EROFS))
    assert store.save_settings(Settings()) is False
    assert store.save_game(SavedGame(sample_game(), 0.0)) is False
    assert store.take_notices() == [Notice.CANNOT_SAVE]
    assert not (tmp_path / "nope").exists()


def test_clear_game_refused_records_cannot_save(
    root: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    store = Store(root)
    store.load_game()
    monkeypatch.setattr(Path, "unlink", _refuse(errno.EROFS))
    assert store.clear_game() is False
    assert store.take_notices() == [Notice.CANNOT_SAVE]
    assert (root / "game.json").exists()


@pytest.mark.skipif(
    not hasattr(os, "geteuid") or os.geteuid() == 0,
    reason="root writes through chmod; the monkeypatched cases cover it",
)
def test_real_read_only_folder(root: Path) -> None:
    before = snapshot(root)
    root.chmod(0o500)
    try:
        store = Store(root)
        assert store.load_game() is not None
        assert store.save_stats(Stats()) is False
        assert store.save_game(SavedGame(sample_game(), 5.0)) is False
        assert store.take_notices() == [Notice.CANNOT_SAVE]
    finally:
        root.chmod(0o700)
    assert snapshot(root) == before


def test_store_shared_between_threads_tells_once_and_keeps_files_whole(
    root: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    store = Store(root)
    load_all(store)
    game = sample_game()
    seen: list[Notice] = []
    real_replace = os.replace
    refusing = threading.Event()

    def replace(src: str, dst: str) -> None:
        if refusing.is_set():
            raise OSError(errno.ENOSPC, "full")
        real_replace(src, dst)

    monkeypatch.setattr(os, "replace", replace)

    def writer(k: int) -> None:
        for i in range(15):
            store.save_game(SavedGame(game, float(k * 100 + i)))
            store.save_stats(sample_stats())

    for phase in ("working", "refusing"):
        if phase == "refusing":
            refusing.set()
        threads = [threading.Thread(target=writer, args=(k,)) for k in range(4)]
        for t in threads:
            t.start()
        while any(t.is_alive() for t in threads):
            seen += store.take_notices()
            time.sleep(0.0005)
        for t in threads:
            t.join()
    seen += store.take_notices()
    assert seen == [Notice.CANNOT_SAVE]
    assert temp_files(root) == []
    loaded = Store(root).load_game()
    assert loaded is not None
    assert loaded.game.to_dict() == game.to_dict()
    assert Store(root).load_stats() == sample_stats()


# -- write_json_atomic ---------------------------------------------------------------


def test_write_json_atomic_replaces_the_file(tmp_path: Path) -> None:
    path = tmp_path / "x.json"
    write_json_atomic(path, {"a": 1})
    write_json_atomic(path, {"a": [2, "é"]}, indent=2)
    assert json.loads(path.read_text(encoding="utf-8")) == {"a": [2, "é"]}
    assert [p.name for p in tmp_path.iterdir()] == ["x.json"]


def test_write_json_atomic_failure_leaves_old_file_and_no_temp(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / "x.json"
    write_json_atomic(path, {"old": True})
    monkeypatch.setattr(os, "replace", _refuse(errno.ENOSPC))
    with pytest.raises(OSError) as info:
        write_json_atomic(path, {"new": True})
    assert info.value.errno == errno.ENOSPC
    assert json.loads(path.read_text()) == {"old": True}
    assert [p.name for p in tmp_path.iterdir()] == ["x.json"]


def test_write_json_atomic_refuses_nan_before_touching_disk(tmp_path: Path) -> None:
    with pytest.raises(ValueError):
        write_json_atomic(tmp_path / "x.json", {"t": float("nan")})
    assert list(tmp_path.iterdir()) == []


def test_stale_temp_files_are_swept_on_first_save(root: Path) -> None:
    old = root / ".game.json.abc123.tmp"
    fresh = root / ".game.json.def456.tmp"
    foreign = root / ".notes.txt.abc.tmp"
    for p in (old, fresh, foreign):
        p.write_bytes(b"partial")
    long_ago = time.time() - 3600
    os.utime(old, (long_ago, long_ago))
    os.utime(foreign, (long_ago, long_ago))
    assert Store(root).save_settings(Settings())
    assert not old.exists()
    assert fresh.exists()  # perhaps another instance writing right now
    assert foreign.exists()  # not ours


def test_the_sweep_takes_the_temporary_files_of_each_file_and_nothing_else(root: Path) -> None:
    ours = [root / f".{name}.x1.tmp" for name in (GAME_FILE, STATS_FILE, SETTINGS_FILE)]
    ours.append(root / f".{GAME_FILE}..tmp")  # the random part may be empty
    kept = [
        root / f".{GAME_FILE}.tmp",  # too short to be ".<file>.<random>.tmp"
        root / f".{GAME_FILE}x.abc.tmp",  # another file's
        root / f".{GAME_FILE}.abc.tmp.bak",
        root / f"{GAME_FILE}.abc.tmp",  # not hidden: not a name we write
    ]
    folder = root / f".{GAME_FILE}.dir.tmp"  # a folder named like one: left alone
    folder.mkdir(parents=True)
    long_ago = time.time() - 3600
    for p in [*ours, *kept]:
        p.write_bytes(b"partial")
        os.utime(p, (long_ago, long_ago))
    assert Store(root).save_settings(Settings())
    assert [p.name for p in ours if p.exists()] == []
    assert [p.name for p in kept if not p.exists()] == []
    assert folder.is_dir()


# -- the rest --------------------------------------------------------------------------


def test_default_data_dir_is_platformdirs_user_data(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    if not sys.platform.startswith("linux"):
        pytest.skip("XDG_DATA_HOME is honoured on Linux only")
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "xdg"))
    assert default_data_dir() == tmp_path / "xdg" / "Crescent"
    assert not (tmp_path / "xdg").exists()


def test_importing_the_pure_modules_loads_no_pygame_nor_platformdirs() -> None:
    code = (
        "import sys, crescent.play.storage, crescent.play.stats, crescent.play.settings\n"
        "bad = [m for m in ('pygame', 'platformdirs') if m in sys.modules]\n"
        "assert not bad, bad\n"
    )
    subprocess.run([sys.executable, "-c", code], cwd=REPO, check=True, env=child_env())


def test_notices_are_given_once_even_across_kinds(
    root: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    (root / "settings.json").write_bytes(b"junk")
    (root / "stats.json").write_text(json.dumps(NEWER["stats.json"]))
    store = Store(root)
    load_all(store)
    with monkeypatch.context() as m:
        m.setattr(os, "replace", _refuse(errno.ENOSPC))
        store.save_game(SavedGame(sample_game(), 1.0))
        store.save_game(SavedGame(sample_game(), 2.0))
    assert store.take_notices() == [Notice.NEWER, Notice.CORRUPT, Notice.CANNOT_SAVE]
    (root / "game.json").write_bytes(b"junk again")
    assert Store(root).load_game() is None  # a new session tells again...
    assert store.load_game() is None  # ...this one already told
    assert store.take_notices() == []
    assert storage.FORMAT == 1


# -- crash safety ------------------------------------------------------------------------


def _load_helper() -> ModuleType:
    spec = importlib.util.spec_from_file_location("helpers_crashsave", HELPER)
    assert spec is not None
    assert spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def _positions(helper: ModuleType, seed: int, steps: int) -> Iterator[tuple[int, str]]:
    for saved in helper.positions(seed, steps):
        yield int(saved.elapsed), json.dumps(saved.game.to_dict(), sort_keys=True)


KILLS = 200
STEPS = 1_000_000  # far more than a child reaches before it is killed


def test_killed_while_saving_the_file_holds_a_real_recent_position(tmp_path: Path) -> None:
    """Kill a saving process at random instants; the file must always be a position
    the game passed through, no older than the last save that returned."""
    helper = _load_helper()
    rng = random.Random(20261130)
    reached: list[int] = []
    torn = 0  # kills that left a temporary file: caught in the middle of a write
    for run in range(KILLS):
        folder = tmp_path / f"run{run}"
        seed = 1000 + run
        child = spawn_ready(HELPER, str(folder), str(seed), str(STEPS))
        # Let the child reach a random step (so the kills spread over many steps however
        # loaded the machine is), then kill it at a random instant of the next save or so.
        target = rng.randrange(0, 60)
        started = time.monotonic()
        seen: list[bytes] = []
        assert child.stdout is not None
        while len(seen) < target:
            line = child.stdout.readline()
            seen.append(line)
            if not line or line == b"failed\n":
                break  # the child ended early: the checks below say why
        per_step = (time.monotonic() - started) / target if target else 0.002
        time.sleep(rng.uniform(0.0, 2 * per_step))
        child.kill()
        out, err = drain(child)
        lines = b"".join([*seen, out]).decode().split()
        assert "failed" not in lines, err
        acked = int(lines[-1]) if lines else 0

        temps = temp_files(folder)
        assert len(temps) <= 1
        torn += len(temps)
        store = Store(folder)
        loaded = store.load_game()
        assert store.take_notices() == []
        if loaded is None:
            assert acked == 0, f"run {run}: step {acked} was saved, the file is gone"
            assert not (folder / "game.json").exists()
            reached.append(0)
            continue
        step = int(loaded.elapsed)
        assert loaded.elapsed == step >= 1
        # The last save that returned, or the one after it (renamed, not yet reported).
        assert acked <= step <= acked + 1, f"run {run}: file at step {step}, acked {acked}"
        expected = dict(_positions(helper, seed, step))[step]
        assert json.dumps(loaded.game.to_dict(), sort_keys=True) == expected
        assert loaded.idle_abandoned == (step % 7 == 0)
        reached.append(step)
    # The kills landed at many different moments, most of them after some saves. (How many
    # steps a child reaches in 60 ms depends on the machine's load: a busy machine reaches fewer.)
    assert sum(1 for s in reached if s > 0) > KILLS // 2
    assert len(set(reached)) > 5
    print(f"crash test: {KILLS} kills, steps reached up to {max(reached)}, {torn} mid-write")
