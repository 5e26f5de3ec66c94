"""The session: autosave and resume, statistics recorded once, abandons, the clock."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from crescent.play.history import GameEnd
from crescent.play.session import SaveWriter, Session
from crescent.play.settings import Settings
from crescent.play.storage import SavedGame, Store
from crescent.rules.cards import card_text
from crescent.rules.engine import Game, Move
from tests.helpers_crashsave import saved_dict

ROOT = Path(__file__).resolve().parents[2]
CODE = "CR1-N-AAAAAAB"


def _nearly_won() -> dict[str, object]:
    """All cards home but the King of clubs: one move (P1-F4) wins."""
    asc = [[card_text(s * 13 + r) for r in range(13)] for s in range(4)]
    desc = [[card_text(s * 13 + r) for r in range(12, -1, -1)] for s in range(4)]
    asc[3] = asc[3][:12]
    piles: list[list[str]] = [[] for _ in range(16)]
    piles[0] = ["KC"]
    return {
        "format": 1,
        "code": CODE,
        "variant": "N",
        "piles": piles,
        "foundations": asc + desc,
        "redeals_left": 3,
        "moves": 90,
    }


def _blocked() -> dict[str, object]:
    """No move and no redeal: P1 holds the last 2 clubs under nothing that fits."""
    d = _nearly_won()
    asc = d["foundations"]
    assert isinstance(asc, list)
    asc[3] = asc[3][:11]  # clubs ascending stops at J: Q and K still out
    d["piles"] = [["QC", "KC"]] + [[] for _ in range(15)]
    d["redeals_left"] = 0
    return d


def session(tmp_path: Path, **kw: object) -> Session:
    return Session(Store(tmp_path), background_saves=False, **kw)  # type: ignore[arg-type]


def test_resume_restores_position_counters_history_and_clock(tmp_path: Path) -> None:
    s = session(tmp_path)
    s.start(code=CODE)
    s.play_text("P1-P11")
    s.play_text("P2-F7")
    s.tick(12.5)
    s.redeal()
    s.play_text("P3-P7") if s.game.check(Move.parse("P3-P7")) is None else None
    before = s.game.to_dict()
    s.close()
    again = session(tmp_path)
    again.start()
    assert again.game.to_dict() == before
    assert again.elapsed == 12.5
    assert again.game.can_undo == bool(before["history"])


def test_new_or_code_abandons_the_saved_game_as_played(tmp_path: Path) -> None:
    s = session(tmp_path)
    s.start(code=CODE)
    s.play_text("P1-P11")
    s.close()
    again = session(tmp_path)
    again.start(new=True)
    stats = Store(tmp_path).load_stats().get("N")
    assert (stats.played, stats.won) == (1, 0)


def test_untouched_game_left_is_not_counted(tmp_path: Path) -> None:
    s = session(tmp_path)
    s.start(code=CODE)
    s.new_game()
    assert s.stats.get("N").played == 0


def test_win_is_recorded_once_and_not_resumed(tmp_path: Path) -> None:
    s = session(tmp_path)
    s.game = Game.from_dict(_nearly_won())
    s.tick(1.0)
    s.play_text("P1-F4")
    assert s.game.status == "won"
    assert s.undo() is False
    s.save()
    s.close()
    st = Store(tmp_path).load_stats().get("N")
    assert (st.played, st.won, st.fewest_moves) == (1, 1, 91)
    again = session(tmp_path)
    again.start()
    assert again.game.status == "playing"
    assert again.game.moves == 0
    assert again.stats.get("N").won == 1


def test_blocked_game_recorded_when_left_and_not_resumed(tmp_path: Path) -> None:
    s = session(tmp_path)
    s.game = Game.from_dict(_blocked())
    s._check_end()
    assert s.game.status == "blocked"
    assert s.stats.get("N").played == 0  # the dialog may still undo
    s.save()
    s.close()
    st = Store(tmp_path).load_stats().get("N")
    assert (st.played, st.won) == (1, 0)
    again = session(tmp_path)
    again.start()
    assert again.game.status == "playing"
    assert again.stats.get("N").played == 1


def test_clock_counts_from_first_move_only(tmp_path: Path) -> None:
    s = session(tmp_path)
    s.start(code=CODE)
    s.tick(5.0)
    assert s.elapsed == 0.0
    s.play_text("P1-P11")
    s.tick(2.0)
    assert s.elapsed == 2.0


def test_idle_abandoned_game_is_not_resumed(tmp_path: Path) -> None:
    s = session(tmp_path)
    s.start(code=CODE)
    s.play_text("P1-P11")
    s.idle_abandoned = True
    s.save()
    again = session(tmp_path)
    again.start()
    assert again.game.moves == 0


def test_background_writer_flushes_on_close(tmp_path: Path) -> None:
    s = Session(Store(tmp_path))
    s.start(code=CODE)
    for move in ("P1-P11", "P2-F7"):
        s.play_text(move)
    s.close()
    saved = saved_dict(tmp_path)
    assert saved["game"]["moves"] == 2


def _run_game(tmp_path: Path, *args: str) -> subprocess.CompletedProcess[str]:
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    command = [sys.executable, str(ROOT / "main.py"), "--data-dir", str(tmp_path), "--frames", "5"]
    return subprocess.run(
        [*command, *args],
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
    )


def test_resume_round_trip_through_a_real_second_start(tmp_path: Path) -> None:
    first = _run_game(tmp_path, "--code", CODE, "--play", "P1-P11 P2-F7 R P3-P7")
    assert first.returncode == 0, first.stderr
    saved = saved_dict(tmp_path)
    position = saved["game"]
    assert position["moves"] == 3
    assert position["redeals_left"] == 2
    second = _run_game(tmp_path)
    assert second.returncode == 0, second.stderr
    again = saved_dict(tmp_path)["game"]
    assert again["piles"] == position["piles"]
    assert again["foundations"] == position["foundations"]
    assert (again["moves"], again["redeals_left"], again["history"]) == (
        position["moves"],
        position["redeals_left"],
        position["history"],
    )


def test_winnable_only_draws_from_shipped_and_local_pools(tmp_path: Path) -> None:
    from crescent.play.settings import Settings
    from crescent.rules.modes import CRESCENT_FOUR, FACE_DOWN

    s = Session(
        Store(tmp_path),
        Settings(winnable_only=True),
        pool=lambda v: [7] if v == "N" else [],
        background_saves=False,
    )
    s.start(new=True)
    assert s.game.number == 7
    s.new_game(CRESCENT_FOUR)
    assert s.game.variant == "F"  # no F pool yet: any deal
    s.proven_winnable()
    assert Store(tmp_path).load_winnable() == {"F": [s.game.number]}
    number = s.game.number
    s.new_game(CRESCENT_FOUR)
    assert s.game.number == number
    s.new_game(FACE_DOWN)
    assert s.game.number == 7
    assert s.game.variant == "D"


def test_winnable_only_never_deals_a_deal_proven_lost(tmp_path: Path) -> None:
    import random

    from crescent.play.settings import Settings
    from crescent.rules.modes import CRESCENT_FOUR, STANDARD

    store = Store(tmp_path)
    store.add_winnable("N", 9)
    s = Session(
        store,
        Settings(winnable_only=True),
        pool=lambda v: [7, 8] if v == "N" else [],
        lost=lambda v: [7, 9] if v == "N" else [],
        background_saves=False,
    )
    s.start(new=True)
    for _ in range(20):
        assert s.game.number == 8  # 7 and the local 9 are proven lost
        s.new_game(STANDARD)
    # No pool at all: any deal, but never one proven lost.
    rng = random.Random(5)
    drawn = [Game.new("F", rng).number for _ in range(8)]
    f_lost = drawn[1:6]
    s = Session(
        None,
        Settings(winnable_only=True),
        rng=random.Random(5),
        lost=lambda v: f_lost if v == "F" else [],
        background_saves=False,
    )
    s.new_game(CRESCENT_FOUR)
    assert s.game.number == drawn[6]


def test_bad_local_pool_file_is_set_aside_and_others_untouched(tmp_path: Path) -> None:
    from crescent.play.storage import Notice

    # An earlier version's files: the bad one is set aside, the others imported.
    (tmp_path / "settings.json").write_text(json.dumps(Settings(language="fr").to_dict()))
    settings_bytes = (tmp_path / "settings.json").read_bytes()
    (tmp_path / "winnable.json").write_text('{"format": 1, "pools": {"N": [-3]}}')
    store = Store(tmp_path)
    assert store.load_winnable() == {}
    assert Notice.CORRUPT_FILE in store.take_notices()
    assert list(tmp_path.glob("winnable.json.corrupt-*"))
    assert (tmp_path / "settings.json.imported").read_bytes() == settings_bytes
    assert store.load_settings().language == "fr"
    assert store.add_winnable("N", 12)
    assert store.load_winnable() == {"N": [12]}


def test_a_corrupt_save_is_set_aside_and_the_player_is_told_once(tmp_path: Path) -> None:
    from crescent.i18n import text as T
    from tests.helpers_ui import close_client, make_client

    (tmp_path / "game.json").write_text('{"format": 1, "game": {"piles": [')  # truncated
    (tmp_path / "settings.json").write_text('{"format": 1, "language": "fr"}')
    settings_before = (tmp_path / "settings.json").read_bytes()
    c = make_client(store=Store(tmp_path), lang="fr", code=None)  # type: ignore[arg-type]
    try:
        table = c.app.table
        assert table.banner.text is not None
        assert table.banner.text == c.app.tr(T.NOTICE_CORRUPT_FILE)
        assert list(tmp_path.glob("game.json.corrupt-*"))
        assert (tmp_path / "settings.json.imported").read_bytes() == settings_before
        table.banner.clear()
        c.frames(130)  # the periodic check says nothing new
        assert table.banner.text is None
    finally:
        close_client(c)


def test_settings_chosen_in_the_settings_screen_are_remembered(tmp_path: Path) -> None:
    from crescent.ui.scene import Screen
    from crescent.ui.screens import SettingsScreen
    from tests.helpers_ui import close_client, make_client

    c = make_client(store=Store(tmp_path))
    try:
        c.app.open(Screen.SETTINGS)
        screen = c.app.scenes[-1]
        assert isinstance(screen, SettingsScreen)
        for action in (
            screen.steps["language"],
            screen.steps["interactive_rules"],
            screen.steps["variant"],
            screen.steps["four_colour"],
            screen.steps["winnable_only"],
        ):
            screen.run(action)
        c.frames(2)
    finally:
        close_client(c)
    saved = Store(tmp_path).load_settings()
    assert (saved.language, saved.interactive_rules, saved.variant) == ("fr", False, "F")
    assert saved.four_colour
    assert saved.winnable_only
    # A second start keeps them (and deals the remembered variant).
    again = _run_game(tmp_path, "--new")
    assert again.returncode == 0, again.stderr
    kept = Store(tmp_path).load_settings()
    assert (kept.language, kept.interactive_rules, kept.variant, kept.four_colour) == (
        "fr",
        False,
        "F",
        True,
    )
    assert saved_dict(tmp_path)["game"]["variant"] == "F"


def _won_position() -> Game:
    game = Game.from_dict(_nearly_won())
    game.play_text("P1-F4")
    return game


def test_a_win_killed_before_its_statistics_is_counted_on_the_next_start(
    tmp_path: Path,
) -> None:
    from crescent.play.storage import SavedGame

    # An earlier version wrote the won game, then its process died before the statistics.
    (tmp_path / "game.json").write_text(json.dumps(SavedGame(_won_position(), 33.0).to_dict()))
    s = session(tmp_path)
    s.start()
    assert s.game.status == "playing"
    assert s.game.moves == 0
    s.close()
    st = Store(tmp_path).load_stats().get("N")
    assert (st.played, st.won, st.best_time) == (1, 1, 33.0)
    again = session(tmp_path)
    again.start()
    assert again.stats.get("N").won == 1


def test_a_win_already_counted_in_an_old_file_is_never_counted_twice(tmp_path: Path) -> None:
    """Files of the first version: no game id, the win known by ``last_win``."""
    from crescent.play.legacy import old_win_id

    won = _won_position()
    stats = {
        "format": 1,
        "variants": {
            "N": {
                "played": 1,
                "won": 1,
                "current_streak": 1,
                "best_streak": 1,
                "best_time": 33.0,
                "fewest_moves": won.moves,
                "total_won_time": 33.0,
            }
        },
        "last_win": old_win_id(won, 33.0),
    }
    (tmp_path / "stats.json").write_text(json.dumps(stats))
    old_game = SavedGame(won, 33.0).to_dict()
    assert "id" not in old_game
    (tmp_path / "game.json").write_text(json.dumps(old_game))  # died before the clear
    s = session(tmp_path)
    s.start()
    s.close()
    assert Store(tmp_path).load_stats().get("N").won == 1
    assert saved_dict(tmp_path)["game"]["moves"] == 0


def test_a_new_game_right_after_a_win_never_drops_the_win(tmp_path: Path) -> None:
    s = Session(Store(tmp_path))  # the background writer
    s.game = Game.from_dict(_nearly_won())
    s.play_text("P1-F4")
    s.new_game()
    s.play(s.game.legal_moves()[0])
    s.close()
    assert Store(tmp_path).load_stats().get("N").won == 1
    saved = saved_dict(tmp_path)["game"]
    assert saved["moves"] == 1  # the new game, saved after the win's job


class _KilledBefore(Store):
    """A store whose process "dies" at one write: that write and every later one are lost."""

    def __init__(self, root: Path, dies_at: str) -> None:
        super().__init__(root)
        self.dies_at = dies_at
        self.dead = False

    def _dies(self, what: str) -> bool:
        self.dead = self.dead or what == self.dies_at
        return self.dead

    def save_game(self, saved: SavedGame) -> bool:
        return False if self._dies("game") else super().save_game(saved)

    def end_game(self, end: GameEnd, keep: SavedGame | None = None) -> bool:
        return False if self._dies("end") else super().end_game(end, keep)


def _win_nearly_won(store: Store) -> None:
    s = Session(store, background_saves=False)
    s.start(new=True)
    s.game = Game.from_dict(_nearly_won())
    s.save()
    s.play_text("P1-F4")  # no time passes: elapsed 0, like a --play win
    s.close()


def test_every_game_gets_an_id_when_dealt_kept_in_its_save(tmp_path: Path) -> None:
    s = session(tmp_path)
    s.start(code=CODE)
    first = s.game_id
    s.play(s.game.legal_moves()[0])
    assert saved_dict(tmp_path)["id"] == first
    s.new_game(code=CODE)  # the same deal again is another game
    assert s.game_id != first
    again = session(tmp_path)
    again.start()
    assert again.game_id == s.game_id


def test_two_identical_wins_of_one_deal_both_count_across_a_kill(tmp_path: Path) -> None:
    _win_nearly_won(Store(tmp_path))
    # The same deal won the same way again; killed before its end was written: the winning
    # move was the one in flight, the game resumes before it and is won again.
    _win_nearly_won(_KilledBefore(tmp_path, "end"))
    assert saved_dict(tmp_path)["game"]["moves"] == 90
    s = session(tmp_path)
    s.start()
    s.play_text("P1-F4")
    s.close()
    st = Store(tmp_path).load_stats().get("N")
    assert (st.played, st.won) == (2, 2)
    # Killed after its end: counted once, not resumed.
    _win_nearly_won(_KilledBefore(tmp_path, "after the end"))
    s = session(tmp_path)
    s.start()
    assert s.game.moves == 0
    s.close()
    st = Store(tmp_path).load_stats().get("N")
    assert (st.played, st.won) == (3, 3)


def _saved_with_moves(tmp_path: Path) -> str:
    s = session(tmp_path)
    s.start(code=CODE)
    s.play_text("P1-P11")
    return s.game_id


@pytest.mark.parametrize("then", ["same code", "resume", "new"])
def test_an_abandon_killed_before_the_next_game_is_saved_counts_once(
    tmp_path: Path, then: str
) -> None:
    abandoned = _saved_with_moves(tmp_path)
    s = Session(_KilledBefore(tmp_path, "game"), background_saves=False)
    s.start(code="CR1-N-AAAAAAC")  # counts the abandoned game, dies before saving the new one
    assert Store(tmp_path).load_stats().get("N").played == 1
    assert Store(tmp_path).load_game() is None  # gone with its end, in one transaction
    assert Store(tmp_path).was_recorded(abandoned)
    again = session(tmp_path)
    if then == "same code":
        again.start(code="CR1-N-AAAAAAC")
    else:
        again.start(new=then == "new")
    assert again.game_id != abandoned
    assert again.game.moves == 0
    again.close()
    assert Store(tmp_path).load_stats().get("N").played == 1


def test_an_old_saved_game_without_id_resumes_and_gets_one(tmp_path: Path) -> None:
    from crescent.play.storage import SavedGame

    game = Game.from_code(CODE)
    game.play_text("P1-P11")
    old = SavedGame(game, 4.0).to_dict()  # an earlier version's game.json
    assert "id" not in old
    (tmp_path / "game.json").write_text(json.dumps(old))
    s = session(tmp_path)
    s.start()
    assert (s.game.moves, s.elapsed) == (1, 4.0)
    saved = saved_dict(tmp_path)
    assert saved["id"] == s.game_id
    assert saved["game"]["moves"] == 1
    s.new_game()
    assert Store(tmp_path).load_stats().get("N").played == 1


def test_a_new_game_from_the_code_dialog_killed_midway_counts_the_old_one_once(
    tmp_path: Path,
) -> None:
    store = _KilledBefore(tmp_path, "nothing yet")
    s = Session(store, background_saves=False)
    s.start(code=CODE)
    s.play_text("P1-P11")
    store.dies_at = "game"  # dies after the loss is saved, before the new deal is
    s.new_game(code="CR1-N-AAAAAAC")  # what typing a code in the Code dialog does
    again = session(tmp_path)
    again.start()
    assert again.game.moves == 0  # the abandoned game is not resumed
    again.new_game()
    again.close()
    assert Store(tmp_path).load_stats().get("N").played == 1


def test_the_outcome_is_typed_and_steps_are_typed() -> None:
    from crescent.rules.engine import Redeal
    from crescent.rules.modes import End

    s = Session(None, background_saves=False)
    s.start(code="CR1-N-AAAAAAB")
    s.play_text("P1-P11")
    s.step(Redeal.REDEAL)
    assert s.game.moves == 1
    assert s.game.redeals_left == 2
    for _ in range(2):
        s.redeal()
    while s.game.status == "playing":
        s.play(s.game.legal_moves()[0])
    assert s.outcome is not None
    assert s.outcome.status is End(s.game.status)


def test_the_writer_keeps_the_newest_write_of_each_key_in_order() -> None:
    """A move's save replaces the one waiting before it; ends and saves keep their order."""
    written: list[str] = []
    writer = SaveWriter()
    gate = __import__("threading").Event()
    writer.submit("first", gate.wait)  # holds the thread while the others queue up
    writer.submit("game", lambda: written.append("game 1"))
    writer.submit("end", lambda: written.append("end"))
    writer.submit("game", lambda: written.append("game 2"))
    gate.set()
    assert writer.flush(5.0)
    assert written == ["end", "game 2"]
    writer.submit("game", lambda: written.append("game 3"))
    assert writer.flush(5.0)
    assert written[-1] == "game 3"


def test_closing_a_session_writes_what_its_writer_was_given(tmp_path: Path) -> None:
    """Closed right after its start (SIGTERM, a failed window), nothing is lost."""
    session = Session(Store(tmp_path))
    session.start(code="CR1-N-AAAAAAB")
    session.close()
    saved = Store(tmp_path).load_game()
    assert saved is not None
    assert saved.game.code == "CR1-N-AAAAAAB"


def test_every_notice_has_its_sentence_in_every_language() -> None:
    from crescent.i18n.translator import LANGUAGES, load_translator
    from crescent.play.storage import Notice
    from tests.helpers_ui import close_client, make_client

    c = make_client()
    english: dict[Notice, str] = {}
    try:
        for lang in LANGUAGES:
            c.app.tr = load_translator(lang)
            for kind in Notice:
                c.app.session._db.take_notices = lambda k=kind: [k]  # type: ignore[method-assign,misc]
                c.app.table.banner.clear()
                c.app.show_notices()
                assert c.app.table.banner.text is not None, (lang, kind)
                said = c.app.table.banner.text
                if lang == "en":
                    english[kind] = said
                else:
                    assert said != english[kind], (lang, kind)  # translated
    finally:
        close_client(c)
