"""Move, Rules and Mode are frozen dataclasses: equal and hashed field by field, immutable,
copied and pickled whole, checked however they are made."""

from __future__ import annotations

import copy
import dataclasses
import pickle
from typing import Any

import pytest

from crescent.rules.engine import Move
from crescent.rules.modes import LEVELS, MODES, STANDARD, Mode
from crescent.rules.ruleset import Rules

Value = Move | Rules | Mode

# Another valid value for each field (a field by field check).
OTHER: dict[str, Any] = {
    "src": 3,
    "dst": 5,
    "redeals": 1,
    "face_down": True,
    "redeal": "shuffle",
    "empty_piles_accept": True,
    "key": "other",
    "letter": "Z",
    "summary": "other",
    "hints_per_level": 2,
    "hud": (),
    "ends": frozenset(),
    "stats_key": "Q",
    "pool": "Q",
    "fair": "Q",
}


def other(value: Value, name: str) -> Any:
    if isinstance(value, Mode) and name == "level_rules":
        return tuple(r.replace(redeals=r.redeals + 1) for r in value.level_rules)
    if isinstance(value, Mode) and name == "time_limits":
        return tuple(61.0 for _ in value.level_rules)
    if isinstance(value, Mode) and name == "redeals_span_levels":
        return not value.redeals_span_levels
    return OTHER[name]


SAMPLES: list[Value] = [Move(9, 13), Rules(), Rules(redeals=2), STANDARD, LEVELS]


def names(value: Value) -> list[str]:
    return [f.name for f in dataclasses.fields(value)]


@pytest.mark.parametrize("value", SAMPLES, ids=repr)
def test_equal_and_hashed_field_by_field(value: Value) -> None:
    twin = dataclasses.replace(value)
    assert twin == value
    assert twin is not value
    assert hash(twin) == hash(value)
    fields_alone: object = dataclasses.astuple(value)
    assert value != fields_alone
    assert value != object()
    for name in names(value):
        changed = dataclasses.replace(value, **{name: other(value, name)})
        assert changed != value, name
        assert getattr(changed, name) == other(value, name), name
    assert not hasattr(value, "__dict__")  # slots only


@pytest.mark.parametrize("value", SAMPLES, ids=repr)
def test_fields_cannot_be_changed(value: Value) -> None:
    name = names(value)[0]
    with pytest.raises(dataclasses.FrozenInstanceError, match="cannot assign"):
        setattr(value, name, other(value, name))
    with pytest.raises(dataclasses.FrozenInstanceError, match="cannot delete"):
        delattr(value, name)
    with pytest.raises(TypeError, match="colour"):
        dataclasses.replace(value, colour="red")  # type: ignore[call-arg]


@pytest.mark.parametrize("value", SAMPLES, ids=repr)
def test_pickled_and_copied_whole(value: Value) -> None:
    for twin in (pickle.loads(pickle.dumps(value)), copy.copy(value), copy.deepcopy(value)):
        assert twin == value
        assert type(twin) is type(value)


def test_reprs_name_every_field() -> None:
    assert repr(Move(9, 13)) == "Move(src=9, dst=13)"
    assert repr(Rules()) == (
        "Rules(redeals=3, face_down=False, redeal='rotate', empty_piles_accept=False)"
    )
    assert repr(STANDARD).startswith("Mode(key='standard', letter='N', summary='standard', ")
    assert repr(STANDARD).endswith(", stats_key='N', pool='N', fair=None)")


def test_new_values_are_checked_however_they_are_made() -> None:
    with pytest.raises(ValueError, match="two different places"):
        dataclasses.replace(Move(9, 13), dst=9)
    with pytest.raises(ValueError, match=r"0\.\.23"):
        Move(9, 24)
    with pytest.raises(ValueError, match="one letter"):
        STANDARD.replace(letter="NN")
    # The statistics key defaults to the code letter, and stays what it is on a copy.
    assert all(m.stats_key for m in MODES)
    assert STANDARD.replace(key="x").stats_key == STANDARD.stats_key
    assert Mode(key="x", letter="X", summary="x").stats_key == "X"
    assert Rules().to_dict() == {
        "redeals": 3,
        "face_down": False,
        "redeal": "rotate",
        "empty_piles_accept": False,
    }
