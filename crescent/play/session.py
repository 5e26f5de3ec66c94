"""One player's session: the current game, its clock, statistics and autosave.

Pure (no pygame): the UI and the kiosk drive it, tests drive it directly.

* The clock counts from the first move and only while the session is told
  time passes (the UI stops it while the window is minimised or unfocused).
* Every move, undo and redeal is saved (through a background writer, so a
  slow disk never stalls a frame); quitting flushes the last save.
* Every game gets a unique id when it is dealt, saved with it. A won or
  blocked game is recorded in the statistics once per id; a game left for a
  new one with moves played counts as played, not won.
* The end of a game is one ordered job (the won game, then the statistics
  with the game's id, then no saved game; for a loss, the statistics then the
  next game), so a kill at any instant never loses a result nor counts one
  twice: on the next start a saved game whose id the statistics already hold
  is not counted again, nor resumed.
* A game of levels (the levels game, :mod:`crescent.play.levels`): the session
  counts each level's time down, moves on to the next level when one is
  complete (``outcome.status == "level"`` until play goes on), and ends the
  game when time runs out (``"time_up"``), when the player is stuck with no
  shuffle left (``"blocked"``, recorded at once) or when level 4 is complete
  (``"won"``). Three hints a level: :meth:`Session.hint_used`.
"""

from __future__ import annotations

import contextlib
import random
import threading
from collections.abc import Callable, Sequence
from dataclasses import replace
from typing import TYPE_CHECKING, Any, Final

from crescent.play.daily import DAILY_VARIANT, daily_code, daily_day
from crescent.play.levels import LevelsState, has_levels, timed
from crescent.play.settings import Settings
from crescent.play.stats import MAX_SECONDS, Stats
from crescent.play.storage import Notice, SavedGame, Store, new_game_id
from crescent.rules.engine import Game, IllegalMove, Move, Reason, Redeal, parse_step
from crescent.rules.modes import End, Mode

if TYPE_CHECKING:
    from datetime import date

    from crescent.play.summary import WinSummary


def win_id(game: Game, elapsed: float) -> str:
    """How version 1 named a won game (``Stats.last_win``), before games had ids.

    Only read for a won game saved without an id: every win of one deal played
    the same way has the same one, so it cannot tell two such wins apart.
    """
    return f"{game.code}/{game.moves}/{elapsed:.3f}"


def _local_today() -> date:
    """Today's date, local (datetime is imported when a date is first asked for: a start
    shows no date before its first frame, and the import costs it 1.5 ms)."""
    from datetime import date

    return date.today()


class SaveWriter:
    """Writes the latest snapshot of each file in a background thread.

    Only the newest pending write per file matters; ``flush`` waits until the
    disk has what was last given.
    """

    def __init__(self) -> None:
        self._pending: dict[str, Callable[[], object]] = {}
        self._lock = threading.Lock()
        self._wake = threading.Event()
        self._idle = threading.Event()
        self._idle.set()
        self._thread: threading.Thread | None = None
        self._held = False

    def hold(self) -> None:
        """Keep what is submitted until :meth:`release` (the newest write of each file):
        a game's start-up saves its deal after its first frame, not during it."""
        self._held = True

    def release(self) -> None:
        """Write what was kept, and from now on each write as it comes."""
        self._held = False
        with self._lock:
            waiting = bool(self._pending)
        if waiting:
            self._start()

    def submit(self, key: str, write: Callable[[], object]) -> None:
        with self._lock:
            # The newest write of a file replaces a pending one and goes last, so
            # writes reach the disk in the order they were asked for.
            self._pending.pop(key, None)
            self._pending[key] = write
            self._idle.clear()
        if not self._held:
            self._start()

    def _start(self) -> None:
        if self._thread is None:
            self._thread = threading.Thread(target=self._run, name="crescent-save", daemon=True)
            self._thread.start()
        self._wake.set()

    def _run(self) -> None:
        while True:
            self._wake.wait()
            self._wake.clear()
            while True:
                with self._lock:
                    if not self._pending:
                        self._idle.set()
                        break
                    key = next(iter(self._pending))
                    write = self._pending.pop(key)
                # A failed save must never kill the game; the Store records a notice.
                with contextlib.suppress(Exception):
                    write()

    def flush(self, timeout: float = 5.0) -> bool:
        self.release()
        return self._idle.wait(timeout)


LEVEL_COMPLETE: Final = End.LEVEL
"""The outcome of a completed level that is not the last (the game goes on)."""
TIME_UP: Final = End.TIME_UP


class GameOver(ValueError):
    """Levels game: a move or shuffle asked after the game ended (time ran out...)."""


class Outcome:
    """What a finished game came to, once."""

    __slots__ = ("moves", "seconds", "status")

    def __init__(self, status: End, seconds: float, moves: int) -> None:
        self.status = status
        self.seconds = seconds
        self.moves = moves

    @property
    def final(self) -> bool:
        """The game is over (a completed level is not)."""
        return self.status is not LEVEL_COMPLETE


class Session:
    """The game being played and everything that must outlive it."""

    def __init__(
        self,
        store: Store | None,
        settings: Settings | None = None,
        *,
        rng: random.Random | None = None,
        pool: Callable[[str], Sequence[int]] | None = None,
        background_saves: bool = True,
        lost: Callable[[str], list[int]] | None = None,
        today: Callable[[], date] | None = None,
    ) -> None:
        self.store = store
        self.settings = settings if settings is not None else Settings()
        self.stats = store.load_stats() if store is not None else Stats()
        self.rng = rng or random.Random()
        self.pool = pool
        self.lost = lost
        """The deals proven lost, by pool: never dealt by "winnable deals only"."""
        self.today = today or _local_today
        """The calendar day (local), for the daily deal."""
        self._daily_numbers: list[int] | None = None
        self._daily_source: Callable[[str], Sequence[int]] | None = None
        self._daily_key: tuple[str, date] | None = None
        self._daily_of: date | None = None
        self.hints_used = 0
        """Hints shown in this game (the win summary tells them)."""
        self.win_summary: WinSummary | None = None
        """What the last win changed; None until a win is recorded in this session."""
        self.level_won: Game | None = None
        """The levels game: the level just completed (its foundations full), kept for the
        win cascade after the next level is dealt; None when none was completed here."""
        self.writer = SaveWriter() if background_saves else None
        self.game = Game.new(self.settings.mode.letter, self.rng)
        self.game_id = new_game_id()
        """This deal of the game: its result is recorded once per id."""
        self.levels: LevelsState | None = self._levels_for(self.game)
        self.elapsed = 0.0
        self.recorded = False
        self.idle_abandoned = False
        self.outcome: Outcome | None = None
        self.changes = 0
        """Bumped on every change of the game, so views know to redraw."""

    # -- starting ------------------------------------------------------------------

    def start(self, *, code: str | None = None, new: bool = False) -> None:
        """Deal ``code``, or resume the saved game, or deal a new one.

        A saved game left for ``code`` or ``new`` counts as abandoned. A saved
        game already recorded (its id is in the statistics: killed after its
        result was saved, before the next game was) is neither counted again
        nor resumed; nor is one left idle on a kiosk.
        """
        wanted = Game.from_code(code) if code is not None else None
        saved = self.store.load_game() if self.store is not None else None
        if saved is not None and (saved.idle_abandoned or self._already_recorded(saved)):
            saved = None
        if saved is not None:
            self._adopt(saved)  # a won game (killed before its statistics) is counted here
            if wanted is None and not new and self.game.status == "playing":
                if saved.game_id is None:
                    self.save()  # a file from before game ids: it gets one now
                return
            self.abandon()  # left for another game, or blocked: recorded once, not resumed
        self._begin(wanted if wanted is not None else self._fresh_game(self.settings.mode))

    def _already_recorded(self, saved: SavedGame) -> bool:
        if saved.game_id is not None:
            return self.stats.was_recorded(saved.game_id)
        # Saved before game ids: a win is known by its old-style id only.
        return saved.game.status == "won" and self.stats.last_win == win_id(
            saved.game, saved.elapsed
        )

    def _adopt(self, saved: SavedGame) -> None:
        """Make the saved game the current one (an old file without id gets one)."""
        self.game = saved.game
        self.levels = saved.levels
        self.game_id = saved.game_id if saved.game_id is not None else new_game_id()
        self.elapsed = saved.elapsed
        self.recorded = False
        self.idle_abandoned = False
        self.outcome = None
        self.changes += 1
        self._check_end()

    @property
    def mode(self) -> Mode:
        """The mode of the game being played (new games follow ``settings.mode``)."""
        return self.game.mode

    def _fresh_game(self, mode: Mode) -> Game:
        """A new deal; with "winnable deals only", one proven winnable (shipped or local
        pool), never one proven lost."""
        if self.settings.winnable_only and mode.pool is not None:
            lost = set(self.lost(mode.pool)) if self.lost is not None else set()
            numbers = list(self.pool(mode.pool)) if self.pool is not None else []
            if self.store is not None:
                numbers += self.store.load_winnable().get(mode.pool, [])
            numbers = [n for n in numbers if n not in lost]
            if numbers:
                return Game.deal(self.rng.choice(numbers), mode.letter)
            game = Game.new(mode.letter, self.rng)
            while game.number in lost:  # no pool: any deal not proven lost
                game = Game.new(mode.letter, self.rng)
            return game
        return Game.new(mode.letter, self.rng)

    def _daily_pool(self) -> list[int]:
        if self._daily_numbers is None or self._daily_source is not self.pool:
            self._daily_source = self.pool
            pool = self.pool(DAILY_VARIANT) if self.pool is not None else []
            self._daily_numbers = sorted(set(pool))
            self._daily_key = None
        return self._daily_numbers

    def daily_code(self) -> str | None:
        """Today's daily deal, or None without a pool of winnable deals."""
        numbers = self._daily_pool()
        return daily_code(self.today(), numbers) if numbers else None

    def daily_day(self, *, load: bool = True) -> date | None:
        """The day whose daily deal is on the table (still counting), else None.

        ``load=False``: None while the pool is not loaded yet (the first frame loads no
        pool; the client loads it just after)."""
        if not load and (self._daily_numbers is None or self._daily_source is not self.pool):
            return None
        numbers = self._daily_pool()
        key = (self.game.code, self.today())
        if key != self._daily_key:
            self._daily_key = key
            self._daily_of = daily_day(key[0], key[1], numbers)
        return self._daily_of

    def proven_winnable(self) -> None:
        """The solver found a win from a position of this game: its deal is winnable."""
        game, mode = self.game, self.mode
        if self.store is None or mode.pool is None or game.rules != mode.rules_for_level(1):
            return
        store, pool, number = self.store, mode.pool, game.number
        self._submit(f"pool-{number}", lambda: store.add_winnable(pool, number))

    def _levels_for(self, game: Game) -> LevelsState | None:
        """A fresh levels state when ``game``'s mode has levels, countdowns or a hint budget."""
        mode = game.mode
        if not has_levels(mode):
            return None
        return LevelsState.fresh(timed(mode, self.settings.level_minutes))

    def _begin(self, game: Game) -> None:
        self.game = game
        self.levels = self._levels_for(game)
        self.game_id = new_game_id()
        self.elapsed = 0.0
        self.recorded = False
        self.idle_abandoned = False
        self.outcome = None
        self.hints_used = 0
        self.win_summary = None
        self.level_won = None
        self.changes += 1
        self.save()

    def new_game(self, mode: Mode | None = None, code: str | None = None) -> None:
        """Leave the current game (recorded as played if moves were made) and deal another."""
        self.abandon()
        if code is not None:
            self._begin(Game.from_code(code))
        else:
            self._begin(self._fresh_game(mode or self.settings.mode))

    def abandon(self) -> None:
        """The player leaves this game: blocked, or with moves played, it counts as a loss.

        A game left idle on a kiosk (``idle_abandoned``) is not counted: its player is gone.
        """
        if self.recorded or self.idle_abandoned:
            return
        if self.stats.was_recorded(self.game_id):
            self.recorded = True
            return
        levels = self.levels
        played = self.game.moves > 0 or (levels is not None and (levels.running or levels.done))
        if self.game.status == "blocked" or (played and self.game.status == "playing"):
            self.stats.record_loss(self.mode.stats_key, self.game_id)
            if levels is not None:
                self.stats.record_levels(self.mode.stats_key, levels.level, None)
            self.recorded = True
            self._save_loss()

    # -- playing -------------------------------------------------------------------

    @property
    def started(self) -> bool:
        """The clock runs from the first move (a game of levels: of the level)."""
        if self.levels is not None:
            return self.levels.running
        return self.game.moves > 0 or self.game.redeals_left < self.game.rules.redeals

    def tick(self, dt: float) -> None:
        if not (self.started and self.game.status == "playing"):
            return
        levels = self.levels
        if levels is not None and self.outcome is not None:
            return  # an end screen is up: the countdown waits
        self.elapsed = min(self.elapsed + dt, MAX_SECONDS)
        if levels is not None and levels.count_down(dt):
            self.outcome = Outcome(TIME_UP, self.elapsed, self._moves())
            self._record_levels_end(won=False)
            self.changes += 1
            self.save()

    def _moves(self) -> int:
        """Moves of the whole game (a game of levels: every level's)."""
        before = self.levels.moves_before if self.levels is not None else 0
        return before + self.game.moves

    # -- games of levels -----------------------------------------------------------

    @property
    def hints_left(self) -> int | None:
        """Hints the player may still ask for at this level; None: no limit."""
        return self.levels.hints_left if self.levels is not None else None

    def hint_used(self) -> None:
        """A hint showed a move: one fewer at this level (a hint that found none is free);
        the win summary counts it."""
        self.hints_used += 1
        if self.levels is not None and self.levels.hints_left and self.levels.use_hint():
            self.changes += 1
            self.save()

    def go_on(self) -> None:
        """Leave the level-complete screen: the next level is played."""
        if self.outcome is not None and not self.outcome.final:
            self.outcome = None
            self.changes += 1

    def _before_change(self) -> None:
        if self.levels is not None:
            self.go_on()
            if self.outcome is not None:
                raise GameOver(f"the game is over ({self.outcome.status})")
            self.levels.running = True

    def _record_levels_end(self, *, won: bool) -> None:
        """A game of levels is over: counted once (per game id), with the level it reached."""
        levels = self.levels
        assert levels is not None
        if self.recorded:
            return
        self.recorded = True
        key = self.mode.stats_key
        if won:
            if not self.stats.was_recorded(self.game_id):
                self.stats.record_win(key, self.elapsed, self._moves(), self.game_id)
                self.stats.record_levels(key, levels.level, levels.total_time_left)
            self._save_win()
        elif not self.stats.was_recorded(self.game_id):
            self.stats.record_loss(key, self.game_id)
            self.stats.record_levels(key, levels.level, None)
            self._save_loss()

    def check(self, move: Move) -> Reason | None:
        return self.game.check(move)

    def play(self, move: Move) -> None:
        """Play a move (IllegalMove if refused, nothing changed), save, record an end."""
        self._before_change()
        self.game.play(move)
        self._changed()

    def play_text(self, text: str) -> None:
        """Play a move written like ``"P10-P14"`` (ValueError if it is not one)."""
        self.play(Move.parse(text))

    def undo(self) -> bool:
        if self.recorded:
            return False  # a won (recorded) game stays won
        if not self.game.undo():
            return False
        self._changed()
        return True

    def redeal(self) -> None:
        """A redeal, or a shuffle in the levels game."""
        self._before_change()
        self.game.redeal()
        self._changed()

    def step(self, step: Move | Redeal) -> None:
        """A move or a redeal/shuffle (a hint's step); levels follow one another."""
        self._before_change()
        self.game.step(step)
        self._changed()

    def apply(self, token: str) -> None:
        """A move, ``"R"`` or (levels game) ``"S"``, as in ``--play``."""
        self.step(parse_step(token))

    def _changed(self) -> None:
        self.changes += 1
        self._check_end()
        self.save()

    def _check_end(self) -> None:
        """A won game is recorded at once. A blocked one is recorded when the
        player leaves it (new game, quit), since the blocked dialog offers to
        undo the last move and play on."""
        if self.levels is not None:
            self._check_level_end()
            return
        status = self.game.status
        if status == "playing":
            self.outcome = None
            return
        if self.outcome is None or self.outcome.status.value != status:
            self.outcome = Outcome(End(status), self.elapsed, self.game.moves)
        if status == "won" and not self.recorded:
            self.recorded = True
            if not self.stats.was_recorded(self.game_id):
                self._record_win()
            self._save_win()

    def _check_level_end(self) -> None:
        """A game of levels: a complete level deals the next one; the game ends won
        after the last, or when stuck with no shuffle left (at once: the seed ends it)."""
        levels = self.levels
        assert levels is not None
        status = self.game.status
        if self.outcome is not None and self.outcome.status == TIME_UP:
            return
        if status == "won":
            if len(levels.done) < levels.level:  # not counted yet (a resumed win is)
                levels.complete_level(self.game.moves)
            self.level_won = self.game
            if self.game.last_level:
                self.outcome = Outcome(End.WON, self.elapsed, self._moves())
                self._record_levels_end(won=True)
            else:
                self.game = self.game.next_level()
                self.outcome = Outcome(LEVEL_COMPLETE, self.elapsed, self._moves())
        elif status == "blocked":
            self.outcome = Outcome(End.BLOCKED, self.elapsed, self._moves())
            self._record_levels_end(won=False)
        elif self.outcome is None or self.outcome.final:
            self.outcome = None

    def _record_win(self) -> None:
        """Count the win (and the daily deal's day), and say what it changed."""
        key = self.mode.stats_key
        before = replace(self.stats.get(key))
        daily_before = replace(self.stats.daily)
        self.stats.record_win(key, self.elapsed, self.game.moves, self.game_id)
        day = self.daily_day()
        daily = day is not None and self.stats.daily.record(day)
        from crescent.play.summary import WinSummary  # a win's (not a start's: 0.5 ms)

        self.win_summary = WinSummary.of(
            self.elapsed,
            self.game.moves,
            self.hints_used,
            before,
            self.stats.get(key),
            daily_before if daily else None,
            self.stats.daily if daily else None,
        )

    # -- saving --------------------------------------------------------------------

    def snapshot(self) -> SavedGame:
        levels = None
        if self.levels is not None:
            levels = replace(self.levels)
            levels.done = list(levels.done)  # completing a level must not change the snapshot
        return SavedGame(self.game.copy(), self.elapsed, self.idle_abandoned, self.game_id, levels)

    def save(self) -> None:
        """Save the game (a finished one is removed: it is not resumed)."""
        store = self.store
        if store is None:
            return
        if self.recorded:
            if self.outcome is None or self.outcome.status is not End.WON:
                self._submit("game", store.clear_game)
            return  # a win's own job saves the stats and clears the game
        snap = self.snapshot()
        self._submit("game", lambda: store.save_game(snap))

    def save_settings(self) -> None:
        store = self.store
        if store is not None:
            snap = Settings(**vars(self.settings))
            self._submit("settings", lambda: store.save_settings(snap))

    def _save_stats(self) -> None:
        store = self.store
        if store is not None:
            snap = Stats.from_dict(self.stats.to_dict())
            self._submit("stats", lambda: store.save_stats(snap))

    def _save_win(self) -> None:
        """One job, in this order: the won game, the statistics, then no saved game.

        A kill at any instant leaves either the game before the winning move with
        the win not yet counted, or the won game (counted or not, as the game ids
        in the statistics tell on the next start), or the win counted and nothing
        to resume.
        """
        store = self.store
        if store is None:
            return
        won = self.snapshot()
        stats = Stats.from_dict(self.stats.to_dict())

        def write() -> None:
            if store.save_game(won) and store.save_stats(stats):
                store.clear_game()

        self._submit(f"end-{self.game_id}", write)  # never replaced by a later save

    def _save_loss(self) -> None:
        """The statistics with the lost game's id, in one job ordered before the next
        game's save: killed in between, the next start finds the lost game's id
        already recorded and neither counts nor resumes it."""
        store = self.store
        if store is not None:
            stats = Stats.from_dict(self.stats.to_dict())
            self._submit(f"end-{self.game_id}", lambda: store.save_stats(stats))

    def reset_stats(self) -> None:
        self.stats.reset()
        self._save_stats()

    def _submit(self, key: str, write: Callable[[], Any]) -> None:
        store = self.store

        def guarded() -> None:
            # A save that fails in an unforeseen way is shown (CANNOT_SAVE), never dropped
            # silently, and never kills the game.
            try:
                write()
            except Exception as e:  # noqa: BLE001 - shown as CANNOT_SAVE, see the comment above
                if store is not None:
                    store.save_failed(key, e)

        if self.writer is None:
            guarded()
        else:
            self.writer.submit(key, guarded)

    def close(self) -> None:
        """Save everything and wait for the disk (on quit)."""
        if self.game.status == "blocked":
            self.abandon()
        self.save()
        if self.writer is not None:
            self.writer.flush()

    def notices(self) -> list[Notice]:
        return self.store.take_notices() if self.store is not None else []


__all__ = [
    "LEVEL_COMPLETE",
    "TIME_UP",
    "GameOver",
    "IllegalMove",
    "Outcome",
    "SaveWriter",
    "Session",
]
