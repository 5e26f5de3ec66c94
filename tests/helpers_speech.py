"""A player who cannot see the screen: keys in, sentences out (issue 31 item 1).

* :class:`Lexicon`: the words of one language, from the game's catalogs (place and card
  names, counts, the shapes of the sentences), as a listener knows them before playing.
* :class:`Ears`: turns each sentence a :class:`~crescent.ui.speech.FakeSpeaker` heard
  into a :class:`Belief` about the table, from the words alone.
* :class:`BlindPlayer`: presses keys (Tab, Shift+Tab, Enter, R, T, H...) and decides
  only from what it heard; it never reads the game.
* :class:`Judge`: the only one who looks at the game. After every key it checks that
  whatever the player believes is true, that once it has looked round it believes
  something about every place, and that a key which changed what the screen shows was
  followed by a sentence: so nothing changes without being said.
"""

from __future__ import annotations

import re
import time
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field

import pygame

from crescent.control.input import PLACES
from crescent.control.table_mode import TableMode
from crescent.i18n import text as T
from crescent.i18n.speech import Announcer
from crescent.i18n.translator import Translator
from crescent.rules.cards import card
from crescent.rules.engine import FOUNDATIONS, PILES, Game, Reason, parse_place
from crescent.rules.modes import End
from crescent.ui import hud
from crescent.ui.cascade import CascadeScene
from crescent.ui.dialogs import Dialog, RowKind
from crescent.ui.hud import CellKind
from crescent.ui.speech import FakeSpeaker
from tests.helpers_ui import Client

Slot = tuple[int | None, int]
"""What a place shows: its top card (None: empty) and its count."""


def _alternatives(words: Iterable[str]) -> str:
    """A regex matching any of ``words`` (the longest first: "Pile 10" before "Pile 1")."""
    return "(?:" + "|".join(re.escape(w) for w in sorted(set(words), key=len, reverse=True)) + ")"


def _silent(_text: str, _interrupt: bool) -> None:
    """The speaker of an announcer used only for its words."""


@dataclass(frozen=True)
class Heard:
    """One thing recognised in a sentence."""

    kind: str
    start: int
    end: int
    values: dict[str, str]


class Lexicon:
    """The words of ``tr``'s language: names, counts and the shapes of the sentences."""

    def __init__(self, tr: Translator) -> None:
        self.tr = tr
        self.words = Announcer(lambda: tr, _silent)
        self.places = {tr.place(p): p for p in range(PLACES)}
        self.cards = {tr.card(c): c for c in range(52)}
        self.counts = {tr.plural(T.CARDS_N, n): n for n in range(105)}
        self.redeals = {tr.plural(T.REDEALS_LEFT, n): n for n in range(1, 6)}
        self.redeals |= {tr.plural(T.SHUFFLES_LEFT, n): n for n in range(1, 6)}
        self.redeals |= {tr(T.NO_REDEALS): 0, tr(T.NO_SHUFFLES): 0}
        self.moves = {tr.plural(T.WON_MOVES, n): n for n in range(400)}
        self.reasons = {self.said(tr.reason(r)) for r in Reason}
        self.titles = {self.said(tr(t)) for t in _TITLES}
        self.titles |= {self.said(tr(T.LEVEL_COMPLETE, n=n)) for n in range(1, 5)}
        place, card = _alternatives(self.places), _alternatives(self.cards)
        move = self.shape(T.MOVE_TEXT, card=f"(?P<card>{card})", src=f"(?P<src>{place})")
        move = move.replace("@@dst@@", f"(?P<dst>{place})")
        self.patterns: list[tuple[str, re.Pattern[str]]] = []
        for kind, rx in (
            ("movable", self._movable()),
            ("hint", self.shape(T.HINT_MOVE, move=move)),
            ("hint", self.shape(T.HINT_UNSURE, move=move)),
            ("hint_redeal", re.escape(self.said(tr(T.HINT_REDEAL)))),
            ("hint_redeal", re.escape(self.said(tr(T.HINT_SHUFFLE)))),
            ("undo", self.joined(self.literal(T.UNDO), move)),
            ("redo", self.joined(self.literal(T.REDO), move)),
            ("move", move),
            ("selected", self._selected(card, place)),
            ("deselected", re.escape(self.said(tr(T.SPOKEN_DESELECTED)))),
            ("place", self._place(card, place)),
            ("empty", self.shape(T.SPOKEN_EMPTY, place=f"(?P<place>{place})")),
            ("redeals", f"(?P<n>{_alternatives(self.redeals)})"),
            ("moves", f"(?P<n>{_alternatives(self.moves)})"),
            ("deal", self.joined(self.literal(T.NEW_GAME))),
            ("deal", self.joined(self.shape(T.LEVEL_N, n=r"\d+"))),
            ("deal", self.joined(_alternatives(self.said(tr(m)) for m in T.MODE_NAMES.values()))),
            ("table", re.escape(self.said(tr(T.SPOKEN_TABLE)))),
            ("finish", re.escape(self.said(tr(T.SPOKEN_FINISH_READY)))),
            ("refused", f"(?P<reason>{_alternatives(self.reasons)})"),
        ):
            self.patterns.append((kind, re.compile(rx)))

    def said(self, text: str) -> str:
        """``text`` as speech says it (the screen's signs in words)."""
        return self.words.spoken(text)

    def shape(self, msgid: str, **slots: str) -> str:
        """The regex of ``msgid`` in this language, each slot's regex in its place (slots
        not given stay as ``@@name@@`` marks)."""
        marks = {name: f"@@{name}@@" for name in ("card", "src", "dst", "place", "count")}
        marks |= {name: f"@@{name}@@" for name in slots}
        rx = re.escape(self.said(self.tr(msgid, **marks)))
        for name, slot in slots.items():
            rx = rx.replace(re.escape(f"@@{name}@@"), slot)
        return rx

    def literal(self, msgid: str) -> str:
        """The regex of ``msgid`` said as it is."""
        return re.escape(self.said(self.tr(msgid)))

    def joined(self, first: str, then: str | None = None) -> str:
        """Two parts said one after the other (the language's "{first}. {then}"), as
        regexes; no ``then``: the first and the stop after it."""
        marks = self.said(self.tr(T.SPOKEN_JOIN, first="@@first@@", then="@@then@@"))
        rx = re.escape(marks).replace(re.escape("@@first@@"), first)
        if then is None:
            return rx.split(re.escape("@@then@@"))[0]
        return rx.replace(re.escape("@@then@@"), then)

    def _movable(self) -> str:
        """The moves that can be played, said last in a summary ("5 possible moves. 9 of
        clubs: Pile 3 to Pile 7. …"): the rest of the sentence, which is no move played."""
        counts = [self.said(self.tr.plural(T.SPOKEN_MOVABLE, n)) for n in range(1, 300)]
        return f"{_alternatives([*counts, self.said(self.tr(T.SPOKEN_NO_MOVE))])}.*$"

    def _place(self, card: str, place: str) -> str:
        count = _alternatives(self.counts)
        return self.shape(
            T.SPOKEN_PLACE,
            place=f"(?P<place>{place})",
            card=f"(?P<card>{card})",
            count=f"(?P<count>{count})",
        )

    def _selected(self, card: str, place: str) -> str:
        many = f"(?P<places>{place}(?:, {place})*)"
        return self.shape(T.SPOKEN_SELECTED, card=f"(?P<card>{card})", places=many)

    def hear(self, sentence: str) -> list[Heard]:
        """What ``sentence`` says, in order: the first shape to claim a stretch keeps it."""
        found: list[Heard] = []
        for kind, rx in self.patterns:
            for m in rx.finditer(sentence):
                if any(m.start() < h.end and h.start < m.end() for h in found):
                    continue
                values = {k: v for k, v in m.groupdict().items() if v is not None}
                found.append(Heard(kind, m.start(), m.end(), values))
        return sorted(found, key=lambda h: h.start)

    def title(self, sentence: str) -> str | None:
        """The dialog ``sentence`` opens with, when it names one."""
        for title in sorted(self.titles, key=len, reverse=True):
            if sentence.startswith(title):
                return title
        return None


_TITLES = (
    T.ABANDON_TITLE,
    T.RESTART_TITLE,
    T.PAUSED,
    T.BLOCKED_TITLE,
    T.HINT_LOST,
    T.GAME_OVER,
    T.WON_LEVELS_TITLE,
    T.WON_TITLE,
    T.SHUFFLE_CONFIRM_TITLE,
    T.REDEAL_CONFIRM_TITLE,
    T.SETTINGS,
    T.RULES_LEVELS,
)
"""The dialogs a player can meet in a game, by the title they open with."""


@dataclass
class Belief:
    """What the player believes about the table, from what it heard."""

    places: dict[int, Slot] = field(default_factory=dict)
    focus: int | str | None = None
    """A place, a button (what was said of it), or nothing yet."""
    selected: int | None = None
    redeals_left: int | None = None
    moves: int | None = None
    dialog: str | None = None
    """The title of the dialog over the table (None: the table)."""
    hint: str | None = None
    """The last hint heard: a move's text (``P10-P14``) or ``R``."""
    button: str | None = None
    """What was said of the dialog's button with the focus."""
    refused: str | None = None
    """The last refusal heard (its reason, in words)."""
    finish: bool = False
    """The game said the rest plays itself (Finish)."""
    looked: bool = False
    """Every place was said since the last deal (L): the player knows the whole table."""

    @property
    def won(self) -> bool:
        """Every foundation holds 13 cards, as heard."""
        return all(self.places.get(PILES + f, (None, 0))[1] == 13 for f in range(FOUNDATIONS))


class Ears:
    """Listens to a speaker and keeps the player's :class:`Belief` up to date."""

    def __init__(self, speaker: FakeSpeaker, lexicon: Lexicon) -> None:
        self.speaker = speaker
        self.lex = lexicon
        self.belief = Belief()
        self.heard = 0
        """How many of the speaker's sentences were listened to."""

    def listen(self, *, focus_key: bool = False) -> list[str]:
        """The sentences said since the last call, taken into the belief. ``focus_key``:
        they answer a key that moves the focus (Tab, an arrow): the first names it."""
        new = self.speaker.spoken[self.heard :]
        self.heard = len(self.speaker.spoken)
        for i, sentence in enumerate(new):
            self.take(sentence, focus=focus_key and i == 0)
        return new

    def take(self, sentence: str, *, focus: bool = False) -> None:
        """One sentence into the belief; ``focus``: it says what the focus is on."""
        b, lex = self.belief, self.lex
        title = None if focus else lex.title(sentence)  # a focus key opens no dialog
        if title is not None:
            b.dialog = title
        heard = lex.hear(sentence)
        kinds = [h.kind for h in heard]
        if focus and b.dialog is None:
            alone = kinds in (["place"], ["empty"])
            b.focus = lex.places[heard[0].values["place"]] if alone else sentence
        elif focus:
            b.button = sentence
        elif kinds[:2] in (["table", "place"], ["table", "empty"]):
            b.focus = lex.places[heard[1].values["place"]]  # back at the table: the focus
        for h in heard:
            self._apply(h)
        if sum(h.kind in ("place", "empty") for h in heard) == PLACES:
            b.looked = True  # L: every place in one sentence

    def _apply(self, h: Heard) -> None:
        b, lex, v = self.belief, self.lex, h.values
        if h.kind in ("move", "undo", "redo"):
            self._moved(lex.places[v["src"]], lex.places[v["dst"]], lex.cards[v["card"]])
            if b.moves is not None:
                b.moves += -1 if h.kind == "undo" else 1
        elif h.kind == "place":
            b.places[lex.places[v["place"]]] = (lex.cards[v["card"]], lex.counts[v["count"]])
        elif h.kind == "empty":
            b.places[lex.places[v["place"]]] = (None, 0)
        elif h.kind in ("selected", "deselected"):
            focus = b.focus if isinstance(b.focus, int) else None
            b.selected = focus if h.kind == "selected" else None
        elif h.kind == "redeals":
            b.redeals_left = lex.redeals[v["n"]]
            if b.dialog == lex.said(lex.tr(T.REDEAL_CONFIRM_TITLE)):
                b.dialog = None  # its Redeal pressed: the dialog closed and the redeal said
        elif h.kind == "moves":
            b.moves = lex.moves[v["n"]]
        elif h.kind == "deal":
            self._deal()
        elif h.kind == "hint":
            b.hint = f"{_tag(lex.places[v['src']])}-{_tag(lex.places[v['dst']])}"
        else:
            self._flag(h)

    def _flag(self, h: Heard) -> None:
        """What is only noted: the table again, a hint to redeal, a refusal, Finish."""
        b = self.belief
        if h.kind == "table":
            b.dialog = None
        elif h.kind == "hint_redeal":
            b.hint = "R"
        elif h.kind == "refused":
            b.refused = h.values["reason"]
        elif h.kind == "finish":
            b.finish = True

    def _moved(self, src: int, dst: int, card: int) -> None:
        """A card went from ``src`` to ``dst``: what ``src`` shows now is said next."""
        b = self.belief
        if dst in b.places:
            b.places[dst] = (card, b.places[dst][1] + 1)
        if src in b.places:
            b.places[src] = (None, b.places[src][1] - 1)
        b.selected = b.hint = None

    def _deal(self) -> None:
        """A new deal (a new game, the next level, the game at the start): said in short,
        its foundations hold their base; its piles are heard with L."""
        b = self.belief
        b.moves, b.selected, b.dialog, b.hint, b.finish = 0, None, None, None, False
        b.looked = False  # said in short: the piles are L's
        for f in range(FOUNDATIONS):
            b.places[PILES + f] = (None, 1)  # its base (said when more)
        b.places = {p: s for p, s in b.places.items() if p >= PILES}


def _tag(place: int) -> str:
    return f"P{place + 1}" if place < PILES else f"F{place - PILES + 1}"


# -- the judge ---------------------------------------------------------------------------


def _base(place: int) -> int:
    """The base card of a foundation (Aces up, Kings down)."""
    f = place - PILES
    return card(1 if f < 4 else 13, f % 4)


def observed(c: Client) -> tuple[object, ...]:
    """What the screen shows, as values: a change of any of them is a change to say."""
    table = c.app.table
    ctl = table.controller
    g = c.game
    top = c.app.scenes[-1]
    scene: object = None
    if isinstance(top, Dialog):
        scene = (type(top).__name__, _dialog_title(top), top.focus)
    elif not isinstance(top, CascadeScene) and top is not table:
        scene = type(top).__name__
    focus = ctl.focus if ctl.focus_visible else None
    places = tuple((g.top(p), g.count(p)) for p in range(PLACES))
    buttons = tuple(
        (look.title, look.sub, look.enabled, look.glow)
        for look in (hud.look(table, c.app, item) for item in c.app.hud_items)
        if look.kind is CellKind.BUTTON
    )
    message = table.banner.text
    return (focus, ctl.selected, places, g.redeals_left, g.moves, g.status, scene, buttons, message)


def _dialog_title(d: Dialog) -> str:
    rows = d.rows()
    return rows[0].text if rows and rows[0].kind is RowKind.TITLE else ""


class Judge:
    """Looks at the game: what the player believes must be so, and complete once it has
    looked round the table."""

    def __init__(self, c: Client, ears: Ears) -> None:
        self.c = c
        self.ears = ears
        self.complete = False
        """The player has heard every place: from now on it must always know them all."""
        self.checks = 0

    def check(self, key: str, said: Sequence[str], before: tuple[object, ...]) -> None:
        after = observed(self.c)
        where = f"after {key}: heard {list(said)}"
        if after != before:
            changed = [i for i, (x, y) in enumerate(zip(before, after, strict=True)) if x != y]
            message = after[-1]
            quiet = changed == [8] and message is None  # a message faded: nothing to say
            assert said or quiet, f"{where}: the screen changed ({changed}) and nothing was said"
        self._belief_true(where)
        self.checks += 1

    def _shown(self) -> Game:
        """The game the player knows: between two levels, the level just won (the next
        one is dealt under its end screen, and said when the player goes on)."""
        session = self.c.app.session
        out = session.outcome
        if session.levels is not None and out is not None and session.level_won is not None:
            return session.level_won if out.status is End.LEVEL else session.game
        return session.game

    def _belief_true(self, where: str) -> None:
        self._places_true(where)
        b, c, g = self.ears.belief, self.c, self._shown()
        tr = self.ears.lex.tr
        ctl = c.app.table.controller
        if b.dialog is None and isinstance(b.focus, int):
            assert ctl.focus == b.focus, f"{where}: believes the focus is on {tr.place(b.focus)}"
        elif b.dialog is None and isinstance(b.focus, str):
            assert (ctl.focus or 0) >= PLACES, f"{where}: believes a button has the focus"
        assert b.selected == ctl.selected, f"{where}: selection {b.selected} vs {ctl.selected}"
        if b.redeals_left is not None:
            assert b.redeals_left == g.redeals_left, f"{where}: redeals left {b.redeals_left}"
        if b.moves is not None:
            assert b.moves == g.moves, f"{where}: moves {b.moves} vs {g.moves}"
        top = c.app.scenes[-1]
        shown = self.ears.lex.said(_dialog_title(top)) if isinstance(top, Dialog) else None
        assert shown == b.dialog, f"{where}: believes {b.dialog!r} is open; {shown!r} is"
        if isinstance(top, Dialog) and top.focus >= 0:
            label = [x for x in top.buttons if x.enabled][top.focus].label
            assert label in (b.button or ""), f"{where}: believes {b.button!r} has the focus"
        if c.app.table.finish.line and c.app.table.mode is not TableMode.FINISHING:
            assert b.finish, f"{where}: Finish is offered and was never said"

    def _places_true(self, where: str) -> None:
        """Every place the player believes it knows is as it believes; once it has heard
        the whole table, it knows every place."""
        b, g, tr = self.ears.belief, self._shown(), self.ears.lex.tr

        def words(top: int | None, count: int) -> str:
            return f"{count} with {tr.card(top) if top is not None else '-'} on top"

        for p, (top, count) in b.places.items():
            if top is None and count == 1 and p >= PILES:
                top = _base(p)  # a base, known by the rules
            real = (g.top(p), g.count(p))
            assert (top, count) == real, (
                f"{where}: believes {tr.place(p)} holds {words(top, count)}; "
                f"it holds {words(*real)}"
            )
        if self.complete and b.looked:
            missing = [tr.place(p) for p in range(PLACES) if p not in b.places]
            assert not missing, f"{where}: no longer knows {missing}"


# -- the player --------------------------------------------------------------------------

FOCUS_KEYS = (pygame.K_TAB, pygame.K_LEFT, pygame.K_RIGHT, pygame.K_UP, pygame.K_DOWN)


class BlindPlayer:
    """Plays with keys only, deciding from what it heard (its :class:`Belief`)."""

    def __init__(self, c: Client, speaker: FakeSpeaker, *, judge: bool = True) -> None:
        self.c = c
        self.ears = Ears(speaker, Lexicon(c.app.tr))
        self.judge = Judge(c, self.ears) if judge else None
        self.keys = 0

    @property
    def belief(self) -> Belief:
        return self.ears.belief

    def press(self, key: int, mod: int = 0, *, frames: int = 2) -> list[str]:
        """Press ``key`` and listen to what it made the game say."""
        name = pygame.key.name(key) + (" (shift)" if mod & pygame.KMOD_SHIFT else "")
        before = observed(self.c)
        self.c.key(key, mod)
        self.c.frames(frames)
        said = self.ears.listen(focus_key=key in FOCUS_KEYS)
        self.keys += 1
        if self.judge is not None:
            self.judge.check(name, said, before)
        return said

    def wait(self, until: Callable[[list[str]], bool], *, real_s: float = 30.0) -> list[str]:
        """Let frames run (no key) until what is heard satisfies ``until``; ``real_s``
        seconds only stop a hung test (a hint's search runs in real time)."""
        heard: list[str] = []
        deadline = time.monotonic() + real_s
        while time.monotonic() < deadline:
            before = observed(self.c)
            self.c.frames(10)
            said = self.ears.listen()
            heard += said
            if self.judge is not None:
                self.judge.check("waiting", said, before)
            if until(heard):
                return heard
            time.sleep(0.005)
        raise AssertionError(f"waited and heard only {heard}")

    def hear_the_start(self) -> None:
        """What a start with speech on says: the game in short; then L, every place (the
        judge holds the player to knowing every place from now on)."""
        self.c.app.say_game()
        self.ears.listen()
        self.look()
        if self.judge is not None:
            self.judge.complete = True

    def look(self) -> list[str]:
        """L: every place said, and believed."""
        said = self.press(pygame.K_l)
        assert self.belief.looked, f"L said {said}"
        assert len(self.belief.places) == PLACES, f"heard only {sorted(self.belief.places)}"
        return said

    def look_round(self) -> None:
        """Tab once round the places (each said with its top card and count), then T."""
        for _ in range(PLACES):
            said = self.press(pygame.K_TAB)
            assert said, "a Tab said nothing"
        assert len(self.belief.places) == PLACES, f"heard only {sorted(self.belief.places)}"
        self.belief.looked = True
        self.press(pygame.K_t)
        assert self.belief.moves is not None, "T said no moves"
        assert self.belief.redeals_left is not None, "T said no redeals left"
        if self.judge is not None:
            self.judge.complete = True

    def go_to(self, place: int) -> None:
        """Move the focus to ``place`` with Tab or Shift+Tab, listening at each step."""
        for _ in range(2 * PLACES + 20):
            focus = self.belief.focus
            if focus == place:
                return
            back = isinstance(focus, int) and focus > place
            self.press(pygame.K_TAB, pygame.KMOD_SHIFT if back else 0)
        raise AssertionError(f"never reached {self.ears.lex.tr.place(place)}")

    def play(self, step: str) -> None:
        """One step of a line (``P10-P14`` or ``R``), with keys."""
        if step == "R":
            self.redeal()
            return
        src, dst = (parse_place(s) for s in step.split("-"))
        moves = self.belief.moves
        self.go_to(src)
        said = self.press(pygame.K_RETURN)
        if self.belief.selected == src:  # several places take it: say which
            places = self._said_destinations(said)
            assert dst in places, f"{step}: the places said were {places}"
            self.go_to(dst)
            said = self.press(pygame.K_RETURN)
        assert self.belief.moves == _more(moves, 1), f"{step}: heard {said}"

    def _said_destinations(self, said: Sequence[str]) -> list[int]:
        lex = self.ears.lex
        for sentence in said:
            for h in lex.hear(sentence):
                if h.kind == "selected":
                    return [lex.places[p] for p in h.values["places"].split(", ")]
        raise AssertionError(f"no destinations in {said}")

    def redeal(self) -> None:
        """R; when moves remain the game asks for a second press."""
        left = self.belief.redeals_left
        said = self.press(pygame.K_r)
        if self.belief.dialog == self.ears.lex.said(self.ears.lex.tr(T.REDEAL_CONFIRM_TITLE)):
            said = self.choose(self.ears.lex.tr(T.REDEAL))  # asked first: moves remain
        assert self.belief.redeals_left == _more(left, -1), f"R: heard {said}"

    def undo(self) -> None:
        """U: the last move back."""
        moves = self.belief.moves
        said = self.press(pygame.K_u)
        assert self.belief.moves == _more(moves, -1), f"U: heard {said}"

    def redo(self) -> None:
        """Ctrl+Y: the move undone, again."""
        moves = self.belief.moves
        said = self.press(pygame.K_y, pygame.KMOD_CTRL)
        assert self.belief.moves == _more(moves, 1), f"Ctrl+Y: heard {said}"

    def ask_hint(self) -> str:
        """H, then wait to hear the hint (the solver answers from its thread)."""
        self.belief.hint = None
        self.press(pygame.K_h)
        self.wait(lambda _heard: self.belief.hint is not None, real_s=60.0)
        assert self.belief.hint is not None
        return self.belief.hint

    def choose(self, label: str) -> list[str]:
        """In a dialog: Tab to the button said as ``label``, and press it."""
        assert self.belief.dialog is not None, "no dialog was said to be open"
        for _ in range(12):
            self.press(pygame.K_TAB)
            if self.belief.button == label:
                return self.press(pygame.K_RETURN)
        raise AssertionError(f"no button {label!r} in {self.belief.dialog!r}")

    def table_button(self, label: str) -> list[str]:
        """On the table: Tab to the HUD button whose words start with ``label``; press it."""
        for _ in range(PLACES + 20):
            focus = self.belief.focus
            if isinstance(focus, str) and focus.startswith(label):
                return self.press(pygame.K_RETURN)
            self.press(pygame.K_TAB)
        raise AssertionError(f"no button {label!r} on the table")


def _more(n: int | None, by: int) -> int:
    """``n + by``; a count the player never heard fails."""
    assert n is not None, "the count was never said"
    return n + by
