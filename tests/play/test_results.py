"""One spelling per kind: a game's result, a search's outcome and a hint's kind are enums
that the history, the schema's check, the metrics and the UI all read."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest

from crescent.i18n import text as T
from crescent.play.database import SCHEMA_1
from crescent.play.history import COUNTED, COUNTED_SQL, Result, past_game, record_end
from crescent.play.storage import Store
from crescent.solver.outcome import HintKind, Outcome

VERSION_1_CHECK = "CHECK (result IN ('won', 'abandoned', 'lost', 'time out', 'idle'))"
"""The check as every file of schema version 1 holds it: a result added later needs a
migration (a new schema version), never a change of SCHEMA_1."""


def test_the_schema_of_version_1_is_the_text_old_files_hold() -> None:
    assert VERSION_1_CHECK in SCHEMA_1
    assert "venue AND result = 'won'" in SCHEMA_1
    assert "venue AND result = 'idle'" in SCHEMA_1
    assert COUNTED_SQL == "('won', 'abandoned', 'lost', 'time out')"


def test_a_database_of_version_1_takes_every_result_and_refuses_others(tmp_path: Path) -> None:
    store = Store(tmp_path)
    store.load_settings()  # makes the file
    store.close()
    conn = sqlite3.connect(tmp_path / "crescent.db")
    try:
        (stored,) = conn.execute("SELECT sql FROM sqlite_master WHERE name = 'games'").fetchone()
        assert VERSION_1_CHECK in stored
        with conn:
            for result in Result:
                record_end(conn, past_game("N", result))
        with pytest.raises(sqlite3.IntegrityError), conn:
            conn.execute("UPDATE games SET result = 'win'")
        counted = conn.execute(f"SELECT count(*) FROM games WHERE result IN {COUNTED_SQL}")
        assert counted.fetchone()[0] == len(COUNTED)
    finally:
        conn.close()


def test_every_counted_result_has_its_words_on_the_statistics_screen() -> None:
    assert set(T.RESULTS) == {r.value for r in COUNTED}


def test_a_hint_says_won_and_lost_as_a_search_does() -> None:
    assert HintKind.WON.value == Outcome.WON.value == Result.WON.value == "won"
    assert HintKind.LOST.value == Outcome.LOST.value == Result.LOST.value == "lost"
    assert "win" not in {k.value for k in HintKind}
