"""Conformance with KDE Kajongg's scoring tests for the two league presets.

Reads ../shared/conformance/kajongg-classical.json (its "notation" and "source" fields explain the
semantics) and checks every case: won, points, doubles, the fraction of the limit scored, total.

Six cases are hands our notation refuses, so the calculator rejects them with exit status 2
while Kajongg (which does not check) scores them:

- LongHand-3 and LongHand-4 (both presets) have 15 tiles with a winning tile; Kajongg scores such
  a "long hand" 0 and not won. ``Hand.parse`` refuses the wrong size.
- AllHonors-3 (both presets) holds six Red dragons ([777z] and 777z); ``Hand.parse`` refuses the
  fifth copy.

For these the test checks that the notation refuses them and that the scorer, given the same
tiles built group by group, still computes Kajongg's expected result.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from fourwinds.hand import Context, Hand
from fourwinds.rules import get_rules
from fourwinds.scoring import score
from fourwinds.tiles import NotationError, parse_tile

FILE = Path(__file__).resolve().parents[2] / "shared" / "conformance" / "kajongg-classical.json"
if not FILE.exists():  # the shared directory next to the checkout
    FILE = Path("/work/shared/conformance/kajongg-classical.json")
DATA: dict[str, Any] = json.loads(FILE.read_text()) if FILE.exists() else {"cases": []}
CASES: list[dict[str, Any]] = DATA["cases"]
WINDS = "ESWN"
REFUSED = {"LongHand-3", "LongHand-4", "AllHonors-3"}


def built_by_groups(text: str) -> Hand:
    """The hand's tiles without the notation's checks (for the refused cases only)."""
    concealed: list[int] = []
    melds: list[Any] = []
    bonus: list[int] = []
    winning = None
    for group in text.split():
        if group.startswith("+"):
            winning = parse_tile(group[1:])
            continue
        part = Hand.parse(group)
        concealed += part.concealed
        melds += part.melds
        bonus += part.bonus
    return Hand(tuple(concealed), tuple(melds), tuple(bonus), winning)


def test_the_file_is_there() -> None:
    assert len(CASES) == 364, f"expected the 364 cases of {FILE}"


@pytest.mark.parametrize("case", CASES, ids=[f"{c['id']}-{c['preset']}" for c in CASES])
def test_kajongg_case(case: dict[str, Any]) -> None:
    context = Context(
        seat_wind=WINDS.index(case["seat_wind"]),
        prevailing_wind=WINDS.index(case["prevailing_wind"]),
        **{flag: True for flag in case["context"]},
    )
    if case["id"] in REFUSED:
        with pytest.raises(NotationError):
            Hand.parse(case["hand"])
        hand = built_by_groups(case["hand"])
    else:
        hand = Hand.parse(case["hand"])
    sheet = score(hand, context, get_rules(case["preset"]))
    got = {
        "won": sheet.won,
        "points": sheet.points,
        "doubles": sheet.doubles,
        "limit": sheet.limit_fraction,
        "total": sheet.total,
    }
    assert got == case["expected"], sheet.explain()
