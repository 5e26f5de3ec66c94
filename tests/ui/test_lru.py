"""The client's bounded cache (card pictures, shadows, outlines, fonts, rules lines)."""

from __future__ import annotations

from crescent.ui.lru import Lru


def test_the_least_recently_used_goes_first_and_a_hit_counts_as_a_use() -> None:
    lru: Lru[str, int] = Lru(2)
    assert lru.keep("a", 1) == 1
    lru.keep("b", 2)
    assert lru.hit("a") == 1  # "a" is now the most recently used
    lru.keep("c", 3)
    assert list(lru) == ["a", "c"]
    assert lru.hit("b") is None


def test_keeping_a_key_again_replaces_it_and_makes_it_the_newest() -> None:
    lru: Lru[str, int] = Lru(2)
    lru.keep("a", 1)
    lru.keep("b", 2)
    lru.keep("a", 10)
    lru.keep("c", 3)
    assert dict(lru) == {"a": 10, "c": 3}


def test_a_plain_look_up_does_not_count_as_a_use() -> None:
    lru: Lru[str, int] = Lru(2)
    lru.keep("a", 1)
    lru.keep("b", 2)
    assert "a" in lru
    assert lru.get("a") == 1
    lru.keep("c", 3)
    assert list(lru) == ["b", "c"]
