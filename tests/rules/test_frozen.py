"""crescent.rules.frozen: Move, Rules and Mode behave as the frozen dataclasses they were."""

from __future__ import annotations

import copy
import dataclasses
import pickle

import pytest

from crescent.rules.engine import Move
from crescent.rules.frozen import Frozen
from crescent.rules.modes import LEVELS, MODES, STANDARD, Mode
from crescent.rules.ruleset import Rules

# Another valid value for each field (a field by field check).
OTHER = {
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
}


def other(value: Frozen, name: str) -> object:
    if isinstance(value, Mode) and name == "level_rules":
        return tuple(r.replace(redeals=r.redeals + 1) for r in value.level_rules)
    if isinstance(value, Mode) and name == "time_limits":
        return tuple(61.0 for _ in value.level_rules)
    if isinstance(value, Mode) and name == "redeals_span_levels":
        return not value.redeals_span_levels
    return OTHER[name]


SAMPLES: list[Frozen] = [Move(9, 13), Rules(), Rules(redeals=2), STANDARD, LEVELS]


@pytest.mark.parametrize("value", SAMPLES, ids=repr)
def test_equal_and_hashed_field_by_field(value: Frozen) -> None:
    twin = value.replace()
    assert twin == value
    assert twin is not value
    assert hash(twin) == hash(value)
    assert value != value._values()
    assert value != object()
    for name in value.FIELDS:
        changed = value.replace(**{name: other(value, name)})
        assert changed != value and getattr(changed, name) == other(value, name), name
    assert not hasattr(value, "__dict__")  # slots only


@pytest.mark.parametrize("value", SAMPLES, ids=repr)
def test_frozen_like_a_frozen_dataclass(value: Frozen) -> None:
    name = value.FIELDS[0]
    with pytest.raises(dataclasses.FrozenInstanceError, match="cannot assign"):
        setattr(value, name, other(value, name))
    with pytest.raises(AttributeError, match="cannot delete"):
        delattr(value, name)
    with pytest.raises(TypeError, match="no field 'colour'"):
        value.replace(colour="red")


@pytest.mark.parametrize("value", SAMPLES, ids=repr)
def test_pickled_and_copied_through_init(value: Frozen) -> None:
    for twin in (pickle.loads(pickle.dumps(value)), copy.copy(value), copy.deepcopy(value)):
        assert twin == value
        assert type(twin) is type(value)


def test_reprs_read_as_the_dataclasses_wrote_them() -> None:
    assert repr(Move(9, 13)) == "Move(src=9, dst=13)"
    assert repr(Rules()) == (
        "Rules(redeals=3, face_down=False, redeal='rotate', empty_piles_accept=False)"
    )
    assert repr(STANDARD).startswith("Mode(key='standard', letter='N', summary='standard', ")
    assert repr(STANDARD).endswith(", stats_key='N', pool='N')")


def test_new_values_are_checked_however_they_are_made() -> None:
    with pytest.raises(ValueError, match="two different places"):
        Move(9, 13).replace(dst=9)
    with pytest.raises(ValueError, match=r"0\.\.23"):
        Move(9, 24)
    with pytest.raises(ValueError, match="one letter"):
        STANDARD.replace(letter="NN")
    # The statistics key defaults to the code letter, and stays what it is on a copy.
    assert all(m.stats_key for m in MODES)
    assert STANDARD.replace(key="x").stats_key == STANDARD.stats_key
    assert Rules().to_dict() == {
        "redeals": 3,
        "face_down": False,
        "redeal": "rotate",
        "empty_piles_accept": False,
    }
