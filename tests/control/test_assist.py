"""crescent.control.assist: the playable top cards, and their cache."""

from __future__ import annotations

from crescent.control.assist import PlayableCache, playable_places
from crescent.rules.engine import Game


def test_playable_places_are_the_sources_of_the_legal_moves() -> None:
    game = Game.from_code("CR1-N-AAAAAAB")
    places = playable_places(game)
    assert places == {m.src for m in game.legal_moves()}
    assert places  # the deal has moves
    assert len(places) < 16  # and piles without one, which are not marked


def test_updated_after_every_move() -> None:
    game = Game.from_code("CR1-N-AAAAAAB")
    cache = PlayableCache()
    before = cache.get(game, 1, True)
    game.play_text("P1-P11")
    after = cache.get(game, 1, True)  # same change count: followed by the move count
    assert after == playable_places(game) != before
    game.redeal()
    assert cache.get(game, 1, True) == playable_places(game)


def test_off_marks_nothing() -> None:
    assert PlayableCache().get(Game.from_code("CR1-N-AAAAAAB"), 0, False) == frozenset()
