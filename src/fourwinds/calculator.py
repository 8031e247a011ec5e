"""The score calculator: ``fourwinds score`` and ``fourwinds settle`` for games played with real
tiles.

Exit statuses: 0 for a scored hand (a win, or a losing hand without a winning tile) and for a
settlement; 1 when a hand with a ``+`` winning tile is no legal win under the rule set; 2 when the
input is malformed or impossible, with one line on stderr saying what is wrong: bad notation, a
fifth tile, a hand of the wrong size (a winner holds 14 tiles and a loser 13, a kong counting as
3), a tile the rule set does not have, contradictory flags, or a settlement no table produces.

American hands (``--rules american``) are matched against a card (``--card FILE``, the sample
card by default): the line that pays most is named with its value and what each player pays; a
hand of 14 tiles that makes no line exits with status 1 and the nearest lines.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any, NoReturn

import click

from fourwinds.american.commands import load_card
from fourwinds.family import CalculatorError, HandReport, HowWon, family_of
from fourwinds.rules import RULES, RuleSet, get_rules
from fourwinds.rules.options import OPTIONS
from fourwinds.scoring.settlement import Settlement, check_seats

SEATS = "ESWN"
SEAT_NAMES = ("East", "South", "West", "North")
SCORED = sorted(name for name, rules in RULES.items() if rules.scoring)


def fail(message: str, status: int = 2) -> NoReturn:
    click.echo(f"error: {message}", err=True)
    sys.exit(status)


def seat_of(text: str) -> int:
    letter = text.strip().upper()[:1]
    if len(text.strip()) != 1 or letter not in SEATS:
        fail(f"{text!r} is no seat: use E, S, W or N")
    return SEATS.index(letter)


def scored_rules(name: str, values: dict[str, Any]) -> RuleSet:
    """The named rule set with its options; CalculatorError unless it exists and scores (the
    command and the web calculator refuse alike)."""
    try:
        rules = get_rules(name, **values)
    except ValueError as error:
        raise CalculatorError(str(error)) from None
    if not rules.scoring:
        raise CalculatorError(f"{name} has no scoring; use one of {', '.join(SCORED)}")
    return rules


def rules_of(name: str, options: tuple[str, ...], card_file: Path | None) -> RuleSet:
    """The rule set with its options and, where hands are won by a card, the card."""
    values: dict[str, Any] = {}
    for option in options:
        key, _, raw = option.partition("=")
        if not raw:
            fail(f"option {option!r} is not KEY=VALUE")
        if raw.lower() in ("true", "false"):
            values[key] = raw.lower() == "true"
        else:
            try:
                values[key] = int(raw)
            except ValueError:
                values[key] = raw
    try:
        rules = scored_rules(name, values)
    except CalculatorError as error:
        fail(str(error))
    if family_of(rules).by_card:
        return rules.with_card(load_card(card_file))
    if card_file is not None:
        fail(f"--card is for a game won by a card; {rules.title} has no card")
    return rules


def option_rules(function: Any) -> Any:
    function = click.option(
        "--option",
        "-o",
        "options",
        multiple=True,
        metavar="KEY=VALUE",
        help=f"A rule-set option ({', '.join(OPTIONS)}; docs/rules/options.md), e.g. limit=1000.",
    )(function)
    function = click.option(
        "--card",
        "card_file",
        type=click.Path(exists=True, dir_okay=False, path_type=Path),
        default=None,
        help="American: the card file [default: the sample card].",
    )(function)
    return click.option(
        "--rules", "rules_name", default="classical", show_default=True, help="Rule set."
    )(function)


@click.command("score")
@option_rules
@click.option("--seat-wind", default="E", show_default=True, help="E, S, W or N.")
@click.option("--prevailing-wind", default="E", show_default=True, help="E, S, W or N.")
@click.option("--self-drawn", is_flag=True, help="The winning tile was drawn, not a discard.")
@click.option("--last-tile", is_flag=True, help="Won with the last tile of the wall (drawn).")
@click.option("--last-discard", is_flag=True, help="Won on the discard after the last tile.")
@click.option("--loose-tile", is_flag=True, help="Won with a loose (replacement) tile.")
@click.option("--robbed-kong", is_flag=True, help="Won by robbing a kong.")
@click.option("--first-turn", is_flag=True, help="Won on the first turn (heaven / earth).")
@click.option("--original-call", is_flag=True, help="Original Call / Standing Hand declared.")
@click.option("--twofold-fortune", is_flag=True, help="Won on a kong's replacement after a kong.")
@click.option("--calling", is_flag=True, help="A losing hand that declared it was calling.")
@click.option("--json", "as_json", is_flag=True, help="Print one JSON object.")
@click.argument("hand", nargs=-1, required=True)
def score_command(
    rules_name: str,
    card_file: Path | None,
    options: tuple[str, ...],
    seat_wind: str,
    prevailing_wind: str,
    self_drawn: bool,
    last_tile: bool,
    last_discard: bool,
    loose_tile: bool,
    robbed_kong: bool,
    first_turn: bool,
    original_call: bool,
    twofold_fortune: bool,
    calling: bool,
    as_json: bool,
    hand: tuple[str, ...],
) -> None:
    """Score HAND, written in fourwinds notation: [exposed] {concealed kong} bonus +winning.

    Example: fourwinds score --rules classical "[555z] [1111m] 444p 23s 77z 8f +4s"
    """
    rules = rules_of(rules_name, options, card_file)
    how = HowWon(
        seat_of(seat_wind),
        seat_of(prevailing_wind),
        self_drawn,
        last_tile,
        last_discard,
        loose_tile,
        robbed_kong,
        first_turn,
        original_call,
        twofold_fortune,
        calling,
    )
    try:
        scored = family_of(rules).calculator.score(rules, " ".join(hand), how)
    except CalculatorError as error:
        fail(str(error), error.status)
    click.echo(json.dumps(scored.data) if as_json else scored.text)
    if not scored.stands:
        sys.exit(1)


@click.command("settle")
@option_rules
@click.option("--winner", required=True, help="Seat of the winner (E, S, W, N), or none.")
@click.option("--discarder", default=None, help="Seat that discarded the winning tile.")
@click.option("--self-drawn", is_flag=True, help="The winner drew the winning tile.")
@click.option("--scores", default=None, metavar="E=..,S=..,W=..,N=..", help="Hands' values.")
@click.option("--hand", "hands", multiple=True, metavar="SEAT=HAND", help="A hand to score.")
@click.option("--prevailing-wind", default="E", show_default=True, help="For --hand.")
@click.option("--jokerless", is_flag=True, help="American, with --scores: a jokerless win.")
@click.option("--json", "as_json", is_flag=True, help="Print payments and net as JSON.")
def settle_command(
    rules_name: str,
    card_file: Path | None,
    options: tuple[str, ...],
    winner: str,
    discarder: str | None,
    self_drawn: bool,
    scores: str | None,
    hands: tuple[str, ...],
    prevailing_wind: str,
    jokerless: bool,
    as_json: bool,
) -> None:
    """Settle a hand: every payment and each seat's net change (seats by wind, E the dealer).

    American: the winner's line value comes from --hand WINNER=HAND (matched against the card)
    or --scores WINNER=VALUE (with --jokerless for a jokerless win)."""
    rules = rules_of(rules_name, options, card_file)
    winning_seat = None if winner.strip().lower() == "none" else seat_of(winner)
    discarding_seat = seat_of(discarder) if discarder else None
    if (scores is None) == (not hands):
        fail("give either --scores E=..,S=..,W=..,N=.. or --hand SEAT=HAND")
    try:
        check_seats(winning_seat, discarding_seat, self_drawn)
        report = HandReport(
            winning_seat,
            discarding_seat,
            self_drawn,
            None if scores is None else _values(scores),
            _hands(hands),
            seat_of(prevailing_wind),
            jokerless,
        )
        settled = family_of(rules).calculator.settle(rules, report)
    except (CalculatorError, ValueError) as error:
        fail(str(error), getattr(error, "status", 2))
    for note in settled.notes:
        click.echo(note, err=True)
    _show(settled.settlement, as_json)


def _show(settlement: Settlement, as_json: bool) -> None:
    if as_json:
        click.echo(
            json.dumps(
                {
                    "payments": [
                        {"from": SEATS[payer], "to": SEATS[payee], "amount": amount, "reason": why}
                        for (payer, payee, amount), why in zip(
                            settlement.payments, settlement.reason_list(), strict=True
                        )
                    ],
                    "net": {SEATS[seat]: change for seat, change in enumerate(settlement.net)},
                }
            )
        )
        return
    if not settlement.payments:
        click.echo("no payments")
    for payer, payee, amount in settlement.payments:
        click.echo(f"{SEAT_NAMES[payer]} pays {SEAT_NAMES[payee]} {amount}")
    for seat, change in enumerate(settlement.net):
        click.echo(f"{SEAT_NAMES[seat]:<6} {change:+d}")


def _values(text: str) -> dict[int, int]:
    """``E=8,S=32,...``: each seat given at most once, each value a whole number."""
    values: dict[int, int] = {}
    for part in text.split(","):
        key, _, raw = part.partition("=")
        seat = seat_of(key)
        if seat in values:
            fail(f"--scores gives {SEATS[seat]} twice")
        try:
            values[seat] = int(raw)
        except ValueError:
            fail(f"{part!r}: a value must be a whole number")
    return values


def _hands(hands: tuple[str, ...]) -> dict[int, str]:
    """``SEAT=HAND`` options: each seat given at most once."""
    given: dict[int, str] = {}
    for text in hands:
        key, _, notation = text.partition("=")
        seat = seat_of(key)
        if seat in given:
            fail(f"--hand gives {SEATS[seat]} twice")
        given[seat] = notation
    return given
