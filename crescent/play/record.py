"""The base of the player's mutable records (statistics, streaks, levels, the saved game).

Pure (no pygame). What ``@dataclass`` gave them, without its cost at import
(it compiles generated source, ~0.7 ms a class before the first frame: issue
#16): equality field by field, which leaves them unhashable as mutable values
should be; a repr naming every field (in ``__slots__`` order, which ruff keeps
sorted); and a shallow copy in place of ``dataclasses.replace``.
"""

from __future__ import annotations

from typing import Self

__all__ = ["Record"]


class Record:
    """A mutable value whose fields are its ``__slots__``."""

    __slots__: tuple[str, ...] = ()

    # Defining __eq__ sets __hash__ to None: unhashable, like a non-frozen dataclass.
    def __eq__(self, other: object) -> bool:
        if other.__class__ is not self.__class__:
            return NotImplemented
        names = self.__slots__
        return [getattr(self, n) for n in names] == [getattr(other, n) for n in names]

    def __repr__(self) -> str:
        fields = ", ".join(f"{name}={getattr(self, name)!r}" for name in self.__slots__)
        return f"{type(self).__qualname__}({fields})"

    def copy(self) -> Self:
        """A shallow copy (as ``dataclasses.replace``: a list field is shared)."""
        new = object.__new__(type(self))
        for name in self.__slots__:
            setattr(new, name, getattr(self, name))
        return new
