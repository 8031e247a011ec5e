"""Hong Kong faan-to-points tables, each with its source.

A table gives the points of a hand for 0, 1, 2 ... faan; a hand with more faan than the table
lists is paid at its last entry.

>>> PAYOUTS["seed-002"][4], PAYOUTS["half-spicy"][5], PAYOUTS["spicy"][13]
(16, 24, 8192)
"""

from __future__ import annotations

from typing import Final

PAYOUTS: Final[dict[str, tuple[int, ...]]] = {
    # seeds/002_de92f8e71866e9eb.txt, "Faan to Points": 0 1 2 3 | 4-6 | 7-9 | 10-12 | 13+
    "seed-002": (1, 2, 4, 8, 16, 16, 16, 32, 32, 32, 64, 64, 64, 128),
    # reference/hongkong-scoring.md section 3, YAW (yawnoc/mahjong-scorer) half-spicy 半辣上
    "half-spicy": (1, 2, 4, 8, 16, 24, 32, 48, 64, 96, 128, 192, 256, 384),
    # reference/hongkong-scoring.md section 3, YAW spicy 辣辣上: doubling every faan
    "spicy": tuple(2**n for n in range(14)),
}


def payout(table: str, faan: int) -> int:
    """Points for ``faan`` under the named table."""
    points = PAYOUTS[table]
    return points[min(max(faan, 0), len(points) - 1)]
