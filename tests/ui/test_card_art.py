"""The card art: shipped files, exact sizes, four colours, bounded caches, licences."""

from __future__ import annotations

import functools
import importlib.util
import io
import random
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


@pytest.mark.parametrize("r", [0, 1, 2, 3, 5, 7, 8, 11, 15, 22])
def test_a_shadow_has_exactly_the_pixels_of_the_whole_box_blurred(r: int) -> None:
    """The shadow is blurred at the size of its corners and stretched (issue #16: a
    part of a start's first frame); pixel for pixel, it is the whole box blurred."""
    pygame.display.init()
    try:
        for w in [*range(8, 80, 7), 110, 150, 220, 287]:
            for h in (round(w * 1.4), w + 1, 3 * w):
                whole = ui_cards._soft_box(w, h, r, ui_cards.corner_radius(w))
                shadow = ui_cards._shadow(w, h, r)
                assert shadow.get_size() == whole.get_size() == (w + 2 * r, h + 2 * r)
                assert pygame.image.tobytes(shadow, "RGBA") == pygame.image.tobytes(
                    whole, "RGBA"
                ), (w, h, r)
    finally:
        pygame.display.quit()


def test_bad_cards_and_sizes_are_refused() -> None:
    art = CardArt()
    with pytest.raises(ValueError, match="not a card"):
        art.face(52, (100, 140))
    with pytest.raises(ValueError, match="not a card"):
        art.face(-1, (100, 140))
    with pytest.raises(ValueError, match="at least 1x1"):
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
    assert "Chris Aguilar" in notice
    assert "LGPL" in notice
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
    assert spec is not None
    assert spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.mark.parametrize("name", NAMES[:52])
def test_every_filled_shape_is_in_whole_numbers_with_no_zero_length_segment(name: str) -> None:
    # nanosvg reads a whole number in half the time of a decimal one, and draws a
    # zero-length segment by halving it 2047 times (the court cards had up to 193 of them,
    # a third of their drawing time). The art tool writes filled paths in whole numbers of a
    # finer unit (scaled back by the path's transform) and drops those segments.
    tool = _fetch_cards()
    root = ET.fromstring(resources.read_text(f"cards/{name}.svg"))
    checked = 0

    def walk(el: ET.Element, stroked: bool) -> None:
        nonlocal checked
        stroked = stroked or tool.has_stroke(el)
        if el.tag.endswith("}path") and not stroked:
            cmds = tool.parse_d(el.get("d") or "")
            assert all(re.fullmatch(r"-?[0-9]+", n) for _, nums in cmds for n in nums), name
            assert tool.whole_numbers(cmds, 1) == cmds, f"{name}.svg: a segment with no length"
            assert re.search(r"scale\(0\.0*1\)$", el.get("transform") or ""), name
            checked += 1
        for child in el:
            walk(child, stroked)

    walk(root, False)
    assert checked > 0


def _absolute(cmds: list[tuple[str, list[str]]], k: float = 1.0) -> list[tuple[float, float]]:
    """Every point of M/L/C/Z path data, absolute, in units of 1/k."""
    out: list[tuple[float, float]] = []
    x = y = sx = sy = 0.0
    for letter, nums in cmds:
        if letter in "Zz":
            x, y = sx, sy
            continue
        v = [float(n) * k for n in nums]
        ox, oy = (x, y) if letter.islower() else (0.0, 0.0)
        pts = [(v[i] + ox, v[i + 1] + oy) for i in range(0, len(v), 2)]
        out += pts
        x, y = pts[-1]
        if letter in "Mm":
            sx, sy = x, y
    return out


def test_whole_numbers_keep_every_point_within_half_a_unit_however_long_the_path() -> None:
    tool = _fetch_cards()
    rng = random.Random(7)
    steps = [
        f"c{rng.uniform(-9, 9):.4f} {rng.uniform(-9, 9):.4f} {rng.uniform(-9, 9):.4f} "
        f"{rng.uniform(-9, 9):.4f} {rng.uniform(-9, 9):.4f} {rng.uniform(-9, 9):.4f}"
        for _ in range(3000)
    ]
    cmds = tool.parse_d("m1000.123 1000.456" + "".join(steps) + "z")
    whole = tool.whole_numbers(cmds, 10)
    assert len(whole) == len(cmds)  # nothing here has no length
    exact, written = _absolute(cmds, 10), _absolute(whole)
    # Relative steps rounded one by one would drift by some 15 units over 3000 of them.
    assert (
        max(max(abs(a - c), abs(b - d)) for (a, b), (c, d) in zip(exact, written, strict=True))
        <= 0.5
    )


def test_whole_numbers_drop_what_has_no_length_and_refuse_what_they_do_not_follow() -> None:
    tool = _fetch_cards()

    def dropped(d: str, k: int = 100) -> int:
        cmds = tool.parse_d(d)
        return len(cmds) - len(tool.whole_numbers(cmds, k))

    assert dropped("M10.5 10.25l20 0l-10 15.5l-10-15.5z") == 1  # back on the start: no z
    assert dropped("M10.5 10.25l20 0l-10 15.5l-10-15.25z") == 0  # a quarter short of it
    assert dropped("M0 0zm10.5 10.25l20 0l-10 15.5l-10-15.5z") == 2  # (and "M0 0z")
    assert dropped("M10.5 10.25l20 0l0.001 0l-10 15.5l-10-15.5z") == 2  # too short to write
    assert dropped("M10.5 10.3l20 0l-10 15.5l-10-15.496z", 10) == 1  # on the start, rounded
    with pytest.raises(ValueError, match="not handled"):
        tool.whole_numbers(tool.parse_d("M10 10a5 5 0 0 1 10 0l-10 0z"), 10)


def test_unit_for_a_path_keeps_its_points_within_the_tolerance() -> None:
    tool = _fetch_cards()
    for scale, k in ((0.1518, 10), (0.301, 100), (1.0, 100), (0.02, 1)):
        assert tool.unit_for((scale, 0.0, 0.0, scale, 5.0, 7.0)) == k
        assert scale * 0.5**0.5 / k <= tool.TOL  # how far rounding may move a point
    turned = tool.parse_transform("rotate(30) scale(0.301)")
    assert tool.unit_for(turned) == 100


def _drawn(paths: str, size: int = 60) -> bytes:
    svg = (
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{size}" height="{size}"'
        f' viewBox="0 0 40 40">{paths}</svg>'
    )
    surface = pygame.image.load(io.BytesIO(svg.encode()), "t.svg")
    return pygame.image.tobytes(surface, "RGBA")


def test_a_shape_in_whole_numbers_looks_the_same() -> None:
    tool = _fetch_cards()
    # A ring in decimals, drawn through a 0.15 scale as the court figures are.
    d = (
        "M133.34 66.67C133.34 103.49 103.49 133.34 66.67 133.34C29.85 133.34 0 103.49 0 66.67"
        "C0 29.85 29.85 0 66.67 0C103.49 0 133.34 29.85 133.34 66.67Zm-20.13 0"
        "c0-25.7-20.84-46.53-46.54-46.53c-25.7 0-46.53 20.83-46.53 46.53"
        "c0 25.7 20.83 46.54 46.53 46.54c25.7 0 46.54-20.84 46.54-46.54z"
    )
    m = tool.parse_transform("translate(10.3,9.7) scale(0.15)")
    k = tool.unit_for(m)
    whole = tool.compact(tool.whole_numbers(tool.parse_d(d), k))
    before = _drawn(f'<path fill="#d40000" transform="translate(10.3,9.7) scale(0.15)" d="{d}"/>')
    after = _drawn(
        f'<path fill="#d40000" transform="translate(10.3,9.7) scale(0.15) scale({1 / k:g})"'
        f' d="{whole}"/>'
    )
    assert "." not in whole
    assert before != _drawn("")
    alpha_before, alpha_after = before[3::4], after[3::4]
    assert abs(sum(alpha_before) - sum(alpha_after)) <= 0.002 * sum(alpha_before)
    # A pixel may change by a fifth where an edge crosses one of nanosvg's five sampling
    # lines in a pixel row; on the whole the shape is where it was.
    assert (
        sum(abs(a - b) for a, b in zip(alpha_before, alpha_after, strict=True)) / len(alpha_before)
        < 1
    )
    # Dropping a closepath that would add no length changes not one pixel.
    closed = tool.compact(tool.parse_d("M105 103l200 0l-100 155l-100-155z"))
    open_ = tool.compact(tool.whole_numbers(tool.parse_d(closed), 1))
    assert not open_.endswith("z")
    path = '<path fill="#000" transform="scale(0.1)" d="{}"/>'
    assert _drawn(path.format(closed)) == _drawn(path.format(open_))


SIZE_1080 = (150, 209)


def _documents() -> dict[str, bytes]:
    return {n: ui_cards.sized_svg(resources.read_text(f"cards/{n}.svg"), SIZE_1080) for n in NAMES}


def test_every_card_starts_with_the_same_outline_so_it_is_drawn_once_per_size() -> None:
    starts = set()
    for name, document in _documents().items():
        m = re.match(ui_cards._BODY, document)
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
    assert len(outlines) == 1
    assert len(whole) == 54


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
    assert re.match(ui_cards._BODY, document) is None
    # A first rect painted with a gradient defined after it is not drawn apart either.
    gradient = (
        '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="14" viewBox="0 0 10 14">'
        '<rect width="10" height="14" fill="url(#g)"/><defs><linearGradient id="g">'
        '<stop offset="0" stop-color="#fff"/><stop offset="1" stop-color="#00f"/>'
        "</linearGradient></defs></svg>"
    )
    assert re.match(ui_cards._BODY, ui_cards.sized_svg(gradient, (40, 56))) is None
    drawn = ui_cards._rasterise_sized(document, (40, 56))
    assert pygame.image.tobytes(drawn, "RGBA") == pygame.image.tobytes(
        ui_cards._rasterise_whole(document, (40, 56)), "RGBA"
    )
