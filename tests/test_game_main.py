"""crescent.game_main: where the card pictures are kept, the old copy in the data folder, and
a second start on a folder another Crescent holds."""

from __future__ import annotations

import sys
from pathlib import Path

import platformdirs
import pygame
import pytest

from crescent import game_main, self_check
from crescent.kiosk.config import KioskConfig
from crescent.options import Config
from crescent.play.storage import FolderBusy, Store
from crescent.solver import core
from crescent.solver.build import compiled
from crescent.ui.window import message_box


def test_card_pictures_are_kept_in_the_folder_the_environment_names(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv(game_main.CACHE_ENV, str(tmp_path))
    assert game_main.art_cache_dir() == tmp_path / "cards"


def test_card_pictures_are_kept_in_the_platforms_cache_folder_by_default(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.delenv(game_main.CACHE_ENV)
    cache = Path(platformdirs.user_cache_dir("Crescent", appauthor=False))
    assert game_main.art_cache_dir() == cache / "cards"  # only named: nothing is written


def test_the_tests_never_keep_card_pictures_in_the_users_cache() -> None:
    user = Path(platformdirs.user_cache_dir("Crescent", appauthor=False))
    assert not game_main.art_cache_dir().is_relative_to(user)


def test_the_old_card_pictures_in_the_data_folder_are_removed(tmp_path: Path) -> None:
    old = tmp_path / "cache" / "cards" / "71x99"
    old.mkdir(parents=True)
    (old / "AS.rgba").write_bytes(b"x" * 100)
    (tmp_path / "game.json").write_text("{}")
    game_main._remove_old_art_cache(tmp_path)
    assert not (tmp_path / "cache").exists()
    assert (tmp_path / "game.json").read_text() == "{}"


def test_only_the_card_pictures_go_from_the_data_folders_cache(tmp_path: Path) -> None:
    (tmp_path / "cache" / "cards").mkdir(parents=True)
    (tmp_path / "cache" / "notes.txt").write_text("mine")
    game_main._remove_old_art_cache(tmp_path)
    assert not (tmp_path / "cache" / "cards").exists()
    assert (tmp_path / "cache" / "notes.txt").read_text() == "mine"
    game_main._remove_old_art_cache(tmp_path)  # nothing there: nothing happens
    game_main._remove_old_art_cache(tmp_path / "missing")


@pytest.mark.slow
def test_the_self_check_solves_a_deal_and_says_which_solver_build_runs(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert self_check.self_check() == 0
    out = capsys.readouterr().out
    # With the search core, "Still winnable?" searches in a thread; pure, in a worker.
    said = (
        "(compiled) won {}, here and in a thread"
        if compiled()
        else "(pure) won {}, here and in a worker"
    )
    assert f"the solver {said.format(self_check.SELF_CHECK_DEAL)}" in out


def test_the_self_check_without_the_core_uses_the_worker_process(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(core, "CORE", None)
    assert self_check.self_check() == 0
    out = capsys.readouterr().out
    assert f"the solver (pure) won {self_check.SELF_CHECK_DEAL}, here and in a worker" in out


@pytest.mark.slow
def test_the_self_check_fails_when_the_solver_does_not_win(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(self_check, "SELF_CHECK_DEAL", "CR1-N-AAAAAAB")  # unknown at 20,000
    assert self_check.self_check() == game_main.EXIT_FATAL
    assert "the solver did not win CR1-N-AAAAAAB" in capsys.readouterr().err


def test_the_self_check_fails_without_the_levels_games_fair_deals(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    problems: list[str] = []
    assert self_check._check_sounds_and_pools(problems) > 0
    assert problems == []  # the shipped list is read
    monkeypatch.setattr(self_check, "load_fair", lambda name: [1, 2])
    self_check._check_sounds_and_pools(problems)
    assert problems == ["fair deals L"]


def test_on_windows_the_cache_is_not_under_a_doubled_crescent(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """platformdirs names the app's author folder on Windows unless told not to:
    %LOCALAPPDATA%\\Crescent\\Crescent\\Cache. Windows' own class, its folder look-up faked."""
    from platformdirs import windows

    local = "C:\\Users\\p\\AppData\\Local"
    monkeypatch.setattr(windows, "get_win_folder", lambda _csidl: local)
    monkeypatch.setattr(platformdirs, "PlatformDirs", windows.Windows)
    monkeypatch.delenv(game_main.CACHE_ENV)
    cache = str(game_main.art_cache_dir()).replace("/", "\\")
    assert cache == local + "\\Crescent\\Cache\\cards"


def _busy(config: Config, monkeypatch: pytest.MonkeyPatch, terminal: bool) -> list[str]:
    """Run the game on a folder another process holds (Store.open raising as the lock
    does); the texts of the message boxes shown."""
    shown: list[str] = []

    def fake_box(title: str, text: str, message_type: str = "info") -> int:
        shown.append(f"{title}: {text} ({message_type})")
        return 0

    def busy_open(store: Store) -> None:
        raise FolderBusy(f"another Crescent is using the data folder {store.root}")

    monkeypatch.setattr(pygame.display, "message_box", fake_box)
    monkeypatch.setattr(Store, "open", busy_open)
    monkeypatch.delenv("SDL_VIDEODRIVER", raising=False)
    monkeypatch.setattr(sys.stderr, "isatty", lambda: terminal)
    assert game_main.run(config) == game_main.EXIT_USAGE
    return shown


def test_a_desktop_start_on_a_busy_folder_says_so_in_a_window(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    shown = _busy(Config(data_dir=tmp_path), monkeypatch, terminal=False)
    assert shown == [
        f"Crescent: another Crescent is using the data folder {tmp_path}: this one closes."
        " Play on in its window. (error)"
    ]
    assert capsys.readouterr().err.count("\n") == 1


def test_a_start_from_a_terminal_on_a_busy_folder_says_it_in_one_line_only(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    assert _busy(Config(data_dir=tmp_path), monkeypatch, terminal=True) == []
    err = capsys.readouterr().err
    assert err == f"crescent: another Crescent is using the data folder {tmp_path}\n"


def test_a_kiosk_on_a_busy_folder_shows_no_window(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Its supervisor reads the log; nobody is there to press OK."""
    config = Config(data_dir=tmp_path, kiosk=True, kiosk_config=KioskConfig())
    assert _busy(config, monkeypatch, terminal=False) == []


def test_no_window_under_a_headless_driver(monkeypatch: pytest.MonkeyPatch) -> None:
    def fail(*_args: object, **_kw: object) -> int:
        raise AssertionError("a message box under the dummy driver")

    monkeypatch.setattr(pygame.display, "message_box", fail)
    monkeypatch.setenv("SDL_VIDEODRIVER", "dummy")
    assert not message_box("Crescent", "text")
