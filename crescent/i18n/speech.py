"""What speech says: the table's changes as sentences in the player's language.

The :class:`Announcer` turns what a sighted player sees change (the focused place,
a move, a refusal, a redeal, the clock, the end of a game) into one sentence and
hands it to a speaker, a plain callable (the client's, :mod:`crescent.ui.speech`;
a list's ``append`` in tests). The words are the screen's: card and place names,
reasons and messages come from :mod:`crescent.i18n.text` through the translator,
and what the screen writes as signs ("→", "·", a duration's "01:06") is said in words.

Pure (no pygame, nothing at import time). The client imports it only when speech
is on (``tests/ui/test_speech.py`` checks a start without speech does not).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Sequence
from typing import Final

from crescent.i18n import text as T
from crescent.i18n.translator import Translator
from crescent.rules.engine import PILES, PLACES, Game, Move, Reason

Speak = Callable[[str, bool], None]
"""A speaker: ``speak(sentence, interrupt)``; ``interrupt`` stops what it is saying."""

_ENDS: Final = (".", "!", "?", "。", "！", "？", ":", "：")

SUMMARY_CARDS: Final = 4
"""The cards that can move a summary names (the others are counted, and said on M)."""

_DURATION: Final = re.compile(r"(?<!\d)(?:(\d+):)?(\d\d):(\d\d)(?!\d)")
"""A duration as the screen writes it (``hud.format_time``: "01:06", "1:02:03"); a
voice reads those digits as a time of day ("one hour six")."""


class Announcer:
    """Sentences for the table's changes, said through ``speak`` in ``tr()``'s language
    (a callable: the language may change while the game runs)."""

    def __init__(self, tr: Callable[[], Translator], speak: Speak) -> None:
        self._tr = tr
        self._speak = speak
        self.last = ""
        """The last sentence said (the tests and the status key read it)."""
        self.count = 0
        """Sentences said so far: what a key said is told from what it did not."""

    @property
    def tr(self) -> Translator:
        return self._tr()

    def say(self, message: str, *, interrupt: bool = True) -> None:
        """Say ``message`` (a screen's text) in words; an empty one is not said."""
        words = self.spoken(message)
        if words:
            self.last = words
            self.count += 1
            self._speak(words, interrupt)

    def spoken(self, message: str) -> str:
        """``message`` as it is said: the screen's signs in words, no line breaks."""
        to = self.tr(T.SPOKEN_TO)
        words = message.replace(" → ", f" {to} ").replace("→", f" {to} ")
        words = words.replace(" · ", ", ").replace("·", ", ").replace("…", "")
        words = _DURATION.sub(self._duration_words, words)
        return " ".join(words.split())

    def _duration_words(self, written: re.Match[str]) -> str:
        hours, minutes, seconds = (int(part or 0) for part in written.groups())
        return self.duration(hours * 3600 + minutes * 60 + seconds)

    def duration(self, seconds: int) -> str:
        """ "1 minute 6 seconds", "1 hour 2 minutes", "0 seconds": only the parts not 0."""
        tr = self.tr
        hours, rest = divmod(seconds, 3600)
        minutes, seconds = divmod(rest, 60)
        parts = [(T.HOURS_N, hours), (T.MINUTES_N, minutes), (T.SECONDS_N, seconds)]
        said = [tr.plural(forms, n) for forms, n in parts if n] or [tr.plural(T.SECONDS_N, 0)]
        out = said[0]
        for part in said[1:]:
            out = tr(T.SPOKEN_DURATION, first=out, then=part)
        return out

    def join(self, parts: Sequence[str]) -> str:
        """Sentences one after another, with the language's stop between them."""
        out = ""
        for part in parts:
            if not part:
                continue
            if not out:
                out = part
            elif out.endswith(_ENDS):
                out = f"{out} {part}"
            else:
                out = self.tr(T.SPOKEN_JOIN, first=out, then=part)
        return out

    # -- what a place holds ---------------------------------------------------------

    def place(self, game: Game, place: int) -> str:
        """ "Pile 10, Ace of spades, 6 cards"; "Pile 3, empty"."""
        tr = self.tr
        card = game.top(place)
        if card is None:
            return tr(T.SPOKEN_EMPTY, place=tr.place(place))
        count = tr.plural(T.CARDS_N, game.count(place))
        return tr(T.SPOKEN_PLACE, place=tr.place(place), card=tr.card(card), count=count)

    def selected(self, game: Game, place: int, destinations: Sequence[int]) -> str:
        """A card picked up: which, and where it may go."""
        card = game.top(place)
        if card is None:
            return self.place(game, place)
        places = ", ".join(self.tr.place(d) for d in destinations)
        return self.tr(T.SPOKEN_SELECTED, card=self.tr.card(card), places=places)

    def move(self, game: Game, move: Move, card: int) -> str:
        """A move just played: the card, from where to where, and what its place shows now."""
        said = self.tr.move(card, move.src, move.dst)
        return self.join([said, self.place(game, move.src)])

    def undone(self, game: Game, move: Move, card: int, *, redo: bool = False) -> str:
        """A move taken back (``redo``: played again): the button's word, the card's way
        back, and what the place it left shows now."""
        label = self.tr(T.REDO if redo else T.UNDO)
        src, dst = (move.src, move.dst) if redo else (move.dst, move.src)
        said = self.tr(T.SPOKEN_JOIN, first=label, then=self.tr.move(card, src, dst))
        return self.join([said, self.place(game, src)])

    def reason(self, reason: Reason) -> str:
        return self.tr.reason(reason)

    # -- the game's counters ----------------------------------------------------------

    def redeals_left(self, game: Game) -> str:
        """ "2 redeals left", "No shuffles left"."""
        tr = self.tr
        n = game.redeals_left
        if game.rules.redeal == "shuffle":
            return tr.plural(T.SHUFFLES_LEFT, n) if n > 0 else tr(T.NO_SHUFFLES)
        return tr.plural(T.REDEALS_LEFT, n) if n > 0 else tr(T.NO_REDEALS)

    def redealt(self, game: Game, changed: Sequence[int]) -> str:
        """After a redeal (or a shuffle): the word, what is left, then each pile of
        ``changed`` (the ones that look different now) with its top card and count."""
        word = self.tr(T.SHUFFLE if game.rules.redeal == "shuffle" else T.REDEAL)
        return self.join([word, self.redeals_left(game), *self.places(game, changed)])

    def places(self, game: Game, places: Iterable[int]) -> list[str]:
        """Each place of ``places`` as the focus says it, one after another."""
        return [self.place(game, p) for p in places]

    def status(
        self,
        game: Game,
        clock: str,
        *,
        level: int | None = None,
        hints_left: int | None = None,
    ) -> str:
        """The clock on request: the time (a level's time left), moves, redeals, hints."""
        tr = self.tr
        if level is None:
            time = tr(T.WON_TIME, time=clock)
        else:
            time = tr(T.LEVEL_TIME_LINE, n=level, time=clock)
        hints = tr.plural(T.HINTS_LEFT, hints_left) if hints_left is not None else ""
        moves = tr.plural(T.WON_MOVES, game.moves)
        return self.join([time, moves, self.redeals_left(game), hints])

    def new_game(self, game: Game) -> str:
        """A game dealt: its kind ("New game. Standard"), then the table in short."""
        tr = self.tr
        heading = tr(T.SPOKEN_JOIN, first=tr(T.NEW_GAME), then=tr(T.MODE_NAMES[game.mode.key]))
        return self.summary(game, heading)

    def summary(self, game: Game, heading: str) -> str:
        """A table in short after ``heading`` (issue 46 item 2: a sentence of every pile
        took 40 to 70 seconds): the moves played (when any), what is left, how many moves
        can be played and the first cards of them; the rest on M, every pile on L."""
        moves = self.tr.plural(T.WON_MOVES, game.moves) if game.moves else ""
        left = self.redeals_left(game)
        return self.join([heading, moves, left, self.movable(game, SUMMARY_CARDS)])

    def moves_now(self, game: Game) -> str:
        """What is left, and every move that can be played now (the M key)."""
        return self.join([self.redeals_left(game), self.movable(game)])

    def movable(self, game: Game, most: int | None = None) -> str:
        """ "5 possible moves. 2 of diamonds: Pile 13 to Pile 14, Foundation 3. …": each
        card that can move, once, with every place that takes it; those that go home
        first. ``most``: that many cards at most, then how many more (on M)."""
        tr = self.tr
        moves = game.legal_moves()
        if not moves:
            return tr(T.SPOKEN_NO_MOVE)
        where: dict[int, list[int]] = {}
        for m in sorted(moves, key=lambda m: m.dst < PILES):  # stable: piles in order
            where.setdefault(m.src, []).append(m.dst)
        said = [
            tr(T.MOVE_TEXT, card=tr.card(card), src=tr.place(src), dst=_places(tr, dsts))
            for src, dsts in where.items()
            if (card := game.top(src)) is not None
        ]
        more = len(said) - most if most is not None and len(said) > most else 0
        shown = said[: len(said) - more]
        rest = [tr.plural(T.SPOKEN_MORE, more)] if more else []
        return self.join([tr.plural(T.SPOKEN_MOVABLE, len(moves)), *shown, *rest])

    def piles(self, game: Game) -> str:
        """Every place, piles then foundations, each with its top card and count (L)."""
        return self.join(self.places(game, range(PLACES)))

    def back(self, focus: str) -> str:
        """A dialog closed: the table again, and what the focus is on (when it shows)."""
        return self.join([self.tr(T.SPOKEN_TABLE), focus])

    def button(self, label: str, value: str = "", *, enabled: bool = True) -> str:
        """A button with the focus: its label, its second line, whether it can be pressed."""
        parts = [label, value] if value and value != label else [label]
        if not enabled:
            parts.append(self.tr(T.SPOKEN_UNAVAILABLE))
        return ", ".join(p for p in parts if p)


def _places(tr: Translator, places: Iterable[int]) -> str:
    """ "Pile 14, Foundation 3"."""
    return ", ".join(tr.place(p) for p in places)
