"""fourwinds.chance draws exactly as random.Random does, so that every seeded game (the wall's
shuffle, a random bot's picks) is the same as when it used random.Random."""

from __future__ import annotations

import random

import pytest

from fourwinds.chance import choice, shuffle


@pytest.mark.parametrize("seed", range(40))
def test_shuffle_is_random_shuffle(seed: int) -> None:
    for length in (0, 1, 2, 3, 7, 8, 9, 136, 144, 152, 1000):
        ours, theirs = list(range(length)), list(range(length))
        shuffle(random.Random(seed).getrandbits, ours)
        random.Random(seed).shuffle(theirs)
        assert ours == theirs


@pytest.mark.parametrize("seed", range(40))
def test_choice_is_random_choice(seed: int) -> None:
    """Many picks from one state in turn, of every length up to 300 (powers of two and one
    past them, where the bits drawn change), stay in step with ``Random.choice``."""
    ours, theirs = random.Random(seed), random.Random(seed)
    for length in [*range(1, 300), 511, 512, 513, 4096, 4097]:
        items = range(length)
        assert choice(ours.getrandbits, items) == theirs.choice(items)
    assert ours.getstate() == theirs.getstate()


def test_choice_from_nothing_is_refused() -> None:
    with pytest.raises(IndexError, match="empty"):
        choice(random.Random(1).getrandbits, [])
