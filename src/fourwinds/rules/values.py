"""What a scoring rule is worth in one rule set: the entries of a rule set's scoring table.

A scoring table maps a rule id (``"concealed_pung"``, ``"all_flowers"``, ``"full_flush"``) to a
:class:`Value`. The checks behind the ids live in :mod:`fourwinds.scoring`; which rules a rule set
scores, and for how much, is data in its module under :mod:`fourwinds.rules`. A rule missing from
a table does not score in that rule set.

>>> Value(doubles=1)
Value(points=0, doubles=1, faan=0, open_faan=None, limit=0.0, name='')
>>> Value(faan=2, open_faan=1).faan_for(closed=False)
1
"""

from __future__ import annotations

from typing import NamedTuple


class Value(NamedTuple):
    """Points and doubles (Classical) or faan (Hong Kong) that a rule earns, or a limit.

    ``limit`` is a fraction of the rule set's limit (Classical) or, when 1.0, the maximum faan
    (Hong Kong "max"). ``open_faan`` is the Hong Kong value for an open hand: None means the same
    as closed, 0 means the rule counts only for a closed hand. ``name`` overrides the rule's usual
    name where a league calls it something else.
    """

    points: int = 0
    doubles: int = 0
    faan: int = 0
    open_faan: int | None = None
    limit: float = 0.0
    name: str = ""

    def faan_for(self, closed: bool) -> int:
        if closed or self.open_faan is None:
            return self.faan
        return self.open_faan


def points(n: int, name: str = "") -> Value:
    return Value(points=n, name=name)


def doubles(n: int, name: str = "") -> Value:
    return Value(doubles=n, name=name)


def limit(fraction: float = 1.0, name: str = "") -> Value:
    return Value(limit=fraction, name=name)


def faan(closed: int, open_: int | None = None, name: str = "") -> Value:
    return Value(faan=closed, open_faan=open_, name=name)


MAX = Value(limit=1.0)
"""A Hong Kong hand that scores the maximum faan."""
