"""Payments for an American hand (reference 3.6, the table on the back of the card; seed 001
part 6).

``value`` is what the winning line pays, already doubled for a jokerless hand where that
applies (not for singles and pairs). On a discard the discarder pays double and every other
player the value; on a self-picked win (from the wall, after a joker exchange, or East's dealt
hand) everyone pays double. Dead hands pay like everyone else; a wall game pays nothing.

>>> settle_american(25, winner=2, discarder=0, players=[0, 1, 2, 3]).payments
((0, 2, 50), (1, 2, 25), (3, 2, 25))
>>> settle_american(50, winner=1, discarder=None, players=[0, 1, 2]).net
[-100, 200, -100, 0]
"""

from __future__ import annotations

from collections.abc import Sequence

from fourwinds.scoring.settlement import Settlement


def settle_american(
    value: int, winner: int, discarder: int | None, players: Sequence[int]
) -> Settlement:
    """Who pays the winner what; ``players`` are the seats at the table (three or four)."""
    payments = []
    for seat in players:
        if seat == winner:
            continue
        double = discarder is None or seat == discarder
        payments.append((seat, winner, value * (2 if double else 1)))
    return Settlement(tuple(payments))
