"""Scrolling a tall text in a shorter view: wheel, keys and finger drag.

Pure (no pygame): the rules screen feeds it events and reads ``offset``.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

__all__ = ["DRAG_PX", "Scroll"]

DRAG_PX: Final = 8.0
"""A press that moves further than this is a drag of the text, not a tap."""


@dataclass
class Scroll:
    """``offset`` is how far the text is scrolled (0 at the top), in pixels."""

    content_h: int = 0
    view_h: int = 0
    offset: float = 0.0
    line_h: int = 20
    _grab: tuple[int, float, float] | None = None
    """(pointer, y at the press, offset at the press)."""
    dragged: bool = False
    """The press in progress moved the text (so its release is not a tap)."""

    @property
    def max_offset(self) -> float:
        return float(max(0, self.content_h - self.view_h))

    def resize(self, content_h: int, view_h: int, line_h: int) -> None:
        self.content_h, self.view_h, self.line_h = content_h, view_h, max(1, line_h)
        self.to(self.offset)

    def to(self, offset: float) -> bool:
        """Scroll to ``offset`` (clamped); whether it moved."""
        new = min(max(0.0, offset), self.max_offset)
        moved = new != self.offset
        self.offset = new
        return moved

    def by(self, dy: float) -> bool:
        return self.to(self.offset + dy)

    def wheel(self, notches: float) -> bool:
        """A mouse wheel turn; positive notches scroll up (towards the top), as SDL reports."""
        return self.by(-notches * 3 * self.line_h)

    def key(self, name: str, shift: bool = False) -> bool:
        """Up/Down a line, Page Up/Down or Space a page (Shift+Space back), Home/End."""
        page = max(self.line_h, self.view_h - 2 * self.line_h)
        steps = {
            "up": -self.line_h,
            "down": self.line_h,
            "page up": -page,
            "page down": page,
            "space": -page if shift else page,
        }
        if name in steps:
            return self.by(steps[name])
        if name == "home":
            return self.to(0)
        if name == "end":
            return self.to(self.max_offset)
        return False

    def press(self, pointer: int, y: float) -> None:
        if self._grab is None:
            self._grab = (pointer, y, self.offset)
            self.dragged = False

    def move(self, pointer: int, y: float) -> bool:
        """The pointer moved; whether the text moved with it."""
        grab = self._grab
        if grab is None or grab[0] != pointer:
            return False
        if not self.dragged and abs(y - grab[1]) < DRAG_PX:
            return False
        self.dragged = True
        return self.to(grab[2] - (y - grab[1]))

    def release(self, pointer: int) -> bool:
        """The press ended; whether it was a drag (True) rather than a tap."""
        grab = self._grab
        if grab is None or grab[0] != pointer:
            return False
        self._grab = None
        return self.dragged
