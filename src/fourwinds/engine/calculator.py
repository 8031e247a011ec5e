"""The calculator of the Classical-style family: a hand played with real tiles, scored item by
item, and the settlement of a hand between the players (``fourwinds score`` and ``settle``)."""

from __future__ import annotations

from fourwinds.family import CalculatorError, HandReport, HowWon, Scored, Settled
from fourwinds.hand import Context, Hand
from fourwinds.rules import RuleSet
from fourwinds.scoring import ScoreSheet, score, settle
from fourwinds.tiles import NotationError, counts, tile_name

SEATS = "ESWN"
SEAT_NAMES = ("East", "South", "West", "North")


def parse_hand(text: str, rules: RuleSet) -> Hand:
    """A hand that can lie on a table: Hand.parse refuses a winner of the wrong size, this also
    a loser that is not one tile short of a win."""
    try:
        hand = Hand.parse(text)
    except NotationError as error:
        raise CalculatorError(str(error)) from None
    if not hand.tiles():
        raise CalculatorError("the hand is empty")
    size = hand.size()
    if hand.winning_tile is None and size != rules.hand_size:
        raise CalculatorError(
            f"the hand has {size} tile{'' if size == 1 else 's'}; a losing hand has "
            f"{rules.hand_size}, a kong counting as 3 (bonus tiles not counted)"
        )
    check_counts(hand.tiles(), rules, "this hand holds")
    return hand


def check_counts(tiles: list[int], rules: RuleSet, holder: str) -> None:
    """No more of a tile than the rule set has."""
    for tile, n in enumerate(counts(tiles)):
        if n > rules.tile_counts[tile]:
            have = rules.tile_counts[tile]
            raise CalculatorError(f"{rules.title} has {have} of {tile_name(tile)}, {holder} {n}")


class ClassicalCalculator:
    """Points and doubles, or faan, by the rule set's scoring; every hand settles."""

    def score(self, rules: RuleSet, text: str, how: HowWon) -> Scored:
        hand = parse_hand(text, rules)
        drawn = how.self_drawn or how.last_tile or how.loose_tile or how.twofold_fortune
        if how.first_turn and how.seat_wind == 0:
            drawn = True
        if hand.winning_tile is None:
            given = how.winning_flags()
            if given:
                raise CalculatorError(
                    f"{given[0]} describes the winning tile; this hand has none (no +)"
                )
        elif how.calling:
            raise CalculatorError("--calling is for a losing hand; this one has a winning tile")
        if drawn and (how.last_discard or how.robbed_kong):
            raise CalculatorError(
                "a drawn winning tile cannot also be a discard (--last-discard, --robbed-kong)"
            )
        context = Context(
            seat_wind=how.seat_wind,
            prevailing_wind=how.prevailing_wind,
            self_drawn=drawn,
            loose_tile=how.loose_tile or how.twofold_fortune,
            last_tile=how.last_tile,
            last_discard=how.last_discard,
            robbed_kong=how.robbed_kong,
            first_turn=how.first_turn,
            original_call=how.original_call,
            twofold_fortune=how.twofold_fortune,
            calling=how.calling,
        )
        sheet = score(hand, context, rules)
        text = f"{_header(sheet, rules, context)}\n{sheet.explain()}"
        return Scored(text, sheet.to_json(), hand.winning_tile is None or sheet.won)

    def settle(self, rules: RuleSet, report: HandReport) -> Settled:
        winner, discarder, self_drawn = report.winner, report.discarder, report.self_drawn
        if report.jokerless:
            raise CalculatorError(f"--jokerless is for a game with jokers; {rules.title} has none")
        notes: list[str] = []
        values = report.values
        if values is None:
            by_seat = self._hand_values(report, rules, notes)
        elif set(values) != set(range(rules.seats)):
            raise CalculatorError("--scores needs a value for each of E, S, W and N")
        else:
            by_seat = [values[seat] for seat in range(rules.seats)]
        if winner is not None and rules.discarder_pays and not self_drawn and discarder is None:
            raise CalculatorError("a win on a discard needs --discarder (or --self-drawn)")
        try:
            return Settled(settle(rules, winner, discarder, self_drawn, by_seat), notes)
        except ValueError as error:
            raise CalculatorError(str(error)) from None

    def _hand_values(self, report: HandReport, rules: RuleSet, notes: list[str]) -> list[int]:
        """Each seat's value from its hand, scored; ``notes`` gets a line per hand."""
        winner, self_drawn, prevailing = report.winner, report.self_drawn, report.prevailing_wind
        given = {seat: parse_hand(text, rules) for seat, text in report.hands.items()}
        check_counts([t for hand in given.values() for t in hand.tiles()], rules, "the hands hold")
        needed = range(rules.seats) if rules.losers_settle else [] if winner is None else [winner]
        missing = [SEATS[seat] for seat in needed if seat not in given]
        if missing:
            raise CalculatorError(f"--hand needed for {', '.join(missing)}")
        values = [0] * rules.seats
        for seat, hand in given.items():
            is_winner = seat == winner
            if (hand.winning_tile is not None) != is_winner:
                must = "" if is_winner else "not "
                raise CalculatorError(f"the hand of {SEATS[seat]} must {must}have a + tile")
            context = Context(seat, prevailing, self_drawn=is_winner and self_drawn)
            sheet = score(hand, context, rules)
            if is_winner and not sheet.won:
                raise CalculatorError(f"{SEATS[seat]}: not a win: {sheet.reason}", status=1)
            values[seat] = sheet.total
            notes.append(f"{SEAT_NAMES[seat]} {hand}: {sheet.total}")
        return values


def _header(sheet: ScoreSheet, rules: RuleSet, context: Context) -> str:
    how = "won" if sheet.won else "not won" if sheet.reason else "losing hand"
    return (
        f"{sheet.hand}  ({rules.title}; {SEAT_NAMES[context.seat_wind]} seat, "
        f"{SEAT_NAMES[context.prevailing_wind]} round; {how})"
    )
