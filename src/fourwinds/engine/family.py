"""The Classical-style family: Classical and its league presets, Hong Kong and Beginner.

Hands of four sets and a pair, claims ranked Mah Jongg > kong > pung > chow, bonus tiles and
kongs replaced from the wall; :class:`~fourwinds.engine.deal.Deal` plays a hand and
:class:`~fourwinds.engine.match.Match` a game.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from fourwinds import family
from fourwinds.analysis import tiles_to_win, waits
from fourwinds.bots import BOTS, Bot, make_bot
from fourwinds.bots.strong import StrongBot, paid
from fourwinds.engine.actions import DISCARD, PASS_ACTION, STANDING, WIN_ACTION, Action
from fourwinds.engine.calculator import ClassicalCalculator
from fourwinds.engine.deal import Deal
from fourwinds.engine.match import HandOutcome, Match, score_deal
from fourwinds.engine.view import MeldView, View
from fourwinds.hand import Meld, MeldKind
from fourwinds.rules import RuleSet
from fourwinds.scoring import Settlement, scorer_of
from fourwinds.tiles import PLAIN_KINDS, Tile, counts, parse_tile, parse_tiles, tile_name

if TYPE_CHECKING:
    from fourwinds.engine.encoding import ClassicalEncoding


class RemoteView:
    """A seat's view read back from ``View.to_json()``: what the built-in bots read."""

    def __init__(self, view: dict[str, Any], rule_set: RuleSet) -> None:
        self.seat: int = view["seat"]
        self.phase: str = view["phase"]
        self.legal_actions = [Action.parse(text) for text in view["legal_actions"]]
        self.rule_set = rule_set
        self.discard: Tile | None = None if view["discard"] is None else parse_tile(view["discard"])
        self.prevailing_wind: int = view["prevailing_wind"]
        self.live_left: int = view["live_left"]
        self._counts = counts(parse_tiles(view["hand"]), PLAIN_KINDS)
        seats = view["seats"]
        self._melds = [
            tuple(
                MeldView(
                    m["kind"],
                    None if m["tiles"] is None else parse_tiles(m["tiles"])[0],
                    m["exposed"],
                )
                for m in seat["melds"]
            )
            for seat in seats
        ]
        self._discards = [
            tuple((parse_tile(d["tile"]), d["claimed"]) for d in seat["discards"]) for seat in seats
        ]
        self._bonus = [tuple(parse_tiles(seat["bonus"])) for seat in seats]
        self._standing: list[bool] = [seat["standing"] for seat in seats]

    @property
    def counts(self) -> list[int]:
        return list(self._counts)

    def melds(self, seat: int) -> tuple[MeldView, ...]:
        return self._melds[seat]

    def discards(self, seat: int) -> tuple[tuple[Tile, bool], ...]:
        return self._discards[seat]

    def bonus(self, seat: int) -> tuple[Tile, ...]:
        return self._bonus[seat]

    def standing(self, seat: int) -> bool:
        return self._standing[seat]


class ClassicalStyle:
    """The family of :mod:`fourwinds.engine`."""

    name = Deal.family
    by_card = False
    bot_names = tuple(BOTS)
    claim_phases = Deal.claim_phases
    pass_action = PASS_ACTION
    win_action = WIN_ACTION
    calculator = ClassicalCalculator()

    def deal(self, rules: RuleSet, seed: int, prevailing_wind: int = 0) -> Deal:
        return Deal(rules, seed, prevailing_wind)

    def match(self, rules: RuleSet, seed: int) -> Match:
        return Match(rules, seed)

    def settlement(self, deal: Deal) -> Settlement | None:
        scored = score_deal(deal)
        return None if scored is None else scored[1]

    def parse_action(self, text: str) -> Action:
        return Action.parse(text)

    def view(self, deal: Deal, seat: int) -> View:
        return View(deal, seat)

    def bot(self, name: str, seed: int) -> Bot:
        return make_bot(name, seed)

    def hint(self, deal: Deal, seat: int) -> dict[str, Any]:
        """The strong bot's choice for this seat; tiles-to-win and waits of the hand it leaves
        (after the suggested discard when the seat holds a tile too many), and for each wait
        what a win on it would be paid, by discard and self-drawn (0: no legal win), with the
        Standing Hand the seat declared or is advised to declare."""
        view = View(deal, seat)
        suggestion = StrongBot(0).choose(view) if view.legal_actions else None
        held = view.counts
        discarded = None if suggestion is None else suggestion.tile
        if suggestion is not None and suggestion.kind in (DISCARD, STANDING):
            assert discarded is not None
            held[discarded] -= 1
        melds = [
            Meld(MeldKind(m.kind), m.tile, m.exposed)
            for m in view.melds(seat)
            if m.tile is not None
        ]
        shapes = view.rule_set.shapes
        distance = tiles_to_win(held, len(melds), shapes)
        ready = distance == 0 and sum(held) % 3 == 1
        waiting = waits(held, len(melds), shapes) if ready else []
        concealed = [t for t in range(PLAIN_KINDS) for _ in range(held[t])]
        bonus = tuple(view.bonus(seat))
        rules, wind = view.rule_set, view.prevailing_wind
        standing = view.standing(seat) or (suggestion is not None and suggestion.kind == STANDING)
        return {
            "type": "hint",
            "tiles_to_win": distance,
            "waits": [tile_name(tile) for tile in waiting],
            "wait_values": [
                {
                    "tile": tile_name(tile),
                    "by_discard": paid(
                        rules, seat, wind, concealed, melds, bonus, tile, False, standing
                    ),
                    "self_drawn": paid(
                        rules, seat, wind, concealed, melds, bonus, tile, True, standing
                    ),
                }
                for tile in waiting
            ]
            if rules.scoring
            else [],
            "suggestion": None if suggestion is None else str(suggestion),
        }

    def outcome_json(self, outcome: HandOutcome) -> dict[str, Any]:
        """Every seat's score sheet, item by item with its arithmetic; what a loser's sheet
        does in the payments; the reason for each payment; and how players are ranked (by
        points, or by wins for a rule set that keeps no score)."""
        rules = outcome.deal.rules
        settlement = outcome.settlement
        return {
            "sheets": [sheet.to_json() for sheet in outcome.sheets],
            "losing_sheets": scorer_of(rules).losing_sheets if rules.scoring else None,
            "payment_reasons": [] if settlement is None else settlement.reason_list(),
            "ranked_by": "points" if rules.scoring else "wins",
        }

    def remote_view(self, view: dict[str, Any], rules: RuleSet) -> RemoteView:
        return RemoteView(view, rules)

    def record_fields(self, rules: RuleSet) -> dict[str, Any]:
        return {}

    def with_record_fields(self, rules: RuleSet, fields: dict[str, Any]) -> RuleSet:
        return rules

    def card(self, rules: RuleSet) -> None:
        return None

    def encoding(self, rules: RuleSet) -> ClassicalEncoding:
        from fourwinds.engine.encoding import ClassicalEncoding  # numpy and gymnasium: the rl extra

        return ClassicalEncoding(rules)

    def no_position(self, rules: RuleSet, position: int) -> str:
        return f"position must be 0 to {rules.players - 1}"


CLASSICAL_STYLE = family.register(ClassicalStyle())
