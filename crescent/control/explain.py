"""What the table tells a newcomer, as pure functions (no pygame).

* Each place's label: "P10 · 6" for a pile; a foundation adds its direction,
  "F1 ↑ · 5" (climbs A→K) or "F5 ↓ · 5" (falls K→A); and its shorter forms, for a
  label too narrow for it.
* The two foundation rows carry a tag, "A→K" and "K→A".
* Why Undo does nothing right after a redeal.
* Which card a foundation takes next (what a refusal there says).
"""

from __future__ import annotations

from crescent.rules.engine import Game

PILES = 16
FOUNDATION_SIZE = 13
ROW_TAGS = ("A→K", "K→A")
"""The tag of the Aces row (F1-F4, climbing) and of the Kings row (F5-F8, falling)."""


def climbs(place: int) -> bool:
    """Whether foundation ``place`` (16..23) climbs from Ace to King."""
    return place - PILES < 4


def place_label(place: int, count: int, tag: str | None = None) -> str:
    """The text under a place: its tag (``tag``, the player's language's, as the
    translator's ``place_tag`` gives it; else "P10", "F1"), a foundation's direction,
    its card count."""
    if place < PILES:
        return f"{tag or f'P{place + 1}'} · {count}"
    arrow = "↑" if climbs(place) else "↓"
    return f"{tag or f'F{place - PILES + 1}'} {arrow} · {count}"


def place_labels(place: int, count: int, tag: str | None = None) -> tuple[str, ...]:
    """The forms of a place's label, longest first: :func:`place_label`, a foundation's
    without its direction (its row's tag says it), the count alone. The table shows the
    first that fits its label, and none where none fits (labels never run into each
    other)."""
    full = place_label(place, count, tag)
    if place < PILES:
        return (full, str(count))
    return (full, f"{tag or f'F{place - PILES + 1}'} · {count}", str(count))


def complete(place: int, count: int) -> bool:
    """A foundation holding all 13 cards of its suit."""
    return place >= PILES and count >= FOUNDATION_SIZE


def undo_cleared_by_redeal(can_undo: bool, redeals_used: int) -> bool:
    """Undo has nothing to take back and a redeal wiped the history (RULES.md 5):
    the moves before a redeal can never be undone."""
    return not can_undo and redeals_used > 0


def foundation_takes(game: Game, place: int) -> int | None:
    """The card foundation ``place`` takes next, its top's follower in its direction
    (the 4 of spades on F1 at 3S, on F5 at 5S); None for a pile or a full foundation."""
    top = game.top(place)
    if place < PILES or top is None or complete(place, game.count(place)):
        return None
    return top + 1 if climbs(place) else top - 1


def contrast_ratio(a: tuple[int, ...], b: tuple[int, ...]) -> float:
    """WCAG 2 contrast ratio of two sRGB colours (1 to 21; AA text needs 4.5)."""

    def luminance(c: tuple[int, ...]) -> float:
        def channel(v: int) -> float:
            s = v / 255
            return s / 12.92 if s <= 0.04045 else ((s + 0.055) / 1.055) ** 2.4

        r, g, bl = (channel(v) for v in c[:3])
        return 0.2126 * r + 0.7152 * g + 0.0722 * bl

    hi, lo = sorted((luminance(a), luminance(b)), reverse=True)
    return (hi + 0.05) / (lo + 0.05)


def over(top: tuple[int, int, int, int], under: tuple[int, ...]) -> tuple[int, int, int]:
    """``top`` (with alpha) blended over the opaque colour ``under``."""
    a = top[3] / 255
    r, g, b = (round(t * a + u * (1 - a)) for t, u in zip(top[:3], under[:3], strict=True))
    return (r, g, b)
