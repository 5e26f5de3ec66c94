"""Cards as small ints, and their text forms.

A card is ``suit * 13 + rank - 1``: 0..51, suits in the order spades, hearts,
diamonds, clubs (S H D C), ranks 1 (Ace) .. 13 (King). The two copies of a
card are the same int: nothing in the rules tells them apart.
"""

from __future__ import annotations

SUITS = "SHDC"
RANKS = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")
ACE = 1
KING = 13
SPADES, HEARTS, DIAMONDS, CLUBS = range(4)


def card(rank: int, suit: int) -> int:
    """The card of ``rank`` (1..13) and ``suit`` (0..3)."""
    return suit * 13 + rank - 1


def suit_of(c: int) -> int:
    return c // 13


def rank_of(c: int) -> int:
    return c % 13 + 1


def card_text(c: int) -> str:
    """``"10H"``, ``"AS"``."""
    return RANKS[c % 13] + SUITS[c // 13]


def card_symbol(c: int) -> str:
    """``"9♣"``, ``"A♠"``: the rank and suit as the card face shows them."""
    return RANKS[c % 13] + "♠♥♦♣"[c // 13]


_BY_TEXT = {card_text(c): c for c in range(52)}


def parse_card(text: str) -> int:
    """The card written ``text`` (``"10H"``, ``"as"``); ValueError if it is not one."""
    c = _BY_TEXT.get(text.strip().upper())
    if c is None:
        raise ValueError(f"{text!r} is not a card: write rank then suit, like 'AS', '10H' or 'QC'")
    return c


def full_double_deck() -> list[int]:
    """The 104 cards of two decks, in suit then rank order, each card twice."""
    return [c for c in range(52) for _ in range(2)]
