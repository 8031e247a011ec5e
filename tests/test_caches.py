"""Every cache outside the tiles-to-win tables has a bound, so a long run does not grow."""

from __future__ import annotations

from fourwinds import wall
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
