"""Game codes and the project's own shuffle.

Code: ``CR1-<variant>-<number>``. ``CR1`` is the code format; the variant is the
code letter of a mode of :mod:`crescent.rules.modes` (``N`` standard, ``F``
Crescent Four, ``D`` face-down deal, ``L`` the levels game); the number
is 7 letters A-Z read in base 26, most significant first, A = 0, so
``AAAAAAB`` is deal 1 and ``ZZZZZZZ`` is deal 26**7 - 1.

The deal depends on the number only (a face-down deal of number n has the
same cards as the standard deal n). It is fixed forever, on every platform and
Python version:

1. The 96 tableau cards in order: for each suit S H D C, for each rank A..K,
   the two copies, except that one Ace and one King of each suit are the
   foundation bases (so ranks A and K appear once per suit).
2. A SplitMix64 generator (Steele, Lea & Flood 2014; 64-bit state, constants
   0x9E3779B97F4A7C15, 0xBF58476D1CE4E5B9, 0x94D049BB133111EB) seeded with the
   deal number.
3. A Fisher-Yates shuffle: for i from 95 down to 1, j is drawn uniformly from
   0..i (rejection sampling on the 64-bit output, no modulo bias) and cards
   i and j are swapped.
4. Card k of the shuffled list goes to pile k // 6 + 1, at height k % 6
   (0 = bottom).

Tests pin whole layouts of several codes (tests/data/deals.json).

The levels game (``CR1-L-<number>``) plays four deals and up to five shuffles,
all fixed by the number too. Numbers are below 2**33, so these seeds never meet
each other nor a standard deal's seed:

* level ``n`` (1..4) is dealt as above from the seed ``number + n * 2**40``;
* shuffle ``k`` of the game (1..5, counted across levels) played at level ``n``
  shuffles the gathered tableau cards (in pile order, bottom to top) with the
  same Fisher-Yates from the seed ``number + n * 2**40 + k * 2**44``; the cards
  are then dealt round the piles in order, one at a time.
"""

from __future__ import annotations

import re
import string

from crescent.rules import modes
from crescent.rules.cards import ACE, KING, card

CODE_PREFIX = "CR1"
LEVEL_SEEDS = 16
"""Levels 0 (a one-deal game) to 15 have seeds of their own (see the module docstring)."""
NUMBER_LETTERS = 7
DEAL_COUNT = 26**NUMBER_LETTERS
PILES = 16
PILE_DEAL = 6

_MASK = (1 << 64) - 1


class InvalidCode(ValueError):
    """A game code that deals nothing; the message says what is wrong with it.

    ``fault`` names the fault for translated messages: ``"empty"``,
    ``"too_long"``, ``"shape"``, ``"version"``, ``"variant"``, ``"length"``,
    ``"letters"`` or ``"number"``.
    """

    def __init__(self, message: str, fault: str = "shape") -> None:
        super().__init__(message)
        self.fault = fault


class SplitMix64:
    """A small, fully specified 64-bit generator, so deals never change."""

    __slots__ = ("state",)

    def __init__(self, seed: int) -> None:
        self.state = seed & _MASK

    def next(self) -> int:
        self.state = (self.state + 0x9E3779B97F4A7C15) & _MASK
        z = self.state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
        return z ^ (z >> 31)

    def below(self, n: int) -> int:
        """A uniform int in 0..n-1 (rejection sampling, no modulo bias)."""
        limit = (1 << 64) - (1 << 64) % n
        while True:
            x = self.next()
            if x < limit:
                return x % n

    def shuffle(self, items: list[int]) -> None:
        """Fisher-Yates, from the end down."""
        for i in range(len(items) - 1, 0, -1):
            j = self.below(i + 1)
            items[i], items[j] = items[j], items[i]


def tableau_cards() -> list[int]:
    """The 96 cards dealt to the piles, in the fixed order the shuffle starts from."""
    out: list[int] = []
    for suit in range(4):
        for rank in range(ACE, KING + 1):
            copies = 1 if rank in (ACE, KING) else 2
            out.extend([card(rank, suit)] * copies)
    return out


def level_seed(number: int, level: int) -> int:
    """The shuffle seed of level ``level`` (1..4) of levels game ``number``; 0: the plain deal."""
    return number + (level << 40)


def shuffle_seed(number: int, level: int, index: int) -> int:
    """The seed of shuffle ``index`` (1..5, counted across the game) played at ``level``."""
    return level_seed(number, level) + (index << 44)


def deal_piles(number: int, level: int = 0) -> list[list[int]]:
    """The 16 piles (bottom to top) of deal ``number`` (of its ``level``, in the levels game)."""
    if not 0 <= number < DEAL_COUNT:
        raise InvalidCode(f"deal number {number} is outside 0..{DEAL_COUNT - 1}", "number")
    if not 0 <= level < LEVEL_SEEDS:
        raise ValueError(f"level {level} is outside 1..{LEVEL_SEEDS - 1}")
    cards = tableau_cards()
    SplitMix64(level_seed(number, level)).shuffle(cards)
    return [cards[p * PILE_DEAL : (p + 1) * PILE_DEAL] for p in range(PILES)]


def number_text(number: int) -> str:
    """Deal number as 7 letters, ``1`` -> ``"AAAAAAB"``."""
    if not 0 <= number < DEAL_COUNT:
        raise InvalidCode(f"deal number {number} is outside 0..{DEAL_COUNT - 1}", "number")
    letters = []
    for _ in range(NUMBER_LETTERS):
        number, digit = divmod(number, 26)
        letters.append(chr(ord("A") + digit))
    return "".join(reversed(letters))


def check_variant(variant: str) -> modes.Mode:
    """The mode of a code letter; InvalidCode (fault ``"variant"``) otherwise."""
    try:
        return modes.by_letter(variant)
    except ValueError as e:
        raise InvalidCode(str(e), "variant") from None


def make_code(variant: str, number: int) -> str:
    check_variant(variant)
    return f"{CODE_PREFIX}-{variant}-{number_text(number)}"


_ASCII_UPPER = str.maketrans(string.ascii_lowercase, string.ascii_uppercase)
"""Letters upper-cased as ASCII only (``str.upper`` turns "ß" into "SS")."""
_CODE_SHAPE = re.compile(r"^([A-Z0-9]+)-([A-Z0-9]+)-([A-Z0-9]+)$")


def parse_code(text: str) -> tuple[str, int]:
    """``(variant, number)`` of a code; InvalidCode naming the fault otherwise.

    Case does not matter and surrounding spaces are ignored.
    """
    if not isinstance(text, str):
        raise InvalidCode("a game code must be text", "shape")
    # ASCII-only upper case: str.upper() turns "ſ" into "S" and "ı" into "I".
    cleaned = text.strip().translate(_ASCII_UPPER)
    if not cleaned:
        raise InvalidCode("the game code is empty", "empty")
    if len(cleaned) > 40:
        raise InvalidCode(
            f"the game code is {len(cleaned)} characters long; "
            "a code looks like CR1-N-AAAAAAD (13 characters)",
            "too_long",
        )
    m = _CODE_SHAPE.match(cleaned)
    if m is None:
        raise InvalidCode(
            f"{cleaned!r} is not a game code: a code looks like CR1-N-AAAAAAD", "shape"
        )
    prefix, variant, digits = m.groups()
    if prefix != CODE_PREFIX:
        raise InvalidCode(
            f"{cleaned!r} starts with {prefix!r}: this version reads CR1 codes only", "version"
        )
    if variant not in modes.LETTERS:
        raise InvalidCode(
            f"{cleaned!r} has variant {variant!r}: use {modes.describe_letters()}", "variant"
        )
    if len(digits) != NUMBER_LETTERS:
        raise InvalidCode(
            f"{cleaned!r} has {len(digits)} letters after the variant; it needs exactly 7 (A-Z)",
            "length",
        )
    bad = [ch for ch in digits if not "A" <= ch <= "Z"]
    if bad:
        raise InvalidCode(
            f"{cleaned!r} has {bad[0]!r} in its number; only letters A-Z are allowed", "letters"
        )
    number = 0
    for ch in digits:
        number = number * 26 + ord(ch) - ord("A")
    return variant, number
