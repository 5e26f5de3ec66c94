"""The card art: shipped files, exact sizes, four colours, bounded caches, licences."""

from __future__ import annotations

import functools
import importlib.util
import io
import re
import threading
import xml.etree.ElementTree as ET
from typing import Any

import pygame
import pytest

from crescent import resources
from crescent.rules.cards import CLUBS, DIAMONDS, HEARTS, SPADES, card, card_text
from crescent.ui import cards as ui_cards
from crescent.ui.cards import CACHE_LIMIT, FOUR_COLOUR, SHADOW_LIMIT, CardArt

SIZES = [(71, 99), (200, 280)]
NAMES = [card_text(c) for c in range(52)] + ["back"]


def _svg_names() -> list[str]:
    return sorted(p.name for p in (resources.assets_dir() / "cards").glob("*.svg"))


def _hex(colour: str) -> tuple[int, int, int]:
    return int(colour[1:3], 16), int(colour[3:5], 16), int(colour[5:7], 16)


def test_the_deck_ships_exactly_52_faces_and_one_back_named_in_the_engines_text_form() -> None:
    assert _svg_names() == sorted(f"{n}.svg" for n in NAMES)


@pytest.mark.parametrize("name", NAMES)
def test_svg_files_draw_only_with_shapes_sdl_image_renders(name: str) -> None:
    svg = resources.read_text(f"cards/{name}.svg")
    # SDL_image (nanosvg) draws no text, patterns, <use> clones or embedded images.
    for tag in ("text", "tspan", "pattern", "use", "image", "font"):
        assert not re.search(rf"<{tag}\b", svg), f"{name}.svg has a <{tag}> element"
    assert 'preserveAspectRatio="none"' in svg


@pytest.mark.parametrize("size", SIZES)
def test_every_face_and_the_back_load_at_exactly_the_requested_size(size: tuple[int, int]) -> None:
    art = CardArt()
    for c in range(52):
        assert art.face(c, size).get_size() == size, card_text(c)
    assert art.back(size).get_size() == size


def test_sizes_off_the_art_aspect_are_still_exact() -> None:
    art = CardArt()
    for size in [(90, 160), (160, 90), (33, 47), (1, 1)]:
        assert art.face(card(12, HEARTS), size).get_size() == size


def test_corners_are_transparent_and_the_card_body_opaque() -> None:
    art = CardArt()
    for surface in (art.face(card(1, SPADES), (120, 168)), art.back((120, 168))):
        assert surface.get_at((0, 0)).a == 0
        assert surface.get_at((119, 167)).a == 0
        assert surface.get_at((60, 84)).a == 255
        assert surface.get_at((60, 2)).a == 255  # the edge between the corners is card


def test_the_back_is_not_a_blank_card() -> None:
    back = CardArt().back((120, 168))
    centre_colours = {tuple(back.get_at((x, 40)))[:3] for x in range(30, 90)}
    assert (255, 255, 255) not in centre_colours
    assert len(centre_colours) > 3  # a pattern, not a flat fill


def test_four_colour_recolours_diamonds_and_clubs_but_not_spades_or_hearts() -> None:
    size = (120, 168)
    plain, four = CardArt(), CardArt(four_colour=True)
    for rank in (1, 7, 10, 12):
        for suit, changes in ((DIAMONDS, True), (CLUBS, True), (SPADES, False), (HEARTS, False)):
            c = card(rank, suit)
            differs = plain.face(c, size).get_view("2").raw != four.face(c, size).get_view("2").raw
            assert differs == changes, card_text(c)


@pytest.mark.parametrize(("suit", "normal"), [(DIAMONDS, (212, 0, 0)), (CLUBS, (0, 0, 0))])
def test_four_colour_ace_centre_pip_takes_the_suit_colour(
    suit: int, normal: tuple[int, int, int]
) -> None:
    art = CardArt()
    ace = card(1, suit)
    assert tuple(art.face(ace, (200, 280)).get_at((100, 140)))[:3] == normal
    art.set_four_colour(True)
    assert tuple(art.face(ace, (200, 280)).get_at((100, 140)))[:3] == _hex(FOUR_COLOUR[suit])
    art.set_four_colour(False)
    assert tuple(art.face(ace, (200, 280)).get_at((100, 140)))[:3] == normal


def test_four_colour_leaves_court_figures_alone() -> None:
    svg = resources.read_text("cards/KD.svg")
    recoloured = ui_cards.recoloured(svg, "#1565c0")
    assert recoloured.count("#d40000") > 0  # the king's red robe stays red
    assert recoloured.count('class="pip" fill="#1565c0"') == svg.count('class="pip"')


def test_card_cache_stays_bounded_across_many_sizes() -> None:
    art = CardArt()
    for width in range(60, 140, 4):
        size = (width, width * 7 // 5)
        for c in range(0, 52, 3):
            art.face(c, size)
        art.back(size)
        art.shadow(size, 6)
    assert len(art._cache) <= CACHE_LIMIT
    assert len(art._shadows) <= SHADOW_LIMIT
    art.clear()
    assert art.cached() == 0


def test_cache_returns_the_same_surface_for_the_same_request() -> None:
    art = CardArt()
    first = art.face(card(5, HEARTS), (100, 140))
    assert art.face(card(5, HEARTS), (100, 140)) is first
    assert art.face(card(5, HEARTS), (101, 140)) is not first


def test_shadow_is_soft_larger_than_the_card_and_cached() -> None:
    art = CardArt()
    shadow = art.shadow((100, 140), 8)
    assert shadow.get_size() == (116, 156)
    assert shadow.get_at((0, 0)).a == 0
    centre = shadow.get_at((58, 78)).a
    edge = shadow.get_at((8, 78)).a  # on the card's edge: half-covered after blurring
    assert centre > edge > 0
    assert art.shadow((100, 140), 8) is shadow


def test_bad_cards_and_sizes_are_refused() -> None:
    art = CardArt()
    with pytest.raises(ValueError):
        art.face(52, (100, 140))
    with pytest.raises(ValueError):
        art.face(-1, (100, 140))
    with pytest.raises(ValueError):
        art.back((0, 140))


def test_surfaces_are_converted_for_an_open_display() -> None:
    pygame.display.init()
    try:
        pygame.display.set_mode((64, 64))
        display_format = pygame.Surface((1, 1), pygame.SRCALPHA).convert_alpha().get_masks()
        art = CardArt()
        for surface in (art.face(card(1, HEARTS), (50, 70)), art.back((50, 70))):
            assert surface.get_size() == (50, 70)
            assert surface.get_flags() & pygame.SRCALPHA
            assert surface.get_masks() == display_format
        assert art.shadow((50, 70), 6).get_masks() == display_format
    finally:
        pygame.display.quit()
    # and without a display, nothing needs one
    assert CardArt().face(card(2, HEARTS), (50, 70)).get_size() == (50, 70)


def test_the_licence_sits_beside_the_art_and_is_listed_in_licenses_md() -> None:
    base = resources.assets_dir()
    notice = (base / "cards" / "LICENSE.txt").read_text(encoding="utf-8")
    assert "Chris Aguilar" in notice and "LGPL" in notice
    lgpl = base / "licenses" / "vectorized-playing-cards" / "COPYING.LESSER.txt"
    gpl = base / "licenses" / "vectorized-playing-cards" / "COPYING.txt"
    assert "GNU LESSER GENERAL PUBLIC LICENSE" in lgpl.read_text(encoding="utf-8")
    assert "GNU GENERAL PUBLIC LICENSE" in gpl.read_text(encoding="utf-8")
    listing = resources.read_text("LICENSES.md")
    for mention in (
        "cards/<CARD>.svg",
        "cards/back.svg",
        "cards/LICENSE.txt",
        "licenses/vectorized-playing-cards/COPYING.LESSER.txt",
        "LGPL-3.0-or-later",
    ):
        assert mention in listing, mention


@functools.cache
def _fetch_cards() -> Any:
    """``tools/fetch_cards.py``, which made the art, loaded as a module."""
    path = resources.assets_dir().parent / "tools" / "fetch_cards.py"
    spec = importlib.util.spec_from_file_location("fetch_cards", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.mark.parametrize("name", NAMES[:52])
def test_no_filled_shape_has_a_zero_length_closing_segment(name: str) -> None:
    # nanosvg draws a zero-length segment by halving it 2047 times: the court cards had up to
    # 193 of them, a third of their drawing time. The art tool drops their closepaths.
    tool = _fetch_cards()
    root = ET.fromstring(resources.read_text(f"cards/{name}.svg"))
    checked = 0

    def walk(el: ET.Element, stroked: bool) -> None:
        nonlocal checked
        stroked = stroked or tool.has_stroke(el)
        if el.tag.endswith("}path") and not stroked:
            cmds = tool.parse_d(el.get("d") or "")
            assert tool.drop_zero_closes(cmds) == cmds, f"{name}.svg"
            checked += 1
        for child in el:
            walk(child, stroked)

    walk(root, False)
    assert checked > 0


def test_zero_length_closes_are_found_exactly_and_dropping_them_changes_no_pixel() -> None:
    tool = _fetch_cards()
    back_to_start = "M10.5 10.25l20 0l-10 15.5l-10-15.5z"
    short_of_it = "M10.5 10.25l20 0l-10 15.5l-10-15.25z"
    relative_start = "M0 0zm10.5 10.25l20 0l-10 15.5l-10-15.5z"
    # Back to the start in decimals, not in the 32-bit floats nanosvg adds them in.
    float_miss = "M10.5 10.25l20.1 0l-10.05 15.3l-10.05-15.3z"
    arc = "M10 10a5 5 0 0 1 10 0l-10 0z"  # a command it does not follow: left alone
    cases = ((back_to_start, 1), (short_of_it, 0), (relative_start, 1), (float_miss, 0), (arc, 0))
    for d, dropped in cases:
        cmds = tool.parse_d(d)
        assert len(cmds) - len(tool.drop_zero_closes(cmds)) == dropped, d

    def drawn(d: str) -> bytes:
        svg = (
            '<svg xmlns="http://www.w3.org/2000/svg" width="40" height="40" viewBox="0 0 40 40">'
            f'<path fill="#d40000" d="{d}"/></svg>'
        )
        surface = pygame.image.load(io.BytesIO(svg.encode()), "t.svg")
        return pygame.image.tobytes(surface, "RGBA")

    kept = drawn(back_to_start)
    assert kept == drawn(tool.compact(tool.drop_zero_closes(tool.parse_d(back_to_start))))
    assert kept != drawn("M0 0z")  # the shape is drawn at all


SIZE_1080 = (150, 209)


def _documents() -> dict[str, bytes]:
    return {n: ui_cards.sized_svg(resources.read_text(f"cards/{n}.svg"), SIZE_1080) for n in NAMES}


def test_every_card_starts_with_the_same_outline_so_it_is_drawn_once_per_size() -> None:
    starts = set()
    for name, document in _documents().items():
        m = ui_cards._BODY.match(document)
        assert m is not None, f"{name}.svg does not start with the card's outline"
        starts.add(m.group(0))
    assert len(starts) == 1


def test_the_outline_is_rasterised_once_for_a_whole_deck(monkeypatch: pytest.MonkeyPatch) -> None:
    whole: list[bytes] = []
    real = ui_cards._rasterise_whole
    me = threading.get_ident()  # not a worker another test may have left drawing

    def counted(document: bytes, size: tuple[int, int]) -> pygame.Surface:
        if threading.get_ident() == me:
            whole.append(document)
        return real(document, size)

    monkeypatch.setattr(ui_cards, "_rasterise_whole", counted)
    ui_cards._bodies.clear()
    art = CardArt()
    for c in range(52):
        art.face(c, SIZE_1080)
    art.back(SIZE_1080)
    outlines = [d for d in whole if b"<path" not in d]
    assert len(outlines) == 1 and len(whole) == 54  # the outline, then each card's drawing


@pytest.mark.parametrize("name", ["AS", "7H", "10C", "QD", "KH", "back"])
@pytest.mark.parametrize("size", [(71, 99), SIZE_1080, (301, 420)])
def test_drawing_the_outline_apart_looks_the_same_as_drawing_it_with_the_card(
    name: str, size: tuple[int, int]
) -> None:
    document = ui_cards.sized_svg(resources.read_text(f"cards/{name}.svg"), size)
    apart = pygame.image.tobytes(ui_cards._rasterise_sized(document, size), "RGBA")
    whole = pygame.image.tobytes(ui_cards._rasterise_whole(document, size), "RGBA")
    worst = 0
    for i in range(0, len(whole), 4):
        if whole[i + 3] or apart[i + 3]:  # a pixel that shows (fully clear ones do not)
            worst = max(worst, *(abs(whole[i + k] - apart[i + k]) for k in range(4)))
    assert worst <= 4, f"{name} at {size}: a pixel {worst} of 255 away"  # 3 at most seen


def test_a_card_without_the_outline_first_is_drawn_in_one_go() -> None:
    svg = (
        '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="14" viewBox="0 0 10 14">'
        '<path fill="#d40000" d="M1 1h8v12h-8z"/><rect x="2" y="2" width="2" height="2"/></svg>'
    )
    document = ui_cards.sized_svg(svg, (40, 56))
    assert ui_cards._BODY.match(document) is None
    # A first rect painted with a gradient defined after it is not drawn apart either.
    gradient = (
        '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="14" viewBox="0 0 10 14">'
        '<rect width="10" height="14" fill="url(#g)"/><defs><linearGradient id="g">'
        '<stop offset="0" stop-color="#fff"/><stop offset="1" stop-color="#00f"/>'
        "</linearGradient></defs></svg>"
    )
    assert ui_cards._BODY.match(ui_cards.sized_svg(gradient, (40, 56))) is None
    drawn = ui_cards._rasterise_sized(document, (40, 56))
    assert pygame.image.tobytes(drawn, "RGBA") == pygame.image.tobytes(
        ui_cards._rasterise_whole(document, (40, 56)), "RGBA"
    )
