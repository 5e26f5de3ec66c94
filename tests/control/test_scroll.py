"""crescent.control.scroll: wheel, keys and finger drag move the text, never past its ends."""

from __future__ import annotations

from crescent.control.scroll import DRAG_PX, Scroll


def make() -> Scroll:
    s = Scroll()
    s.resize(content_h=1000, view_h=300, line_h=20)
    return s


def test_wheel_scrolls_three_lines_a_notch_and_stops_at_the_ends() -> None:
    s = make()
    assert not s.wheel(1)  # already at the top
    assert s.wheel(-1)
    assert s.offset == 60
    s.wheel(-100)
    assert s.offset == 700 == s.max_offset


def test_keys() -> None:
    s = make()
    assert s.key("down")
    assert s.offset == 20
    assert s.key("page down")
    assert s.offset == 20 + 260
    assert s.key("space", shift=True)
    assert s.offset == 20
    assert s.key("end")
    assert s.offset == 700
    assert s.key("home")
    assert s.offset == 0
    assert not s.key("x")


def test_finger_drag_moves_the_text_with_the_finger() -> None:
    s = make()
    s.press(1, 500)
    assert not s.move(1, 500 - DRAG_PX / 2)  # a wobble is not a drag
    assert s.move(1, 400)
    assert s.offset == 100
    assert not s.move(2, 100)  # another finger is ignored
    assert s.release(1)  # it was a drag
    s.press(1, 500)
    assert not s.release(1)  # a tap


def test_short_text_does_not_scroll() -> None:
    s = Scroll()
    s.resize(content_h=100, view_h=300, line_h=20)
    assert not s.wheel(-3)
    assert s.offset == 0


def test_resize_keeps_the_offset_inside() -> None:
    s = make()
    s.key("end")
    s.resize(content_h=500, view_h=300, line_h=20)
    assert s.offset == 200
