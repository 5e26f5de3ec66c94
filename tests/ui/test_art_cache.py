"""The card pictures kept on disk between runs: exact, used only when they match, and a
bad cache is never more than a missed one."""

from __future__ import annotations

import os
import shutil
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pygame
import pytest

from crescent import files
from crescent.rules.cards import CLUBS, HEARTS, SPADES, card
from crescent.ui import cards as ui_cards
from crescent.ui.cards import CardArt, DiskCache

SIZE = (71, 99)
SHOWN = [card(1, SPADES), card(12, HEARTS), card(13, CLUBS), card(7, HEARTS)]


def _pixels(surface: pygame.Surface) -> bytes:
    return pygame.image.tobytes(surface, "RGBA")


@pytest.fixture
def drawn(monkeypatch: pytest.MonkeyPatch) -> list[tuple[int, int]]:
    """Every rasterisation, by size (the cache's whole point is to skip them)."""
    calls: list[tuple[int, int]] = []
    rasterise = ui_cards._rasterise_sized

    def counting(document: bytes, size: tuple[int, int]) -> pygame.Surface:
        calls.append(size)
        return rasterise(document, size)

    monkeypatch.setattr(ui_cards, "_rasterise_sized", counting)
    return calls


@pytest.fixture
def display() -> Iterator[None]:
    pygame.display.init()
    pygame.display.set_mode((64, 64))
    yield
    pygame.display.quit()


def _first_run(folder: Path, four_colour: bool = False) -> dict[int | None, bytes]:
    """A run that draws SHOWN and the back at SIZE and saves them; their pixels."""
    art = CardArt(four_colour=four_colour, disk=DiskCache(folder))
    pictures: dict[int | None, bytes] = {c: _pixels(art.face(c, SIZE)) for c in SHOWN}
    pictures[None] = _pixels(art.back(SIZE))
    assert art.save_cache(SIZE) == len(SHOWN) + 1
    return pictures


@pytest.mark.usefixtures("display")
def test_the_next_run_reads_the_same_pictures_back_without_rasterising(
    tmp_path: Path, drawn: list[tuple[int, int]]
) -> None:
    first = _first_run(tmp_path)
    drawn.clear()
    art = CardArt(disk=DiskCache(tmp_path))
    art.prefetch([*SHOWN, None], SIZE)
    for c in SHOWN:
        assert _pixels(art.face(c, SIZE)) == first[c]
    assert _pixels(art.back(SIZE)) == first[None]
    assert drawn == []
    assert art.save_cache(SIZE) == 0  # nothing new to keep


@pytest.mark.usefixtures("display")
def test_cached_pictures_equal_freshly_rasterised_ones_on_demand_too(tmp_path: Path) -> None:
    _first_run(tmp_path)
    cached, fresh = CardArt(disk=DiskCache(tmp_path)), CardArt()
    for c in SHOWN:
        a, b = cached.face(c, SIZE), fresh.face(c, SIZE)
        assert _pixels(a) == _pixels(b)
        assert a.get_masks() == b.get_masks()
        assert a.get_flags() == b.get_flags()


def test_pictures_started_before_the_window_opens_are_made_for_it(
    tmp_path: Path, drawn: list[tuple[int, int]]
) -> None:
    """The start-up prefetches the first frame's cards before the window opens: those
    read from the disk and those rasterised alike come converted for the display."""
    first = _first_run(tmp_path)
    drawn.clear()
    art = CardArt(disk=DiskCache(tmp_path))
    fresh = card(5, CLUBS)  # not in the cache: rasterised in the background
    art.prefetch([*SHOWN, fresh], SIZE)
    pygame.display.init()
    try:
        screen = pygame.display.set_mode((64, 64))
        alpha_masks = pygame.Surface((1, 1), pygame.SRCALPHA).convert_alpha().get_masks()
        for c in [*SHOWN, fresh]:
            face = art.face(c, SIZE)
            assert face.get_masks() == alpha_masks
            assert face.get_bitsize() == 32
            if c in first:
                assert _pixels(face) == first[c]
        assert screen.get_size() == (64, 64)
        assert drawn == [SIZE]  # only the one the cache did not have
    finally:
        pygame.display.quit()


def test_without_a_display_the_cache_works_the_same(
    tmp_path: Path, drawn: list[tuple[int, int]]
) -> None:
    first = _first_run(tmp_path)
    drawn.clear()
    art = CardArt(disk=DiskCache(tmp_path))
    assert _pixels(art.face(SHOWN[0], SIZE)) == first[SHOWN[0]]
    assert drawn == []


def test_the_four_colour_deck_and_other_sizes_are_not_taken_from_the_plain_deck(
    tmp_path: Path, drawn: list[tuple[int, int]]
) -> None:
    _first_run(tmp_path)
    drawn.clear()
    four = CardArt(four_colour=True, disk=DiskCache(tmp_path))
    club = card(13, CLUBS)
    assert _pixels(four.face(club, SIZE)) == _pixels(CardArt(four_colour=True).face(club, SIZE))
    four.face(club, (72, 99))
    assert drawn == [SIZE, SIZE, (72, 99)]


def test_a_picture_from_other_art_is_drawn_again(
    tmp_path: Path, drawn: list[tuple[int, int]], monkeypatch: pytest.MonkeyPatch
) -> None:
    _first_run(tmp_path)
    drawn.clear()
    document = ui_cards._document
    monkeypatch.setattr(ui_cards, "_document", lambda key: document(key) + b"\n")
    CardArt(disk=DiskCache(tmp_path)).face(SHOWN[0], SIZE)
    assert drawn == [SIZE]


def test_a_picture_from_another_rasteriser_is_drawn_again(
    tmp_path: Path, drawn: list[tuple[int, int]], monkeypatch: pytest.MonkeyPatch
) -> None:
    _first_run(tmp_path)
    drawn.clear()
    monkeypatch.setattr(ui_cards, "_rasteriser_id", lambda: 12345)
    CardArt(disk=DiskCache(tmp_path)).face(SHOWN[0], SIZE)
    assert drawn == [SIZE]


def _damage_kinds() -> list[str]:
    kinds = ["truncated", "empty", "garbage", "flipped pixel", "other size", "folder"]
    return [*kinds, "fifo"] if hasattr(os, "mkfifo") else kinds


@pytest.mark.parametrize("damage", _damage_kinds())
def test_a_damaged_cache_file_is_ignored_and_replaced(
    tmp_path: Path, drawn: list[tuple[int, int]], damage: str
) -> None:
    first = _first_run(tmp_path)
    disk = DiskCache(tmp_path)
    victim = SHOWN[1]
    path = disk.path(("QH", *SIZE, ""))
    assert path.is_file()
    data = path.read_bytes()
    path.unlink()
    if damage == "truncated":
        path.write_bytes(data[: len(data) // 2])
    elif damage == "empty":
        path.write_bytes(b"")
    elif damage == "garbage":
        path.write_bytes(os.urandom(len(data)))
    elif damage == "flipped pixel":
        path.write_bytes(data[:-1] + bytes([data[-1] ^ 1]))
    elif damage == "other size":
        path.write_bytes(disk.path(("KC", *SIZE, "")).read_bytes()[:-4])
    elif damage == "folder":
        path.mkdir()
    else:
        os.mkfifo(path)
    drawn.clear()
    art = CardArt(disk=disk)
    art.prefetch([victim], SIZE)
    assert _pixels(art.face(victim, SIZE)) == first[victim]
    assert drawn == [SIZE]
    saved = art.save_cache(SIZE)
    if damage == "folder":
        assert saved == 0  # not removed: the picture is simply drawn each time
    else:
        assert saved == 1
        assert path.read_bytes() == data


def test_an_unwritable_cache_folder_changes_nothing(tmp_path: Path) -> None:
    blocker = tmp_path / "cache"
    blocker.write_text("a file where the folder would go\n")
    art = CardArt(disk=DiskCache(blocker / "cards"))
    assert art.face(SHOWN[0], SIZE).get_size() == SIZE
    assert art.save_cache(SIZE) == 0
    assert blocker.read_text() == "a file where the folder would go\n"


def test_only_the_pictures_of_the_size_asked_for_are_saved(tmp_path: Path) -> None:
    art = CardArt(disk=DiskCache(tmp_path))
    art.face(SHOWN[0], SIZE)
    art.face(SHOWN[0], (80, 112))
    assert art.save_cache((80, 112)) == 1
    assert [p.name for p in tmp_path.iterdir()] == ["80x112"]


def test_only_the_last_sizes_are_kept_and_foreign_files_are_left_alone(tmp_path: Path) -> None:
    mine = tmp_path / "notes.txt"
    mine.write_text("keep me\n")
    other = tmp_path / "photos"
    other.mkdir()
    for i, width in enumerate(range(60, 60 + DiskCache.KEEP_SIZES + 2)):
        size = (width, 99)
        art = CardArt(disk=DiskCache(tmp_path))
        art.face(SHOWN[0], size)
        assert art.save_cache(size) == 1
        folder = tmp_path / f"{width}x99"
        os.utime(folder, (1_000_000 + i, 1_000_000 + i))  # a clear order of writing
    kept = sorted(p.name for p in tmp_path.iterdir() if p.name.endswith("x99"))
    last = range(60 + 2, 60 + DiskCache.KEEP_SIZES + 2)
    assert kept == sorted(f"{w}x99" for w in last)
    assert mine.read_text() == "keep me\n"
    assert other.is_dir()


def _picture_bytes(size: tuple[int, int]) -> int:
    return DiskCache.HEADER.size + size[0] * size[1] * 4


def test_the_cache_stays_within_its_bytes_the_sizes_written_longest_ago_dropped(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    sizes = [(71, 99), (72, 99), (73, 99)]
    monkeypatch.setattr(DiskCache, "MAX_BYTES", _picture_bytes(sizes[1]) + _picture_bytes(sizes[2]))
    for i, size in enumerate(sizes):
        art = CardArt(disk=DiskCache(tmp_path))
        art.face(SHOWN[0], size)
        assert art.save_cache(size) == 1
        os.utime(tmp_path / f"{size[0]}x99", (1_000_000 + i, 1_000_000 + i))
    kept = sorted(p.name for p in tmp_path.iterdir())
    assert kept == ["72x99", "73x99"]
    total = sum(f.stat().st_size for f in tmp_path.rglob("*.rgba"))
    assert total <= DiskCache.MAX_BYTES


def test_a_size_larger_than_the_whole_cache_is_not_kept(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(DiskCache, "MAX_BYTES", _picture_bytes(SIZE) + 10)
    art = CardArt(disk=DiskCache(tmp_path))
    for c in SHOWN[:2]:
        art.face(c, SIZE)
    assert art.save_cache(SIZE) == 1  # the second would go over
    assert sum(f.stat().st_size for f in tmp_path.rglob("*.rgba")) <= DiskCache.MAX_BYTES


def test_nothing_is_written_on_a_disk_short_of_space(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    real = shutil.disk_usage

    def short(path: str | os.PathLike[str]) -> Any:
        usage = real(path)
        return usage._replace(free=DiskCache.FREE_MARGIN + _picture_bytes(SIZE) - 1)

    monkeypatch.setattr(shutil, "disk_usage", short)
    art = CardArt(disk=DiskCache(tmp_path))
    art.face(SHOWN[0], SIZE)
    assert art.save_cache(SIZE) == 0
    assert not list(tmp_path.rglob("*.rgba"))
    assert not list(tmp_path.rglob("*.tmp"))


def test_a_picture_is_written_whole_through_the_one_atomic_writer(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    writes: list[tuple[Path, int, bool]] = []
    real = files.write_atomic

    def watched(path: Path, data: bytes, *, durable: bool) -> None:
        writes.append((path, len(data), durable))
        real(path, data, durable=durable)

    monkeypatch.setattr("crescent.ui.cards.write_atomic", watched)
    art = CardArt(disk=DiskCache(tmp_path))
    art.face(SHOWN[0], SIZE)
    assert art.save_cache(SIZE) == 1
    path = DiskCache(tmp_path).path(art._key(SHOWN[0], SIZE))
    assert writes == [(path, _picture_bytes(SIZE), False)]
    assert path.stat().st_size == _picture_bytes(SIZE)


def test_a_resize_forgets_what_was_drawn_at_the_old_size(tmp_path: Path) -> None:
    art = CardArt(disk=DiskCache(tmp_path))
    art.face(SHOWN[0], SIZE)
    art.clear()
    assert art.save_cache(SIZE) == 0
    assert not tmp_path.exists() or list(tmp_path.iterdir()) == []


def test_without_a_disk_cache_nothing_is_written(tmp_path: Path) -> None:
    art = CardArt()
    art.face(SHOWN[0], SIZE)
    assert art.save_cache(SIZE) == 0


@pytest.mark.usefixtures("display")
def test_a_picture_no_worker_has_started_is_drawn_by_whoever_asks(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The frame does not wait behind the workers' queue: a picture asked for before a
    worker reached it is taken back and drawn at once by the asking thread."""
    import threading

    stuck = threading.Event()
    monkeypatch.setattr(ui_cards._Workers, "_run", lambda self: stuck.wait())
    art = CardArt()
    art.prefetch(SHOWN, SIZE)
    got: dict[int, bytes] = {}
    # The workers never start one; asked from a thread, so a regression fails, not hangs.
    asker = threading.Thread(
        target=lambda: got.update({c: _pixels(art.face(c, SIZE)) for c in reversed(SHOWN)}),
        daemon=True,
    )
    asker.start()
    asker.join(60)
    stuck.set()
    assert not asker.is_alive(), "the pictures waited for the workers"
    assert got == {c: _pixels(CardArt().face(c, SIZE)) for c in SHOWN}


@pytest.mark.parametrize(
    ("cores", "workers"), [({0}, 1), ({0, 1}, 1), ({0, 1, 2}, 2), (set(range(16)), 2)]
)
def test_the_art_workers_leave_the_main_thread_a_core(
    monkeypatch: pytest.MonkeyPatch, cores: set[int], workers: int
) -> None:
    monkeypatch.setattr(os, "sched_getaffinity", lambda pid: cores, raising=False)
    assert ui_cards.worker_count() == workers
    art = CardArt()
    shown = [card(r, s) for r in range(13) for s in (CLUBS, HEARTS)]
    art.prefetch(shown, SIZE)
    assert art._workers is not None
    assert len(art._workers._threads) == workers
    for c in shown:  # done before the next test counts what is drawn
        art.face(c, SIZE)


def test_without_affinity_the_art_workers_count_the_cpus(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delattr(os, "sched_getaffinity", raising=False)
    monkeypatch.setattr(os, "cpu_count", lambda: None)
    assert ui_cards.worker_count() == 1
    monkeypatch.setattr(os, "cpu_count", lambda: 8)
    assert ui_cards.worker_count() == ui_cards.PREFETCH_THREADS


@pytest.mark.usefixtures("display")
def test_prefetched_pictures_are_checked_against_the_art_as_they_are_read(
    tmp_path: Path, drawn: list[tuple[int, int]], monkeypatch: pytest.MonkeyPatch
) -> None:
    """A start reads each kept picture after the art's document it was drawn from: one
    read each, nothing rasterised when the art has not changed."""
    first = _first_run(tmp_path)
    drawn.clear()
    document = ui_cards._document
    read: list[str] = []

    def reading(key: ui_cards.Key) -> bytes:
        read.append(key[0])
        return document(key)

    monkeypatch.setattr(ui_cards, "_document", reading)
    art = CardArt(disk=DiskCache(tmp_path))
    art.prefetch([*SHOWN, None], SIZE)
    assert sorted(read) == sorted(["AS", "QH", "KC", "7H", "back"])
    assert {c: _pixels(art.face(c, SIZE)) for c in SHOWN} == {c: first[c] for c in SHOWN}
    assert len(read) == 5
    assert drawn == []


@pytest.mark.usefixtures("display")
def test_a_kept_picture_from_older_art_is_drawn_again(
    tmp_path: Path, drawn: list[tuple[int, int]], monkeypatch: pytest.MonkeyPatch
) -> None:
    _first_run(tmp_path)
    # The art of the Queen of hearts changed since: what the disk keeps is out of date.
    document = ui_cards._document
    queen = ("QH", *SIZE, "")
    newer = document(("KC", *SIZE, ""))
    monkeypatch.setattr(ui_cards, "_document", lambda k: newer if k == queen else document(k))
    drawn.clear()
    art = CardArt(disk=DiskCache(tmp_path))
    art.prefetch(SHOWN, SIZE)
    redrawn = _pixels(art.face(SHOWN[1], SIZE))
    assert redrawn == _pixels(CardArt().face(card(13, CLUBS), SIZE))  # the new art
    assert drawn[:1] == [SIZE]
    assert art.save_cache(SIZE) == 1  # and kept for the next start


def test_a_first_frame_from_older_kept_art_is_drawn_again_at_once(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The game starts from pictures kept by a run with other art (an update changed the
    Queen of hearts): right after the first frame the table shows the new art."""
    import random

    from crescent.i18n.translator import load_translator
    from crescent.play.session import Session
    from crescent.play.settings import Settings
    from crescent.ui.app import App, init_pygame, run_app
    from crescent.ui.clock import SteppedClock
    from crescent.ui.window import Options

    def first_frame(art_cache: Path | None, save: bool = False) -> bytes:
        init_pygame()
        session = Session(None, Settings(language="en", watch_winnable=False), rng=random.Random(1))
        session.start(code="CR1-N-AAAAAAB")  # the Queen of hearts is on the table
        app = App(session, Options(size=(800, 600), art_cache=art_cache), load_translator("en"))
        run_app(app, clock=SteppedClock(), max_frames=1)
        shot = pygame.image.tobytes(app.screen, "RGB")
        if save:
            app.save_art_cache()
        session.close()
        return shot

    old_art = first_frame(tmp_path, save=True)
    document = ui_cards._document
    monkeypatch.setattr(
        ui_cards,
        "_document",
        lambda k: document(("KC", *k[1:])) if k[0] == "QH" else document(k),
    )
    new_art = first_frame(None)
    assert new_art != old_art
    assert first_frame(tmp_path) == new_art
