"""Settlement: who pays whom after a hand, from the hands' values.

Seats are 0 East (the dealer) .. 3 North. ``values`` are the hands' totals (score sheets'
``total``), one per seat.

Classical (seed 000, "Paying each other"): every loser pays the winner the winner's value, double
when East pays or receives; the losers then pay each other the difference of their values, double
when East is one of the pair. A wall game pays nothing. Seed 000's example (Andy 32 wins, Brett 16,
Chuck East 8, Dave 8; all start at 1000):

>>> from fourwinds.rules import get_rules
>>> s = settle(get_rules("classical"), 1, None, False, values=[8, 32, 16, 8])
>>> [1000 + n for n in s.net]
[920, 1128, 992, 960]

Hong Kong (seed 002): the discarder pays double and the other two single; on a self-draw everyone
pays double; losers do not pay each other and East is not doubled.

>>> settle(get_rules("hongkong"), winner=2, discarder=0, self_drawn=False, values=[0, 0, 8, 0]).net
[-16, -8, 32, -8]
"""

from __future__ import annotations

from dataclasses import dataclass

from fourwinds.rules import RuleSet

EAST_SEAT = 0


@dataclass(frozen=True, slots=True)
class Settlement:
    """Every payment (payer seat, payee seat, amount) and each seat's net change."""

    payments: tuple[tuple[int, int, int], ...]

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
                {"from": payer, "to": payee, "amount": amount}
                for payer, payee, amount in self.payments
            ],
            "net": self.net,
        }


def settle(
    rules: RuleSet,
    winner: int | None,
    discarder: int | None,
    self_drawn: bool,
    values: list[int],
) -> Settlement:
    """The payments after a hand under the rule set's settlement."""
    if len(values) != 4:
        raise ValueError("values must give one value per seat, East first")
    if winner is None:
        return Settlement(())
    if not 0 <= winner <= 3:
        raise ValueError(f"no seat {winner}")
    if rules.scoring == "hongkong":
        return _settle_hongkong(winner, discarder, self_drawn, values)
    return _settle_classical(winner, values)


def _east_factor(a: int, b: int) -> int:
    return 2 if EAST_SEAT in (a, b) else 1


def _settle_classical(winner: int, values: list[int]) -> Settlement:
    payments = []
    losers = [seat for seat in range(4) if seat != winner]
    for seat in losers:
        payments.append((seat, winner, values[winner] * _east_factor(seat, winner)))
    for i, a in enumerate(losers):
        for b in losers[i + 1 :]:
            if values[a] == values[b]:
                continue
            low, high = (a, b) if values[a] < values[b] else (b, a)
            amount = (values[high] - values[low]) * _east_factor(a, b)
            payments.append((low, high, amount))
    return Settlement(tuple(payments))


def _settle_hongkong(
    winner: int, discarder: int | None, self_drawn: bool, values: list[int]
) -> Settlement:
    if not self_drawn and (discarder is None or discarder == winner):
        raise ValueError("a win on a discard needs the discarder's seat")
    payments = []
    for seat in range(4):
        if seat == winner:
            continue
        double = self_drawn or seat == discarder
        payments.append((seat, winner, values[winner] * (2 if double else 1)))
    return Settlement(tuple(payments))
