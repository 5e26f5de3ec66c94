"""The base of the rules' immutable values (:class:`~crescent.rules.engine.Move`,
:class:`~crescent.rules.ruleset.Rules`, :class:`~crescent.rules.modes.Mode`).

Pure (no pygame). What ``@dataclass(frozen=True, slots=True)`` gave them, without its
cost at import (it compiles generated source: about a millisecond a class on the way to
the first frame, issue #16): equality and a hash field by field, a repr naming every
field in the order they are declared, fields that cannot be set or deleted once made,
:meth:`Frozen.replace` in place of ``dataclasses.replace``, and pickling and copying
through the class's own ``__init__`` (which checks the values again).
"""

from __future__ import annotations

from typing import Any, ClassVar, NoReturn, Self

__all__ = ["Frozen"]


class Frozen:
    """An immutable value whose fields are :attr:`FIELDS` (each one of its ``__slots__``).

    A subclass's ``__init__`` takes every field as a keyword argument of the same name and
    sets it with :meth:`_set`.
    """

    __slots__ = ()
    FIELDS: ClassVar[tuple[str, ...]] = ()
    """The fields, in the order the repr shows them and ``__init__`` takes them."""

    def _set(self, name: str, value: object) -> None:
        object.__setattr__(self, name, value)

    def _values(self) -> tuple[Any, ...]:
        return tuple(getattr(self, name) for name in self.FIELDS)

    def __eq__(self, other: object) -> bool:
        if other.__class__ is not self.__class__:
            return NotImplemented
        assert isinstance(other, Frozen)
        return self._values() == other._values()

    def __hash__(self) -> int:
        return hash(self._values())

    def __repr__(self) -> str:
        fields = ", ".join(f"{name}={getattr(self, name)!r}" for name in self.FIELDS)
        return f"{type(self).__qualname__}({fields})"

    def __setattr__(self, name: str, value: object) -> NoReturn:
        raise _frozen(f"cannot assign to field {name!r}")

    def __delattr__(self, name: str) -> NoReturn:
        raise _frozen(f"cannot delete field {name!r}")

    def __reduce__(self) -> tuple[type[Self], tuple[Any, ...]]:
        return type(self), self._values()

    def replace(self, **changes: Any) -> Self:
        """A copy with the fields named in ``changes`` set to their values (checked as a new
        value is); TypeError for a name that is not a field."""
        unknown = set(changes) - set(self.FIELDS)
        if unknown:
            raise TypeError(f"{type(self).__name__} has no field {sorted(unknown)[0]!r}")
        values = {name: changes.get(name, getattr(self, name)) for name in self.FIELDS}
        return type(self)(**values)


def _frozen(message: str) -> AttributeError:
    """The error a frozen dataclass raises (an AttributeError), as it was before."""
    from dataclasses import FrozenInstanceError  # only when a value is misused

    return FrozenInstanceError(message)
