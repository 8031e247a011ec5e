"""Options are declared once (rules/options.py): the validation, the options a rule set offers,
what records store, the claim order and the docs table all follow that declaration."""

from __future__ import annotations

from dataclasses import fields, replace
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner
from rig import give, pass_claims

from fourwinds.calculator import score_command
from fourwinds.engine.actions import CHOW, KONG, PUNG, WIN, Action
from fourwinds.engine.deal import Deal
from fourwinds.hand import MeldKind
from fourwinds.rules import RULES, RuleSet, get_rules
from fourwinds.rules.options import OPTIONS, Option
from fourwinds.shapes import THIRTEEN_ORPHANS

DOCS = Path(__file__).resolve().parent.parent / "docs" / "rules" / "options.md"

RECORDED = {
    "american": [
        ("rounds", 4),
        ("players", 4),
        ("mahjong_in_error", False),
        ("jokerless_except_singles_and_pairs", False),
    ],
    "beginner": [("rounds", 4), ("thirteen_orphans", False)],
    "classical": [
        ("rounds", 4),
        ("limit", 500),
        ("roof_off", False),
        ("win_claims", "highest-score"),
    ],
    "classical-bmja": [
        ("rounds", 4),
        ("limit", 1000),
        ("roof_off", False),
        ("win_claims", "highest-score"),
    ],
    "classical-dmjl": [
        ("rounds", 4),
        ("limit", 500),
        ("roof_off", False),
        ("win_claims", "highest-score"),
    ],
    "hongkong": [("rounds", 4), ("min_faan", 3), ("max_faan", 10), ("payout", "seed-002")],
    "hongkong-standard": [
        ("rounds", 4),
        ("min_faan", 3),
        ("max_faan", 13),
        ("payout", "half-spicy"),
    ],
}
"""Each rule set's options as records store them, in their order (written before the
declaration, so that records stay readable)."""


@pytest.mark.parametrize("name", sorted(RULES))
def test_options_are_what_records_store(name: str) -> None:
    assert list(get_rules(name).options().items()) == RECORDED[name]


def test_every_option_is_a_field_or_a_shape_and_offered() -> None:
    names = {field.name for field in fields(RuleSet)}
    for option in OPTIONS.values():
        assert option.name in names or option.shape, option.name
        assert any(option.offered_by(rules) for rules in RULES.values()), option.name
        assert option.label and option.help and option.source, option.name


@pytest.mark.parametrize("name", sorted(RULES))
def test_every_default_is_an_allowed_value(name: str) -> None:
    rules = get_rules(name)
    for option in rules.offered_options():
        assert option.value(rules) in option.allowed(rules, {}), option.name
        option.check(option.value(rules), rules, {})


@pytest.mark.parametrize(
    ("name", "options", "message"),
    [
        ("classical", {"rounds": 5}, "rounds must be 1 to 4"),
        ("classical", {"rounds": True}, "rounds must be 1 to 4"),
        ("classical", {"limit": 600}, "limit must be 500 or 1000"),
        ("classical", {"roof_off": 1}, "roof_off must be true or false"),
        ("classical", {"win_claims": "first"}, "win_claims must be one of highest-score, nearest"),
        ("classical", {"min_faan": 1}, "classical has no option 'min_faan'"),
        ("classical", {"shapes": ()}, "classical has no option 'shapes'"),
        ("hongkong", {"max_faan": 8}, "max_faan must be 7, 10 or 13"),
        ("hongkong", {"min_faan": 11}, "min_faan must be 0 to 10"),
        ("hongkong", {"min_faan": 8, "max_faan": 7}, "min_faan must be 0 to 7"),
        ("hongkong-standard", {"min_faan": "3"}, "min_faan must be 0 to 13"),
        ("hongkong", {"payout": "mild"}, "payout must be one of seed-002, half-spicy, spicy"),
        ("hongkong", {"limit": 1000}, "hongkong has no option 'limit'"),
        ("american", {"players": 2}, "players must be 3 or 4"),
        ("american", {"mahjong_in_error": "yes"}, "mahjong_in_error must be true or false"),
        ("beginner", {"thirteen_orphans": 1}, "thirteen_orphans must be true or false"),
        ("beginner", {"win_claims": "nearest"}, "beginner has no option 'win_claims'"),
    ],
)
def test_a_value_not_allowed_is_refused(name: str, options: dict[str, Any], message: str) -> None:
    with pytest.raises(ValueError) as refused:
        get_rules(name, **options)
    assert str(refused.value) == message


def test_a_lower_maximum_leaves_the_minimum_out_of_range() -> None:
    """min_faan is bounded by max_faan as changed in the same call, or as it is."""
    assert get_rules("hongkong", max_faan=7).min_faan == 3
    assert get_rules("hongkong", min_faan=13, max_faan=13).min_faan == 13
    low = get_rules("hongkong", min_faan=0, max_faan=7)
    assert low.with_options(min_faan=7).min_faan == 7
    with pytest.raises(ValueError, match="min_faan must be 0 to 7"):
        get_rules("hongkong", min_faan=9).with_options(max_faan=7)


def test_thirteen_orphans_is_an_option_on_the_shapes() -> None:
    on = get_rules("beginner", thirteen_orphans=True)
    assert THIRTEEN_ORPHANS in on.shapes and on.options()["thirteen_orphans"] is True
    off = on.with_options(thirteen_orphans=False)
    assert off.shapes == get_rules("beginner").shapes and not off.options()["thirteen_orphans"]


def test_the_claim_order_ranks_the_engine_s_claims() -> None:
    """Every rule set ranks its family's claim kinds (American: Mah Jongg, then a call); a rule
    set with another order (a chow before a pung) lets the chow take the tile."""
    orders = {rules.claim_order for rules in RULES.values() if rules.family == "classical-style"}
    assert orders == {(WIN, KONG, PUNG, CHOW)}
    assert get_rules("american").claim_order == (WIN, "call")
    taken = {}
    for order in ((WIN, KONG, PUNG, CHOW), (WIN, CHOW, PUNG, KONG)):
        deal = Deal(replace(get_rules("classical"), claim_order=order), 0)
        give(deal, 0, "5m 1199m 1199p 1199s 7z")
        give(deal, 1, "46m 123p 456p 789p 13z", keep=frozenset({0}))
        give(deal, 2, "55m 2468p 2468s 124z", keep=frozenset({0, 1}))
        deal.apply(0, Action.parse("discard 5m"))
        deal.apply(1, Action.parse("chow 456m"))
        deal.apply(2, Action.parse("pung 5m"))
        pass_claims(deal)
        taken[order[1]] = deal.current, deal.seats[deal.current].melds[0].kind
    assert taken == {KONG: (2, MeldKind.PUNG), CHOW: (1, MeldKind.CHOW)}


def test_the_calculator_names_every_option() -> None:
    help_text = " ".join(CliRunner().invoke(score_command, ["--help"]).output.split())
    assert all(name in help_text for name in OPTIONS)


def _shown(value: Any) -> str:
    return str(value).lower() if isinstance(value, bool) else str(value)


def _values(option: Option) -> str:
    if option.up_to:
        return f"0 to `{option.up_to}`"
    return ", ".join(f"`{_shown(choice)}`" for choice in option.choices)


def _defaults(option: Option) -> str:
    """Each default with the rule sets that start from it."""
    by_value: dict[str, list[str]] = {}
    for name in sorted(RULES):
        if option.offered_by(RULES[name]):
            by_value.setdefault(_shown(option.value(RULES[name])), []).append(name)
    return "; ".join(f"`{value}` ({', '.join(names)})" for value, names in by_value.items())


def options_table() -> str:
    """The docs table, written from the declaration."""
    rows = [
        "| Option | Values | Default (rule sets) | What it changes | Source |",
        "|---|---|---|---|---|",
    ]
    rows += [
        f"| `{option.name}` | {_values(option)} | {_defaults(option)} | {option.help} | "
        f"{option.source} |"
        for option in OPTIONS.values()
    ]
    return "\n".join(rows) + "\n"


def test_the_docs_table_is_the_declaration() -> None:
    expected = options_table()
    assert expected in DOCS.read_text(), f"docs/rules/options.md should hold:\n{expected}"
