"""Random picks for seeded play: ``random.Random.choice`` and ``shuffle`` drawing exactly the
same bits, without their two calls into Python at every draw (a hand shuffles 152 tiles, and a
random bot picks some 140 times), so that every seeded game stays the same and plays faster.

CPython draws a number below ``n`` as ``n.bit_length()`` random bits, again until they fall
below ``n``; the tests compare both functions with ``random.Random`` on many seeds.

>>> import random
>>> ours, theirs = list("123456789"), list("123456789")
>>> shuffle(random.Random(7).getrandbits, ours)
>>> random.Random(7).shuffle(theirs)
>>> ours == theirs
True
>>> choice(random.Random(7).getrandbits, "ESWN") == random.Random(7).choice("ESWN")
True
"""

from __future__ import annotations

from collections.abc import Callable, MutableSequence, Sequence
from typing import TypeVar

T = TypeVar("T")
Bits = Callable[[int], int]
"""``getrandbits`` of a seeded ``random.Random``."""


def choice(bits: Bits, choices: Sequence[T]) -> T:
    """One of ``choices``, the one ``random.Random.choice`` picks from the same state."""
    count = len(choices)
    if not count:
        raise IndexError("cannot choose from an empty sequence")
    width = count.bit_length()
    index = bits(width)
    while index >= count:
        index = bits(width)
    return choices[index]


def shuffle(bits: Bits, items: MutableSequence[T]) -> None:
    """Shuffle ``items`` in place exactly as ``random.Random.shuffle`` does from the same state."""
    for last in range(len(items) - 1, 0, -1):
        width = (last + 1).bit_length()
        other = bits(width)
        while other > last:
            other = bits(width)
        items[last], items[other] = items[other], items[last]
