"""Every element listed in docs/rules/classical.md and docs/rules/hongkong.md: its values match the
rule sets' tables, and its example hand scores it (issue 3, "Tests for every scoring element
with an example hand").
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from fourwinds.hand import Context, Hand
from fourwinds.rules import get_rules
from fourwinds.rules.values import Value
from fourwinds.scoring import score
from fourwinds.scoring.classical import _winning_candidates

NONE = "\u2013"  # the en dash the docs write for "not in this rule set"
DOCS = Path(__file__).resolve().parents[1] / "docs" / "rules"
ROW = re.compile(r"^\| `(?P<rule>[a-z_]+)` \| (?P<cells>.*) \|$")
FLAGS = {
    "self-drawn": "self_drawn",
    "loose tile": "loose_tile",
    "last tile": "last_tile",
    "last discard": "last_discard",
    "robbed kong": "robbed_kong",
    "first turn": "first_turn",
    "original call": "original_call",
    "twofold fortune": "twofold_fortune",
    "calling": "calling",
}


def rows(page: str, presets: list[str]) -> list[tuple[str, list[str], str, str]]:
    found = []
    for line in (DOCS / page).read_text().splitlines():
        match = ROW.match(line)
        if match:
            cells = match["cells"].split(" | ")
            values = cells[1 : 1 + len(presets)]
            found.append((match["rule"], values, cells[1 + len(presets)], match["rule"]))
    return found


def context_of(example: str) -> tuple[str, Context]:
    hand = example.split("`")[1]
    extra = example.split("`")[2].strip(" ()")
    flags: dict[str, bool | int] = {}
    for part in filter(None, (p.strip() for p in extra.split(";"))):
        if part.startswith("seat "):
            flags["seat_wind"] = "ESWN".index(part[-1])
        elif part.startswith("round "):
            flags["prevailing_wind"] = "ESWN".index(part[-1])
        else:
            flags[FLAGS[part]] = True
    drawn = any(flags.get(f) for f in ("self_drawn", "loose_tile", "last_tile", "twofold_fortune"))
    if flags.get("first_turn") and not flags.get("seat_wind"):
        drawn = True
    if "+" in hand:
        flags["self_drawn"] = drawn
    if flags.get("twofold_fortune"):
        flags["loose_tile"] = True
    return hand, Context(**flags)  # type: ignore[arg-type]


def classical_value(value: Value | None) -> str:
    if value is None:
        return NONE
    if value.limit:
        return "limit" if value.limit == 1 else f"{value.limit:g} limit"
    return f"{value.points} pts" if value.points else f"{value.doubles} dbl"


def hongkong_value(value: Value | None) -> str:
    if value is None:
        return NONE
    if value.limit:
        return "max"
    if value.open_faan is None:
        return str(value.faan)
    return f"{value.faan} ({value.open_faan or '-'})"


CLASSICAL = ["classical", "classical-dmjl", "classical-bmja"]
HONGKONG = ["hongkong", "hongkong-standard"]
CLASSICAL_ROWS = rows("classical.md", CLASSICAL)
HONGKONG_ROWS = rows("hongkong.md", HONGKONG)


def test_every_table_entry_is_documented() -> None:
    for presets, documented in ((CLASSICAL, CLASSICAL_ROWS), (HONGKONG, HONGKONG_ROWS)):
        listed = {row[0] for row in documented}
        for name in presets:
            missing = set(get_rules(name).score_table) - listed
            assert not missing, f"{name}: {sorted(missing)} not in the docs"


@pytest.mark.parametrize(("rule", "values", "example", "_"), CLASSICAL_ROWS)
def test_classical_element(rule: str, values: list[str], example: str, _: str) -> None:
    tables = [get_rules(name).score_table for name in CLASSICAL]
    assert values == [classical_value(t.get(rule)) for t in tables]
    name = CLASSICAL[next(i for i, v in enumerate(values) if v != NONE)]
    rules = get_rules(name)
    text, context = context_of(example)
    hand = Hand.parse(text)
    if hand.winning_tile is None:
        found = {item.rule for item in score(hand, context, rules).items}
    else:
        found = {item.rule for c in _winning_candidates(hand, context, rules) for item in c}
    assert rule in found, score(hand, context, rules).explain()


@pytest.mark.parametrize(("rule", "values", "example", "_"), HONGKONG_ROWS)
def test_hongkong_element(rule: str, values: list[str], example: str, _: str) -> None:
    tables = [get_rules(name).score_table for name in HONGKONG]
    assert values == [hongkong_value(t.get(rule)) for t in tables]
    name = HONGKONG[next(i for i, v in enumerate(values) if v != NONE)]
    rules = get_rules(name, min_faan=0)
    text, context = context_of(example)
    sheet = score(Hand.parse(text), context, rules)
    assert sheet.won and rule in {item.rule for item in sheet.items}, sheet.explain()
