"""Settlement: who pays whom after a hand, from the hands' values.

Seats are 0 East (the dealer) .. 3 North. :func:`fourwinds.scoring.settle` checks the seats and
values and lets the rule set's scorer pay. ``values`` are the hands' totals (score sheets'
``total``), one per seat.

Classical (seed 000, "Paying each other"): every loser pays the winner the winner's value, double
when East pays or receives; the losers then pay each other the difference of their values, double
when East is one of the pair. A wall game pays nothing. Seed 000's example (Andy 32 wins, Brett 16,
Chuck East 8, Dave 8; all start at 1000):

>>> from fourwinds.rules import get_rules
>>> from fourwinds.scoring import settle
>>> s = settle(get_rules("classical"), 1, None, False, values=[8, 32, 16, 8])
>>> [1000 + n for n in s.net]
[920, 1128, 992, 960]
>>> s.reasons[0]
"the winner's 32, x 2 = 64: East pays double"
>>> s.reasons[3]
'the difference, 16 - 8 = 8, x 2 = 16: East pays double'

Hong Kong (seed 002): the discarder pays double and the other two single; on a self-draw everyone
pays double; losers do not pay each other and East is not doubled.

>>> s = settle(get_rules("hongkong"), winner=2, discarder=0, self_drawn=False, values=[0, 0, 8, 0])
>>> s.net
[-16, -8, 32, -8]

Each payment carries its reason, in the words of its rule set:

>>> s.reasons[0]
'the discarder pays double: 8 x 2 = 16'

What no table can produce is refused with the reason, for the engine, the calculator and any
other caller alike:

>>> settle(get_rules("hongkong"), winner=2, discarder=0, self_drawn=False, values=[0, 0, 9, 0])
Traceback (most recent call last):
...
ValueError: West's value 9 is no win under Hong Kong Old Style: a win is worth 8, 16, 32 or 64
"""

from __future__ import annotations

from dataclasses import dataclass, field

from fourwinds.rules import RuleSet
from fourwinds.rules.payouts import PAYOUTS

EAST_SEAT = 0
WINDS = ("East", "South", "West", "North")


@dataclass(frozen=True, slots=True)
class Settlement:
    """Every payment (payer seat, payee seat, amount) and each seat's net change, with the
    reason for each payment in the words of the rule set that made it (so that a score sheet
    never has to guess why someone pays)."""

    payments: tuple[tuple[int, int, int], ...]
    reasons: tuple[str, ...] = field(default=(), compare=False)
    """One per payment (empty when the settlement gives none): the rule and its arithmetic."""

    @property
    def net(self) -> list[int]:
        net = [0, 0, 0, 0]
        for payer, payee, amount in self.payments:
            net[payer] -= amount
            net[payee] += amount
        return net

    def to_json(self) -> dict[str, object]:
        return {
            "payments": [
                {"from": payer, "to": payee, "amount": amount, "reason": reason}
                for (payer, payee, amount), reason in zip(
                    self.payments, self.reason_list(), strict=True
                )
            ],
            "net": self.net,
        }

    def reason_list(self) -> list[str]:
        """The reasons, one per payment ("" where none was given)."""
        return list(self.reasons) or [""] * len(self.payments)


def check_seats(winner: int | None, discarder: int | None, self_drawn: bool) -> None:
    """Refuse a winner and discarder that no table produces; ValueError says why."""
    if winner is None:
        if discarder is not None or self_drawn:
            raise ValueError("a wall game has no winner, so no discarder and no self-draw")
        return
    for role, seat in (("winner", winner), ("discarder", discarder)):
        if seat is not None and not 0 <= seat <= 3:
            raise ValueError(f"the {role} {seat} is no seat: seats are 0 East to 3 North")
    if discarder == winner:
        raise ValueError(f"{WINDS[winner]} cannot both win and discard the winning tile")
    if discarder is not None and self_drawn:
        raise ValueError("a self-drawn win has no discarder")


def check_values(values: list[int]) -> None:
    """Refuse values that no hand has under any scoring: one per seat, none negative."""
    if len(values) != 4:
        raise ValueError("values must give one value per seat, East first")
    for seat, value in enumerate(values):
        if value < 0:
            raise ValueError(
                f"{WINDS[seat]}'s value {value} is negative: a hand is worth 0 or more"
            )


def _east_factor(a: int, b: int) -> int:
    return 2 if EAST_SEAT in (a, b) else 1


def _east_doubles(amount: int, payer: int, payee: int) -> str:
    """``amount``, doubled when East pays or receives (seed 000, Step 6c), in words."""
    if EAST_SEAT not in (payer, payee):
        return str(amount)
    who = "East pays double" if payer == EAST_SEAT else "East receives double"
    return f"{amount}, x 2 = {amount * 2}: {who}"


def settle_classical(rules: RuleSet, winner: int, values: list[int]) -> Settlement:
    """Classical: every loser pays the winner, then the losers pay each other the difference;
    East pays and receives double."""
    if values[winner] == 0:
        raise ValueError(f"{WINDS[winner]} won with a value of 0; a Mah Jongg always scores")
    for seat, value in enumerate(values):
        if not rules.roof_off and value > rules.limit:
            raise ValueError(
                f"{WINDS[seat]}'s value {value} is above the limit of {rules.limit} "
                f"under {rules.title}"
            )
    payments, reasons = [], []
    losers = [seat for seat in range(rules.seats) if seat != winner]
    for seat in losers:
        payments.append((seat, winner, values[winner] * _east_factor(seat, winner)))
        reasons.append(f"the winner's {_east_doubles(values[winner], seat, winner)}")
    for i, a in enumerate(losers):
        for b in losers[i + 1 :]:
            if values[a] == values[b]:
                continue
            low, high = (a, b) if values[a] < values[b] else (b, a)
            difference = values[high] - values[low]
            payments.append((low, high, difference * _east_factor(a, b)))
            reasons.append(
                f"the difference, {values[high]} - {values[low]} = "
                f"{_east_doubles(difference, low, high)}"
            )
    return Settlement(tuple(payments), tuple(reasons))


def settle_hongkong(
    rules: RuleSet, winner: int, discarder: int | None, self_drawn: bool, values: list[int]
) -> Settlement:
    """Hong Kong: the discarder pays double and the others single, everyone double on a
    self-draw; a winner's value must be a win in the payout table."""
    wins = PAYOUTS[rules.payout][rules.min_faan : rules.max_faan + 1]
    if values[winner] not in wins:
        *lower, highest = map(str, sorted(set(wins)))
        worth = f"{', '.join(lower)} or {highest}" if lower else highest
        raise ValueError(
            f"{WINDS[winner]}'s value {values[winner]} is no win under {rules.title}: "
            f"a win is worth {worth}"
        )
    if not self_drawn and discarder is None:
        raise ValueError("a win on a discard needs the discarder's seat")
    payments, reasons = [], []
    value = values[winner]
    for seat in range(rules.seats):
        if seat == winner:
            continue
        double = self_drawn or seat == discarder
        payments.append((seat, winner, value * (2 if double else 1)))
        reasons.append(
            f"self-drawn: all pay double, {value} x 2 = {value * 2}"
            if self_drawn
            else f"the discarder pays double: {value} x 2 = {value * 2}"
            if double
            else f"pays single: {value}"
        )
    return Settlement(tuple(payments), tuple(reasons))
