"""A finished game's replay (issue 30 item 6): its steps as positions, undos shown as
played, the levels game across its levels, the playback's clock, and the line it shares
that ``--code … --play …`` takes."""

from __future__ import annotations

import shlex
from pathlib import Path

import pytest

from crescent.__main__ import parse_args
from crescent.game_main import _start_and_play
from crescent.kiosk.core import RECORDED_CODE, RECORDED_LINE
from crescent.play import queries
from crescent.play.history import Result
from crescent.play.replay import (
    CHECKPOINT,
    SPEEDS,
    STEP_S,
    Playback,
    Replay,
    ReplayError,
    StepKind,
    step_at,
)
from crescent.play.session import Session
from crescent.play.settings import Settings
from crescent.play.storage import Store, replay
from crescent.rules.engine import Game
from crescent.rules.modes import End
from tests.helpers_cli import run_main


def _same(a: Game, b: Game) -> bool:
    return (a.piles, a.foundations, a.down, a.redeals_left, a.level, a.moves) == (
        b.piles,
        b.foundations,
        b.down,
        b.redeals_left,
        b.level,
        b.moves,
    )


def _logged(code: str, tokens: list[str]) -> Session:
    """A session (no folder) that played ``tokens`` (``U``: an undo) from ``code``."""
    s = Session(None, Settings(), background_saves=False)
    s.start(code=code)
    for token in tokens:
        if token == "U":
            assert s.undo()
        else:
            s.apply(token)
    return s


def _won_with_undos() -> list[str]:
    """The recorded winning line, with two moves undone and played again, an undo
    refused after the redeal (not logged) and a move undone for good then replayed."""
    line = list(RECORDED_LINE)
    r = line.index("R")
    return [*line[:10], "U", "U", *line[8:r], "R", *line[r + 1 :]]


def _played(session: Session) -> str:
    [game] = session.read(queries.last_games, 1)
    return session.read(queries.game_log, game.id)


def test_position_zero_is_the_deal_and_each_later_one_the_engine_after_that_many_steps() -> None:
    tokens = _won_with_undos()
    played = _played(_logged(RECORDED_CODE, tokens))
    assert played.split() == tokens
    rep = Replay.from_log(RECORDED_CODE, played)
    assert len(rep) == len(tokens) > 3 * CHECKPOINT
    assert _same(rep.position(0), Game.from_code(RECORDED_CODE))
    for i in range(len(tokens) + 1):
        assert _same(rep.position(i), replay(RECORDED_CODE, tokens[:i])), i
    assert rep.final.is_won
    assert _same(rep.position(len(rep)), rep.final)


def test_undos_are_shown_as_played_a_step_each() -> None:
    tokens = _won_with_undos()
    rep = Replay.from_log(RECORDED_CODE, " ".join(tokens))
    kinds = [s.kind for s in rep.steps]
    assert kinds[10:12] == [StepKind.UNDO, StepKind.UNDO]
    assert kinds.count(StepKind.REDEAL) == 1
    # The second undo takes back move 9: the table is the one after 8 moves, and the
    # step names the card it carried back.
    assert _same(rep.position(12), replay(RECORDED_CODE, tokens[:8]))
    undo = rep.steps[11]
    assert undo.move is not None
    assert str(undo.move) == tokens[8]
    assert undo.card == rep.position(9).top(undo.move.dst)
    assert rep.net_moves == len(RECORDED_LINE) - 1  # 149 moves and the redeal


def test_a_jump_is_clamped_to_the_deal_and_the_last_step() -> None:
    rep = Replay.from_log(RECORDED_CODE, " ".join(RECORDED_LINE))
    assert _same(rep.position(-5), rep.position(0))
    assert _same(rep.position(10**6), rep.final)
    # Each position is a copy: changing one changes no other.
    shown = rep.position(3)
    shown.piles[0].clear()
    assert rep.position(3).piles[0]


@pytest.mark.parametrize(
    ("code", "played", "says"),
    [
        ("CR1-N-AAAAAA", "P1-P2", "bad code"),
        (RECORDED_CODE, "U", "nothing to undo"),
        (RECORDED_CODE, "P9-F2 XYZ", "step 2"),
        (RECORDED_CODE, "P1-P1", "step 1"),
        (RECORDED_CODE, "S", "step 1"),
        (RECORDED_CODE, "R R R R", "step 4"),
    ],
)
def test_a_log_that_does_not_play_back_is_refused(code: str, played: str, says: str) -> None:
    with pytest.raises(ReplayError, match=says):
        Replay.from_log(code, played)


def test_the_shared_line_leaves_the_undone_moves_out_and_ends_on_the_same_table() -> None:
    rep = Replay.from_log(RECORDED_CODE, " ".join(_won_with_undos()))
    net = rep.net_line()
    assert "U" not in net
    assert net == list(RECORDED_LINE)
    assert _same(replay(RECORDED_CODE, net), rep.final)
    # An undo for good (not played again): the move is gone from the line.
    tokens = [*RECORDED_LINE[:5], "U", "U"]
    rep = Replay.from_log(RECORDED_CODE, " ".join(tokens))
    assert rep.net_line() == list(RECORDED_LINE[:3])
    assert _same(replay(RECORDED_CODE, rep.net_line()), rep.final)
    assert Replay.from_log(RECORDED_CODE, "").share_line() == f"--code {RECORDED_CODE}"


def test_the_shared_line_is_one_command_line_that_plays_the_game_to_its_win(
    tmp_path: Path,
) -> None:
    rep = Replay.from_log(RECORDED_CODE, " ".join(_won_with_undos()))
    line = rep.share_line()
    assert "\n" not in line
    args = shlex.split(line)
    assert args[:2] == ["--code", RECORDED_CODE]
    r = run_main([*args, "--frames", "2", "--data-dir", str(tmp_path)], tmp_path)
    assert r.returncode == 0, r.stderr
    store = Store(tmp_path, read_only=True)
    [game] = store.read(queries.last_games, 1)
    assert (game.code, game.result, game.moves) == (RECORDED_CODE, Result.WON, rep.net_moves)


LEVELS_WON = Path(__file__).resolve().parents[1] / "data" / "levels-won-line.txt"
"""A levels game's code and a line that wins its four levels (the solver's, level by level)."""


def _levels_line() -> tuple[str, list[str]]:
    code, line = LEVELS_WON.read_text(encoding="utf-8").split("\n", 1)
    return code, line.split()


def test_a_levels_game_plays_back_across_its_levels_each_deal_a_step() -> None:
    code, line = _levels_line()
    assert replay(code, line).status == "won"
    # An undo in level 2, as played.
    first = next(i for i in range(len(line)) if replay(code, line[:i]).level == 2)
    tokens = [*line[: first + 2], "U", *line[first + 1 :]]
    session = _logged(code, tokens)
    assert session.outcome is not None
    assert session.outcome.status is End.WON
    [row] = session.read(queries.last_games, 1)
    played = session.read(queries.game_log, row.id)
    assert played.split() == tokens  # the history keeps every level's steps in one line
    rep = Replay.from_log(row.code, played)
    levels = [s for s in rep.steps if s.kind is StepKind.LEVEL]
    assert [s.level for s in levels] == [2, 3, 4]
    assert rep.final.is_won
    assert rep.final.level == 4
    assert rep.net_moves == row.moves
    i = rep.steps.index(levels[0]) + 1
    dealt, shown = Game.deal(rep.final.number, "L", level=2), rep.position(i)
    assert (shown.piles, shown.level, shown.moves) == (dealt.piles, 2, 0)
    assert shown.redeals_left == rep.position(i - 1).redeals_left  # shuffles carried on
    # Its line replays to the win through the command line's own path.
    config = parse_args(shlex.split(rep.share_line()))
    fresh = Session(None, Settings(), background_saves=False)
    assert _start_and_play(config, fresh) is None
    assert fresh.outcome is not None
    assert fresh.outcome.status is End.WON


# -- the playback ----------------------------------------------------------------------


def test_play_steps_once_an_interval_at_each_speed_and_stops_at_the_end() -> None:
    for speed in SPEEDS:
        pb = Playback(10, speed=speed)
        pb.toggle()
        assert pb.playing
        assert pb.due_in() == pytest.approx(STEP_S / speed)
        assert pb.update(STEP_S / speed * 0.99) == 0
        assert pb.update(STEP_S / speed * 0.02) == 1
        assert pb.at == 1
        assert pb.update(STEP_S / speed * 3) == 3
        assert pb.at == 4
        assert pb.update(1000.0) == 6
        assert (pb.at, pb.playing, pb.due_in()) == (10, False, None)
        assert pb.update(1.0) == 0


def test_play_at_the_end_starts_again_from_the_deal_and_an_empty_replay_never_plays() -> None:
    pb = Playback(5, at=5)
    pb.toggle()
    assert (pb.at, pb.playing) == (0, True)
    pb.toggle()
    assert not pb.playing
    empty = Playback(0)
    empty.toggle()
    assert not empty.playing


def test_a_step_or_a_jump_pauses_and_stays_within_the_replay() -> None:
    pb = Playback(5)
    pb.back()
    assert pb.at == 0
    pb.toggle()
    pb.forward()
    assert (pb.at, pb.playing) == (1, False)
    pb.jump(99)
    assert pb.at == 5
    pb.forward()
    assert pb.at == 5
    pb.jump(-3)
    assert pb.at == 0
    pb.toggle()
    pb.jump(2)
    assert (pb.at, pb.playing) == (2, False)
    assert pb.update(10.0) == 0


def test_the_speed_goes_up_and_down_within_its_choices_and_cycles() -> None:
    pb = Playback(5)
    assert pb.speed == 1.0
    for _ in range(5):
        pb.faster()
    assert pb.speed == max(SPEEDS)
    for _ in range(5):
        pb.slower()
    assert pb.speed == min(SPEEDS)
    seen = []
    for _ in range(len(SPEEDS)):
        pb.cycle_speed()
        seen.append(pb.speed)
    assert seen == [*SPEEDS[1:], SPEEDS[0]]
    # A faster speed while playing: the next step is no later than its interval.
    pb.speed = 0.5
    pb.toggle()
    pb.cycle_speed()
    assert pb.due_in() == pytest.approx(STEP_S / 1.0)


def test_a_scrub_bar_position_is_a_step_within_bounds() -> None:
    assert step_at(100, 100, 400, 80) == 0
    assert step_at(500, 100, 400, 80) == 80
    assert step_at(300, 100, 400, 80) == 40
    assert step_at(-50, 100, 400, 80) == 0
    assert step_at(9000, 100, 400, 80) == 80
    assert step_at(300, 100, 0, 80) == 0
    assert step_at(300, 100, 400, 0) == 0
