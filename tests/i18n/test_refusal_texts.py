"""A foundation's refusal names the card it takes next (issue 46 item 12), in every
language; the other reasons keep their sentence."""

from __future__ import annotations

import pytest

from crescent.control.explain import foundation_takes
from crescent.i18n import text as T
from crescent.i18n.translator import load_translator
from crescent.languages import LANGUAGES
from crescent.rules.cards import card
from crescent.rules.engine import Game, Reason
from tests.helpers_positions import position


def test_each_foundation_takes_its_tops_follower_in_its_direction() -> None:
    dealt = Game.from_code("CR1-N-AAAAAAC")  # bases only: AS on F1, KS on F5
    assert foundation_takes(dealt, 16) == card(2, 0)  # F1 climbs: 2S
    assert foundation_takes(dealt, 20) == card(12, 0)  # F5 falls: QS
    assert foundation_takes(dealt, 0) is None  # a pile
    nearly = position({"P1": ["KS"]}, {"F1": "QS"})  # every other foundation full
    assert foundation_takes(nearly, 16) == card(13, 0)
    assert foundation_takes(nearly, 17) is None


@pytest.mark.parametrize("lang", sorted(LANGUAGES))
def test_the_sentence_names_the_card_in_every_language(lang: str) -> None:
    tr = load_translator(lang)
    four = card(4, 0)
    said = tr.reason(Reason.NOT_NEXT_RANK, four)
    assert tr.card(four) in said
    assert said == tr(T.FOUNDATION_TAKES, card=tr.card(four))
    assert tr.reason(Reason.NOT_NEXT_RANK) == tr(T.REASONS[Reason.NOT_NEXT_RANK])
    assert tr.reason(Reason.WRONG_SUIT, four) == tr(T.REASONS[Reason.WRONG_SUIT])
