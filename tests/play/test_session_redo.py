"""Redo through the session: saved at once, logged as the move itself (so a replay of
the log needs no redo step), kept across a resume, refused once the game is recorded."""

from __future__ import annotations

from pathlib import Path

from crescent.play.session import Session
from crescent.play.storage import Store, replay

CODE = "CR1-N-AAAAAAB"


def session(tmp_path: Path) -> Session:
    return Session(Store(tmp_path), background_saves=False)


def test_redo_is_saved_logged_as_a_move_and_resumed(tmp_path: Path) -> None:
    s = session(tmp_path)
    s.start(code=CODE)
    for move in ("P1-P11", "P2-F7", "P3-P7"):
        s.play_text(move)
    assert s.undo()
    assert s.undo()
    assert s.redo()
    assert s.played == ["P1-P11", "P2-F7", "P3-P7", "U", "U", "P2-F7"]
    assert {**replay(CODE, s.played or []).to_dict(), "redo": ["P3-P7"]} == s.game.to_dict()
    s.close()

    again = session(tmp_path)
    again.start()
    assert again.game.moves == 2
    assert again.game.redo_moves[0].__str__() == "P3-P7"
    assert again.redo()
    assert not again.redo()
    assert again.game.moves == 3
    again.close()


def test_nothing_to_redo_changes_nothing(tmp_path: Path) -> None:
    s = session(tmp_path)
    s.start(code=CODE)
    s.play_text("P1-P11")
    assert not s.redo()
    assert s.played == ["P1-P11"]
    s.close()
