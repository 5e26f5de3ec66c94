"""crescent.rules.frozen.NamedTuple: at run time, it behaves as typing.NamedTuple does.

Each check builds the same class both ways and compares what a caller can see: making a
value (by position, by name, by default, and every wrong way), its fields, equality, hash,
repr, the namedtuple methods, pickling and copying, pattern matching and immutability.
"""

from __future__ import annotations

import copy
import pickle
import re
import typing
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from crescent.control import input as control_input
from crescent.control.layout import Rect, TableLayout
from crescent.rules import frozen


def _classes(base: Any) -> dict[str, Any]:
    class Point(base):  # type: ignore[misc]
        """A point."""

        x: float
        y: float
        pointer: int = 0
        first: bool = False

        def far(self) -> bool:
            return bool(self.x > 10)

    class Empty(base):  # type: ignore[misc]
        pass

    class Key(base):  # type: ignore[misc]
        name: str

    return {"Point": Point, "Empty": Empty, "Key": Key}


STANDARD = _classes(typing.NamedTuple)
OURS = _classes(frozen.NamedTuple)

# Module-level classes, for pickling (found again by module and name).
PickledPoint = _classes(frozen.NamedTuple)["Point"]
PickledPoint.__qualname__ = PickledPoint.__name__ = "PickledPoint"

CALLS: list[tuple[str, tuple[Any, ...], dict[str, Any]]] = [
    ("Point", (1.0, 2.0), {}),
    ("Point", (1.0, 2.0, 3), {}),
    ("Point", (1.0, 2.0, 3, True), {}),
    ("Point", (1.0,), {"y": 2.0}),
    ("Point", (), {"y": 2.0, "x": 1.0, "first": True}),
    ("Point", (1.0, 2.0), {"first": True}),
    ("Point", (), {"x": 1.0, "y": 2.0, "pointer": 4, "first": False}),
    ("Empty", (), {}),
    ("Key", ("k",), {}),
    ("Key", (), {"name": "k"}),
]
WRONG: list[tuple[str, tuple[Any, ...], dict[str, Any]]] = [
    ("Point", (), {}),
    ("Point", (1.0,), {}),
    ("Point", (1.0, 2.0, 3, True, 5), {}),
    ("Point", (1.0, 2.0), {"x": 3.0}),
    ("Point", (1.0, 2.0), {"colour": 3}),
    ("Point", (), {"y": 2.0}),
    ("Point", (), {"first": True}),
    ("Empty", (1,), {}),
    ("Empty", (), {"x": 1}),
    ("Key", (), {}),
]


def _outcome(make: Callable[[], Any]) -> tuple[str, Any]:
    try:
        value = make()
    except TypeError as e:
        return ("TypeError", str(e).replace("<lambda>", "__new__"))
    return ("value", (type(value).__name__, tuple(value), repr(value), value._asdict()))


@pytest.mark.parametrize(("name", "args", "kwargs"), CALLS)
def test_made_the_same_way_with_the_same_fields(
    name: str, args: tuple[Any, ...], kwargs: dict[str, Any]
) -> None:
    ours = _outcome(lambda: OURS[name](*args, **kwargs))
    assert ours == _outcome(lambda: STANDARD[name](*args, **kwargs))
    assert ours[0] == "value"


@pytest.mark.parametrize(("name", "args", "kwargs"), WRONG)
def test_a_wrong_call_raises_a_type_error_naming_what_is_wrong(
    name: str, args: tuple[Any, ...], kwargs: dict[str, Any]
) -> None:
    kind, message = _outcome(lambda: OURS[name](*args, **kwargs))
    standard_kind, standard_message = _outcome(lambda: STANDARD[name](*args, **kwargs))
    assert kind == standard_kind == "TypeError"
    # The same complaint (the standard one names the generated lambda's arguments).
    for word in ("missing", "multiple values", "unexpected", "positional arguments"):
        assert (word in message) == (word in standard_message), (message, standard_message)
    for field in ("'x'", "'y'", "'colour'", "'name'"):
        assert (field in message) == (field in standard_message), (message, standard_message)


def test_the_class_looks_the_same() -> None:
    for name in ("Point", "Empty", "Key"):
        ours, standard = OURS[name], STANDARD[name]
        assert ours._fields == standard._fields
        assert ours._field_defaults == standard._field_defaults
        assert ours.__match_args__ == standard.__match_args__
        assert issubclass(ours, tuple)
        assert ours.__slots__ == ()
    assert OURS["Point"].__doc__ == "A point."
    assert OURS["Key"].__doc__ == STANDARD["Key"].__doc__ == "Key(name,)"
    assert OURS["Empty"].__doc__ == STANDARD["Empty"].__doc__ == "Empty()"


def test_a_value_is_a_tuple_of_its_fields() -> None:
    p, q = OURS["Point"](1.0, 2.0), STANDARD["Point"](1.0, 2.0)
    assert p == q == (1.0, 2.0, 0, False)
    assert hash(p) == hash(q)
    assert (p.x, p.y, p.pointer, p.first) == (1.0, 2.0, 0, False)
    assert p[1] == 2.0
    assert p[-1] is False
    assert len(p) == 4
    x, y, *_ = p
    assert (x, y) == (1.0, 2.0)
    assert p.far() is False
    assert OURS["Point"](11.0, 0.0).far() is True
    assert sorted([OURS["Point"](2, 0), OURS["Point"](1, 5)])[0].x == 1


def test_the_namedtuple_methods() -> None:
    p = OURS["Point"](1.0, 2.0)
    assert p._replace(y=5.0, first=True) == (1.0, 5.0, 0, True)
    assert type(p._replace(y=5.0)) is OURS["Point"]
    with pytest.raises(ValueError, match="unexpected field names"):
        p._replace(z=1)
    assert OURS["Point"]._make([1, 2, 3, True]) == (1, 2, 3, True)
    with pytest.raises(TypeError, match="Expected 4 arguments, got 2"):
        OURS["Point"]._make([1, 2])
    assert p._asdict() == {"x": 1.0, "y": 2.0, "pointer": 0, "first": False}
    assert repr(p) == "Point(x=1.0, y=2.0, pointer=0, first=False)"
    assert repr(p) == repr(STANDARD["Point"](1.0, 2.0))


def test_fields_cannot_be_set_and_no_attribute_can_be_added() -> None:
    p = OURS["Point"](1.0, 2.0)
    with pytest.raises(AttributeError):
        p.x = 3.0
    with pytest.raises(AttributeError):
        p.colour = "red"
    with pytest.raises(AttributeError):
        del p.x


def test_pickled_and_copied() -> None:
    p = PickledPoint(1.0, 2.0, 3, True)
    for again in (pickle.loads(pickle.dumps(p)), copy.copy(p), copy.deepcopy(p)):
        assert again == p
        assert type(again) is PickledPoint


def test_matched_by_position_and_by_name() -> None:
    match PickledPoint(1.0, 2.0):
        case PickledPoint(a, b, pointer=0):
            assert (a, b) == (1.0, 2.0)
        case _:
            pytest.fail("not matched")


def test_a_default_may_not_come_before_a_field_without_one() -> None:
    for base in (typing.NamedTuple, frozen.NamedTuple):
        with pytest.raises(
            TypeError, match="Non-default namedtuple field y cannot follow default field x"
        ):

            class Bad(base):  # type: ignore[misc, valid-type]
                x: int = 0
                y: int


def test_the_namedtuple_attributes_cannot_be_redefined() -> None:
    for base in (typing.NamedTuple, frozen.NamedTuple):
        with pytest.raises(AttributeError, match="Cannot overwrite NamedTuple attribute _replace"):

            class Bad(base):  # type: ignore[misc, valid-type]
                x: int

                def _replace(self) -> None:
                    pass


def test_a_subclass_of_a_named_tuple_is_a_plain_class_of_the_same_fields() -> None:
    for classes in (STANDARD, OURS):

        class Named(classes["Point"]):  # type: ignore[misc, valid-type, name-defined]
            def norm(self) -> float:
                return float(abs(self.x) + abs(self.y))

        n = Named(1.0, -2.0)
        assert n.norm() == 3.0
        assert n._fields == ("x", "y", "pointer", "first")


def test_the_games_named_tuples_are_made_by_it() -> None:
    """The events, intents, rectangles and looks (issue #16: their classes cost the first
    frame 3 to 5 ms as typing.NamedTuple)."""
    for cls in (control_input.PointerDown, control_input.PlayMove, Rect, TableLayout):
        assert isinstance(cls, frozen._NamedTupleType), cls
    assert control_input.PointerDown(1.0, 2.0) == (1.0, 2.0, 0, False)


def test_no_module_of_the_game_makes_a_typing_named_tuple() -> None:
    package = Path(frozen.__file__).resolve().parents[1]
    standard = re.compile(r"^from typing import[^\n]*\bNamedTuple\b|\btyping\.NamedTuple\b", re.M)
    users = [
        str(path.relative_to(package))
        for path in sorted(package.rglob("*.py"))
        if path.name != "frozen.py" and standard.search(path.read_text(encoding="utf-8"))
    ]
    assert users == []
