"""What a spectator may see of a hand: what every seat's view shows alike, nothing more.

A seat's view holds its own concealed tiles, its draw, its choices and (American) its received
tiles and nearest lines; everything else is what the whole table sees. Rather than name the
private fields of every family's view, the spectator's view is the part of the seats' views
(their JSON) on which all of them agree: dictionaries key by key, and the per-seat part
(``seats``, indexed by seat wind in every family's view) item by item, so that a concealed
kong's tiles, shown only to its owner, drop out of its meld. Any other list is kept only when
every seat sees it alike: a seat's nearest lines never agree item by item by chance.

>>> agreed([{"seat": 0, "hand": "123m", "wall": [2, 2]}, {"seat": 1, "hand": "9p", "wall": [2, 2]}])
{'wall': [2, 2]}
>>> agreed([{"seats": [{"melds": [{"kind": "kong", "tiles": "1111m"}]}]},
...         {"seats": [{"melds": [{"kind": "kong", "tiles": None}]}]}])
{'seats': [{'melds': [{'kind': 'kong'}]}]}
>>> agreed([{"hints": [{"line": 3, "value": 30}]}, {"hints": [{"line": 7, "value": 30}]}])
{}
"""

from __future__ import annotations

from typing import Any

from fourwinds.family import Family, GameDeal

NOBODY = -1
"""The seat events are shown to for a spectator: a private event keeps no tile for it."""

PER_SEAT = "seats"
"""The part of a view that is a list by seat wind, compared item by item."""

_APART = object()
"""The seats' views disagree here: the spectator gets nothing of it."""


def agreed(views: list[Any]) -> Any:
    """What all ``views`` (JSON values) hold alike; dictionaries keep their agreed keys."""
    result = _agreed(views)
    return None if result is _APART else result


def _agreed(values: list[Any], per_seat: bool = False) -> Any:
    first = values[0]
    if all(value == first for value in values[1:]):
        return first
    if all(isinstance(value, dict) for value in values):
        kept = {}
        for key in first:
            if all(key in value for value in values):
                part = _agreed([value[key] for value in values], per_seat or key == PER_SEAT)
                if part is not _APART:
                    kept[key] = part
        return kept
    same_length = all(isinstance(v, list) and len(v) == len(first) for v in values)
    if per_seat and isinstance(first, list) and same_length:
        items = [_agreed([value[i] for value in values], per_seat) for i in range(len(first))]
        if all(item is not _APART for item in items):
            return items
    return _APART


def public_view(family: Family, deal: GameDeal, seats: int) -> dict[str, Any]:
    """The spectator's view of ``deal``: what the views of its ``seats`` seats agree on."""
    view: dict[str, Any] = agreed([family.view(deal, seat).to_json() for seat in range(seats)])
    return view
