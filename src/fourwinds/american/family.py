"""The American family (seed 001): hands won by a line of a card, with jokers and the
Charleston; :class:`~fourwinds.american.deal.AmericanDeal` plays a hand and
:class:`~fourwinds.american.match.AmericanMatch` a game. The card is the rule set's
(``RuleSet.card``; the sample card when none is given)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from fourwinds import family
from fourwinds.american.actions import PASS_ACTION, WIN_ACTION, AmericanAction
from fourwinds.american.bots import AMERICAN_BOTS, AmericanBot, StrongBot, make_american_bot
from fourwinds.american.calculator import AmericanCalculator
from fourwinds.american.card import Card, CardError, card_of, sample_card
from fourwinds.american.deal import AmericanDeal, matcher_for
from fourwinds.american.hand import AmericanHand, Exposure
from fourwinds.american.match import AmericanMatch, AmericanOutcome
from fourwinds.american.matcher import Holding, Matcher
from fourwinds.american.settlement import EMPTY_SEAT
from fourwinds.american.view import AmericanView, hints_json, unseen_tiles
from fourwinds.rules import RuleSet
from fourwinds.scoring.settlement import Settlement
from fourwinds.tiles import JOKER, Tile, parse_tile, parse_tiles
from fourwinds.turns import SEATS

if TYPE_CHECKING:
    from fourwinds.american.encoding import AmericanEncoding


class RemoteAmericanView:
    """An American seat's view read back from ``AmericanView.to_json()``, with the card's
    matcher: what the American bots read."""

    def __init__(self, view: dict[str, Any], matcher: Matcher) -> None:
        self.seat: int = view["seat"]
        self.phase: str = view["phase"]
        self.legal_actions = [AmericanAction.parse(text) for text in view["legal_actions"]]
        self.hand = tuple(parse_tiles(view["hand"]))
        self.discard: Tile | None = None if view["discard"] is None else parse_tile(view["discard"])
        self.live_left: int = view["live_left"]
        self.matcher = matcher
        self._exposures = [
            tuple(Exposure.parse(e["text"]) for e in seat["exposures"]) for seat in view["seats"]
        ]
        self._discards = [
            tuple((parse_tile(d["tile"]), bool(d["claimed"])) for d in seat["discards"])
            for seat in view["seats"]
        ]
        self.holding = Holding.of(AmericanHand(self.hand, self._exposures[self.seat]))

    def exposures(self, seat: int) -> tuple[Exposure, ...]:
        return self._exposures[seat]

    def discards(self, seat: int) -> tuple[tuple[Tile, bool], ...]:
        return self._discards[seat]

    def jokers_gone(self) -> int:
        return sum(tile == JOKER for seat in self._discards for tile, _ in seat)

    def jokers_shown(self) -> int:
        return sum(exposure.jokers for seat in self._exposures for exposure in seat)

    def unseen(self) -> list[int]:
        return unseen_tiles(
            self.hand,
            [e for seat in self._exposures for e in seat],
            [d for seat in self._discards for d in seat],
        )


class American:
    """The family of :mod:`fourwinds.american`."""

    name = AmericanDeal.family
    by_card = True
    bot_names = tuple(AMERICAN_BOTS)
    claim_phases = AmericanDeal.claim_phases
    pass_action = PASS_ACTION
    win_action = WIN_ACTION
    calculator = AmericanCalculator()

    def deal(self, rules: RuleSet, seed: int, prevailing_wind: int = 0) -> AmericanDeal:
        return AmericanDeal(rules, seed, prevailing_wind)

    def match(self, rules: RuleSet, seed: int) -> AmericanMatch:
        return AmericanMatch(rules, seed)

    def settlement(self, deal: AmericanDeal) -> Settlement | None:
        if deal.result is None:
            raise ValueError("the hand is still being played")
        return deal.result.settlement

    def parse_action(self, text: str) -> AmericanAction:
        return AmericanAction.parse(text)

    def view(self, deal: AmericanDeal, seat: int) -> AmericanView:
        return AmericanView(deal, seat)

    def bot(self, name: str, seed: int) -> AmericanBot:
        return make_american_bot(name, seed)

    def hint(self, deal: AmericanDeal, seat: int) -> dict[str, Any]:
        """The strong bot's choice and the lines nearest to the seat's hand."""
        view = AmericanView(deal, seat)
        suggestion = StrongBot(0).choose(view) if view.legal_actions else None
        return {
            "type": "hint",
            "suggestion": None if suggestion is None else str(suggestion),
            "lines": hints_json(view.hints(), view.holding),
        }

    def outcome_json(self, outcome: AmericanOutcome) -> dict[str, Any]:
        """The winning line and what it pays, the dead hands, and the reason for each
        payment."""
        result = outcome.result
        return {
            "line": result.line,
            "value": result.value,
            "jokerless": result.jokerless,
            "heavenly": result.heavenly,
            "dead": list(result.dead),
            "payment_reasons": [] if result.settlement is None else result.settlement.reason_list(),
            "ranked_by": "points",
        }

    def remote_view(self, view: dict[str, Any], rules: RuleSet) -> RemoteAmericanView:
        return RemoteAmericanView(view, matcher_for(card_of(rules)))

    def record_fields(self, rules: RuleSet) -> dict[str, Any]:
        """The card: ``"sample"``, or the text of the players' own."""
        card = card_of(rules)
        return {"card": "sample" if card == sample_card() else str(card)}

    def with_record_fields(self, rules: RuleSet, fields: dict[str, Any]) -> RuleSet:
        text = fields.get("card", "sample")
        try:
            return rules.with_card(None if text == "sample" else Card.parse(text))
        except CardError as error:
            raise ValueError(f"card: {error}") from None

    def card(self, rules: RuleSet) -> Card:
        return card_of(rules)

    def encoding(self, rules: RuleSet) -> AmericanEncoding:
        from fourwinds.american.encoding import (
            AmericanEncoding,
        )  # numpy and gymnasium: the rl extra

        return AmericanEncoding(rules)

    def no_position(self, rules: RuleSet, position: int) -> str:
        """A table of three has no fourth place: it is the empty seat (seed 001 part 8)."""
        if rules.players <= position < SEATS:
            return f"position {position} is not at this table: it is {EMPTY_SEAT}"
        return f"position must be 0 to {rules.players - 1}"


AMERICAN = family.register(American())
