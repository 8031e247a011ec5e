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

from fourwinds.american import is_american
from fourwinds.american.calculator import judge
from fourwinds.american.commands import load_card
from fourwinds.american.hand import AmericanHand
from fourwinds.american.settlement import settle_american
from fourwinds.hand import WINNING_SIZE, Context, Hand
from fourwinds.rules import RULES, RuleSet, get_rules
from fourwinds.scoring import ScoreSheet, Settlement, score, settle
from fourwinds.scoring.settlement import check_seats
from fourwinds.tiles import NotationError, counts, tile_name

SEATS = "ESWN"
SEAT_NAMES = ("East", "South", "West", "North")
SCORED = sorted(name for name, rules in RULES.items() if rules.scoring)


def fail(message: str) -> NoReturn:
    click.echo(f"error: {message}", err=True)
    sys.exit(2)


def seat_of(text: str) -> int:
    letter = text.strip().upper()[:1]
    if len(text.strip()) != 1 or letter not in SEATS:
        fail(f"{text!r} is no seat: use E, S, W or N")
    return SEATS.index(letter)


def rules_of(name: str, options: tuple[str, ...]) -> RuleSet:
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
        rules = get_rules(name, **values)
    except ValueError as error:
        fail(str(error))
    if not rules.scoring:
        fail(f"{name} has no scoring; use one of {', '.join(SCORED)}")
    return rules


def parse_hand(text: str, rules: RuleSet) -> Hand:
    """A hand that can lie on a table: Hand.parse refuses a winner of the wrong size, this also
    a loser that is not one tile short of a win."""
    try:
        hand = Hand.parse(text)
    except NotationError as error:
        fail(str(error))
    if not hand.tiles():
        fail("the hand is empty")
    size = hand.size()
    if hand.winning_tile is None and size != WINNING_SIZE - 1:
        fail(
            f"the hand has {size} tile{'' if size == 1 else 's'}; a losing hand has "
            f"{WINNING_SIZE - 1}, a kong counting as 3 (bonus tiles not counted)"
        )
    check_counts(hand.tiles(), rules, "this hand holds")
    return hand


def check_counts(tiles: list[int], rules: RuleSet, holder: str) -> None:
    """No more of a tile than the rule set has."""
    for tile, n in enumerate(counts(tiles)):
        if n > rules.tile_counts[tile]:
            have = rules.tile_counts[tile]
            fail(f"{rules.title} has {have} of {tile_name(tile)}, {holder} {n}")


def no_card(rules: RuleSet, card_file: Path | None) -> None:
    if card_file is not None and not is_american(rules):
        fail(f"--card is for American; {rules.title} has no card")


def option_rules(function: Any) -> Any:
    function = click.option(
        "--option",
        "-o",
        "options",
        multiple=True,
        metavar="KEY=VALUE",
        help="A rule-set option: limit=1000, roof_off=true, min_faan=1, max_faan=13, payout=spicy.",
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
    rules = rules_of(rules_name, options)
    no_card(rules, card_file)
    if is_american(rules):
        others = (last_tile, last_discard, loose_tile, robbed_kong, first_turn, original_call)
        if any(others) or twofold_fortune or calling:
            fail(
                "American hands take only --self-drawn (a self-pick, or a win after a joker "
                "exchange)"
            )
        _score_american(" ".join(hand), rules, card_file, self_drawn, as_json)
        return
    parsed = parse_hand(" ".join(hand), rules)
    seat = seat_of(seat_wind)
    drawn = self_drawn or last_tile or loose_tile or twofold_fortune
    if first_turn and seat == 0:
        drawn = True
    flags = {
        "--self-drawn": self_drawn,
        "--last-tile": last_tile,
        "--last-discard": last_discard,
        "--loose-tile": loose_tile,
        "--robbed-kong": robbed_kong,
        "--first-turn": first_turn,
        "--twofold-fortune": twofold_fortune,
    }
    if parsed.winning_tile is None:
        given = [flag for flag, on in flags.items() if on]
        if given:
            fail(f"{given[0]} describes the winning tile; this hand has none (no +)")
    elif calling:
        fail("--calling is for a losing hand; this one has a winning tile")
    if drawn and (last_discard or robbed_kong):
        fail("a drawn winning tile cannot also be a discard (--last-discard, --robbed-kong)")
    context = Context(
        seat_wind=seat,
        prevailing_wind=seat_of(prevailing_wind),
        self_drawn=drawn,
        loose_tile=loose_tile or twofold_fortune,
        last_tile=last_tile,
        last_discard=last_discard,
        robbed_kong=robbed_kong,
        first_turn=first_turn,
        original_call=original_call,
        twofold_fortune=twofold_fortune,
        calling=calling,
    )
    sheet = score(parsed, context, rules)
    if as_json:
        click.echo(json.dumps(sheet.to_json()))
    else:
        click.echo(_header(sheet, rules, context))
        click.echo(sheet.explain())
    if parsed.winning_tile is not None and not sheet.won:
        sys.exit(1)


def _score_american(
    text: str, rules: RuleSet, card_file: Path | None, self_picked: bool, as_json: bool
) -> None:
    try:
        hand = AmericanHand.parse(text)
    except NotationError as error:
        fail(str(error))
    verdict = judge(hand, load_card(card_file), self_picked, rules)
    click.echo(json.dumps(verdict.to_json()) if as_json else verdict.explain())
    if hand.size() == 14 and verdict.best is None:
        sys.exit(1)


def _header(sheet: ScoreSheet, rules: RuleSet, context: Context) -> str:
    how = "won" if sheet.won else "not won" if sheet.reason else "losing hand"
    return (
        f"{sheet.hand}  ({rules.title}; {SEAT_NAMES[context.seat_wind]} seat, "
        f"{SEAT_NAMES[context.prevailing_wind]} round; {how})"
    )


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
    rules = rules_of(rules_name, options)
    no_card(rules, card_file)
    winning_seat = None if winner.strip().lower() == "none" else seat_of(winner)
    discarding_seat = seat_of(discarder) if discarder else None
    if (scores is None) == (not hands):
        fail("give either --scores E=..,S=..,W=..,N=.. or --hand SEAT=HAND")
    if jokerless and not is_american(rules):
        fail(f"--jokerless is for American; {rules.title} has no jokers")
    if not is_american(rules):
        try:
            check_seats(winning_seat, discarding_seat, self_drawn)
        except ValueError as error:
            fail(str(error))
    if is_american(rules):
        settlement = _settle_american(
            rules, card_file, winning_seat, discarding_seat, self_drawn, scores, hands, jokerless
        )
    elif scores is not None:
        values = _values(scores)
    else:
        values = _hand_values(hands, rules, winning_seat, self_drawn, seat_of(prevailing_wind))
    if not is_american(rules):
        hongkong_discard = rules.scoring == "hongkong" and not self_drawn
        if winning_seat is not None and hongkong_discard and discarding_seat is None:
            fail("a win on a discard needs --discarder (or --self-drawn)")
        try:
            settlement = settle(rules, winning_seat, discarding_seat, self_drawn, values)
        except ValueError as error:
            fail(str(error))
    if as_json:
        click.echo(
            json.dumps(
                {
                    "payments": [
                        {"from": SEATS[payer], "to": SEATS[payee], "amount": amount}
                        for payer, payee, amount in settlement.payments
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


def _settle_american(
    rules: RuleSet,
    card_file: Path | None,
    winner: int | None,
    discarder: int | None,
    self_picked: bool,
    scores: str | None,
    hands: tuple[str, ...],
    jokerless: bool,
) -> Settlement:
    """Reference 3.6: the discarder pays double, the others the value; a self-pick, double
    from everyone; jokerless doubles again."""
    if winner is None:
        return Settlement(())
    if self_picked == (discarder is not None):
        fail("give --discarder for a win on a discard, or --self-drawn, not both")
    if discarder == winner:
        fail("the winner cannot be the discarder")
    if scores is not None:
        given = dict(part.partition("=")[::2] for part in scores.split(","))
        values = {seat_of(key): raw for key, raw in given.items()}
        if set(values) != {winner} or not values[winner].isdigit():
            fail("--scores for American is the winner's line value: WINNER=VALUE")
        value = int(values[winner]) * (2 if jokerless else 1)
    else:
        given_hands = {seat_of(key): text for key, _, text in (h.partition("=") for h in hands)}
        if set(given_hands) != {winner}:
            fail("--hand for American is the winner's hand: WINNER=HAND")
        try:
            hand = AmericanHand.parse(given_hands[winner])
        except NotationError as error:
            fail(str(error))
        best = judge(hand, load_card(card_file), self_picked, rules).best
        if best is None:
            click.echo(f"{SEATS[winner]}: {hand} completes no line of the card", err=True)
            sys.exit(1)
        click.echo(f"{SEAT_NAMES[winner]} {hand}: {best.line.id}, {best.value}", err=True)
        value = best.value
    try:
        return settle_american(value, winner, discarder, range(rules.players))
    except ValueError as error:  # the empty seat of a table of three
        fail(str(error))


def _values(text: str) -> list[int]:
    values: list[int | None] = [None] * 4
    for part in text.split(","):
        key, _, raw = part.partition("=")
        seat = seat_of(key)
        if values[seat] is not None:
            fail(f"--scores gives {SEATS[seat]} twice")
        try:
            values[seat] = int(raw)
        except ValueError:
            fail(f"{part!r}: a value must be a whole number")
    if any(v is None for v in values):
        fail("--scores needs a value for each of E, S, W and N")
    return [v or 0 for v in values]


def _hand_values(
    hands: tuple[str, ...], rules: RuleSet, winner: int | None, self_drawn: bool, prevailing: int
) -> list[int]:
    given: dict[int, Hand] = {}
    for text in hands:
        key, _, notation = text.partition("=")
        seat = seat_of(key)
        if seat in given:
            fail(f"--hand gives {SEATS[seat]} twice")
        given[seat] = parse_hand(notation, rules)
    check_counts([t for hand in given.values() for t in hand.tiles()], rules, "the hands hold")
    needed = range(4) if rules.scoring == "classical" else [] if winner is None else [winner]
    missing = [SEATS[seat] for seat in needed if seat not in given]
    if missing:
        fail(f"--hand needed for {', '.join(missing)}")
    values = [0, 0, 0, 0]
    for seat, hand in given.items():
        is_winner = seat == winner
        if (hand.winning_tile is not None) != is_winner:
            fail(f"the hand of {SEATS[seat]} must {'' if is_winner else 'not '}have a + tile")
        context = Context(seat, prevailing, self_drawn=is_winner and self_drawn)
        sheet = score(hand, context, rules)
        if is_winner and not sheet.won:
            click.echo(f"{SEATS[seat]}: not a win: {sheet.reason}", err=True)
            sys.exit(1)
        values[seat] = sheet.total
        click.echo(f"{SEAT_NAMES[seat]} {hand}: {sheet.total}", err=True)
    return values
