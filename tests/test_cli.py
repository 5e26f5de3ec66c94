"""The command line, run as the player runs it: ``python main.py [options]``.

Bad options or values print exactly one line on stderr and exit with code 2,
never a traceback; good ones run the game (headless here) and exit 0.
"""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from crescent.__main__ import EXIT_USAGE, parse_args
from crescent.play.storage import Store
from tests.helpers_cli import run_main
from tests.helpers_crashsave import saved_dict

ROOT = Path(__file__).resolve().parent.parent


def run(
    args: list[str], data_dir: Path, *, timeout: float = 120
) -> subprocess.CompletedProcess[str]:
    return run_main([*args, "--data-dir", str(data_dir)], data_dir, timeout=timeout)


BAD = [
    (["--size", "12"], "--size"),
    (["--size", "100x100"], "--size"),
    (["--size", "1280x"], "--size"),
    (["--size"], "--size"),
    (["--frames", "0"], "--frames"),
    (["--frames", "x"], "--frames"),
    (["--frames", "-3"], "--frames"),
    (["--variant", "X"], "--variant"),
    (["--lang", "xx"], "--lang"),
    (["--code", "CR2-N-AAAAAAB"], "CR2"),
    (["--code", "CR1-N-AAAAAA"], "--code"),
    (["--code", "CR1-N-AAAAAAB", "--variant", "N"], "--variant"),
    (["--dpi", "nan"], "--dpi"),
    (["--bogus"], "--bogus"),
    (["extra"], "extra"),
    (["--size", "-5x3"], "negative"),
    (["--size", "1280x" + "9" * 5000], "out of range"),
    (["--size", "１２８０x800"], "digits 0-9"),
    (["--frames", "１"], "--frames"),
    (["--frames", "9" * 5000], "--frames"),
    (["--dpi", "９６"], "--dpi"),
    (["--dpi", "-96"], "--dpi"),
    (["--lang", "x" * 5000], "--lang"),
    (["--code", "CR1-N-" + "A" * 5000], "--code"),
    (["--config", ""], "--config"),
    (["--screenshot", ""], "--screenshot"),
    (["--screenshot", "."], "folder"),
    (["--screenshot", "no/such/folder/x.png"], "folder does not exist"),
]


@pytest.mark.parametrize(("args", "mentions"), BAD, ids=[" ".join(a) for a, _ in BAD])
def test_a_bad_option_prints_one_line_and_exits_2(
    args: list[str], mentions: str, tmp_path: Path
) -> None:
    r = run(args, tmp_path)
    assert r.returncode == EXIT_USAGE
    lines = r.stderr.splitlines()
    assert len(lines) == 1, r.stderr
    assert lines[0].startswith("crescent: ")
    assert mentions in lines[0]
    assert len(lines[0]) < 200  # a long value is never echoed whole
    assert "Traceback" not in r.stderr + r.stdout
    assert not (tmp_path / "crescent.db").exists()  # nothing was started


def _folder_bytes(root: Path) -> dict[str, bytes | None]:
    """Every entry under ``root``: a file's bytes, None for a folder."""
    return {
        str(p.relative_to(root)): (p.read_bytes() if p.is_file() else None)
        for p in sorted(root.rglob("*"))
    }


@pytest.mark.parametrize(
    ("data_dir", "mentions"),
    [
        ("", "empty"),
        ("afile", "not a folder"),
        ("afile/under/it", "under a file"),
        (os.devnull, "not a folder"),
    ],
)
def test_an_unusable_data_dir_prints_one_line_and_exits_2(
    tmp_path: Path, data_dir: str, mentions: str
) -> None:
    (tmp_path / "afile").write_text("mine\n")
    before = _folder_bytes(tmp_path)
    r = run_main(["--data-dir", data_dir, "--frames", "2"], tmp_path)
    assert r.returncode == EXIT_USAGE, r.stderr
    [line] = r.stderr.splitlines()
    assert line.startswith("crescent: --data-dir")
    assert mentions in line
    assert _folder_bytes(tmp_path) == before  # nothing written in the current folder either


def _hostile_target(tmp_path: Path, kind: str) -> list[str]:
    """The options of one hostile ``--screenshot`` or ``--data-dir`` (issue 43)."""
    long_name = "n" * 300
    if kind == "fifo":
        os.mkfifo(tmp_path / "x.png")  # opened to write, it waited for a reader for ever
        return ["--screenshot", str(tmp_path / "x.png")]
    if kind == "dev-full":  # failed at the save, once the data folder had been changed
        (tmp_path / "full.png").symlink_to("/dev/full")
        return ["--screenshot", str(tmp_path / "full.png"), "--data-dir", str(tmp_path / "d")]
    if kind == "txt":  # got a Targa picture
        return ["--screenshot", str(tmp_path / "x.txt")]
    if kind == "long-screenshot":
        return ["--screenshot", str(tmp_path / f"{long_name}.png")]
    if kind == "long-data-dir":
        return ["--data-dir", str(tmp_path / long_name)]
    return ["--data-dir", str(tmp_path / ("d" * 5000))]


@pytest.mark.parametrize(
    ("kind", "mentions"),
    [
        ("fifo", "not a regular file"),
        ("dev-full", "not a regular file"),
        ("txt", "not a .png name"),
        ("long-screenshot", "cannot be written"),
        ("long-data-dir", "cannot be a folder"),
        ("huge-data-dir", "cannot be a folder"),
    ],
)
def test_a_hostile_screenshot_or_data_dir_is_refused_in_one_line(
    tmp_path: Path, kind: str, mentions: str
) -> None:
    args = _hostile_target(tmp_path, kind)
    before = _folder_bytes(tmp_path)
    r = run_main([*args, "--frames", "2"], tmp_path, timeout=60)
    assert r.returncode == EXIT_USAGE, r.stderr
    [line] = r.stderr.splitlines()
    assert mentions in line
    assert len(line) < 200
    assert _folder_bytes(tmp_path) == before  # nothing changed, no data folder made


def test_a_screenshot_is_written_whole_as_png(tmp_path: Path) -> None:
    out = tmp_path / "Shot.PNG"
    r = run_main(["--screenshot", str(out), "--size", "800x600"], tmp_path)
    assert r.returncode == 0, r.stderr
    assert out.read_bytes().startswith(b"\x89PNG\r\n\x1a\n")
    assert sorted(p.name for p in tmp_path.iterdir()) == ["Shot.PNG"]  # no temporary left


def test_play_with_an_illegal_move_stops_with_the_reason(tmp_path: Path) -> None:
    # P1-P11 is legal in this deal; P1-P2 then is not (2H onto a club).
    r = run(["--code", "CR1-N-AAAAAAB", "--play", "P1-P11 P1-P2", "--frames", "2"], tmp_path)
    assert r.returncode == EXIT_USAGE
    [line] = r.stderr.splitlines()
    assert "step 2" in line
    assert "P1-P2" in line
    assert line.endswith("refused: Must be the same suit")


def test_play_with_a_redeal_too_many_says_no_redeals_left(tmp_path: Path) -> None:
    r = run(["--code", "CR1-N-AAAAAAB", "--play", "R R R R", "--frames", "2"], tmp_path)
    assert r.returncode == EXIT_USAGE
    [line] = r.stderr.splitlines()
    assert "step 4" in line
    assert line.endswith("refused: No redeals left")


def test_play_with_text_that_is_not_a_move_says_what_is_wrong(tmp_path: Path) -> None:
    r = run(["--code", "CR1-N-AAAAAAB", "--play", "P1-P11 P99-F1", "--frames", "2"], tmp_path)
    assert r.returncode == EXIT_USAGE
    [line] = r.stderr.splitlines()
    assert "step 2" in line
    assert "P99" in line
    assert "Traceback" not in r.stderr


def test_play_completing_level_one_leaves_a_saved_game_at_level_two(tmp_path: Path) -> None:
    from crescent.rules.engine import Game
    from crescent.solver.portfolio import solve

    result = solve(Game.from_code("CR1-L-LEVELSA"), budget_s=30)
    assert result.outcome == "won"
    line = result.line
    shuffles = line.count("S")
    r = run(["--code", "CR1-L-LEVELSA", "--play", " ".join(line), "--frames", "2"], tmp_path)
    assert r.returncode == 0, r.stderr
    raw = saved_dict(tmp_path)
    assert (raw["level"], raw["time_left"], raw["hints_left"]) == (2, 720.0, 3)
    assert raw["shuffles_left"] == 5 - shuffles
    saved = Store(tmp_path).load_game()
    assert saved is not None
    assert saved.levels is not None
    assert saved.game.level == 2
    assert saved.game.moves == 0
    assert saved.game.piles == Game.deal(saved.game.number, "L", level=2).piles
    assert saved.levels.done[0].time_left == 900.0


def test_play_with_a_sixth_shuffle_is_refused(tmp_path: Path) -> None:
    r = run(["--code", "CR1-L-LEVELSA", "--play", "S S S S S S", "--frames", "2"], tmp_path)
    assert r.returncode == EXIT_USAGE
    [line] = r.stderr.splitlines()
    assert "step 6" in line
    assert line.endswith("refused: No shuffles left")


@pytest.mark.parametrize(
    ("lang", "play", "said"),
    [
        ("en", "P1-P2", "refused: Must be the same suit"),
        ("fr", "P1-P2", "refused: Doit être de la même enseigne"),
        ("en", "P1-F4", "refused: This foundation takes the 2 of clubs next"),
        ("en", "P1-F8", "refused: This foundation takes the Queen of clubs next"),
        ("nl", "P1-F4", "refused: Volgende kaart van dit fundament: klaveren 2"),
        ("ja", "P1-F4", "refused: この組み札の次はクラブの2です"),
    ],
)
def test_a_refused_play_says_the_tables_sentence_in_the_language(
    tmp_path: Path, lang: str, play: str, said: str
) -> None:
    """Issue 46 items 10 and 12: the sentence the table shows, not "WRONG_SUIT"; a
    foundation's refusal names the card it takes next (5C is on P1, AC on F4, KC on F8)."""
    r = run(["--code", "CR1-N-AAAAAAC", "--play", play, "--frames", "1", "--lang", lang], tmp_path)
    assert r.returncode == EXIT_USAGE
    [line] = r.stderr.splitlines()
    assert line == f"crescent: --play step 1 ('{play}') {said}"


def test_frames_runs_the_window_and_exits_0(tmp_path: Path) -> None:
    r = run(["--code", "CR1-N-AAAAAAB", "--frames", "30"], tmp_path)
    assert r.returncode == 0, r.stderr
    assert r.stderr == ""
    saved = Store(tmp_path).load_game()
    assert saved is not None
    assert saved.game.code == "CR1-N-AAAAAAB"


def test_play_then_frames_saves_the_position_played(tmp_path: Path) -> None:
    r = run(
        ["--code", "cr1-n-aaaaaab ", "--play", "P1-P11 R", "--frames", "2", "--lang", "fr"],
        tmp_path,
    )
    assert r.returncode == 0, r.stderr
    saved = Store(tmp_path).load_game()
    assert saved is not None
    assert saved.game.code == "CR1-N-AAAAAAB"
    assert saved.game.moves == 1
    assert saved.game.redeals_left == 2


def test_help_exits_0_and_lists_the_options(tmp_path: Path) -> None:
    r = run(["--help"], tmp_path)
    assert r.returncode == 0
    assert r.stderr == ""
    for option in ("--code", "--size", "--play", "--screenshot", "--frames", "--data-dir"):
        assert option in r.stdout


def test_parse_args_builds_one_config() -> None:
    config = parse_args(["--size", "1024X768", "--frames", "5", "--play", "P1-P11  R", "--new"])
    assert config.size == (1024, 768)
    assert config.frames == 5
    assert config.play == ["P1-P11", "R"]
    assert config.new
    assert config.code is None


def _played_folder(root: Path) -> None:
    """A data folder in use: a game with a move, statistics, settings, a corrupt extra."""
    r = run(["--code", "CR1-N-AAAAAAB", "--play", "P1-P11", "--frames", "1"], root)
    assert r.returncode == 0, r.stderr
    (root / "stats.json").write_text('{"format": 1, "variants": {"N": {"played": 3}}}')
    (root / "settings.json").write_text("not json")  # would be set aside by a real start


@pytest.mark.parametrize(
    "args",
    [
        ["--code", "CR1-N-AAAAAAC", "--play", "P1-P11 P1-P2"],  # refused at step 2
        ["--play", "P2-F7 P99-F1"],  # resume, then a token that is no move
        ["--new", "--play", "R R R R"],  # a new deal, then a redeal too many
        # a new random deal: P1-F1 may be legal in it, a move onto its own pile never is
        ["--variant", "F", "--play", "P1-F1 P1-P1"],
    ],
)
def test_a_refused_play_leaves_the_data_folder_byte_identical(
    tmp_path: Path, args: list[str]
) -> None:
    data = tmp_path / "data"
    data.mkdir()
    _played_folder(data)
    before = _folder_bytes(data)
    assert "crescent.db" in before
    assert "crescent.log" not in before
    r = run([*args, "--frames", "1"], data)
    assert r.returncode == EXIT_USAGE, r.stderr
    [line] = r.stderr.splitlines()
    assert "--play step" in line
    assert _folder_bytes(data) == before


def test_a_refused_play_does_not_create_the_data_folder(tmp_path: Path) -> None:
    r = run_main(["--data-dir", "new", "--play", "P99-F1", "--frames", "1"], tmp_path)
    assert r.returncode == EXIT_USAGE
    assert not (tmp_path / "new").exists()


def test_an_accepted_play_is_then_played_on_the_same_deal(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The line is tried first on a copy; the real game deals the same new game."""
    from crescent import game_main

    dealt: list[tuple[str, str]] = []
    try_out = game_main._start_and_play

    def spy(config: object, session: Any) -> str | None:
        refused = try_out(config, session)  # type: ignore[arg-type]
        dealt.append((session.game.code, session.game_id))
        return refused

    monkeypatch.setattr(game_main, "_start_and_play", spy)
    monkeypatch.setattr(game_main, "_run_window", lambda *a: 0)
    for args in (["--new", "--play", "R"], ["--variant", "F", "--play", "R"]):
        dealt.clear()
        config = parse_args([*args, "--data-dir", str(tmp_path)])
        assert game_main._run(config, Store(tmp_path)) == 0
        (probe_code, probe_id), (real_code, real_id) = dealt
        assert probe_code == real_code
        assert probe_id != real_id


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no FIFOs here")
def test_a_fifo_named_like_the_log_never_blocks(tmp_path: Path) -> None:
    os.mkfifo(tmp_path / "crescent.log")
    code = (
        "import sys; from pathlib import Path; from crescent import logs;"
        "logs.setup(Path(sys.argv[1])); logs.get().warning('hello'); print('went on')"
    )
    try:
        r = subprocess.run(
            [sys.executable, "-c", code, str(tmp_path)],
            cwd=ROOT,
            capture_output=True,
            text=True,
            timeout=30,
        )
    except subprocess.TimeoutExpired:
        os.close(os.open(tmp_path / "crescent.log", os.O_RDONLY | os.O_NONBLOCK))
        pytest.fail("logging blocked on a FIFO")
    assert r.stdout == "went on\n"
    assert r.stderr == "crescent: the log file cannot be written\n"


def test_version_prints_the_version_the_package_was_built_with() -> None:
    """`--version`: one line, exit 0 (setuptools-scm's version from the git tag)."""
    out = subprocess.run(
        [sys.executable, str(ROOT / "main.py"), "--version"],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert out.returncode == 0
    # A build from the checkout (another test's) may write a newer crescent/_version.py
    # meanwhile: the form is checked, not one version.
    assert re.fullmatch(r"crescent [0-9]+\.[0-9]+\.[0-9]+\S*\n", out.stdout), out.stdout


def test_sources_never_built_say_the_same_version_as_setuptools_scm_without_git() -> None:
    """crescent/__init__.py's fallback is pyproject.toml's fallback_version."""
    import tomllib

    config = tomllib.loads((ROOT / "pyproject.toml").read_text())
    fallback = config["tool"]["setuptools_scm"]["fallback_version"]
    assert f'__version__ = "{fallback}"' in (ROOT / "crescent" / "__init__.py").read_text()
