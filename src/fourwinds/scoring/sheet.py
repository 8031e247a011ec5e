"""Score sheets: the items a hand earned, and totals computed from those items only.

An :class:`Item` is one scoring rule that applied: its id, a readable name, its points, doubles or
faan (or a limit), and the tiles that earned it. A :class:`ScoreSheet` holds the items that count
and how to turn them into a value (:class:`Scale`): Classical multiplies the points by two for
every double and caps the result at the limit; Hong Kong adds the faan, caps them at the maximum
and reads the points from a faan-to-points table. No total is stored, so the explanation can never
disagree with the score.

>>> from fourwinds.tiles import parse_tiles
>>> red = tuple(parse_tiles("777z"))
>>> sheet = ScoreSheet(
...     won=True,
...     items=(
...         Item("mah_jong", "Mah Jongg", points=20),
...         Item("concealed_pung_major", "Concealed pung", points=8, tiles=red),
...         Item("dragon_set", "Pung of dragons", doubles=1, tiles=red),
...     ),
...     scale=Scale("classical", limit=500),
... )
>>> sheet.points, sheet.doubles, sheet.total
(28, 1, 56)
>>> print(sheet.explain())
Mah Jongg                                            20 pts
Concealed pung                          777z          8 pts
Pung of dragons                         777z                 1 dbl
Total: 28 points x 2^1 = 56
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, NamedTuple

from fourwinds.hand import Hand
from fourwinds.tiles import Tile, format_tiles


class Item(NamedTuple):
    """One rule that scored: points and doubles (Classical), faan (Hong Kong), or a limit.

    ``limit`` is a fraction of the limit (Classical) or 1.0 for a Hong Kong "max" hand.
    """

    rule: str
    name: str
    points: int = 0
    doubles: int = 0
    faan: int = 0
    limit: float = 0.0
    tiles: tuple[Tile, ...] = ()

    def to_json(self) -> dict[str, Any]:
        return {
            "rule": self.rule,
            "name": self.name,
            "points": self.points,
            "doubles": self.doubles,
            "faan": self.faan,
            "limit": self.limit,
            "tiles": format_tiles(self.tiles),
        }


class Scale(NamedTuple):
    """How a family turns items into a hand's value.

    Classical: ``limit`` points for a limit hand and the cap on every hand (no cap when
    ``roof_off``). Hong Kong: faan capped at ``max_faan``, then ``payout[faan]`` points.
    """

    family: str
    limit: int = 0
    roof_off: bool = False
    max_faan: int = 0
    payout: tuple[int, ...] = ()


def total_of(items: Sequence[Item], scale: Scale) -> int:
    """The value of these items: the one formula every total in fourwinds comes from."""
    fraction = max((item.limit for item in items), default=0.0)
    if scale.family == "hongkong":
        faan = min(sum(item.faan for item in items), scale.max_faan)
        if fraction:
            faan = scale.max_faan
        return scale.payout[min(faan, len(scale.payout) - 1)] if scale.payout else faan
    if fraction:
        return scale.limit * round(fraction * 100) // 100
    value = sum(item.points for item in items) << sum(item.doubles for item in items)
    return value if scale.roof_off else min(value, scale.limit)


@dataclass(frozen=True, slots=True)
class ScoreSheet:
    """A scored hand: whether it won, the items that count, and its totals (from the items)."""

    won: bool
    items: tuple[Item, ...]
    scale: Scale
    reason: str | None = None
    """Why a hand with a winning tile is not a legal win (None otherwise)."""
    hand: Hand | None = None
    """The hand scored (its notation is in the JSON form)."""
    rules: str = ""

    @property
    def points(self) -> int:
        return sum(item.points for item in self.items)

    @property
    def doubles(self) -> int:
        return sum(item.doubles for item in self.items)

    @property
    def faan(self) -> int:
        """Faan that count: the maximum for a "max" hand, else the sum capped at the maximum."""
        if self.scale.family != "hongkong":
            return 0
        faan = 0
        for item in self.items:
            if item.limit:
                return self.scale.max_faan
            faan += item.faan
        return min(faan, self.scale.max_faan)

    @property
    def limit_fraction(self) -> float:
        """The fraction of the limit a limit hand scored (0 when none did)."""
        return max((item.limit for item in self.items), default=0.0)

    @property
    def limit(self) -> bool:
        """True when a limit applied: a limit hand, or a value cut down to the limit."""
        if self.limit_fraction:
            return True
        if self.scale.family == "hongkong":
            return sum(item.faan for item in self.items) > self.scale.max_faan
        if self.scale.roof_off:
            return False
        return (self.points << self.doubles) > self.scale.limit

    @property
    def total(self) -> int:
        return total_of(self.items, self.scale) if self.won or not self.reason else 0

    def to_json(self) -> dict[str, Any]:
        return {
            "hand": str(self.hand) if self.hand is not None else "",
            "rules": self.rules,
            "won": self.won,
            "reason": self.reason,
            "items": [item.to_json() for item in self.items],
            "points": self.points,
            "doubles": self.doubles,
            "faan": self.faan,
            "limit": self.limit,
            "limit_fraction": self.limit_fraction,
            "total": self.total,
        }

    def explain(self) -> str:
        """The sheet as a player reads it at the table: one line per item, then the total."""
        lines = []
        if self.reason:
            lines.append(f"Not a win: {self.reason}")
        for item in self.items:
            lines.append(_item_line(item, self.scale))
        lines.append("Total: " + self._total_line())
        return "\n".join(lines)

    def _total_line(self) -> str:
        scale = self.scale
        if self.reason:
            return "0"
        if scale.family == "hongkong":
            raw = sum(item.faan for item in self.items)
            if self.limit_fraction:
                faan = f"maximum {scale.max_faan} faan"
            elif raw > scale.max_faan:
                faan = f"{raw} faan, capped at {scale.max_faan}"
            else:
                faan = f"{raw} faan"
            return f"{faan} = {self.total} points"
        if self.limit_fraction:
            share = "" if self.limit_fraction == 1 else f"{self.limit_fraction:g} x "
            return f"limit hand, {share}{scale.limit} = {self.total}"
        line = f"{self.points} points x 2^{self.doubles} = {self.points << self.doubles}"
        if self.limit:
            line += f", limit {self.total}"
        return line


def _item_line(item: Item, scale: Scale) -> str:
    tiles = format_tiles(item.tiles)
    if item.limit:
        if scale.family == "hongkong":
            value = "max"
        else:
            value = "limit" if item.limit == 1 else f"{item.limit:g} limit"
    elif scale.family == "hongkong":
        value = f"{item.faan} faan"
    else:
        points = f"{item.points} pts" if item.points else ""
        doubles = f"{item.doubles} dbl" if item.doubles else ""
        value = f"{points:>7}{doubles:>7}"
    return f"{item.name:<40}{tiles:<12}{value:>7}".rstrip()
