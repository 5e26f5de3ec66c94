"""What the game says about codes: its example is a deal known to be winnable, and a code
of the wrong length is explained by what a code looks like (issue 29, items 21 and 23)."""

from __future__ import annotations

import re

import pytest

from crescent.i18n import text as T
from crescent.i18n.translator import load_translator
from crescent.languages import LANGUAGES
from crescent.rules.deal import parse_code
from crescent.solver.pools import load_pool

CODE = re.compile(r"CR1-[A-Z]-[A-Z]{7}")


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_example_code_shown_is_a_winnable_deal(lang: str) -> None:
    tr = load_translator(lang)
    for msg in (T.ENTER_CODE_PROMPT, T.CODE_SHAPE):
        shown = CODE.findall(tr(msg))
        assert len(shown) == 1, tr(msg)
        variant, number = parse_code(shown[0])
        assert number in load_pool(variant), shown[0]


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_code_of_the_wrong_length_is_told_what_a_code_looks_like(lang: str) -> None:
    text = load_translator(lang)(T.CODE_LENGTH)
    assert "CR1-" in text
    assert "7" in text
    if lang == "en":
        assert "number" not in text
