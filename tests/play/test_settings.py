"""crescent.play.settings: defaults, round trip, unknown keys tolerated, bad values refused."""

from __future__ import annotations

import dataclasses
import json
from typing import Any

import pytest

from crescent.i18n import text as T
from crescent.play.settings import DECLARED, Settings


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
    # The session snapshots settings with dataclasses.replace(s) before a background save.
    s = Settings(language="fr", fullscreen=True, window_size=(800, 600))
    copy = dataclasses.replace(s)
    assert copy == s
    assert copy is not s
    copy.relaxed = True
    assert copy != s


def test_every_field_is_declared_and_saved() -> None:
    saved = Settings().to_dict()
    assert list(DECLARED) == [f.name for f in dataclasses.fields(Settings)]
    assert set(saved) == {"format", *DECLARED}
    for spec in DECLARED.values():
        assert getattr(Settings(), spec.name) == spec.default
        value = saved[spec.name]
        assert spec.default is None or spec.check.accept(value) == spec.default, spec.name


def test_every_label_is_a_message_of_the_catalog() -> None:
    for spec in DECLARED.values():
        if spec.label is not None:
            assert isinstance(getattr(T, spec.label), str), spec.name


def test_a_setting_that_cycles_starts_from_a_choice() -> None:
    for spec in DECLARED.values():
        if spec.choices:
            assert spec.default is None or spec.default in spec.choices, spec.name
        elif spec.label is not None:
            assert isinstance(spec.default, bool), spec.name  # a row with no choices toggles


def test_a_theme_this_version_does_not_know_loads_as_the_default() -> None:
    s = Settings.from_dict(Settings().to_dict() | {"theme": "neon", "card_back": 3})
    assert (s.theme, s.card_back) == (Settings().theme, Settings().card_back)


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
