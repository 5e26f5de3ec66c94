#!/usr/bin/env python3
"""How the card art in ``assets/cards/`` was made (run it again to rebuild it).

The 52 faces are the "Vectorized Playing Cards 1.3" by Chris Aguilar (LGPL-3.0-or-later),
taken from the npm package ``cardsJS`` (version pinned below), whose ``cards/`` folder holds
them. The back is drawn here, from scratch, as plain paths.

What this script changes in the faces, none of it visible at play:

* editor data dropped (Inkscape/Sodipodi attributes, metadata, comments, ids, empty groups,
  the empty crop-mark layer) and whitespace squeezed out of the path data;
* ``JC.svg`` holds its drawing twice, one copy over the other: only the top copy is kept;
* every filled path is written in whole numbers of a finer unit (a tenth or a hundredth of
  its own, scaled back by its ``transform``), each point rounded where it lies so that no
  error adds up: every point stays within :data:`TOL` (a 50th of a card unit, some 0.03
  pixel on a 4K table) of its place. nanosvg (SDL_image's SVG reader) reads a whole number
  in half the time of a decimal one, and reading was half of a court card's rasterising;
  the files are half as long. Where an edge lies right on one of the five lines nanosvg
  samples a pixel row at, that row may shade a fifth differently; on the whole a card is
  within a fifth of a 255th of what it was;
* segments and closepaths of a filled path that would have no length are dropped (the fill
  is closed either way): nanosvg draws a zero-length segment by halving it to its recursion
  limit, 2047 steps each, and the court cards had 130-190 such closepaths: a third of the
  time a court card took to rasterise;
* the card's outline (the white rounded rectangle each face draws first, inside two to four
  translating groups) is written first in the root as one common element, :data:`BODY`, and
  every face takes the common size (:data:`CARD_W` x :data:`CARD_H`): the game then draws
  the outline once per size for the whole deck (it was a third of a number card's drawing).
  The faces' own outlines and sizes were all within 0.007 units of these (a 140th of a
  pixel on a 4K table); in the four 7s and ``JS.svg``, whose size moved most, a horizontal
  edge lying right on one of nanosvg's five sampling lines in a pixel row may shade that
  row a fifth differently;
* a ``viewBox`` and ``preserveAspectRatio="none"`` are added on the root, so the game can
  rasterise a card at any exact pixel size by rewriting ``width``/``height``;
* the shapes of the suit colour that are indices and pips -- every path of a number card, and
  on court cards the corner indices and the two big pips, split out of the figure's path --
  are written ``<path class="pip" fill="#rrggbb" ...>``, so the four-colour deck can recolour
  them and nothing else (the figures keep their colours).

Usage: ``python tools/fetch_cards.py [--package DIR] [--out assets]``. Without ``--package``
it runs ``npm pack`` into a temporary folder (needs npm and the npm registry).
"""

from __future__ import annotations

import argparse
import math
import re
import shutil
import subprocess
import sys
import tarfile
import tempfile
import xml.etree.ElementTree as ET
from pathlib import Path

PACKAGE = "cardsJS@1.1.1"
SVG_NS = "http://www.w3.org/2000/svg"
RANKS = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")
SUITS = "SHDC"
SUIT_COLOUR = {"S": "#000000", "H": "#d40000", "D": "#d40000", "C": "#000000"}
LICENCE_FILES = ("COPYING.LESSER.txt", "COPYING.txt", "readme.txt", "AUTHORS.txt")
NOTICE = """\
Card faces (the 52 files <CARD>.svg in this folder):
  Vectorized Playing Cards 1.3 - http://code.google.com/p/vectorized-playing-cards/
  Copyright 2011 - Chris Aguilar
  Licensed under LGPL 3 - www.gnu.org/copyleft/lesser.html
  (GNU LGPL version 3 or, at your option, any later version.)
  Taken from the npm package cardsJS 1.1.1 (folder cards/) and modified for Crescent by
  tools/fetch_cards.py: editor data removed, filled shapes in whole numbers of a finer
  unit (no point moved by more than a 50th of a unit), segments of no length dropped, one
  common outline and size, a viewBox added, pips and indices marked class="pip" (the
  drawing looks the same). These SVG files are their own source code.
  Licence texts: ../licenses/vectorized-playing-cards/ (COPYING.LESSER.txt, COPYING.txt).

Card back (back.svg):
  Drawn for Crescent by tools/fetch_cards.py; same licence as Crescent (MIT).
"""
STYLE_KEEP = (
    "fill",
    "fill-opacity",
    "fill-rule",
    "stroke",
    "stroke-width",
    "stroke-opacity",
    "stroke-linecap",
    "stroke-linejoin",
    "stroke-miterlimit",
    "opacity",
)
DEFAULTS = {"fill-opacity": "1", "stroke-opacity": "1", "opacity": "1"}

CARD_W, CARD_H = 224.22508, 312.80777
"""Every card's size (the art's own for 47 faces; the other five are within 0.01 of it)."""
BODY_AT, BODY_W, BODY_H, BODY_R = 0.49836, 223.22835, 311.81104, 10.629921
"""The outline's corner (x and y), size and corner radius, in the art's units."""
BODY = (
    f'<rect x="{BODY_AT}" y="{BODY_AT}" width="{BODY_W}" height="{BODY_H}" rx="{BODY_R}"'
    f' ry="{BODY_R}" style="fill:#ffffff;stroke:#000000;stroke-width:0.99673343;'
    'stroke-miterlimit:4"/>'
)
"""The card's outline, the first thing every face and the back draw: the same text in all 53
files, so the game rasterises it once per size (see ``crescent/ui/cards.py``)."""
BODY_BOX = (BODY_AT, BODY_AT, BODY_AT + BODY_W, BODY_AT + BODY_H)
SAME = 0.01
"""How far (in the art's units, a 150th of a pixel on a 1080p table) a face's outline or size
may be from the common one; the faces' own differ by at most 0.004."""

Matrix = tuple[float, float, float, float, float, float]
IDENTITY: Matrix = (1.0, 0.0, 0.0, 1.0, 0.0, 0.0)
Command = tuple[str, list[str]]


# --- geometry -------------------------------------------------------------------------------


def mul(a: Matrix, b: Matrix) -> Matrix:
    return (
        a[0] * b[0] + a[2] * b[1],
        a[1] * b[0] + a[3] * b[1],
        a[0] * b[2] + a[2] * b[3],
        a[1] * b[2] + a[3] * b[3],
        a[0] * b[4] + a[2] * b[5] + a[4],
        a[1] * b[4] + a[3] * b[5] + a[5],
    )


def parse_transform(text: str | None) -> Matrix:
    m = IDENTITY
    for name, raw in re.findall(r"(\w+)\s*\(([^)]*)\)", text or ""):
        v = [float(x) for x in re.split(r"[\s,]+", raw.strip()) if x]
        t: Matrix
        if name == "matrix":
            t = (v[0], v[1], v[2], v[3], v[4], v[5])
        elif name == "translate":
            t = (1.0, 0.0, 0.0, 1.0, v[0], v[1] if len(v) > 1 else 0.0)
        elif name == "scale":
            t = (v[0], 0.0, 0.0, v[1] if len(v) > 1 else v[0], 0.0, 0.0)
        elif name == "rotate" and len(v) == 1:
            c, s = math.cos(math.radians(v[0])), math.sin(math.radians(v[0]))
            t = (c, s, -s, c, 0.0, 0.0)
        else:
            raise ValueError(f"transform {name}({raw}) is not handled")
        m = mul(m, t)
    return m


def apply(m: Matrix, x: float, y: float) -> tuple[float, float]:
    return m[0] * x + m[2] * y + m[4], m[1] * x + m[3] * y + m[5]


# --- path data ------------------------------------------------------------------------------

_TOKEN = re.compile(r"([MmLlHhVvCcSsQqTtAaZz])|([-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?)")
_ARGS = {"M": 2, "L": 2, "H": 1, "V": 1, "C": 6, "S": 4, "Q": 4, "T": 2, "A": 7, "Z": 0}


def parse_d(d: str) -> list[Command]:
    """Path data as commands, one per letter (implicit repeats split out), numbers as written."""
    out: list[Command] = []
    letter = ""
    numbers: list[str] = []

    def flush() -> None:
        n = _ARGS[letter.upper()]
        if n == 0:
            out.append((letter, []))
            return
        if not numbers or len(numbers) % n:
            raise ValueError(f"bad path data near {letter}{numbers[:8]}")
        for k in range(0, len(numbers), n):
            cmd = letter
            if k and letter in "Mm":
                cmd = "l" if letter == "m" else "L"  # pairs after a moveto are linetos
            out.append((cmd, numbers[k : k + n]))

    for m in _TOKEN.finditer(d):
        if m.group(1):
            if letter:
                flush()
            letter, numbers = m.group(1), []
        else:
            numbers.append(m.group(2))
    if letter:
        flush()
    return out


def compact(cmds: list[Command]) -> str:
    """Shortest plain text for ``cmds`` (repeated letters kept: simple and still small)."""
    parts: list[str] = []
    for letter, nums in cmds:
        text = letter
        for i, n in enumerate(nums):
            text += n if i == 0 or n.startswith(("-", "+")) else " " + n
        parts.append(text)
    return "".join(parts)


TOL = 0.02
"""How far (in the card's units: a 50th of one, some 0.03 pixel on a 4K table) a point of a
face's drawing may move when its path data is written in whole numbers (:func:`whole_numbers`)."""


def unit_for(m: Matrix) -> int:
    """The unit, 1/k of a path's own, in whose whole numbers a path drawn through ``m`` (to
    the card's units) keeps every point within :data:`TOL` of its place: k, a power of ten."""
    a, b, c, d = m[:4]
    t = a * a + b * b + c * c + d * d
    stretch = math.sqrt((t + math.sqrt(max(t * t - 4 * (a * d - b * c) ** 2, 0.0))) / 2)
    k = 1
    while math.sqrt(0.5) * stretch / k > TOL:  # rounding moves a point by up to 0.71 unit
        k *= 10
    return k


def whole_numbers(cmds: list[Command], k: int) -> list[Command]:
    """``cmds`` (M, L, C and Z) with every number a whole number of 1/k of their unit.

    Each point is rounded where it lies and a relative step written as the difference of two
    rounded points, so no error adds up along a path: every point stays within half a unit
    of its place. nanosvg (SDL_image's SVG reader) reads a whole number in half the time of
    a decimal one (no fraction: one ``strtoll`` fewer and no ``pow``), the text is half as
    long, and whole numbers add up exactly in the 32-bit floats nanosvg follows a path in.

    Dropped: segments that end where they start (control points too) and closepaths that
    would add one: nanosvg draws a zero-length segment by halving it to its recursion limit,
    2047 steps for nothing (the court faces had 130-190 such closepaths, a third of their
    drawing time). For filled paths only: a fill is closed either way, a stroke is not.
    """
    out: list[Command] = []
    x = y = sx = sy = 0.0  # the current point and the subpath's first, exact (in 1/k units)
    px = py = psx = psy = 0  # the same, as written
    for letter, nums in cmds:
        up, rel = letter.upper(), letter.islower()
        if up == "Z":
            if (px, py) != (psx, psy):
                out.append((letter, []))
            x, y, px, py = sx, sy, psx, psy
            continue
        if up not in "MLC":
            raise ValueError(f"path command {letter} is not handled")
        v = [float(n) * k for n in nums]
        exact = [(x + v[i], y + v[i + 1]) if rel else (v[i], v[i + 1]) for i in range(0, len(v), 2)]
        whole = [(round(ax), round(ay)) for ax, ay in exact]
        (x, y), end = exact[-1], whole[-1]
        if up != "M" and all(p == (px, py) for p in whole):
            continue  # no length: the current point stays where it is written
        text: list[str] = []
        for wx, wy in whole:
            text += [str(wx - px), str(wy - py)] if rel else [str(wx), str(wy)]
        out.append((letter, text))
        px, py = end
        if up == "M":
            sx, sy, psx, psy = x, y, px, py
    return out


def fmt(v: float) -> str:
    s = f"{v:.6f}".rstrip("0").rstrip(".")
    return "0" if s in ("", "-0") else s


def split_subpaths(cmds: list[Command]) -> list[tuple[list[Command], list[tuple[float, float]]]]:
    """Each subpath standing alone (its moveto made absolute), with the points it reaches."""
    subs: list[tuple[list[Command], list[tuple[float, float]]]] = []
    cx = cy = sx = sy = 0.0
    for letter, nums in cmds:
        up, rel = letter.upper(), letter.islower()
        v = [float(n) for n in nums]
        if up == "M":
            x, y = (v[0] + cx, v[1] + cy) if rel else (v[0], v[1])
            subs.append(([("M", [fmt(x), fmt(y)])], [(x, y)]))
            cx, cy, sx, sy = x, y, x, y
            continue
        if not subs:
            raise ValueError("path data does not start with a moveto")
        sub_cmds, pts = subs[-1]
        sub_cmds.append((letter, nums))
        if up == "Z":
            cx, cy = sx, sy
        elif up == "H":
            cx = v[0] + (cx if rel else 0.0)
        elif up == "V":
            cy = v[0] + (cy if rel else 0.0)
        elif up == "A":
            x, y = (v[5] + cx, v[6] + cy) if rel else (v[5], v[6])
            pts += [(x - v[0], y - v[1]), (x + v[0], y + v[1])]
            cx, cy = x, y
        else:
            ox, oy = (cx, cy) if rel else (0.0, 0.0)
            for k in range(0, len(v), 2):
                pts.append((v[k] + ox, v[k + 1] + oy))
            cx, cy = pts[-1]
        pts.append((cx, cy))
    return subs


# --- reading and writing the faces ---------------------------------------------------------


def local(tag: str) -> tuple[str, str]:
    if tag.startswith("{"):
        ns, _, name = tag[1:].partition("}")
        return ns, name
    return "", tag


def style_of(el: ET.Element) -> dict[str, str]:
    out: dict[str, str] = {}
    for item in (el.get("style") or "").split(";"):
        key, _, value = item.partition(":")
        key, value = key.strip(), value.strip()
        if key in STYLE_KEEP and DEFAULTS.get(key) != value:
            out[key] = value
    return out


def has_stroke(el: ET.Element) -> bool:
    """Whether ``el`` sets a stroke (its children inherit it)."""
    return (style_of(el).get("stroke") or el.get("stroke") or "none") != "none"


def is_pip_subpath(bbox: tuple[float, float, float, float]) -> bool:
    """On a court card: a corner index or one of the two big pips beside the figure."""
    x0, y0, x1, y1 = bbox
    centre = (x0 + x1) / 2
    if centre < 30 or centre > 194:
        return True
    w, h = x1 - x0, y1 - y0
    if not (38 <= w <= 60 and 45 <= h <= 62):
        return False
    top_left = 28 <= x0 <= 40 and 24 <= y0 <= 40
    bottom_right = 184 <= x1 <= 196 and 276 <= y1 <= 290
    return top_left or bottom_right


class FaceWriter:
    """Writes one face as compact SVG, marking its pips."""

    def __init__(self, name: str) -> None:
        self.name = name
        self.suit_colour = SUIT_COLOUR[name[-1]]
        self.court = name[:-1] in ("J", "Q", "K")
        self.out: list[str] = []
        self.pips = 0
        self.body = False  # the outline was found (it is written as BODY, first)
        self.drawn = False  # a path was written

    def element(self, el: ET.Element, m: Matrix, stroked: bool = False) -> None:
        ns, tag = local(el.tag)
        if ns != SVG_NS or tag in ("metadata", "title", "defs"):
            return
        stroked = stroked or has_stroke(el)
        if tag == "g":
            drawing = any(local(e.tag)[1] == "path" for e in el.iter())
            if not drawing and not any(local(e.tag)[1] == "rect" for e in el.iter()):
                return  # empty, like the crop-mark layers
            m = mul(m, parse_transform(el.get("transform")))
            if drawing:
                self.out.append("<g" + self.attrs(el, ("transform",)) + ">")
            for child in el:
                self.element(child, m, stroked)
            if drawing:
                self.out.append("</g>")
        elif tag == "rect":
            self.outline(el, mul(m, parse_transform(el.get("transform"))))
        elif tag == "path":
            self.drawn = True
            self.path(el, mul(m, parse_transform(el.get("transform"))), stroked)
        else:
            raise ValueError(f"{self.name}: element <{tag}> is not handled")

    def outline(self, el: ET.Element, m: Matrix) -> None:
        """The card's white rounded outline: checked to be the common :data:`BODY` (drawn
        first, in the same place give or take :data:`SAME`), which is written instead."""
        if self.body or self.drawn:
            raise ValueError(f"{self.name}: a <rect> that is not the card's outline, drawn first")
        x, y, w, h, rx = (float(el.get(k, "0")) for k in ("x", "y", "width", "height", "rx"))
        (x0, y0), (x1, y1) = apply(m, x, y), apply(m, x + w, y + h)
        box = (min(x0, x1), min(y0, y1), max(x0, x1), max(y0, y1))
        scale = math.hypot(m[0], m[1])
        off = max(abs(a - b) for a, b in zip(box, BODY_BOX, strict=True))
        if off > SAME or abs(scale - 1) > 1e-4:
            raise ValueError(f"{self.name}: the outline {box} is not the common one")
        if abs(rx - BODY_R) > SAME:
            raise ValueError(f"{self.name}: the outline's corners are not the common ones")
        self.body = True

    def attrs(self, el: ET.Element, keep: tuple[str, ...], drop_fill: bool = False) -> str:
        text = "".join(f' {k}="{el.get(k)}"' for k in keep if el.get(k) is not None)
        style = style_of(el)
        if drop_fill:
            style.pop("fill", None)
        if style:
            text += ' style="' + ";".join(f"{k}:{v}" for k, v in style.items()) + '"'
        return text

    def path(self, el: ET.Element, m: Matrix, stroked: bool) -> None:
        cmds = parse_d(el.get("d") or "")
        fill = style_of(el).get("fill")
        # A filled path is written in whole numbers of a finer unit, scaled back.
        k = 1 if stroked else unit_for(m)
        rest = self.attrs(el, () if k > 1 else ("transform",), drop_fill=True)
        if k > 1:
            transform = " ".join(t for t in (el.get("transform"), f"scale({1 / k:g})") if t)
            rest = f' transform="{transform}"' + rest

        def d_of(c: list[Command]) -> str:
            return compact(c if stroked else whole_numbers(c, k))

        if fill != self.suit_colour:
            if not self.court:
                raise ValueError(f"{self.name}: number card with a {fill} path")
            self.out.append(f'<path fill="{fill}"{rest} d="{d_of(cmds)}"/>')
            return
        if not self.court:
            self.out.append(f'<path class="pip" fill="{fill}"{rest} d="{d_of(cmds)}"/>')
            self.pips += 1
            return
        figure: list[Command] = []
        pips: list[Command] = []
        for sub, pts in split_subpaths(cmds):
            card_pts = [apply(m, x, y) for x, y in pts]
            xs, ys = [p[0] for p in card_pts], [p[1] for p in card_pts]
            if is_pip_subpath((min(xs), min(ys), max(xs), max(ys))):
                pips += sub
                self.pips += 1
            else:
                figure += sub
        self.out.append(f'<path fill="{fill}"{rest} d="{d_of(figure)}"/>')
        self.out.append(f'<path class="pip" fill="{fill}"{rest} d="{d_of(pips)}"/>')


def convert_face(src: Path, name: str) -> str:
    root = ET.parse(src).getroot()
    width, height = (float(root.get(k, "0")) for k in ("width", "height"))
    if name == "JC":
        # The drawing is there twice, the second copy exactly over the first: keep the top one.
        layer = next(g for g in root if local(g.tag)[1] == "g" and g.get("id") == "layer1")
        copies = [g for g in layer if local(g.tag)[1] == "g"]
        if len(copies) != 2:
            raise ValueError("JC.svg is not laid out as expected")
        layer.remove(copies[0])
    writer = FaceWriter(name)
    for child in root:
        writer.element(child, IDENTITY)
    if writer.pips == 0:
        raise ValueError(f"{name}: no pips found")
    if not writer.body:
        raise ValueError(f"{name}: no card outline found")
    if abs(width - CARD_W) > SAME or abs(height - CARD_H) > SAME:
        raise ValueError(f"{name}: {width}x{height} is not the common card size")
    return _head() + BODY + "".join(writer.out) + "</svg>\n"


def _head() -> str:
    return (
        f'<svg xmlns="{SVG_NS}" width="{fmt(CARD_W)}" height="{fmt(CARD_H)}" '
        f'viewBox="0 0 {fmt(CARD_W)} {fmt(CARD_H)}" preserveAspectRatio="none">'
    )


# --- the back -------------------------------------------------------------------------------


def clip_line(
    p: tuple[float, float], d: tuple[float, float], box: tuple[float, float, float, float]
) -> tuple[tuple[float, float], tuple[float, float]] | None:
    """The part inside ``box`` of the infinite line through ``p`` along ``d`` (Liang-Barsky)."""
    x0, y0, x1, y1 = box
    t0, t1 = -1e9, 1e9
    for pi, di, lo, hi in ((p[0], d[0], x0, x1), (p[1], d[1], y0, y1)):
        if abs(di) < 1e-12:
            if not lo <= pi <= hi:
                return None
            continue
        a, b = (lo - pi) / di, (hi - pi) / di
        t0, t1 = max(t0, min(a, b)), min(t1, max(a, b))
    if t1 - t0 < 1e-6:
        return None
    return (p[0] + d[0] * t0, p[1] + d[1] * t0), (p[0] + d[0] * t1, p[1] + d[1] * t1)


def back_svg() -> str:
    """A calm classic back: a navy field with a fine lattice and a crescent medallion."""
    w, h = CARD_W, CARD_H

    def f(v: float) -> str:
        return fmt(round(v, 3))

    navy, dark, line, light = "#1c3166", "#2a4585", "#6f8cc7", "#c3d0ec"
    inset = 11.0
    box = (inset, inset, w - inset, h - inset)
    fw, fh = w - 2 * inset, h - 2 * inset
    cx, cy, step = w / 2, h / 2, 14.0
    main: list[str] = []
    fine: list[str] = []
    n = int((w + h) / step) + 2
    for direction in ((1.0, 1.0), (1.0, -1.0)):
        for k in range(-n, n + 1):
            for offset, bucket in ((0.0, main), (step / 2, fine)):
                seg = clip_line((cx + k * step + offset, cy), direction, box)
                if seg:
                    (ax, ay), (bx, by) = seg
                    bucket.append(f"M{f(ax)} {f(ay)}L{f(bx)} {f(by)}")
    dots: list[str] = []
    r = 1.7
    for i in range(-n, n + 1):
        for j in range(-n, n + 1):
            x, y = cx + (i + j) * step / 2, cy + (i - j) * step / 2
            if inset + 8 < x < w - inset - 8 and inset + 8 < y < h - inset - 8:
                dots.append(f"M{f(x)} {f(y - r)}l{r} {r}l-{r} {r}l-{r}-{r}z")
    rx, ry = 34.0, 46.0  # the medallion
    moon = 20.0
    parts = [
        _head(),
        BODY,
        f'<rect x="{f(inset)}" y="{f(inset)}" width="{f(fw)}" height="{f(fh)}" rx="5" ry="5"'
        f' fill="{navy}"/>',
        f'<path fill="none" stroke="{dark}" stroke-width="0.7" d="{"".join(fine)}"/>',
        f'<path fill="none" stroke="{line}" stroke-width="1" d="{"".join(main)}"/>',
        f'<path fill="{light}" d="{"".join(dots)}"/>',
        # a solid band over the ends of the lattice, then a fine light rule inside it
        f'<rect x="{f(inset + 2)}" y="{f(inset + 2)}" width="{f(fw - 4)}" height="{f(fh - 4)}"'
        f' rx="4" ry="4" fill="none" stroke="{navy}" stroke-width="5"/>',
        f'<rect x="{f(inset + 5.5)}" y="{f(inset + 5.5)}" width="{f(fw - 11)}"'
        f' height="{f(fh - 11)}" rx="2" ry="2" fill="none" stroke="{light}"'
        ' stroke-width="0.8"/>',
        f'<ellipse cx="{f(cx)}" cy="{f(cy)}" rx="{f(rx)}" ry="{f(ry)}" fill="{navy}"'
        f' stroke="{light}" stroke-width="1.2"/>',
        f'<ellipse cx="{f(cx)}" cy="{f(cy)}" rx="{f(rx - 4)}" ry="{f(ry - 4)}" fill="none"'
        f' stroke="{line}" stroke-width="0.7"/>',
        f'<circle cx="{f(cx - 3)}" cy="{f(cy)}" r="{f(moon)}" fill="{light}"/>',
        f'<circle cx="{f(cx + 5)}" cy="{f(cy - 4)}" r="{f(moon - 2)}" fill="{navy}"/>',
        "</svg>\n",
    ]
    return "".join(parts)


# --- main -----------------------------------------------------------------------------------


def fetch(tmp: Path) -> Path:
    subprocess.run(["npm", "pack", PACKAGE, "--pack-destination", str(tmp)], check=True)
    tarball = next(tmp.glob("*.tgz"))
    with tarfile.open(tarball) as tar:
        tar.extractall(tmp / "x", filter="data")
    return tmp / "x" / "package"


def build(package: Path, out: Path) -> None:
    cards_in = package / "cards"
    cards_out = out / "cards"
    cards_out.mkdir(parents=True, exist_ok=True)
    for suit in SUITS:
        for rank in RANKS:
            name = rank + suit
            (cards_out / f"{name}.svg").write_text(convert_face(cards_in / f"{name}.svg", name))
    (cards_out / "back.svg").write_text(back_svg())
    (cards_out / "LICENSE.txt").write_text(NOTICE)
    lic = out / "licenses" / "vectorized-playing-cards"
    lic.mkdir(parents=True, exist_ok=True)
    for f in LICENCE_FILES:
        shutil.copyfile(cards_in / f, lic / f)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--package", type=Path, help="an unpacked cardsJS npm package folder")
    parser.add_argument("--out", type=Path, default=Path(__file__).resolve().parents[1] / "assets")
    args = parser.parse_args(argv)
    if args.package:
        build(args.package, args.out)
    else:
        with tempfile.TemporaryDirectory() as tmp:
            build(fetch(Path(tmp)), args.out)
    print(f"wrote 52 faces, the back and the licence texts under {args.out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
