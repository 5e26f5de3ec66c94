"""The bases of the game's immutable values, without the cost of the standard ones at
import (each compiles generated source: on the way to the first frame, issue #16).

Pure (no pygame).

- :class:`Frozen`, for the rules' values (:class:`~crescent.rules.engine.Move`,
  :class:`~crescent.rules.ruleset.Rules`, :class:`~crescent.rules.modes.Mode`): what
  ``@dataclass(frozen=True, slots=True)`` gave them (about a millisecond a class):
  equality and a hash field by field, a repr naming every field in the order they are
  declared, fields that cannot be set or deleted once made, :meth:`Frozen.replace` in
  place of ``dataclasses.replace``, and pickling and copying through the class's own
  ``__init__`` (which checks the values again).
- :data:`NamedTuple`, for the events, intents, rectangles and looks of the other layers:
  ``typing.NamedTuple`` to the type checker, and at run time a class of the same
  behaviour made in a tenth of the time (``typing.NamedTuple`` checks each annotation,
  compiling it, and evaluates a generated ``__new__``: 0.15 to 0.25 ms a class, 21 on
  the way to the first frame).
"""

from __future__ import annotations

import collections
from collections.abc import Callable
from operator import itemgetter
from typing import TYPE_CHECKING, Any, ClassVar, NoReturn, Self

__all__ = ["Frozen", "NamedTuple"]


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


_MISSING: Any = object()
_PROHIBITED = frozenset(
    {
        "__new__",
        "__init__",
        "__slots__",
        "__getnewargs__",
        "_fields",
        "_field_defaults",
        "_make",
        "_replace",
        "_asdict",
        "_source",
    }
)
"""What a named tuple's body may not define (as typing.NamedTuple refuses)."""
_field: Callable[[int, str], Any] = getattr(collections, "_tuplegetter", None) or (
    lambda index, doc: property(itemgetter(index), doc=doc)
)
"""The descriptor of a field: collections.namedtuple's own where there is one (CPython's,
in C), else a property."""


class _NamedTupleType(type):
    """Makes each class based directly on :class:`_NamedTupleBase` a named tuple of the
    fields its body annotates, in order; those given a value have it as their default."""

    _base: ClassVar[type | None] = None
    """:class:`_NamedTupleBase`, once made."""

    def __new__(
        mcs, name: str, bases: tuple[type, ...], ns: dict[str, Any], **kwargs: Any
    ) -> _NamedTupleType:
        if bases == (tuple,):  # _NamedTupleBase
            base = super().__new__(mcs, name, bases, ns, **kwargs)
            mcs._base = base
            return base
        if bases != (mcs._base,):
            # A subclass of a named tuple: a plain class, as with typing.NamedTuple.
            return super().__new__(mcs, name, bases, ns, **kwargs)
        for key in ns.keys() & _PROHIBITED:
            raise AttributeError(f"Cannot overwrite NamedTuple attribute {key}")
        fields = tuple(ns.get("__annotations__", {}))
        defaults: dict[str, Any] = {}
        for index, field in enumerate(fields):
            if field in ns:
                defaults[field] = ns[field]
            elif defaults:
                raise TypeError(
                    f"Non-default namedtuple field {field} cannot follow default field"
                    f"{'s' if len(defaults) > 1 else ''} {', '.join(defaults)}"
                )
            ns[field] = _field(index, f"Alias for field number {index}")
        if ns.get("__doc__") is None:  # as namedtuple writes it (a 1-tuple with its comma)
            ns["__doc__"] = f"{name}({', '.join(fields)}{',' if len(fields) == 1 else ''})"
        ns["__slots__"] = ()
        ns["_fields"] = fields
        ns["_field_defaults"] = defaults
        ns["_default_values"] = tuple(defaults.values())
        ns["_template"] = tuple(defaults.get(field, _MISSING) for field in fields)
        ns["_index"] = {field: i for i, field in enumerate(fields)}
        ns["_required"] = len(fields) - len(defaults)
        ns["__match_args__"] = fields
        return super().__new__(mcs, name, bases, ns, **kwargs)


class _NamedTupleBase(tuple[Any, ...], metaclass=_NamedTupleType):
    """What every named tuple made by :class:`_NamedTupleType` shares: the methods and
    behaviour of ``collections.namedtuple``'s classes."""

    __slots__ = ()
    _fields: ClassVar[tuple[str, ...]] = ()
    _field_defaults: ClassVar[dict[str, Any]] = {}
    _default_values: ClassVar[tuple[Any, ...]] = ()
    """The defaults, in order: those of the last fields."""
    _template: ClassVar[tuple[Any, ...]] = ()
    """Each field's default, or :data:`_MISSING` for a field without one."""
    _index: ClassVar[dict[str, int]] = {}
    """Each field's place in the tuple."""
    _required: ClassVar[int] = 0
    """How many fields have no default (the first ones)."""

    def __new__(cls, *args: Any, **kwargs: Any) -> Self:
        if kwargs:
            args = cls._bind(args, kwargs)
        else:
            missing = len(cls._fields) - len(args)
            if missing:
                tail = cls._default_values
                if not 0 < missing <= len(tail):
                    args = cls._bind(args, kwargs)  # raises
                args += tail[len(tail) - missing :]
        return tuple.__new__(cls, args)

    @classmethod
    def _bind(cls, args: tuple[Any, ...], kwargs: dict[str, Any]) -> tuple[Any, ...]:
        """The values of the fields, given by position, by name or by default; TypeError
        as a call of ``cls(...)`` with these arguments would raise it."""
        fields, name = cls._fields, cls.__name__
        given = len(args)
        if given > len(fields):
            takes = len(fields) + 1
            raise TypeError(
                f"{name}.__new__() takes {takes} positional argument{'s' if takes > 1 else ''}"
                f" but {given + 1} were given"
            )
        values = [*args, *cls._template[given:]]
        index = cls._index
        for field, value in kwargs.items():
            i = index.get(field, -1)
            if i < given:
                raise TypeError(
                    f"{name}.__new__() got multiple values for argument {field!r}"
                    if i >= 0
                    else f"{name}.__new__() got an unexpected keyword argument {field!r}"
                )
            values[i] = value
        if given < cls._required and any(v is _MISSING for v in values[given : cls._required]):
            missing = [f for f, v in zip(fields, values, strict=True) if v is _MISSING]
            raise TypeError(
                f"{name}.__new__() missing {len(missing)} required positional argument"
                f"{'s' if len(missing) > 1 else ''}: {', '.join(map(repr, missing))}"
            )
        return tuple(values)

    @classmethod
    def _make(cls, iterable: Any) -> Self:
        """A new value from a sequence or an iterable of the field values."""
        result = tuple.__new__(cls, iterable)
        if len(result) != len(cls._fields):
            raise TypeError(f"Expected {len(cls._fields)} arguments, got {len(result)}")
        return result

    def _replace(self, /, **changes: Any) -> Self:
        """A copy with the fields named in ``changes`` set to their values."""
        result = self._make(map(changes.pop, self._fields, self))
        if changes:
            raise ValueError(f"Got unexpected field names: {list(changes)!r}")
        return result

    def _asdict(self) -> dict[str, Any]:
        """A dict from the field names to their values."""
        return dict(zip(self._fields, self, strict=True))

    def __repr__(self) -> str:
        values = ", ".join(
            f"{name}={value!r}" for name, value in zip(self._fields, self, strict=True)
        )
        return f"{type(self).__name__}({values})"

    def __getnewargs__(self) -> tuple[Any, ...]:
        """The values as a plain tuple (used by copy and pickle)."""
        return tuple(self)


if TYPE_CHECKING:
    from typing import NamedTuple as NamedTuple
else:
    NamedTuple = _NamedTupleBase
