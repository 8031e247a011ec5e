"""Every cache outside the tiles-to-win tables has a bound, so a long run does not grow."""

from __future__ import annotations

from fourwinds import shapes, wall
from fourwinds.scoring import SCORERS
from fourwinds.scoring.scorer import PLANS, SCALES, remember


def test_remember_forgets_the_oldest_entry_at_its_size() -> None:
    cache: dict[int, int] = {}
    for key in range(10):
        assert remember(cache, key, key * key, 4) == key * key
    assert cache == {6: 36, 7: 49, 8: 64, 9: 81}


def test_the_caches_have_a_size() -> None:
    for cached in (wall._tile_set, wall._ring_order):
        assert cached.cache_info().maxsize is not None
    for scorer in SCORERS.values():
        assert len(scorer._plans) <= PLANS and len(scorer._scales) <= SCALES


def test_the_suit_objects_have_a_size() -> None:
    """More distinct suits than are kept: the cache starts again rather than grow."""
    characters = shapes._SUITS[0][3]
    for index in range(shapes._SUITS_KEPT + 10):
        held = bytes((index // 5**k) % 5 for k in range(9))
        assert shapes.suit(0, held, True).held == held
        assert len(characters) <= shapes._SUITS_KEPT + 1
    shapes.clear_caches()
