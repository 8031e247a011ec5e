"""Score sheets: the items a hand earned, and totals computed from those items only.

An :class:`Item` is one scoring rule that applied: its id, a readable name, its points, doubles or
faan (or a limit), and the tiles that earned it. A :class:`ScoreSheet` holds the items that count
and how to turn them into a value (a :class:`Scale`): Classical multiplies the points by two for
every double and caps the result at the limit (:class:`PointsScale`); Hong Kong adds the faan,
caps them at the maximum and reads the points from a faan-to-points table (:class:`FaanScale`).
No total is stored, so the explanation can never disagree with the score.

>>> from fourwinds.tiles import parse_tiles
>>> red = tuple(parse_tiles("777z"))
>>> sheet = ScoreSheet(
...     won=True,
...     items=(
...         Item("mah_jong", "Mah Jongg", points=20),
...         Item("concealed_pung_major", "Concealed pung", points=8, tiles=red),
...         Item("dragon_set", "Pung of dragons", doubles=1, tiles=red),
...     ),
...     scale=PointsScale(limit=500),
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

from abc import ABC, abstractmethod
from collections.abc import Sequence
from dataclasses import dataclass
from html import escape
from typing import Any, NamedTuple

from fourwinds.hand import Hand
from fourwinds.tile_art import tiles_svg
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


class Scale(ABC):
    """How a scoring family turns items into a hand's value, and how a sheet shows it."""

    __slots__ = ()

    @abstractmethod
    def total(self, items: Sequence[Item]) -> int:
        """The value of these items: the one formula every total of the family comes from."""

    def faan(self, items: Sequence[Item]) -> int:
        """The faan that count (none outside Hong Kong)."""
        return 0

    @abstractmethod
    def capped(self, items: Sequence[Item]) -> bool:
        """Whether the value of these items (no limit hand among them) was cut down."""

    @abstractmethod
    def item_value(self, item: Item) -> str:
        """What an item is worth, as a sheet line shows it."""

    @abstractmethod
    def total_line(self, sheet: ScoreSheet) -> str:
        """How a won or losing sheet's total was reached."""


@dataclass(frozen=True, slots=True)
class PointsScale(Scale):
    """Classical: points x 2^doubles, capped at ``limit`` unless ``roof_off``; a limit hand
    scores its fraction of the limit."""

    limit: int
    roof_off: bool = False

    def total(self, items: Sequence[Item]) -> int:
        fraction = max((item.limit for item in items), default=0.0)
        if fraction:
            return self.limit * round(fraction * 100) // 100
        value = sum(item.points for item in items) << sum(item.doubles for item in items)
        return value if self.roof_off else min(value, self.limit)

    def capped(self, items: Sequence[Item]) -> bool:
        if self.roof_off:
            return False
        value = sum(item.points for item in items) << sum(item.doubles for item in items)
        return value > self.limit

    def item_value(self, item: Item) -> str:
        if item.limit:
            return "limit" if item.limit == 1 else f"{item.limit:g} limit"
        points = f"{item.points} pts" if item.points else ""
        doubles = f"{item.doubles} dbl" if item.doubles else ""
        return f"{points:>7}{doubles:>7}"

    def total_line(self, sheet: ScoreSheet) -> str:
        fraction = sheet.limit_fraction
        if fraction:
            share = "" if fraction == 1 else f"{fraction:g} x "
            return f"limit hand, {share}{self.limit} = {sheet.total}"
        value = sheet.points << sheet.doubles
        line = f"{sheet.points} points x 2^{sheet.doubles} = {value}"
        if sheet.limit:
            line += f", limit {sheet.total}"
        return line


@dataclass(frozen=True, slots=True)
class FaanScale(Scale):
    """Hong Kong: the faan capped at ``max_faan`` (a "max" hand has them all), then
    ``payout[faan]`` points (the faan themselves without a payout table)."""

    max_faan: int
    payout: tuple[int, ...] = ()

    def total(self, items: Sequence[Item]) -> int:
        faan = self.faan(items)
        return self.payout[min(faan, len(self.payout) - 1)] if self.payout else faan

    def faan(self, items: Sequence[Item]) -> int:
        faan = 0
        for item in items:
            if item.limit:
                return self.max_faan
            faan += item.faan
        return min(faan, self.max_faan)

    def capped(self, items: Sequence[Item]) -> bool:
        return sum(item.faan for item in items) > self.max_faan

    def item_value(self, item: Item) -> str:
        return "max" if item.limit else f"{item.faan} faan"

    def total_line(self, sheet: ScoreSheet) -> str:
        raw = sum(item.faan for item in sheet.items)
        if sheet.limit_fraction:
            faan = f"maximum {self.max_faan} faan"
        elif raw > self.max_faan:
            faan = f"{raw} faan, capped at {self.max_faan}"
        else:
            faan = f"{raw} faan"
        if not self.payout:
            return faan
        points = "point" if sheet.total == 1 else "points"
        return f"{faan}; faan to points: {sheet.faan} faan = {sheet.total} {points}"


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
        return self.scale.faan(self.items)

    @property
    def limit_fraction(self) -> float:
        """The fraction of the limit a limit hand scored (0 when none did)."""
        return max((item.limit for item in self.items), default=0.0)

    @property
    def limit(self) -> bool:
        """True when a limit applied: a limit hand, or a value cut down to the limit."""
        return bool(self.limit_fraction) or self.scale.capped(self.items)

    @property
    def total(self) -> int:
        return self.scale.total(self.items) if self.won or not self.reason else 0

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
            "arithmetic": self.arithmetic(),
        }

    def arithmetic(self) -> str:
        """How the total was reached ("32 points x 2^1 = 64"), as the sheet's last line says."""
        return "0" if self.reason else self.scale.total_line(self)

    def _repr_html_(self) -> str:
        """The sheet as ``explain`` writes it, its tiles drawn, for notebooks."""
        rows = "".join(
            f"<tr><td>{escape(item.name)}</td><td>{tiles_svg([item.tiles], 24)}</td>"
            f"<td>{escape(self.scale.item_value(item))}</td></tr>"
            for item in self.items
        )
        hand = "" if self.hand is None else f"<p>{self.hand._repr_svg_()}</p>"
        reason = f"<p>Not a win: {escape(self.reason)}</p>" if self.reason else ""
        total = self.arithmetic()
        return f"<div>{hand}{reason}<table>{rows}</table><p>Total: {escape(total)}</p></div>"

    def explain(self) -> str:
        """The sheet as a player reads it at the table: one line per item, then the total."""
        lines = []
        if self.reason:
            lines.append(f"Not a win: {self.reason}")
        for item in self.items:
            tiles = format_tiles(item.tiles)
            value = self.scale.item_value(item)
            lines.append(f"{item.name:<40}{tiles:<12}{value:>7}".rstrip())
        lines.append("Total: " + self.arithmetic())
        return "\n".join(lines)
