"""crescent.game_main: where the card pictures are kept, and the old copy in the data folder."""

from __future__ import annotations

from pathlib import Path

import platformdirs
import pytest

from crescent import game_main
from crescent.solver import core
from crescent.solver.build import compiled


def test_card_pictures_are_kept_in_the_folder_the_environment_names(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv(game_main.CACHE_ENV, str(tmp_path))
    assert game_main.art_cache_dir() == tmp_path / "cards"


def test_card_pictures_are_kept_in_the_platforms_cache_folder_by_default(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.delenv(game_main.CACHE_ENV)
    cache = Path(platformdirs.user_cache_dir("Crescent"))
    assert game_main.art_cache_dir() == cache / "cards"  # only named: nothing is written


def test_the_tests_never_keep_card_pictures_in_the_users_cache() -> None:
    user = Path(platformdirs.user_cache_dir("Crescent"))
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
    assert game_main.self_check() == 0
    out = capsys.readouterr().out
    # With the search core, "Still winnable?" searches in a thread; pure, in a worker.
    said = (
        "(compiled) won {}, here and in a thread"
        if compiled()
        else "(pure) won {}, here and in a worker"
    )
    assert f"the solver {said.format(game_main.SELF_CHECK_DEAL)}" in out


def test_the_self_check_without_the_core_uses_the_worker_process(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(core, "CORE", None)
    assert game_main.self_check() == 0
    out = capsys.readouterr().out
    assert f"the solver (pure) won {game_main.SELF_CHECK_DEAL}, here and in a worker" in out


@pytest.mark.slow
def test_the_self_check_fails_when_the_solver_does_not_win(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(game_main, "SELF_CHECK_DEAL", "CR1-N-AAAAAAB")  # unknown at 20,000
    assert game_main.self_check() == game_main.EXIT_FATAL
    assert "the solver did not win CR1-N-AAAAAAB" in capsys.readouterr().err
