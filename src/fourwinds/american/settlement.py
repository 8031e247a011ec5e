"""Payments for an American hand (reference 3.6, the table on the back of the card; seed 001
part 6).

``value`` is what the winning line pays, already doubled for a jokerless hand ("If the winner
has no Jokers in her winning hand, she receives double what is owed"; not on a line of singles
and pairs with the NMJL option ``jokerless_except_singles_and_pairs``). On a discard the
discarder pays double and every other player the value; on a self-picked win (from the wall,
after a joker exchange, or East's dealt hand) everyone pays double. Dead hands pay like everyone
else; a wall game pays nothing. At a table of three the empty seat neither wins, discards nor
pays.

>>> settled = settle_american(25, winner=2, discarder=0, players=[0, 1, 2, 3])
>>> settled.payments
((0, 2, 50), (1, 2, 25), (3, 2, 25))
>>> settled.reasons[:2]
('the discarder pays double: 25 x 2 = 50', 'the others pay the value: 25')
>>> print(settle_american(50, 1, None, players=[0, 1, 2, 3], jokerless=True).reasons[0])
self-picked: all pay double, 50 x 2 = 100 (jokerless doubles: the line's 25 x 2 = 50)
>>> settle_american(50, winner=1, discarder=None, players=[0, 1, 2]).net
[-100, 200, -100, 0]
>>> settle_american(25, winner=0, discarder=3, players=[0, 1, 2])
Traceback (most recent call last):
...
ValueError: North cannot discard: it is the empty seat of a table of three, which can neither \
win, discard nor pay (seed 001 part 8: "Missing player's space is not given any tiles")
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from fourwinds.scoring.settlement import Settlement

WINDS: Final = ("East", "South", "West", "North")
EMPTY_SEAT: Final = (
    "the empty seat of a table of three, which can neither win, discard nor pay "
    '(seed 001 part 8: "Missing player\'s space is not given any tiles")'
)
"""Why anything asked of North's seat at a table of three is refused."""


def settle_american(
    value: int,
    winner: int,
    discarder: int | None,
    players: Sequence[int],
    jokerless: bool = False,
) -> Settlement:
    """Who pays the winner what, and why; ``players`` are the seats at the table (three or
    four); ``jokerless``: ``value`` is the line's value doubled for a jokerless hand."""
    for role, seat in (("win", winner), ("discard", discarder)):
        if seat is not None and seat not in players:
            raise ValueError(f"{WINDS[seat]} cannot {role}: it is {EMPTY_SEAT}")
    payments, reasons = [], []
    doubled = f" (jokerless doubles: the line's {value // 2} x 2 = {value})" if jokerless else ""
    for seat in players:
        if seat == winner:
            continue
        double = discarder is None or seat == discarder
        payments.append((seat, winner, value * (2 if double else 1)))
        rule = (
            f"self-picked: all pay double, {value} x 2 = {value * 2}"
            if discarder is None
            else f"the discarder pays double: {value} x 2 = {value * 2}"
            if double
            else f"the others pay the value: {value}"
        )
        reasons.append(rule + doubled)
    return Settlement(tuple(payments), tuple(reasons))
