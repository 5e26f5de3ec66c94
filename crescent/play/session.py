"""One player's session: the current game, its clock, its end in the history, autosave.

Pure (no pygame): the UI and the kiosk drive it, tests drive it directly.

* The clock counts from the first move and only while the session is told
  time passes (the UI stops it while the window is minimised or unfocused).
* Every move, undo and redeal is saved (through a background writer, so a
  slow disk never stalls a frame); quitting flushes the last save. The steps
  are logged with the game (:attr:`Session.played`), so a saved position is
  proven to come from its code.
* Every game gets a unique id when it is dealt. Its end (won, blocked, out of
  time, left for a new one with moves played, or a kiosk's visitor gone) is one
  row of the history, written with the removal of the game in progress in one
  transaction (:meth:`crescent.play.storage.Store.end_game`): a kill at any
  instant leaves the game in progress or its end, and ending it again changes
  nothing. The statistics are read from the history (:attr:`Session.stats`).
* A game of levels (the levels game, :mod:`crescent.play.levels`): the session
  counts each level's time down, moves on to the next level when one is
  complete (``outcome.status == "level"`` until play goes on), and ends the
  game when time runs out (``"time_up"``), when the player is stuck with no
  shuffle left (``"blocked"``, recorded at once) or when level 4 is complete
  (``"won"``). Three hints a level: :meth:`Session.hint_used`.
"""

from __future__ import annotations

import dataclasses
import random
import threading
import time
from collections.abc import Callable, Sequence
from datetime import date, timedelta
from typing import TYPE_CHECKING, Any, Final, NamedTuple, TypeVar

from crescent import logs
from crescent.play.daily import GRACE_DAYS, daily_code, daily_day, daily_pool
from crescent.play.history import GameEnd, Result
from crescent.play.levels import LevelsState, has_levels, timed
from crescent.play.settings import Settings
from crescent.play.stats import MAX_SECONDS, Stats
from crescent.play.storage import MAX_LOGGED, UNDO, Notice, SavedGame, Store, new_game_id
from crescent.rules.engine import Game, IllegalMove, Move, Reason, Redeal, parse_step
from crescent.rules.modes import End, Mode

if TYPE_CHECKING:
    from crescent.play.summary import WinSummary


class SaveWriter:
    """Writes the latest snapshot of each key in a background thread.

    Only the newest pending write per key matters (a move's save replaces the
    one before it); writes reach the disk in the order they were asked for;
    ``flush`` waits until the disk has what was last given.
    """

    def __init__(self) -> None:
        self._pending: dict[str, Callable[[], object]] = {}
        self._lock = threading.Lock()
        self._wake = threading.Event()
        self._idle = threading.Event()
        self._idle.set()
        self._thread: threading.Thread | None = None

    def submit(self, key: str, write: Callable[[], object]) -> None:
        with self._lock:
            self._pending.pop(key, None)
            self._pending[key] = write
            self._idle.clear()
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
                write()  # guarded by the session: a failed save never ends this thread

    def flush(self, timeout: float = 5.0) -> bool:
        return self._idle.wait(timeout)


LEVEL_COMPLETE: Final = End.LEVEL
"""The outcome of a completed level that is not the last (the game goes on)."""
TIME_UP: Final = End.TIME_UP


class GameOver(ValueError):
    """Levels game: a move or shuffle asked after the game ended (time ran out...)."""


class Outcome(NamedTuple):
    """What a finished game came to, once."""

    status: End
    seconds: float
    moves: int

    @property
    def final(self) -> bool:
        """The game is over (a completed level is not)."""
        return self.status is not LEVEL_COMPLETE


_T = TypeVar("_T")


def _log() -> Any:
    return logs.get(__name__)


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
        daily: Callable[[str], Sequence[int]] | None = None,
        fair: Callable[[str], Sequence[int]] | None = None,
    ) -> None:
        self.store = store
        self._db = store if store is not None else Store.in_memory()
        """Where the games go: the store, or (without one) a database in memory."""
        self.settings = settings if settings is not None else Settings()
        self.rng = rng or random.Random()
        self.pool, self.fair = pool, fair
        """Shipped lists by name: winnable pools; fair deals (every new game of their mode)."""
        self.lost = lost
        """The deals proven lost, by pool: never dealt by "winnable deals only"."""
        self.today: Callable[[], date] = today or date.today
        """The calendar day (local), for the daily deal and a kiosk's days."""
        self.venue = False
        """A kiosk's session: its games count in the venue's days."""
        self.daily = daily
        """The daily deals' pools by name (:data:`crescent.play.daily.DAILY_POOLS`)."""
        self._daily_pools: dict[str, list[int]] = {}
        self._daily_source: Callable[[str], Sequence[int]] | None = None
        self._daily_key: tuple[str, date] | None = None
        self._daily_of: date | None = None
        self.hints_used = 0
        """Hints shown in this game (the win summary tells them)."""
        self._win: tuple[GameEnd, bool] | None = None
        """The last win of this session (its end, whether it was a daily deal that counted):
        its summary is made from the statistics when asked for."""
        self._summary: WinSummary | None = None
        self._stats: Stats | None = None
        self.level_won: Game | None = None
        """The level just completed here, kept for the win cascade after the next (or None)."""
        self.writer = SaveWriter() if background_saves else None
        self._game = Game.new(self.settings.mode.letter, self.rng)
        self.played: list[str] | None = []
        """Every step of this game since its deal (None: not known, the game was set
        from outside or saved by an earlier version)."""
        self.game_id = new_game_id()
        """This deal of the game: its end is recorded once per id."""
        self.levels: LevelsState | None = self._levels_for(self._game)
        self.elapsed = 0.0
        self.started_at: float | None = None
        self.start_day: str | None = None
        self._game_venue = False
        self._start_known = False
        """The game's first move is behind it (its day is known, or it was never told)."""
        self.recorded = False
        self.idle_abandoned = False
        self.outcome: Outcome | None = None
        self.changes = 0
        """Bumped on every change of the game, so views know to redraw."""

    @property
    def game(self) -> Game:
        return self._game

    @game.setter
    def game(self, game: Game) -> None:
        """A game set from outside (tests, tools): its steps are not known; its next change
        is its first."""
        self._game = game
        self.played = None
        self._start_known = False

    # -- starting ------------------------------------------------------------------

    def start(self, *, code: str | None = None, new: bool = False) -> None:
        """Deal ``code``, or resume the saved game, or deal a new one.

        A saved game left for ``code`` or ``new`` counts as abandoned. A saved game
        already in the history, or left idle on a kiosk, is not resumed.
        """
        wanted = Game.from_code(code) if code is not None else None
        saved = self._db.load_game()
        if saved is not None and (saved.idle_abandoned or self._db.was_recorded(saved.game_id)):
            saved = None
        if saved is not None:
            self._adopt(saved)  # a won game (killed before its end was written) is counted here
            if wanted is None and not new and self._game.status == "playing":
                return
            self.abandon()  # left for another game, or blocked: recorded once, not resumed
        self._begin(wanted if wanted is not None else self._fresh_game(self.settings.mode))

    def _adopt(self, saved: SavedGame) -> None:
        """Make the saved game the current one."""
        self._game = saved.game
        self.played = saved.played
        self.levels = saved.levels
        self.game_id = saved.game_id if saved.game_id is not None else new_game_id()
        self.elapsed = saved.elapsed
        self.hints_used = saved.hints
        self.started_at, self.start_day = saved.started, saved.start_day
        self._game_venue = saved.venue
        # Its start is behind it when its day is known, or when an earlier version's venue
        # file counted it (imported as the venue's, without a day).
        self._start_known = saved.start_day is not None or saved.venue
        self.recorded = False
        self.idle_abandoned = False
        self.outcome = None
        self.changes += 1
        self._check_end()

    @property
    def mode(self) -> Mode:
        """The mode of the game being played (new games follow ``settings.mode``)."""
        return self._game.mode

    def _fresh_game(self, mode: Mode) -> Game:
        """A new deal: of a mode with fair deals, one of them; with "winnable deals only",
        one proven winnable (shipped or local pool), never one proven lost."""
        if mode.fair is not None and self.fair is not None:
            fair = self.fair(mode.fair)
            if fair:
                return Game.deal(self.rng.choice(fair), mode.letter)
        if self.settings.winnable_only and mode.pool is not None:
            lost = set(self.lost(mode.pool)) if self.lost is not None else set()
            numbers = list(self.pool(mode.pool)) if self.pool is not None else []
            numbers += self._db.load_winnable().get(mode.pool, [])
            numbers = [n for n in numbers if n not in lost]
            if numbers:
                return Game.deal(self.rng.choice(numbers), mode.letter)
            game = Game.new(mode.letter, self.rng)
            while game.number in lost:  # no pool: any deal not proven lost
                game = Game.new(mode.letter, self.rng)
            return game
        return Game.new(mode.letter, self.rng)

    def _daily_synced(self) -> None:
        """Forget the pools read and the day found when ``daily`` was replaced."""
        if self._daily_source is not self.daily:
            self._daily_source = self.daily
            self._daily_pools.clear()
            self._daily_key = None

    def _daily_numbers(self, name: str) -> list[int]:
        """The deal numbers of the daily pool ``name``, read once."""
        self._daily_synced()
        numbers = self._daily_pools.get(name)
        if numbers is None:
            numbers = sorted(set(self.daily(name))) if self.daily is not None else []
            self._daily_pools[name] = numbers
        return numbers

    def daily_code(self) -> str | None:
        """Today's daily deal, or None without its pool."""
        today = self.today()
        numbers = self._daily_numbers(daily_pool(today))
        return daily_code(today, numbers) if numbers else None

    def daily_day(self, *, load: bool = True) -> date | None:
        """The day whose daily deal is on the table (still counting), else None.

        ``load=False``: None while the pools are not loaded yet (the first frame loads no
        pool; the client loads them just after)."""
        today = self.today()
        if not load:
            days = (today - timedelta(days=back) for back in range(GRACE_DAYS + 1))
            names = {daily_pool(day) for day in days}
            if self._daily_source is not self.daily or not names <= self._daily_pools.keys():
                return None
        self._daily_synced()
        key = (self._game.code, today)
        if key != self._daily_key:
            self._daily_key = key
            self._daily_of = daily_day(key[0], key[1], self._daily_numbers)
        return self._daily_of

    def proven_winnable(self) -> None:
        """The solver found a win from a position of this game: its deal is winnable."""
        game, mode = self._game, self.mode
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

    def apply_level_times(self) -> bool:
        """Settings' level times changed: a levels game on the table that nothing has been
        played in yet (no move, no shuffle, no level done) takes them at once, its hints
        left as they are; whether it did (False: they count from the next game)."""
        levels = self.levels
        if levels is None or self._played_any() or self.outcome is not None or self.recorded:
            return False
        fresh = self._levels_for(self._game)
        if fresh is None:
            return False
        fresh.hints_left = levels.hints_left
        self.levels = fresh
        self.changes += 1
        self.save()
        return True

    def _begin(self, game: Game) -> None:
        self._game = game
        self.played = []
        self.levels = self._levels_for(game)
        self.game_id = new_game_id()
        self.elapsed = 0.0
        self.started_at = self.start_day = None
        self._game_venue = False
        self._start_known = False
        self.recorded = False
        self.idle_abandoned = False
        self.outcome = None
        self.hints_used = 0
        self._win = self._summary = None
        self.level_won = None
        self.changes += 1
        self.save()

    def new_game(self, mode: Mode | None = None, code: str | None = None) -> None:
        """Leave the current game (recorded as abandoned if moves were made) and deal another."""
        self.abandon()
        if code is not None:
            self._begin(Game.from_code(code))
        else:
            self._begin(self._fresh_game(mode or self.settings.mode))

    def _played_any(self) -> bool:
        levels = self.levels
        return self._game.moves > 0 or (
            levels is not None and (levels.running or bool(levels.done))
        )

    @property
    def leaving_counts(self) -> bool:
        """Leaving this game now would count it as played, not won (moves or levels
        played, not over, not set aside): a new deal or a restart asks first."""
        return (
            not (self.recorded or self.idle_abandoned)
            and self._game.status == "playing"
            and self._played_any()
        )

    def abandon(self) -> None:
        """The player leaves this game: blocked it is lost; with moves played, abandoned.

        A game left idle on a kiosk (``idle_abandoned``) is not counted: its player is gone.
        """
        if self.recorded or self.idle_abandoned:
            return
        status = self._game.status
        if status == "blocked":
            self._end(Result.LOST)
        elif self._played_any() and status == "playing":
            self._end(Result.ABANDONED)

    def leave_to_idle(self) -> None:
        """A kiosk's visitor walked away: the game is set aside (not resumed, not the
        player's statistics); played, the venue counts it as left to the idle timer."""
        if self.recorded:
            return
        self.idle_abandoned = True
        if self._start_known and self._played_any() and self._game.status != "won":
            self._end(Result.IDLE, keep=True)
        else:
            self.save()

    # -- playing -------------------------------------------------------------------

    @property
    def started(self) -> bool:
        """The clock runs from the first move (a game of levels: of the level)."""
        if self.levels is not None:
            return self.levels.running
        return self._game.moves > 0 or self._game.redeals_left < self._game.rules.redeals

    def tick(self, dt: float) -> None:
        if not (self.started and self._game.status == "playing"):
            return
        levels = self.levels
        if levels is not None and self.outcome is not None:
            return  # an end screen is up: the countdown waits
        self.elapsed = min(self.elapsed + dt, MAX_SECONDS)
        if levels is not None and levels.count_down(dt):
            self.outcome = Outcome(TIME_UP, self.elapsed, self._moves())
            self._record_levels_end(won=False)
            self.changes += 1

    def _moves(self) -> int:
        """Moves of the whole game (a game of levels: every level's; the last level, once
        completed, is counted in ``moves_before`` already)."""
        levels = self.levels
        if levels is None:
            return self._game.moves
        if len(levels.done) >= levels.level:
            return levels.moves_before
        return levels.moves_before + self._game.moves

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
        if self.recorded:
            return
        if won:
            self._record_win()
        else:
            timed_out = self.outcome is not None and self.outcome.status == TIME_UP
            self._end(Result.TIME_OUT if timed_out else Result.LOST)

    def check(self, move: Move) -> Reason | None:
        return self._game.check(move)

    def play(self, move: Move) -> None:
        """Play a move (IllegalMove if refused, nothing changed), save, record an end."""
        self._before_change()
        self._game.play(move)
        self._changed(str(move))

    def play_text(self, text: str) -> None:
        """Play a move written like ``"P10-P14"`` (ValueError if it is not one)."""
        self.play(Move.parse(text))

    def undo(self) -> bool:
        if self.recorded:
            return False  # a won (recorded) game stays won
        if not self._game.undo():
            return False
        self._changed(UNDO)
        return True

    def redo(self) -> bool:
        """Play again the last move undone; logged as the move itself, so a replay of
        the log needs no redo step."""
        if self.recorded or not self._game.can_redo:
            return False
        self._before_change()
        move = self._game.redo()
        if move is None:
            return False
        self._changed(str(move))
        return True

    def redeal(self) -> None:
        """A redeal, or a shuffle in the levels game."""
        self._before_change()
        token = self._game.redeal_token
        self._game.redeal()
        self._changed(token)

    def step(self, step: Move | Redeal) -> None:
        """A move or a redeal/shuffle (a hint's step); levels follow one another."""
        self._before_change()
        token = str(step) if isinstance(step, Move) else step.value
        self._game.step(step)
        self._changed(token)

    def apply(self, token: str) -> None:
        """A move, ``"R"`` or (levels game) ``"S"``, as in ``--play``."""
        self.step(parse_step(token))

    def _changed(self, token: str) -> None:
        if self.played is not None:
            self.played.append(token)
            if len(self.played) > MAX_LOGGED:
                self.played = None  # a resume would replay it all: the position is kept alone
        if not self._start_known:
            self._start_known = True
            self.started_at = time.time()
            self.start_day = self.today().isoformat()
            self._game_venue = self.venue
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
        status = self._game.status
        if status == "playing":
            self.outcome = None
            return
        if self.outcome is None or self.outcome.status.value != status:
            self.outcome = Outcome(End(status), self.elapsed, self._game.moves)
        if status == "won" and not self.recorded:
            self._record_win()

    def _check_level_end(self) -> None:
        """A game of levels: a complete level deals the next one; the game ends won
        after the last, or when stuck with no shuffle left (at once: the seed ends it)."""
        levels = self.levels
        assert levels is not None
        status = self._game.status
        if self.outcome is not None and self.outcome.status == TIME_UP:
            return
        if status == "won":
            if len(levels.done) < levels.level:  # not counted yet (a resumed win is)
                levels.complete_level(self._game.moves)
            self.level_won = self._game
            if self._game.last_level:
                self.outcome = Outcome(End.WON, self.elapsed, self._moves())
                self._record_levels_end(won=True)
            else:
                self._game = self._game.next_level()
                self.outcome = Outcome(LEVEL_COMPLETE, self.elapsed, self._moves())
        elif status == "blocked":
            self.outcome = Outcome(End.BLOCKED, self.elapsed, self._moves())
            self._record_levels_end(won=False)
        elif self.outcome is None or self.outcome.final:
            self.outcome = None

    def _record_win(self) -> None:
        """Count the win (with the daily deal's day), and keep what its summary needs."""
        day = self.daily_day() if self.levels is None else None
        self._summary = None
        self._win = (self._end(Result.WON, daily=day), day is not None)

    # -- the end of a game -----------------------------------------------------------

    def _end(self, result: Result, *, daily: date | None = None, keep: bool = False) -> GameEnd:
        """Record the game's end: one row of the history, written with the removal of the
        game in progress (``keep``: kept, marked idle) in one transaction."""
        self.recorded = True
        levels = self.levels
        now = time.time()
        end = GameEnd(
            id=self.game_id,
            code=self._game.code,
            mode=self.mode.stats_key,
            variant=self.mode.letter,
            result=result,
            moves=self._moves(),
            seconds=self.elapsed,
            ended=now,
            end_day=self.today().isoformat(),
            started=self.started_at,
            start_day=self.start_day,
            hints=self.hints_used,
            redeals=self._game.rules.redeals - self._game.redeals_left,
            level=levels.level if levels is not None else 0,
            time_left=levels.total_time_left
            if levels is not None and result is Result.WON
            else None,
            daily_day=daily.isoformat() if daily is not None else None,
            venue=self._game_venue,
            played=" ".join(self.played or ()),
        )
        snap = self.snapshot()
        kept = snap if keep else None
        self._stats = None
        db = self._db

        def write() -> None:
            try:
                if db.end_game(end, kept):
                    return
            except (ValueError, TypeError, OSError, RuntimeError) as e:
                db.save_failed("the end of a game", e)
            if self.store is not None and not keep:
                # The disk refused the end: the game is kept in progress instead, so the
                # next start counts it (a later save may still replace it).
                self.store.save_game(snap)

        self._submit(f"end-{self.game_id}", write)
        return end

    # -- what the history says -------------------------------------------------------

    @property
    def stats(self) -> Stats:
        """The statistics, read from the history once the writes asked for are done."""
        if self._stats is None:
            self.flush()
            self._stats = self._db.load_stats()
        return self._stats

    @property
    def win_summary(self) -> WinSummary | None:
        """What the last win changed; None until a win is recorded in this session."""
        if self._win is None:
            return None
        win, daily_deal = self._win
        if self._summary is None:
            # Imported here: a win's, not a start's (with hashlib, the imports that only a
            # game's end needs).
            from crescent.play.summary import WinSummary

            after = self.stats
            before = self._db.load_stats(exclude=win.id)
            daily = daily_deal and after.daily != before.daily
            self._summary = WinSummary(
                win.seconds,
                win.moves,
                win.hints,
                before.get(win.mode),
                after.get(win.mode),
                before.daily if daily else None,
                after.daily if daily else None,
            )
        return self._summary

    def read(self, query: Callable[..., _T], *args: Any) -> _T:
        """``query(connection, *args)`` over the history (a function of
        :mod:`crescent.play.queries`), once the writes asked for are done."""
        self.flush()
        return self._db.read(query, *args)

    def add_past_game(self, end: GameEnd) -> None:
        """Put an ended game in the history (tools and tests: statistics to show)."""
        self.flush()
        self._db.end_game(end)
        self._stats = None

    def flush(self) -> None:
        """Wait until the disk has every write asked for so far."""
        if self.writer is not None:
            self.writer.flush()

    # -- saving --------------------------------------------------------------------

    def snapshot(self) -> SavedGame:
        levels = None
        if self.levels is not None:
            levels = self.levels.copy()
            levels.done = list(levels.done)  # completing a level must not change the snapshot
        return SavedGame(
            self._game.copy(),
            self.elapsed,
            self.idle_abandoned,
            self.game_id,
            levels,
            None if self.played is None else list(self.played),
            self.hints_used,
            self.started_at,
            self.start_day,
            self._game_venue,
        )

    def save(self) -> None:
        """Save the game in progress (an ended one is gone: its end removed it)."""
        if self.store is None or self.recorded:
            return
        store, snap = self.store, self.snapshot()
        self._submit("game", lambda: store.save_game(snap))

    def save_settings(self) -> None:
        store = self.store
        if store is not None:
            snap = dataclasses.replace(self.settings)
            self._submit("settings", lambda: store.save_settings(snap))

    def reset_stats(self) -> None:
        self._stats = None
        self._submit("reset", self._db.reset_stats)

    def _submit(self, key: str, write: Callable[[], Any]) -> None:
        db = self._db

        def guarded() -> None:
            # A save that fails in an unforeseen way is shown (CANNOT_SAVE), never dropped
            # silently, and never ends the game.
            try:
                write()
            except (ValueError, TypeError, OSError, RuntimeError) as e:
                db.save_failed(key, e)

        if self.writer is None:
            guarded()
        else:
            self.writer.submit(key, guarded)

    def close(self) -> None:
        """Save everything and wait for the disk (on quit)."""
        if self._game.status == "blocked":
            self.abandon()
        self.save()
        self.flush()

    def unstored(self) -> int:
        """The ends of games the disk has not taken (tried once more): a quit says so."""
        self.flush()
        return self._db.unstored()

    def saved_all(self) -> bool:
        """Wait for the writes asked for; whether every one of them reached the disk."""
        self.flush()
        return not self._db.refused

    def notices(self) -> list[Notice]:
        return self._db.take_notices()


__all__ = [
    "LEVEL_COMPLETE",
    "TIME_UP",
    "GameOver",
    "IllegalMove",
    "Outcome",
    "SaveWriter",
    "Session",
]
