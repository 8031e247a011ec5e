"""Tiles drawn as SVG for notebooks, from the web app's own drawings.

The drawing of every tile, and of a tile's back, is data in ``web/js/tiles.json`` (SVG elements
in a 48 x 64 box), the file the pages draw from too (``web/js/tiles.js``), so a hand in Jupyter
looks as it does at the table. Hands, melds, views and score sheets show themselves with it
(``_repr_svg_``, ``_repr_html_``), as python-chess's boards do.

>>> from fourwinds.tiles import parse_tiles
>>> svg = tiles_svg([parse_tiles("123m"), [None]])
>>> svg.startswith("<svg") and svg.count('role="img"') == 4
True
>>> 'aria-label="1 of characters"' in svg and 'aria-label="face-down tile"' in svg
True
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from functools import cache
from html import escape
from importlib import resources
from typing import Any, Protocol

from fourwinds.tiles import JOKER, Tile, number, suit, tile_name

WIDTH, HEIGHT = 48, 64
"""A tile's box in the drawings."""
WINDS = ("East", "South", "West", "North")
GAP = 12
"""Between groups of tiles (melds, the hand, bonus tiles), in the drawings' units."""
_SUITS = {"m": "characters", "p": "dots", "s": "bamboo"}
_HONOURS = (
    "East wind",
    "South wind",
    "West wind",
    "North wind",
    "White dragon",
    "Green dragon",
    "Red dragon",
)


@cache
def faces() -> dict[str, list[Any]]:
    """Every tile's drawing by its name in the notation, and ``back``."""
    text = resources.files("fourwinds").joinpath("web/js/tiles.json").read_text()
    drawings: dict[str, list[Any]] = json.loads(text)
    return drawings


def tile_label(tile: Tile | None) -> str:
    """What a screen reader says for a tile (as the pages say it)."""
    if tile is None:
        return "face-down tile"
    if tile == JOKER:
        return "Joker"
    letter, n = suit(tile), number(tile)
    if letter in _SUITS:
        return f"{n} of {_SUITS[letter]}"
    if letter == "z":
        return _HONOURS[n - 1]
    return f"Flower {n}" if n <= 4 else f"Season {n - 4}"


def _element(node: list[Any]) -> str:
    tag, attributes, *content = node
    attrs = "".join(f' {key}="{escape(str(value))}"' for key, value in attributes.items())
    if not content:
        return f"<{tag}{attrs}/>"
    inner = content[0]
    body = escape(inner) if isinstance(inner, str) else "".join(map(_element, inner))
    return f"<{tag}{attrs}>{body}</{tag}>"


def tile_svg(tile: Tile | None, x: float = 0) -> str:
    """One tile (None: its back) as an ``<svg>`` element placed at ``x``."""
    drawing = faces()["back" if tile is None else tile_name(tile)]
    label = escape(tile_label(tile))
    return (
        f'<svg x="{x:g}" width="{WIDTH}" height="{HEIGHT}" viewBox="0 0 {WIDTH} {HEIGHT}" '
        f'role="img" aria-label="{label}"><title>{label}</title>'
        + "".join(map(_element, drawing))
        + "</svg>"
    )


def tiles_svg(groups: Sequence[Sequence[Tile | None]], height: int = 48) -> str:
    """Groups of tiles in a row, a gap between groups, as one SVG ``height`` pixels high."""
    parts: list[str] = []
    x = 0
    for group in groups:
        if not group:
            continue
        if parts:
            x += GAP
        for tile in group:
            parts.append(tile_svg(tile, x))
            x += WIDTH
    width = max(x, 1)
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width * height / HEIGHT:.0f}" '
        f'height="{height}" viewBox="0 0 {width} {HEIGHT}">' + "".join(parts) + "</svg>"
    )


class TableView(Protocol):
    """What ``view_html`` reads of every family's view (``fourwinds.turns.SeatWindow``)."""

    @property
    def seat(self) -> int: ...
    @property
    def phase(self) -> str: ...
    @property
    def live_left(self) -> int: ...
    @property
    def hand(self) -> tuple[Tile, ...]: ...
    @property
    def legal_actions(self) -> Sequence[Any]: ...
    def discards(self, seat: int) -> tuple[tuple[Tile, bool], ...]: ...
    def concealed_count(self, seat: int) -> int: ...


def view_html(
    view: TableView,
    title: str,
    melds: dict[int, Sequence[Sequence[Tile | None]]],
    bonus: dict[int, Sequence[Tile]] | None = None,
) -> str:
    """A seat's view as an HTML table: each seat at the table (the keys of ``melds``) with its
    hand (the viewer's own tiles, the others' backs), its melds (None for a tile face down) and
    bonus tiles, and its discards (a claimed one faded); then what the viewer may do."""
    rows = []
    for seat, seat_melds in melds.items():
        if seat == view.seat:
            hand: list[Tile | None] = list(view.hand)
        else:
            hand = [None] * view.concealed_count(seat)
        shown = [hand, *seat_melds, (bonus or {}).get(seat, ())]
        discards = "".join(
            f'<span style="opacity:{0.35 if claimed else 1}">{tiles_svg([[tile]], 28)}</span>'
            for tile, claimed in view.discards(seat)
        )
        rows.append(
            f"<tr><th>{WINDS[seat]}{' (you)' if seat == view.seat else ''}</th>"
            f"<td>{tiles_svg(shown, 36)}</td><td>{discards}</td></tr>"
        )
    legal = ", ".join(escape(str(action)) for action in list(view.legal_actions)[:20])
    return (
        f"<div><p><b>{escape(title)}</b>: {escape(view.phase)}, {view.live_left} tiles in the "
        f"wall</p><table><tr><th>seat</th><th>tiles</th><th>discards</th></tr>{''.join(rows)}"
        f"</table><p>{WINDS[view.seat]} may: {legal or 'nothing now'}</p></div>"
    )
