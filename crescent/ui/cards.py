"""Card faces, the back and card shadows, drawn from the SVG art at the exact size asked.

The art is ``assets/cards/<CARD>.svg`` (``"AS"``, ``"10H"``...) and ``assets/cards/back.svg``,
read through :mod:`crescent.resources`. SDL_image rasterises each file at the pixel size the
layout asks for, so a card is crisp at every size: no bitmap is ever scaled. Cards have
rounded corners, transparent outside the rounding.

Every card starts with the same outline (the white rounded rectangle, the same element first
in all 53 files): it is rasterised once per size and each card's drawing is rasterised over a
copy of it (:func:`_rasterise_sized`), which is a third less work for a number card.

The four-colour deck rewrites the fill of the shapes marked ``class="pip"`` (indices and pips;
see ``tools/fetch_cards.py``) before rasterising: diamonds blue, clubs green. Court figures
keep their colours.

Surfaces are cached per (card, size, colour scheme) in a small LRU: two sizes of the whole
deck. A resize just asks for the new size; the old surfaces fall out (``clear()`` drops them
at once). Rasterising is lazy: only the cards asked for are drawn; :meth:`CardArt.prefetch`
starts the ones about to be shown (the visible cards, at start and after a resize) in
background threads, so they are ready by the first frame.

Rasterising is most of a start's work (court cards the most; ``tools/fetch_cards.py``
drops the closepaths that gave nanosvg zero-length segments to subdivide): given a folder
(:class:`DiskCache`, in the platform's cache folder, never in the data folder nor in the
bundle), the pictures drawn at the window's size are kept there when the game ends
(:meth:`CardArt.save_cache`) and the next start reads them back instead
(docs/PERFORMANCE.md has the first and next starts' figures). A cached picture
is used only if it was drawn from the same SVG text by the same pygame and SDL_image;
anything else in that folder (truncated, foreign, damaged) is ignored and drawn again.
"""

from __future__ import annotations

import io
import os
import re
import shutil
import stat
import struct
import threading
import zlib
from collections.abc import Iterable
from functools import cache
from pathlib import Path
from typing import Final

import pygame

from crescent import resources
from crescent.control.layout import INDEX_BOX
from crescent.files import write_atomic
from crescent.rules.cards import CLUBS, DIAMONDS, card_text, rank_of, suit_of
from crescent.themes import BACKS, DEFAULT_BACK
from crescent.ui.lru import Lru

ART_WIDTH = 224.22508
ART_HEIGHT = 312.80777
ART_ASPECT = ART_WIDTH / ART_HEIGHT
"""Width over height of the art: a layout that keeps it gets undistorted cards."""
CORNER = 10.63 / ART_WIDTH
"""Corner radius of the art as a fraction of the card's width."""

FOUR_COLOUR: dict[int, str] = {DIAMONDS: "#1565c0", CLUBS: "#2e7d32"}
"""Pip and index colour by suit in the four-colour deck (spades and hearts keep theirs)."""

CACHE_LIMIT = 2 * 53
"""Card surfaces kept: two sizes of the 52 faces and the back."""
SHADOW_LIMIT = 8
SHADOW_ALPHA = 110

BACK = "back"
PREFETCH_THREADS = 2
"""Art worker threads at most; never more than the cores left beside the main thread's."""

Key = tuple[str, int, int, str]
"""(card name or ``BACK``, width, height, four-colour fill or ""); for the back, the name
of a back other than the art's own (:data:`crescent.themes.BACKS`) or ""."""

_ROOT = re.compile(r"<svg\b[^>]*>")
_SIZE_ATTR = re.compile(r'\s(?:width|height)="[^"]*"')
_PIP_FILL = re.compile(r'(<path class="pip" fill=")#[0-9a-fA-F]{6}(")')


def corner_radius(width: int) -> int:
    """The rounding of a card ``width`` pixels wide, in whole pixels."""
    return max(1, round(width * CORNER))


BACK_RIM: Final = 11 / 224.2
"""The white rim round the back's lattice, as a fraction of the card's width."""


def draw_back_bands(
    surf: pygame.Surface, back: pygame.Surface, rect: pygame.Rect, count: int, step: int
) -> None:
    """The ``count`` face-down cards under the card at ``rect``, seen as a stack of backs:
    one band ``step`` pixels tall above it per card, the deepest highest. A band is the
    back's top edge (its outline and a sliver of rim) over its lattice, so a hidden card
    reads as a card back and not as a white line."""
    w = rect.w
    rim = max(1, round(w * BACK_RIM))
    lip = max(1, min(step // 3, rim // 2))  # the top edge kept of each back
    for k in range(count, 0, -1):
        y = rect.y - k * step
        surf.blit(back, (rect.x, y), pygame.Rect(0, 0, w, lip))
        surf.blit(back, (rect.x, y + lip), pygame.Rect(0, rim, w, step - lip))


def index_everywhere(face: pygame.Surface, strip: int = 0) -> pygame.Surface:
    """``face`` with its upright corner index also in its three other corners (over the
    upside-down one): a card buried in a fanned pile shows one side of it, and the
    piles on the right (and, on tall windows, the lower side piles) show the side that
    held only the upside-down index. ``strip``: the height of the bottom strip that shows
    (a pile fanning up); one too short for the whole index shows its top, the rank, as
    the top strip of a pile fanning down does."""
    w, h = face.get_size()
    left, top, right, bottom = (round(f * n) for f, n in zip(INDEX_BOX, (w, h, w, h), strict=True))
    box = pygame.Rect(left, top, right - left, bottom - top)
    index = face.subsurface(box).copy()
    out = face.copy()
    far_x, far_y = w - right, h - bottom
    out.fill((255, 255, 255), (far_x - 1, far_y - 1, box.w + 1, box.h + 1))  # the art's
    low = far_y if not 0 < strip < bottom else h - strip + top
    for at in ((far_x, top), (left, low), (far_x, low)):
        out.blit(index, at)
    return out


def sized_svg(svg: str, size: tuple[int, int]) -> bytes:
    """``svg`` with its root ``width``/``height`` set to ``size``.

    The shipped art has a ``viewBox`` and ``preserveAspectRatio="none"``, so the drawing then
    fills exactly ``size`` pixels (SDL_image otherwise keeps the file's own aspect ratio and
    may return a smaller surface than asked).
    """
    m = _ROOT.search(svg)
    if m is None:
        raise ValueError("not an SVG document: no <svg> element")
    tag = _SIZE_ATTR.sub("", m.group(0))
    tag = tag[:4] + f' width="{size[0]}" height="{size[1]}"' + tag[4:]
    return (svg[: m.start()] + tag + svg[m.end() :]).encode("utf-8")


def back_svg(svg: str, back: str) -> str:
    """The back's art ``svg`` in the colours of the back called ``back``
    (:data:`crescent.themes.BACKS`; an unknown name: the art as it is)."""
    chosen = BACKS.get(back)
    if chosen is None or not chosen.colours:
        return svg
    table = {old.lower(): new for old, new in chosen.colours}
    return _HEX.sub(lambda m: table.get(m.group(0).lower(), m.group(0)), svg)


_HEX = re.compile(r"#[0-9a-fA-F]{6}\b")


def recoloured(svg: str, colour: str) -> str:
    """``svg`` with every pip and index filled with ``colour`` (``"#rrggbb"``)."""
    return _PIP_FILL.sub(lambda m: m.group(1) + colour + m.group(2), svg)


def _soft_box(w: int, h: int, r: int, rounding: int) -> pygame.Surface:
    """A card's shadow by definition: a ``w`` x ``h`` box with corners rounded by
    ``rounding``, in a margin of ``r`` pixels, blurred over ``r``."""
    surface = pygame.Surface((w + 2 * r, h + 2 * r), pygame.SRCALPHA)
    surface.fill((0, 0, 0, 0))
    pygame.draw.rect(
        surface, (0, 0, 0, SHADOW_ALPHA), pygame.Rect(r, r, w, h), border_radius=rounding
    )
    # Three box blurs of a third of the radius each: close to a gaussian, and the
    # spread (at most ``r``) stays inside the margin, so no edge is cut off.
    step = r // 3
    for _ in range(3 if step else 0):
        surface = pygame.transform.box_blur(surface, step, repeat_edge_pixels=False)
    return surface


def _shadow(w: int, h: int, r: int) -> pygame.Surface:
    """The shadow of a ``w`` x ``h`` card blurred over ``r``: :func:`_soft_box`'s pixels,
    exactly, from a box only as large as its corners need, stretched.

    The blur moves nothing further than ``3 * (r // 3)``; past that distance from the
    rounded corners, every line across an edge is the same, so the box is blurred at
    ``2k + 1`` pixels a side (``k``: the rounding plus that reach, plus one) and its middle
    line repeated to the card's size: the blur costs by the pixel, and this way it blurs
    the corners' pixels only, not the whole card's.
    """
    rounding = corner_radius(w)
    k = rounding + 3 * (r // 3) + 1
    box = _soft_box(min(w, 2 * k + 1), min(h, 2 * k + 1), r, rounding)
    if w > 2 * k + 1:
        box = _stretched(box, 0, w + 2 * r, r + k)
    if h > 2 * k + 1:
        box = _stretched(box, 1, h + 2 * r, r + k)
    return box


def _stretched(picture: pygame.Surface, axis: int, length: int, line: int) -> pygame.Surface:
    """``picture`` made ``length`` long along ``axis`` (0: across, 1: down) by repeating
    its ``line`` (a column or a row); what lies before and after that line is kept."""
    size = picture.get_size()
    tail = size[axis] - line - 1

    def along(offset: int, count: int) -> pygame.Rect:  # lines offset.. of the picture
        return pygame.Rect(
            (offset, 0) if axis == 0 else (0, offset),
            (count, size[1]) if axis == 0 else (size[0], count),
        )

    out = pygame.Surface(along(0, length).size, pygame.SRCALPHA)
    out.fill((0, 0, 0, 0))
    # Each piece onto the clear surface: the larger of two values is the piece's own, so
    # its pixels are copied as they are (no blending).
    copy = pygame.BLEND_RGBA_MAX
    out.blit(picture, (0, 0), along(0, line), special_flags=copy)
    out.blit(picture, along(length - tail, 0).topleft, along(line + 1, tail), special_flags=copy)
    middle = along(line, length - line - tail)
    repeated = pygame.transform.scale(picture.subsurface(along(line, 1)), middle.size)
    out.blit(repeated, middle.topleft, special_flags=copy)
    return out


def _check_size(size: tuple[int, int]) -> tuple[int, int]:
    w, h = int(size[0]), int(size[1])
    if w < 1 or h < 1:
        raise ValueError(f"a card must be at least 1x1 pixels, not {size[0]}x{size[1]}")
    return w, h


def _for_display(surface: pygame.Surface) -> pygame.Surface:
    """The fastest surface to blit: converted when a display exists, as is otherwise."""
    if pygame.display.get_init() and pygame.display.get_surface() is not None:
        return surface.convert_alpha()
    return surface


def rasterise(svg: str, size: tuple[int, int]) -> pygame.Surface:
    """The SVG document ``svg`` drawn at exactly ``size`` pixels, with alpha."""
    w, h = _check_size(size)
    return _rasterise_sized(sized_svg(svg, (w, h)), (w, h))


def _rasterise_sized(document: bytes, size: tuple[int, int]) -> pygame.Surface:
    """``document`` (already sized by :func:`sized_svg`) drawn at exactly ``size``.

    A document that starts with its card's outline (a ``<rect>`` first thing in the root,
    as every shipped card does, the same in all 53) is drawn as that outline, rasterised
    once per size and kept (:func:`_body`), with the rest drawn over it: the outline, the
    white of the whole card, was a third of a number card's rasterising, and half of it
    at 4K. The result differs from drawing the document in one go by at most 3 of 255 in a
    visible pixel (rounding: nanosvg blends in 8-bit premultiplied colour, SDL in straight).
    """
    m = _BODY.match(document)
    if m is None:
        return _rasterise_whole(document, size)
    picture = _body(m.group(1) + m.group(2) + b"</svg>", size).copy()
    picture.blit(_rasterise_whole(m.group(1) + document[m.end() :], size), (0, 0))
    return picture


_BODY = re.compile(rb"(<svg\b[^>]*>)(<rect\b(?:(?!url\()[^>])*/>)")
"""The root tag and a first ``<rect>`` that stands alone (no ``url(...)`` paint, which would
point at a gradient defined further on)."""
_bodies: Lru[tuple[bytes, tuple[int, int]], pygame.Surface] = Lru(4)  # the last few sizes
_bodies_lock = threading.Lock()


def _body(document: bytes, size: tuple[int, int]) -> pygame.Surface:
    """The card outline ``document`` drawn at ``size``: drawn once, then kept (the last
    few sizes); any thread."""
    key = (document, size)
    with _bodies_lock:
        body = _bodies.hit(key)
        return body if body is not None else _bodies.keep(key, _rasterise_whole(document, size))


def _rasterise_whole(document: bytes, size: tuple[int, int]) -> pygame.Surface:
    """``document`` drawn in one go at exactly ``size``."""
    w, h = size
    # The document gives its size, so image.load draws it at that size -- the same pixels
    # as load_sized_svg, but drawn with the interpreter let go (load_sized_svg holds it
    # on a file object): the worker threads draw in parallel with the game's start-up.
    surface = pygame.image.load(io.BytesIO(document), "card.svg")
    if surface.get_size() != (w, h):  # never seen; kept exact without scaling if it happens
        exact = pygame.Surface((w, h), pygame.SRCALPHA)
        exact.blit(surface, (0, 0))
        surface = exact
    return surface


@cache
def _rasteriser_id() -> int:
    """Which rasteriser draws the cards: a cached picture from another one is drawn again."""
    # "outline apart": drawn as :func:`_rasterise_sized` draws (a picture drawn in one go
    # by an older version is drawn again).
    made_by = f"{pygame.version.ver} {pygame.image.get_sdl_image_version()} outline apart"
    return zlib.crc32(made_by.encode("utf-8"))


class DiskCache:
    """Card pictures kept between runs: ``<folder>/<W>x<H>/<NAME>[-<fill>].rgba``.

    Each file is a header (:data:`MAGIC`, the size, a CRC-32 of the exact SVG document
    that was rasterised, the rasteriser's id, a CRC-32 of the pixels) and the RGBA pixels.
    A file that does not match in every point is ignored (and replaced at the next save).
    Only the :data:`KEEP_SIZES` most recently written sizes are kept, :data:`MAX_BYTES` in
    all, and nothing is written on a disk short of :data:`FREE_MARGIN`. Nothing here raises
    for a disk problem: a cache that cannot be read or written is simply not used.
    """

    MAGIC = b"crescent-card-1\n"
    HEADER = struct.Struct("<16sIIIII")
    KEEP_SIZES = 3
    MAX_BYTES = 64 * 2**20
    """The whole cache at most: nine sizes of a 1920x1080 table's deck, two of a 4K one."""
    FREE_MARGIN = 256 * 2**20
    """Nothing is written when the disk would keep less free than this."""
    _SIZE_FOLDER = re.compile(r"[0-9]{1,5}x[0-9]{1,5}")

    def __init__(self, folder: Path) -> None:
        self.folder = folder
        self._used: int | None = None
        """The bytes of the cache's files, counted at the first write (None until then)."""

    def path(self, key: Key) -> Path:
        name, w, h, colour = key
        fill = f"-{colour.lstrip('#')}" if colour else ""
        return self.folder / f"{w}x{h}" / f"{name}{fill}.rgba"

    def load(self, key: Key, document_crc: int) -> pygame.Surface | None:
        """The picture of ``key`` drawn from the document whose CRC-32 is given; None if
        the cache has no such picture."""
        kept = self.load_kept(key)
        return kept[0] if kept is not None and kept[1] == document_crc else None

    def load_kept(self, key: Key) -> tuple[pygame.Surface, int] | None:
        """The picture kept for ``key`` (sound, of that size, by this rasteriser) and the
        CRC-32 of the document it was drawn from; None if the cache has none."""
        _, w, h, _ = key
        expected = self.HEADER.size + w * h * 4
        data = _read_regular(self.path(key), expected + 1)
        if data is None or len(data) != expected:
            return None
        magic, fw, fh, doc, made_by, pixels_crc = self.HEADER.unpack_from(data)
        pixels = data[self.HEADER.size :]
        if (magic, fw, fh, made_by) != (self.MAGIC, w, h, _rasteriser_id()):
            return None
        if zlib.crc32(pixels) != pixels_crc:
            return None
        return pygame.image.frombytes(pixels, (w, h), "RGBA"), doc

    def store(self, key: Key, document_crc: int, surface: pygame.Surface) -> bool:
        """Keep ``surface`` as the picture of ``key``; False if the disk refused, or if
        keeping it would leave the disk short of space or the cache over its size."""
        _, w, h, _ = key
        pixels = pygame.image.tobytes(surface, "RGBA")
        header = self.HEADER.pack(
            self.MAGIC, w, h, document_crc, _rasteriser_id(), zlib.crc32(pixels)
        )
        data = header + pixels
        path = self.path(key)
        try:
            new_size = not path.parent.is_dir()
            path.parent.mkdir(parents=True, exist_ok=True)
            if not self._room_for(len(data), path):
                return False
            # Written whole then renamed: a reader never sees half a file. Not fsynced:
            # a picture lost in a power cut is only drawn again.
            write_atomic(path, data, durable=False)
        except OSError:
            return False
        self._used = (self._used or 0) + len(data)
        if new_size:
            self._prune(keep=path.parent)
        return True

    def _room_for(self, size: int, path: Path) -> bool:
        """Whether ``size`` more bytes (replacing ``path``) may be written: the disk keeps
        :data:`FREE_MARGIN` free (the player's saves come first) and the cache stays
        within :data:`MAX_BYTES`, the sizes written longest ago dropped to make room."""
        if shutil.disk_usage(self.folder).free < size + self.FREE_MARGIN:
            return False
        if self._used is None:
            self._used = sum(f.stat().st_size for folder in self._sizes() for f in _ours(folder))
        if path.is_file() and not path.is_symlink():
            self._used -= path.stat().st_size  # replaced: counted again once written
        for old in self._sizes()[::-1]:  # the oldest first
            if self._used + size <= self.MAX_BYTES:
                break
            if old != path.parent:
                self._used -= _remove_size(old)
        return self._used + size <= self.MAX_BYTES

    def _sizes(self, keep: Path | None = None) -> list[Path]:
        """The folders of each size, the most recently written first (``keep`` before
        all); OSError if the cache folder cannot be read."""
        sizes = [
            p
            for p in self.folder.iterdir()
            if self._SIZE_FOLDER.fullmatch(p.name) and p.is_dir() and not p.is_symlink()
        ]
        sizes.sort(key=lambda p: (p == keep, p.stat().st_mtime), reverse=True)
        return sizes

    def _prune(self, keep: Path) -> None:
        """Drop the sizes beyond the KEEP_SIZES most recently written (our own files only)."""
        try:
            sizes = self._sizes(keep)
        except OSError:
            return
        for old in sizes[self.KEEP_SIZES :]:
            freed = _remove_size(old)
            if self._used is not None:
                self._used -= freed


def _ours(folder: Path) -> list[Path]:
    """The cache's own files in the folder of one size (pictures and temporary files)."""
    return [
        f
        for f in folder.iterdir()
        if f.suffix in (".rgba", ".tmp") and f.is_file() and not f.is_symlink()
    ]


def _remove_size(folder: Path) -> int:
    """Remove the folder of one size and the cache's files in it; the bytes freed."""
    freed = 0
    try:
        for f in _ours(folder):
            size = f.stat().st_size
            f.unlink()
            freed += size
        folder.rmdir()
    except OSError:
        pass  # something else is in there, or the disk refuses: left for the next time
    return freed


def _read_regular(path: Path, limit: int) -> bytes | None:
    """At most ``limit`` bytes of ``path`` if it is a regular file (a FIFO or a device
    named like a cache file is never waited on); None if it cannot be read."""
    try:
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0))
    except OSError:
        return None
    try:
        if not stat.S_ISREG(os.fstat(fd).st_mode):
            return None
        with os.fdopen(fd, "rb", closefd=False) as f:
            return f.read(limit)
    except OSError:
        return None
    finally:
        os.close(fd)


def _document(key: Key) -> bytes:
    """The exact SVG document rasterised for ``key`` (any thread: touches no shared state)."""
    name, w, h, colour = key
    svg = resources.read_text(f"cards/{name}.svg")
    if colour and name == BACK:
        svg = back_svg(svg, colour)
    elif colour:
        svg = recoloured(svg, colour)
    return sized_svg(svg, (w, h))


def _make(key: Key, disk: DiskCache | None) -> tuple[pygame.Surface, int | None]:
    """The picture ``key`` names, read from ``disk`` or rasterised, and the CRC-32 of its
    document if it was rasterised here (None: it came from the disk)."""
    document = _document(key)
    crc = zlib.crc32(document)
    kept = disk.load(key, crc) if disk is not None else None
    if kept is not None:
        return kept, None
    return _rasterise_sized(document, key[1:3]), crc


_JACK = 11


def _cheap_last(card: int | None) -> bool:
    """Sort key: court cards (Jack, Queen, King) before the rest."""
    return card is None or rank_of(card) < _JACK


class _Job:
    """A card picture being made by the :class:`_Workers` (or already read from the disk
    cache before the window opened): :meth:`result` waits for it."""

    __slots__ = ("_done", "_error", "_result", "cancelled", "crc", "document", "size")

    def __init__(self, document: bytes, crc: int | None, size: tuple[int, int]) -> None:
        self.document = document
        self.crc = crc
        self.size = size
        self.cancelled = False
        self._done = threading.Event()
        self._result: pygame.Surface | None = None
        self._error: BaseException | None = None

    @classmethod
    def done(cls, surface: pygame.Surface) -> _Job:
        """A picture already there (read from the disk): it comes as drawn here."""
        job = cls(b"", None, surface.get_size())
        job._result = surface
        job._done.set()
        return job

    def run(self) -> None:
        # The one call that takes time lets go of the interpreter: a worker hardly needs
        # it (each time it takes it back it may wait for a busy main thread).
        try:
            if not self.cancelled:
                self._result = _rasterise_sized(self.document, self.size)
        except BaseException as e:  # noqa: BLE001 -- raised again in the thread that asks for it
            self._error = e
        finally:
            self._done.set()

    def result(self) -> tuple[pygame.Surface, int | None]:
        """The picture, and the CRC-32 of its document if it was rasterised (None: it
        came from the disk)."""
        self._done.wait()
        if self._error is not None:
            raise self._error
        if self._result is None:
            raise RuntimeError("a cancelled card picture was asked for")
        return self._result, self.crc


def worker_count() -> int:
    """How many art workers to run: :data:`PREFETCH_THREADS`, but one core is the main
    thread's (a start draws its frame while the workers rasterise: on two cores a second
    worker only took turns with it), and at least one."""
    try:
        cores = len(os.sched_getaffinity(0))  # the cores this process may run on
    except (AttributeError, OSError):
        cores = os.cpu_count() or 1
    return max(1, min(PREFETCH_THREADS, cores - 1))


class _Workers:
    """Threads that rasterise card pictures in the order asked, with the interpreter let
    go, beside the start-up and the game. Daemon threads: an exit never waits for
    pictures nobody will see; and a picture no worker has started is taken back
    (:meth:`take`) and drawn by whoever asks for it."""

    def __init__(self, count: int) -> None:
        self._count = count
        self._jobs: list[_Job] = []
        self._ready = threading.Condition()
        self._threads: list[threading.Thread] = []

    def submit(self, job: _Job) -> _Job:
        with self._ready:
            self._jobs.append(job)
            if len(self._threads) < min(self._count, len(self._jobs)):
                t = threading.Thread(target=self._run, name="crescent-art", daemon=True)
                self._threads.append(t)
                t.start()
            self._ready.notify()
        return job

    def take(self, job: _Job) -> bool:
        """Take back a job no worker has started: the caller runs it itself rather than
        wait for the workers to reach it."""
        with self._ready:
            try:
                self._jobs.remove(job)
            except ValueError:
                return False
            return True

    def _run(self) -> None:
        while True:
            with self._ready:
                while not self._jobs:
                    self._ready.wait()
                job = self._jobs.pop(0)
            job.run()


class CardArt:
    """The deck's pictures: ``face(card, size)``, ``back(size)``, ``shadow(size, radius)``.

    Given a :class:`DiskCache`, pictures come from it when it has them, and
    :meth:`save_cache` keeps there the ones this run had to draw.
    """

    def __init__(
        self, four_colour: bool = False, disk: DiskCache | None = None, back: str = DEFAULT_BACK
    ) -> None:
        self._four_colour = four_colour
        self._back = back if back in BACKS else DEFAULT_BACK
        self._disk = disk
        self._cache: Lru[Key, pygame.Surface] = Lru(CACHE_LIMIT)
        self._pending: dict[Key, _Job] = {}
        self._workers: _Workers | None = None
        self._shadows: Lru[tuple[int, int, int], pygame.Surface] = Lru(SHADOW_LIMIT)
        self._buried: Lru[tuple[Key, int], pygame.Surface] = Lru(2 * 52)
        """Faces of buried cards, made from the faces above (``buried_face``)."""
        self._drawn: dict[Key, int] = {}
        """Pictures rasterised in this run (not read from the disk cache): their document CRC."""

    @property
    def four_colour(self) -> bool:
        return self._four_colour

    def set_four_colour(self, on: bool) -> None:
        """Diamonds blue and clubs green (on), or the usual red and black (off)."""
        self._four_colour = bool(on)

    @property
    def back_name(self) -> str:
        """The back face-down cards show (a name of :data:`crescent.themes.BACKS`)."""
        return self._back

    def set_back(self, name: str) -> None:
        """Show the back called ``name`` from now on (an unknown name: the default)."""
        self._back = name if name in BACKS else DEFAULT_BACK

    def _key(self, card: int | None, size: tuple[int, int]) -> Key:
        """The cache key of ``card``'s face (None: the back) at ``size``."""
        w, h = _check_size(size)
        if card is None:
            return (BACK, w, h, "" if self._back == DEFAULT_BACK else self._back)
        if not 0 <= card < 52:
            raise ValueError(f"{card!r} is not a card: cards are 0..51")
        colour = FOUR_COLOUR.get(suit_of(card), "") if self._four_colour else ""
        return (card_text(card), w, h, colour)

    def face(self, card: int, size: tuple[int, int]) -> pygame.Surface:
        """The face of ``card`` (0..51, as in :mod:`crescent.rules.cards`) at exactly ``size``."""
        return self._get(self._key(card, size))

    def buried_face(self, card: int, size: tuple[int, int], strip: int = 0) -> pygame.Surface:
        """The face of ``card`` under others in a fanned pile: an upright index in each
        corner (:func:`index_everywhere`, ``strip`` its bottom strip's height)."""
        key = self._key(card, size)
        surface = self._buried.hit((key, strip))
        if surface is None:
            face = index_everywhere(self._get(key), strip)
            surface = self._buried.keep((key, strip), face)
        return surface

    def back(self, size: tuple[int, int]) -> pygame.Surface:
        """The back of a card, for face-down cards, at exactly ``size``."""
        return self._get(self._key(None, size))

    def prefetch(self, cards: Iterable[int | None], size: tuple[int, int]) -> None:
        """Start making these faces (None: the back) at ``size``: read from the disk cache
        at once when it has them, else rasterised in the background, court cards first;
        ``face`` and ``back`` then take them when ready (waiting only for their own), and
        convert them for the display (it may not be open yet when this is called).
        Pictures still being made at another size are dropped: the table is now of this
        size."""
        w, h = _check_size(size)
        for key in [k for k in self._pending if k[1:3] != (w, h)]:
            self._pending.pop(key).cancelled = True
        # The court cards first: their art costs some five times a pip card's to rasterise,
        # so started first the workers (and the main thread, taking back the cards no worker
        # reached) finish together: the frame waits for the last.
        for card in sorted(cards, key=_cheap_last):
            key = self._key(card, size)
            if key in self._cache or key in self._pending:
                continue
            # The disk is read here (a worker only rasterises); a picture kept there is
            # converted for the display when taken (the window may not be open yet).
            document = _document(key)
            crc = zlib.crc32(document)
            kept = self._disk.load(key, crc) if self._disk is not None else None
            if kept is not None:
                self._pending[key] = _Job.done(kept)
                continue
            if self._workers is None:
                self._workers = _Workers(worker_count())
            self._pending[key] = self._workers.submit(_Job(document, crc, (w, h)))

    def shadow(self, size: tuple[int, int], radius: int) -> pygame.Surface:
        """A soft shadow for a card of ``size``, blurred over ``radius`` pixels.

        The surface is ``radius`` pixels larger than the card on every side: blit it at the
        card's top-left minus ``(radius, radius)``, plus any offset (a few pixels down looks
        like light from above), before the card itself.
        """
        w, h = _check_size(size)
        r = max(0, int(radius))
        key = (w, h, r)
        surface = self._shadows.hit(key)
        if surface is None:
            surface = self._shadows.keep(key, _for_display(_shadow(w, h, r)))
        return surface

    def clear(self) -> None:
        """Drop every cached surface (a resize: the pictures of the old size are no use)."""
        self._cache.clear()
        self._shadows.clear()
        self._buried.clear()
        self._drawn.clear()
        for pending in self._pending.values():
            pending.cancelled = True
        self._pending.clear()

    def cached(self) -> int:
        """How many card surfaces are cached (for tests and diagnostics)."""
        return len(self._cache) + len(self._shadows)

    def save_cache(self, size: tuple[int, int]) -> int:
        """Keep in the disk cache the pictures of ``size`` this run rasterised (the next
        start at that size reads them back); how many were written. Nothing without a
        disk cache, and nothing is raised if the disk refuses."""
        if self._disk is None:
            return 0
        w, h = _check_size(size)
        written = 0
        for key, crc in list(self._drawn.items()):
            surface = self._cache.get(key)
            if key[1:3] != (w, h) or surface is None:
                continue
            if not self._disk.store(key, crc, surface):
                break  # the disk refuses: no use trying every card
            del self._drawn[key]
            written += 1
        return written

    def _get(self, key: Key) -> pygame.Surface:
        surface = self._cache.hit(key)
        if surface is not None:
            return surface
        pending = self._pending.pop(key, None)
        if pending is not None and self._workers is not None and self._workers.take(pending):
            pending.run()  # not started yet: drawn here at once, not after the others
        made = pending.result() if pending is not None else _make(key, self._disk)
        surface, crc = made
        if crc is not None:
            self._drawn[key] = crc
        return self._keep(key, surface)

    def _keep(self, key: Key, surface: pygame.Surface) -> pygame.Surface:
        return self._cache.keep(key, _for_display(surface))
