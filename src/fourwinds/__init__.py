"""fourwinds: play and score Mah Jongg under named, sourced rule sets.

``import fourwinds`` is enough for everyday use. A new user's first example, a hand of Classical
and what East may do in it:

>>> import fourwinds
>>> deal = fourwinds.deal("classical", seed=285)
>>> print(*deal.legal_actions(0), sep=", ")
discard 5m, discard 7m, discard 9m, discard 1p, discard 2p, discard 1s, discard 4s, discard 6z

Every game works the same way whatever its family (Classical-style or American): ``deal`` and
``match`` start a hand or a game from a rule set's name (or a :class:`RuleSet`), a seed and
options; ``view`` is what one seat may see; ``bot`` makes a player; ``play`` lets bots finish a
hand; ``deal_record``, ``match_record`` and ``replay`` keep and check games. ``Hand.parse``,
``score`` and ``settle`` score a Classical-style hand from a real table. Hands, melds and actions
(American: ``AmericanHand``, ``Exposure``, ``AmericanAction``) print in the notation, and their
repr reads back:

>>> fourwinds.Hand.parse("[555z] 123m 456p 789s 1m +1m")
Hand.parse('[555z] 123m 456p 789s 1m +1m')
"""

from typing import Any

from fourwinds.american import family as _american  # noqa: F401  (registers the family)
from fourwinds.american.actions import AmericanAction
from fourwinds.american.hand import AmericanHand, Exposure
from fourwinds.engine import family as _engine  # noqa: F401  (registers the family)
from fourwinds.engine.actions import Action, IllegalAction
from fourwinds.family import Bot, GameDeal, GameMatch, GameView, family_of
from fourwinds.hand import Context, Hand, Meld
from fourwinds.record import ReplayError, deal_record, match_record, replay
from fourwinds.rules import RULES, RuleSet, get_rules
from fourwinds.scoring import ScoreSheet, Settlement, score, settle
from fourwinds.simulate import play
from fourwinds.tiles import NotationError, Tile, format_tiles, parse_tile, parse_tiles, tile_name

__version__ = "0.1.0"

__all__ = [
    "RULES",
    "Action",
    "AmericanAction",
    "AmericanHand",
    "Context",
    "Exposure",
    "Hand",
    "IllegalAction",
    "Meld",
    "NotationError",
    "ReplayError",
    "RuleSet",
    "ScoreSheet",
    "Settlement",
    "Tile",
    "__version__",
    "bot",
    "deal",
    "deal_record",
    "format_tiles",
    "get_rules",
    "match",
    "match_record",
    "parse_tile",
    "parse_tiles",
    "play",
    "replay",
    "score",
    "settle",
    "tile_name",
    "view",
]


def _rule_set(rules: str | RuleSet, options: dict[str, Any]) -> RuleSet:
    if isinstance(rules, str):
        return get_rules(rules, **options)
    return rules.with_options(**options) if options else rules


def deal(rules: str | RuleSet, seed: int = 0, **options: Any) -> GameDeal:
    """One hand under the rules (a name or a RuleSet) with these options, dealt from the seed.

    >>> deal("beginner", seed=1).phase
    'turn'
    """
    chosen = _rule_set(rules, options)
    return family_of(chosen).deal(chosen, seed)


def match(rules: str | RuleSet, seed: int = 0, **options: Any) -> GameMatch:
    """A whole game under the rules with these options: hands in sequence from one seed.

    >>> match("american", seed=2).deal.phase
    'charleston'
    """
    chosen = _rule_set(rules, options)
    return family_of(chosen).match(chosen, seed)


def view(deal: GameDeal, seat: int) -> GameView:
    """What ``seat`` may see of the deal: all a player (or a bot) should read."""
    return family_of(deal.rules).view(deal, seat)


def bot(rules: str | RuleSet, name: str = "greedy", seed: int = 0) -> Bot:
    """A bot of the rules' family (``random`` or ``greedy``); its seed makes it repeatable.

    >>> hand = deal("hongkong", seed=4)
    >>> play(hand, [bot("hongkong", "greedy", seat) for seat in range(4)]).winner
    0
    """
    return family_of(_rule_set(rules, {})).bot(name, seed)
