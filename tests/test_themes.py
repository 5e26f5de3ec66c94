"""crescent.themes from the outside (issue 31 items 2 and 5): the names --help lists and
--theme takes, the kiosk config's ``theme`` key, the saved settings, and the contrast of
every text colour on every background it is drawn on."""

from __future__ import annotations

import json

import pytest

from crescent import themes
from crescent.__main__ import UsageError, build_parser, parse_args
from crescent.control.explain import contrast_ratio, over
from crescent.kiosk.config import KioskConfigError, apply_to_settings, parse_kiosk_config
from crescent.play.settings import Settings
from crescent.themes import BACKS, THEMES, Theme

# -- the command line ---------------------------------------------------------------------


def test_help_lists_every_theme_name() -> None:
    text = " ".join(build_parser().format_help().split())
    assert "--theme {felt,ocean,claret,contrast}" in text
    assert list(THEMES) == ["felt", "ocean", "claret", "contrast"]


def test_theme_option_picks_a_theme_and_is_absent_by_default() -> None:
    assert parse_args(["--theme", "contrast"]).theme == "contrast"
    assert parse_args([]).theme is None


def test_an_unknown_theme_is_a_usage_error_naming_the_choices() -> None:
    choices = r"\(choose from 'felt', 'ocean', 'claret', 'contrast'\)"
    with pytest.raises(UsageError, match=r"--theme: invalid choice: 'neon' " + choices):
        parse_args(["--theme", "neon"])


# -- the kiosk config -----------------------------------------------------------------------


def _kiosk(**keys: object) -> dict[str, object]:
    return {"kiosk": {"pin": "2468", **keys}}


def test_kiosk_config_theme_key_is_put_in_the_settings() -> None:
    kc = parse_kiosk_config(_kiosk(theme="contrast"))
    assert kc.setting("theme") == "contrast"
    settings = Settings()
    assert apply_to_settings(kc, settings, lang_option=None)
    assert settings.theme == "contrast"


def test_kiosk_config_without_theme_keeps_the_saved_one() -> None:
    kc = parse_kiosk_config(_kiosk())
    assert kc.setting("theme") is None
    settings = Settings(theme="ocean")
    assert not apply_to_settings(kc, settings, lang_option=None)
    assert settings.theme == "ocean"


@pytest.mark.parametrize("bad", ["neon", "", 3, True, ["felt"]])
def test_kiosk_config_bad_theme_says_which_key_and_the_names(bad: object) -> None:
    with pytest.raises(KioskConfigError) as err:
        parse_kiosk_config(_kiosk(theme=bad))
    message = str(err.value)
    assert "kiosk.theme" in message
    assert "felt, ocean, claret, contrast" in message
    assert "\n" not in message


# -- the settings ----------------------------------------------------------------------------


def test_theme_back_and_relaxed_round_trip_through_json() -> None:
    s = Settings(theme="claret", card_back="green", relaxed=True)
    back = Settings.from_dict(json.loads(json.dumps(s.to_dict())))
    assert back == s
    assert (back.theme, back.card_back, back.relaxed) == ("claret", "green", True)


def test_defaults_are_the_green_felt_the_blue_back_and_the_clock_shown() -> None:
    s = Settings()
    assert (s.theme, s.card_back, s.relaxed) == ("felt", "blue", False)
    old = Settings().to_dict()
    for key in ("theme", "card_back", "relaxed"):
        del old[key]  # a settings file of an earlier version
    assert Settings.from_dict(old) == Settings()


@pytest.mark.parametrize("value", ["neon", "", 7, None, ["ocean"]])
def test_an_unknown_saved_theme_or_back_falls_back_to_the_default(value: object) -> None:
    d = Settings(four_colour=True).to_dict()
    d["theme"] = value
    d["card_back"] = value
    s = Settings.from_dict(d)
    assert (s.theme, s.card_back) == (themes.DEFAULT_THEME, themes.DEFAULT_BACK)
    assert s.four_colour  # the rest of the file is kept


def test_relaxed_must_be_true_or_false() -> None:
    d = Settings().to_dict()
    d["relaxed"] = "yes"
    with pytest.raises(ValueError, match="relaxed must be true or false"):
        Settings.from_dict(d)


def test_by_name_falls_back_to_the_default() -> None:
    assert themes.by_name("contrast") is themes.CONTRAST
    assert themes.by_name("neon") is themes.THEMES[themes.DEFAULT_THEME]


def test_every_back_recolours_each_colour_of_the_art_once() -> None:
    art = {old for old, _ in BACKS["red"].colours}
    for back in BACKS.values():
        if back.colours:
            assert {old for old, _ in back.colours} == art, back.name
            assert len({new for _, new in back.colours}) == len(art), back.name


# -- contrast ---------------------------------------------------------------------------------


def _text_pairs(t: Theme) -> list[tuple[str, tuple[int, int, int], tuple[int, int, int]]]:
    """(what, text colour, background) for every text the theme draws on the table."""
    pairs = [
        ("button", t.ink, t.button_bg),
        ("hot button", t.ink, t.button_hot),
        ("button detail", t.ink_dim, t.button_bg),
        ("hot button detail", t.ink_dim, t.button_hot),
        ("disabled button", t.ink_disabled, t.button_disabled),
    ]
    for felt in (t.felt_centre, t.felt_edge):
        hud = over(t.hud_bg, felt)
        pairs += [("hud", t.ink, hud), ("hud title", t.ink_dim, hud)]
        pairs += [("disabled on hud", t.ink_disabled, hud), ("countdown", t.warning, hud)]
        pairs += [("row tag", t.ink, felt), ("message", t.ink, over(t.message_bg, felt))]
        for band in (felt, over(t.row_up, felt), over(t.row_down, felt)):
            label = over(t.label_bg, band)
            pairs += [("label", t.ink, label), ("finished label", t.gold, label)]
        pairs += [("marker", t.ink, over(t.label_bg, felt))]
    return pairs


@pytest.mark.parametrize("name", list(THEMES))
def test_every_text_meets_its_theme_contrast(name: str) -> None:
    t = THEMES[name]
    needed = 7.0 if name == themes.HIGH_CONTRAST else 4.5  # WCAG AAA for the high contrast
    for what, ink, bg in _text_pairs(t):
        ratio = contrast_ratio(ink, bg)
        assert ratio >= needed, (name, what, ink, bg, round(ratio, 2))


def test_high_contrast_is_black_felt_with_thick_outlines_and_rings() -> None:
    t = themes.CONTRAST
    assert t.felt_centre == t.felt_edge == (0, 0, 0)
    assert t.outline > 0
    assert t.ring_scale > 1
    default = themes.THEMES[themes.DEFAULT_THEME]
    assert default.outline == 0
    assert default.ring_scale == 1
    # The highlights stay visible: each far from the black felt and from one another.
    rings = (t.gold, t.dest, t.hint, t.focus)
    assert all(contrast_ratio(c, t.felt_centre) >= 7 for c in rings)
    assert len(set(rings)) == len(rings)
