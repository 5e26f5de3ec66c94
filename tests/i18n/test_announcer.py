"""What speech says (crescent/i18n/speech.py), without a client: the screen's signs said
in words, in every language, and sentences joined with the language's own stop."""

from __future__ import annotations

import pytest

from crescent.i18n import text as T
from crescent.i18n.speech import Announcer
from crescent.i18n.translator import load_translator
from crescent.languages import LANGUAGES
from crescent.rules.engine import Game, Move


def announcer(lang: str) -> tuple[Announcer, list[str]]:
    said: list[str] = []
    tr = load_translator(lang)
    return Announcer(lambda: tr, lambda text, _interrupt: said.append(text)), said


@pytest.mark.parametrize("lang", sorted(LANGUAGES))
def test_no_sign_and_no_stray_field_is_ever_said(lang: str) -> None:
    a, _ = announcer(lang)
    game = Game.from_code("CR1-N-AAAAAAD")
    card = game.top(12)
    assert card is not None
    game.play(Move.parse("P13-F3"))
    sentences = [
        a.spoken(a.move(game, Move.parse("P13-F3"), card)),
        a.spoken(a.undone(game, Move.parse("P13-F3"), card)),
        a.spoken(a.new_game(game)),
        a.spoken(a.redealt(game, range(16))),
        a.spoken(a.status(game, "01:05", level=2, hints_left=1)),
        a.spoken(a.selected(game, 13, [13, 18])),
        a.spoken(a.back(a.place(game, 0))),
    ]
    for sentence in sentences:
        assert not set(sentence) & set("→·…{}\n"), sentence


def test_a_move_says_its_arrow_in_words() -> None:
    a, said = announcer("fr")
    a.say(a.tr(T.MOVE_TEXT, card="as de pique", src="Pile 10", dst="Pile 14"))
    assert said == [f"as de pique : Pile 10 {a.tr(T.SPOKEN_TO)} Pile 14"]


def test_japanese_sentences_are_joined_with_its_own_stop() -> None:
    a, _ = announcer("ja")
    joined = a.join(["山1", "山2"])
    assert joined == a.tr(T.SPOKEN_JOIN, first="山1", then="山2")
    assert "." not in joined


def test_each_sentence_said_is_counted_and_an_empty_one_is_not_said() -> None:
    a, said = announcer("en")
    a.say("Pile 1, empty")
    a.say(" … ")
    assert said == ["Pile 1, empty"]
    assert a.count == 1


@pytest.mark.parametrize(
    ("lang", "written", "said"),
    [
        ("en", "Time, 1:00:01", "Time, 1 hour 1 second"),
        ("en", "Best time 12:35", "Best time 12 minutes 35 seconds"),
        ("fr", "Temps : 00:01", "Temps : 1 seconde"),
        ("fr", "Temps : 02:00", "Temps : 2 minutes"),
        ("ca", "Temps: 01:01", "Temps: 1 minut 1 segon"),
        ("nl", "Tijd: 2:01:02", "Tijd: 2 uur 1 minuut 2 seconden"),
        ("ja", "時間:10:00", "時間:10分"),
    ],
)
def test_a_duration_is_said_in_words_with_its_plural_forms(
    lang: str, written: str, said: str
) -> None:
    """Issue 46 item 1: only the parts that are not 0, each in its plural form."""
    a, heard = announcer(lang)
    a.say(written)
    assert heard == [said]


def test_a_game_code_and_plain_numbers_are_not_durations() -> None:
    a, heard = announcer("en")
    a.say("CR1-N-AAAAAAD: Pile 12, 3 cards, 104")
    assert heard == ["CR1-N-AAAAAAD: Pile 12, 3 cards, 104"]
