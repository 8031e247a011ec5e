"""What a table must know of the game it plays: the engine's rule sets, or the American game.

A table is the same for both: it stores action strings, replays them after a restart, runs the
timers and sends each position its own view. What differs (the match, reading an action, the
view, the bots and hints) is asked of its ``Game``.
"""

from __future__ import annotations

from typing import Any

from fourwinds.american import is_american
from fourwinds.american.actions import PASS_ACTION as AMERICAN_PASS
from fourwinds.american.actions import WIN_ACTION as AMERICAN_WIN
from fourwinds.american.actions import AmericanAction
from fourwinds.american.bots import AmericanBot, make_american_bot
from fourwinds.american.card import Card, CardError, sample_card
from fourwinds.american.deal import CLAIM as AMERICAN_CLAIM
from fourwinds.american.deal import SEATS, AmericanDeal
from fourwinds.american.match import AmericanMatch
from fourwinds.american.settlement import EMPTY_SEAT
from fourwinds.american.view import AmericanView, hints_json
from fourwinds.bots import Bot, make_bot
from fourwinds.engine.actions import PASS_ACTION, WIN_ACTION, Action
from fourwinds.engine.deal import CLAIM, ROB, Deal
from fourwinds.engine.match import Match
from fourwinds.engine.view import View
from fourwinds.rules import RuleSet
from fourwinds.server.protocol import hint

AnyMatch = Match | AmericanMatch
AnyDeal = Deal | AmericanDeal
AnyAction = Action | AmericanAction
AnyBot = Bot | AmericanBot


class Game:
    """The engine's rule sets: ``Match``, ``View`` and the engine's bots."""

    def __init__(self, rules: RuleSet) -> None:
        self.rules = rules

    def new_match(self, seed: int) -> AnyMatch:
        return Match(self.rules, seed)

    def parse(self, text: str) -> AnyAction:
        """Read an action string; raises ValueError saying what is wrong."""
        return Action.parse(text)

    def apply(self, match: AnyMatch, seat: int, action: AnyAction) -> None:
        assert isinstance(match, Match) and isinstance(action, Action)
        match.apply(seat, action)

    def view(self, deal: AnyDeal, seat: int) -> dict[str, Any]:
        assert isinstance(deal, Deal)
        return View(deal, seat).to_json()

    def make_bot(self, name: str, seed: int) -> AnyBot:
        return make_bot(name, seed)

    def bot_move(self, bot: AnyBot, deal: AnyDeal, seat: int) -> AnyAction:
        assert isinstance(deal, Deal)
        return bot.choose(View(deal, seat))  # type: ignore[arg-type]

    def answering_claim(self, deal: AnyDeal) -> bool:
        """Whether the seats to move answer a discard (or a kong that may be robbed)."""
        return deal.phase in (CLAIM, ROB)

    def pass_action(self) -> AnyAction:
        return PASS_ACTION

    def may_win(self, deal: AnyDeal, seat: int) -> bool:
        return WIN_ACTION in deal.legal_actions(seat)

    def hint(self, deal: AnyDeal, seat: int) -> dict[str, Any]:
        assert isinstance(deal, Deal)
        return hint(View(deal, seat))

    def no_position(self, position: int) -> str:
        """Why a table of these rules has no such position."""
        return f"position must be 0 to {self.rules.players - 1}"


class AmericanGame(Game):
    """The American game (seed 001): its card, ``AmericanMatch`` and the card bots."""

    def __init__(self, rules: RuleSet, card: Card) -> None:
        super().__init__(rules)
        self.card = card

    def new_match(self, seed: int) -> AnyMatch:
        return AmericanMatch(self.rules, seed, self.card)

    def parse(self, text: str) -> AnyAction:
        return AmericanAction.parse(text)

    def apply(self, match: AnyMatch, seat: int, action: AnyAction) -> None:
        assert isinstance(match, AmericanMatch) and isinstance(action, AmericanAction)
        match.apply(seat, action)

    def view(self, deal: AnyDeal, seat: int) -> dict[str, Any]:
        assert isinstance(deal, AmericanDeal)
        return AmericanView(deal, seat).to_json()

    def make_bot(self, name: str, seed: int) -> AnyBot:
        return make_american_bot(name, seed)

    def bot_move(self, bot: AnyBot, deal: AnyDeal, seat: int) -> AnyAction:
        assert isinstance(deal, AmericanDeal)
        return bot.choose(AmericanView(deal, seat))  # type: ignore[arg-type]

    def answering_claim(self, deal: AnyDeal) -> bool:
        return deal.phase == AMERICAN_CLAIM

    def pass_action(self) -> AnyAction:
        return AMERICAN_PASS

    def may_win(self, deal: AnyDeal, seat: int) -> bool:
        return AMERICAN_WIN in deal.legal_actions(seat)

    def no_position(self, position: int) -> str:
        """A table of three has no fourth place: it is the empty seat (seed 001 part 8)."""
        if self.rules.players <= position < SEATS:
            return f"position {position} is not at this table: it is {EMPTY_SEAT}"
        return super().no_position(position)

    def hint(self, deal: AnyDeal, seat: int) -> dict[str, Any]:
        """The card bot's choice and the lines nearest to the seat's hand."""
        assert isinstance(deal, AmericanDeal)
        view = AmericanView(deal, seat)
        suggestion = make_american_bot("greedy", 0).choose(view) if view.legal_actions else None
        return {
            "type": "hint",
            "suggestion": None if suggestion is None else str(suggestion),
            "lines": hints_json(view.hints()),
        }


def read_card(text: str | None) -> Card:
    """A table's card: the sample card, or the players' own; a bad one raises ValueError
    naming the line and the column."""
    if text is None:
        return sample_card()
    try:
        return Card.parse(text)
    except CardError as error:
        raise ValueError(f"card: {error}") from None


def game_for(rules: RuleSet, card: str | None = None) -> Game:
    """The game a table of these rules plays; ``card`` (its text) only for American."""
    if is_american(rules):
        return AmericanGame(rules, read_card(card))
    if card is not None:
        raise ValueError(f"a card is for American tables, not {rules.title}")
    return Game(rules)
