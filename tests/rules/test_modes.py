"""The registry of modes: one place for every game's differences and code letter."""

from __future__ import annotations

import io
import tokenize
from pathlib import Path

import pytest

from crescent.i18n import text as T
from crescent.rules import modes
from crescent.rules.deal import InvalidCode, make_code, parse_code
from crescent.rules.engine import Game
from crescent.rules.modes import CRESCENT_FOUR, FACE_DOWN, MODES, STANDARD, End, HudItem, Mode
from crescent.rules.ruleset import Rules

REPO = Path(__file__).resolve().parents[2]


def test_registry_is_unique_and_looked_up_by_letter_and_key() -> None:
    assert len({m.letter for m in MODES}) == len(MODES)
    assert len({m.key for m in MODES}) == len(MODES)
    assert len({m.stats_key for m in MODES}) == len(MODES)
    for m in MODES:
        assert modes.by_letter(m.letter) is m
        assert modes.by_key(m.key) is m
    assert tuple(m.letter for m in MODES) == modes.LETTERS
    assert modes.DEFAULT is STANDARD
    for bad in ("X", "", "NF", "n", None):
        with pytest.raises(ValueError, match="unknown"):
            modes.by_letter(bad)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="unknown mode"):
        modes.by_key("nope")


def test_the_three_standard_games() -> None:
    """The rules each code letter always dealt (codes and saves are forever)."""
    assert STANDARD.rules_for_level(1) == Rules(redeals=3)
    assert CRESCENT_FOUR.rules_for_level(1) == Rules(redeals=4)
    assert FACE_DOWN.rules_for_level(1) == Rules(redeals=3, face_down=True)
    for m in (STANDARD, CRESCENT_FOUR, FACE_DOWN):
        assert m.levels == 1
        assert m.time_limit(1) is None
        assert not m.counts_down(1)
        assert m.hints_per_level is None
        assert m.ends == frozenset({End.WON, End.BLOCKED})
        assert m.hud[0] is HudItem.TIME
        assert HudItem.REDEAL in m.hud
        assert m.stats_key == m.letter  # stats.json keeps its keys
        assert Game.deal(1, m.letter).rules == m.rules_for_level(1)
        assert Game.deal(1, m.letter).mode is m
        assert parse_code(make_code(m.letter, 5)) == (m.letter, 5)
    # Face-down deals have the standard cards, so they share its winnable pool.
    assert FACE_DOWN.pool == STANDARD.pool != CRESCENT_FOUR.pool
    assert set(modes.POOLS) == {STANDARD.pool, CRESCENT_FOUR.pool}
    assert STANDARD.redeals == 3
    assert CRESCENT_FOUR.redeals == 4


def test_a_mode_with_levels_is_data() -> None:
    """What the levels game will declare: per-level rules, countdowns, budgets."""
    levels = Mode(
        key="levels_test",
        letter="Q",
        summary="test",
        level_rules=(
            *[Rules(redeals=5, redeal="shuffle", empty_piles_accept=True)] * 3,
            Rules(redeals=5, redeal="shuffle"),
        ),
        time_limits=(900, 720, 600, 480),
        redeals_span_levels=True,
        hints_per_level=3,
        hud=(HudItem.TIME, HudItem.REDEAL, HudItem.HINT),
        ends=frozenset({End.WON, End.BLOCKED, End.TIME_UP}),
        stats_key="levels",
    )
    assert levels.levels == 4
    assert levels.rules_for_level(2).empty_piles_accept
    assert not levels.rules_for_level(4).empty_piles_accept
    assert levels.time_limit(4) == 480
    assert levels.counts_down(1)
    assert levels.with_time_limits((60, 60, 60, 60)).time_limit(2) == 60
    assert levels.shows(HudItem.HINT)
    assert not levels.shows(HudItem.MOVES)
    for bad_level in (0, 5):
        with pytest.raises(ValueError, match=r"levels 1\.\.4"):
            levels.rules_for_level(bad_level)
    with pytest.raises(ValueError, match="one time limit per level"):
        levels.replace(time_limits=(60,))
    with pytest.raises(ValueError, match="same each level"):
        levels.replace(level_rules=(Rules(redeals=5), Rules(redeals=4), Rules(), Rules()))
    with pytest.raises(ValueError, match="one letter"):
        STANDARD.replace(letter="NN")


def test_unknown_letters_are_refused_everywhere() -> None:
    with pytest.raises(InvalidCode) as e:
        Game.deal(1, "X")
    assert e.value.fault == "variant"
    with pytest.raises(InvalidCode):
        Game.new("X")
    with pytest.raises(InvalidCode):
        make_code("X", 1)
    with pytest.raises(InvalidCode, match=r"use N \(standard\), F \(Crescent Four\)"):
        parse_code("CR1-X-AAAAAAB")


def test_every_mode_has_a_player_facing_name() -> None:
    assert set(T.MODE_NAMES) == {m.key for m in MODES}


# -- no variant letter outside the registry ------------------------------------------

ALLOWED = {
    "crescent/rules/modes.py",  # the registry
}


def _variant_strings(path: Path, root: Path = REPO) -> list[str]:
    """String literals in ``path`` that spell a mode letter, or a run of them ("NF")."""
    letters = set(modes.LETTERS)
    found = []
    tokens = tokenize.generate_tokens(io.StringIO(path.read_text(encoding="utf-8")).readline)
    for tok in tokens:
        if tok.type != tokenize.STRING:
            continue
        body = tok.string.lstrip("rRbBuU")
        if body[:1] not in ("'", '"') or body.startswith(('"""', "'''")):
            continue  # f-strings, docstrings and other long texts
        value = body[1:-1]
        if value and set(value) <= letters:
            found.append(f"{path.relative_to(root)}:{tok.start[0]}: {tok.string}")
    return found


def test_no_module_outside_the_registry_spells_a_variant_letter() -> None:
    files = sorted((REPO / "crescent").rglob("*.py")) + sorted((REPO / "benchmarks").rglob("*.py"))
    assert len(files) > 30
    found = [
        hit for f in files if str(f.relative_to(REPO)) not in ALLOWED for hit in _variant_strings(f)
    ]
    assert found == [], "variant letters belong to crescent/rules/modes.py:\n" + "\n".join(found)


def test_the_letter_grep_finds_what_it_looks_for(tmp_path: Path) -> None:
    probe = tmp_path / "probe.py"
    probe.write_text('a = "N"\nb = \'F\'\nc = "NFD"\nd = "No"\ne = f"{a}"\n"""N"""\n')
    hits = [h.split(": ", 1)[1] for h in _variant_strings(probe, tmp_path)]
    assert hits == ['"N"', "'F'", '"NFD"']
