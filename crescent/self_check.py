"""``--self-check``: load every bundled file the game needs and solve a deal, as the
installed build does (a module of its own: a start of the game imports none of this)."""

from __future__ import annotations

import os
import sys
import wave
from collections.abc import Callable, Sized

import pygame

from crescent import resources
from crescent.game_main import EXIT_FATAL
from crescent.i18n.rules_text import Doc, load_rules
from crescent.i18n.translator import load_translator
from crescent.languages import LANGUAGES
from crescent.play.daily import DAILY_POOLS
from crescent.rules import modes
from crescent.rules.cards import card_text
from crescent.rules.engine import Game
from crescent.solver.pools import load_daily, load_fair, load_pool
from crescent.ui.cards import CardArt
from crescent.ui.sound import Cue

SELF_CHECK_DEAL = "CR1-N-AAAAAAG"
"""The deal the self-check solves (won within a few thousand positions)."""


def _count(load: Callable[[str], Sized], name: str) -> int:
    """How many deals the bundled list ``name`` holds (none when it cannot be read)."""
    try:
        return len(load(name))
    except OSError:
        return 0


def self_check() -> int:
    """Load every bundled file the game needs; print what was found. Exit 1 if any fails."""
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    try:
        root = resources.assets_dir()
    except resources.MissingAsset as e:
        print(f"crescent: self-check failed: {e}", file=sys.stderr)
        return EXIT_FATAL
    problems: list[str] = []
    pygame.display.init()
    pygame.font.init()
    try:
        checked = (
            _check_cards(problems) + _check_texts(problems) + _check_sounds_and_pools(problems)
        )
    except (OSError, ValueError, EOFError, pygame.error, wave.Error) as e:
        problems.append(f"{type(e).__name__}: {e}")
        checked = 0
    finally:
        pygame.quit()
    solver = _check_solver(problems)
    if problems:
        print(f"crescent: self-check failed ({root}): " + "; ".join(problems), file=sys.stderr)
        return EXIT_FATAL
    print(f"self-check ok: {checked} bundled files loaded from {root}")
    print(f"self-check ok: {solver}")
    return 0


def _check_solver(problems: list[str]) -> str:
    """Solve a deal with the solver as bundled (the search core compiled, or pure: which
    is said), in this process and where "Still winnable?" searches: in a thread beside
    the game with the core, else in its worker process (a frozen executable must start
    it as a worker, not as a second game)."""
    # Imported here: the game loads the search with the first hint (PERFORMANCE.md).
    from crescent.solver import core
    from crescent.solver.build import compiled
    from crescent.solver.portfolio import Outcome, solve
    from crescent.solver.watch import SearchProcess, Verdict, Watch, judge

    game = Game.from_code(SELF_CHECK_DEAL)
    result = solve(game, budget_s=30, max_nodes=20_000)
    if result.outcome is not Outcome.WON:
        problems.append(f"the solver did not win {SELF_CHECK_DEAL}")
    found: Watch | None
    if core.supports(game):
        found, where = judge(game, budget_s=30), "in a thread"
    else:
        worker = SearchProcess(max_bytes=None)
        try:
            found, where = worker.judge(game, 30), "in a worker"
        finally:
            worker.close()
    if found is None or found.verdict is not Verdict.WINNABLE:
        problems.append(f"the watcher's search ({where}) did not win {SELF_CHECK_DEAL}: {found}")
    build = "compiled" if compiled() else "pure"
    return f"the solver ({build}) won {SELF_CHECK_DEAL}, here and {where}"


def _check_cards(problems: list[str]) -> int:
    """Draw every card face and the back; how many files were checked."""
    art = CardArt()
    problems.extend(
        f"card {card_text(c)}" for c in range(52) if art.face(c, (60, 84)).get_size() != (60, 84)
    )
    art.back((60, 84))
    return 53


def _check_texts(problems: list[str]) -> int:
    """Load every catalog, font and rules text; how many files were checked."""
    checked = 0
    for lang in LANGUAGES:
        tr = load_translator(lang)
        if lang != "en" and tr.lang != lang:
            problems.append(f"catalog {lang}")
        for bold in (False, True):
            pygame.font.Font(str(resources.path(tr.font_asset(bold))), 20).render(
                tr("Undo"), True, (0, 0, 0)
            )
            checked += 1
    for lang in LANGUAGES:
        for doc in Doc:
            if not load_rules(doc, lang):
                problems.append(f"rules {doc.value}-{lang}")
            checked += 1
    return checked


def _check_sounds_and_pools(problems: list[str]) -> int:
    """Read every sound, pool of winnable deals and list of fair deals; how many files
    were checked."""
    checked = 0
    for cue in Cue:
        with wave.open(str(resources.path(f"sounds/{cue.value}.wav"))) as w:
            if w.getnframes() == 0:
                problems.append(f"sound {cue.value}")
        checked += 1
    lists: list[tuple[str, Callable[[str], Sized], list[str], int]] = [
        ("winnable pool", load_pool, list(modes.POOLS), 1000),
        ("daily pool", load_daily, [daily.name for daily in DAILY_POOLS], 1000),
        ("fair deals", load_fair, list(modes.FAIRS), 100),
    ]
    for what, load, names, least in lists:
        for name in names:
            if _count(load, name) < least:
                problems.append(f"{what} {name}")
            checked += 1
    return checked
