"""crescent.play.settings: defaults, round trip, unknown keys tolerated, bad values refused."""

from __future__ import annotations

import json
from typing import Any

import pytest

from crescent.play.settings import Settings


def test_defaults() -> None:
    s = Settings()
    assert s.language is None  # taken from the system locale at first start
    assert s.interactive_rules is True
    assert s.variant == "N"
    assert not (s.four_colour)
    assert not (s.winnable_only)
    assert not (s.fullscreen)
    assert s.window_size is None
    assert not s.safe_moves  # issue 30 item 4: off by default
    assert s.watch_winnable  # issue 30 item 5: on by default


@pytest.mark.parametrize(
    "settings",
    [
        Settings(),
        Settings(
            language="ja",
            interactive_rules=False,
            variant="D",
            four_colour=True,
            winnable_only=True,
            fullscreen=True,
            window_size=(320, 16384),
        ),
    ],
)
def test_round_trip_through_json(settings: Settings) -> None:
    d = json.loads(json.dumps(settings.to_dict()))
    assert d["format"] == 1
    assert Settings.from_dict(d) == settings


def test_unknown_keys_are_ignored_and_missing_ones_take_defaults() -> None:
    s = Settings.from_dict({"format": 1, "language": "nl", "sound_volume": 0.5, "theme": {}})
    assert s == Settings(language="nl")


def test_settings_copy_field_by_field() -> None:
    # The session snapshots settings with Settings(**vars(s)) before a background save.
    s = Settings(language="fr", fullscreen=True, window_size=(800, 600))
    copy = Settings(**vars(s))
    assert copy == s
    assert copy is not s


def test_window_size_comes_back_as_a_tuple() -> None:
    s = Settings.from_dict({"format": 1, "window_size": [1024, 768]})
    assert s.window_size == (1024, 768)


def _with(**changes: object) -> dict[str, Any]:
    return Settings().to_dict() | changes


@pytest.mark.parametrize(
    "bad",
    [
        None,
        "settings",
        [],
        {"language": "en"},  # no format
        _with(format=2),
        _with(format=True),
        _with(language="de"),
        _with(language=""),
        _with(language=1),
        _with(interactive_rules="true"),
        _with(four_colour=1),
        _with(winnable_only=None),
        _with(fullscreen=0),
        _with(variant="X"),
        _with(variant="n"),
        _with(level_minutes=[15, 12, 10]),
        _with(level_minutes=[15, 12, 10, 0]),
        _with(level_minutes=[15, 12, 10, 100]),
        _with(level_minutes=[15, 12, 10, 8.5]),
        _with(level_minutes="15,12,10,8"),
        _with(variant=None),
        _with(window_size=[319, 600]),
        _with(window_size=[800, 16385]),
        _with(window_size=[800]),
        _with(window_size=[800, 600.0]),
        _with(window_size=[True, 600]),
        _with(window_size="800x600"),
        _with(window_size={"w": 800, "h": 600}),
    ],
)
def test_wrong_types_and_values_are_refused(bad: object) -> None:
    with pytest.raises(ValueError, match="settings"):
        Settings.from_dict(bad)
