"""Bots for American hands: a random one for property tests, and a card-aware one.

The card bot aims at the nearest instances of the card's lines: fewest tiles away, then the
highest value, skipping those the tiles in sight rule out (reference 4.2). Each held kind is
worth what those targets need of it, nearer targets counting more; the bot passes and discards
the tiles worth least and never a joker while it has anything else. It declares Mah Jongg when
it can, exchanges a tile for a joker when that brings it no further from its best line, calls a
discard only for a set of a target line and only when the call brings it nearer (a discard that
none of its last turn's targets could be called for is passed without counting again: its tiles
have not changed since), and votes for the second Charleston when its hand is still far from
every line. :class:`StrongBot` is the card bot aiming at the lines it is likeliest to complete
given the tiles in sight.

>>> from fourwinds.rules import get_rules
>>> from fourwinds.american.deal import AmericanDeal
>>> from fourwinds.american.view import AmericanView
>>> deal = AmericanDeal(get_rules("american"), seed=3)
>>> bots = [make_american_bot("greedy", seat) for seat in range(4)]
>>> while deal.result is None:
...     seat = deal.to_move()[0]
...     _ = deal.apply(seat, bots[seat].choose(AmericanView(deal, seat)))
>>> deal.result.winner, deal.result.line, deal.result.discarder
(0, 'L1', 1)
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable, Sequence
from typing import Final, NamedTuple, Protocol

from fourwinds.american.actions import (
    CALL,
    COURTESY,
    DISCARD,
    DISCARDS,
    EXCHANGE,
    PASS_ACTION,
    VOTE,
    WIN_ACTION,
    AmericanAction,
    exposure_of,
    pass_tiles,
)
from fourwinds.american.card import JOKERS
from fourwinds.american.hand import KIND_COUNT, Exposure, kind
from fourwinds.american.instances import ExposureKey, Target
from fourwinds.american.matcher import Holding, Matcher, Outlook
from fourwinds.chance import choice
from fourwinds.tiles import JOKER, KINDS, Tile

TARGETS: Final = 6
"""Instances the card bot keeps in mind at once."""
FAR: Final = 4
"""Tiles away from every line at which the bot votes for a second Charleston."""
CALL_WITHIN: Final = 4
"""The bot calls a discard only when its best line is at most this many tiles away."""
NOWHERE: Final = 0xFF
"""Tiles away when the tiles in sight allow no instance, further than any."""
_KIND: Final = tuple(kind(tile) for tile in range(KINDS))


class AmericanSeatView(Protocol):
    """What an American bot reads: :class:`fourwinds.american.view.AmericanView`, or the
    remote client's view of a ``state`` message (``fourwinds.server.client``)."""

    @property
    def seat(self) -> int: ...
    @property
    def phase(self) -> str: ...
    @property
    def legal_actions(self) -> Sequence[AmericanAction]: ...
    @property
    def hand(self) -> tuple[Tile, ...]: ...
    @property
    def holding(self) -> Holding: ...
    @property
    def discard(self) -> Tile | None: ...
    @property
    def matcher(self) -> Matcher: ...
    def exposures(self, seat: int) -> tuple[Exposure, ...]: ...
    def unseen(self) -> list[int]: ...
    def jokers_gone(self) -> int:
        """Jokers discarded."""
        ...

    def jokers_shown(self) -> int:
        """Jokers in every seat's exposures."""
        ...


class AmericanBot(Protocol):
    def choose(self, view: AmericanSeatView) -> AmericanAction:
        """One of ``view.legal_actions``."""
        ...


class RandomAmericanBot:
    """A uniformly random legal action."""

    def __init__(self, seed: int) -> None:
        self._bits = random.Random(seed).getrandbits

    def choose(self, view: AmericanSeatView) -> AmericanAction:
        return choice(self._bits, view.legal_actions)


class CardBot:
    """Plays by the card (see the module). It counts how far every instance of the card is
    from its tiles at each decision, going on from its last count (``Outlook``)."""

    def __init__(self, seed: int) -> None:
        """A deterministic bot: ``seed`` is taken as every bot's is, and not used."""
        self._outlook: Outlook | None = None
        self._plan: _Plan | None = None
        """What its last turn left it aiming at, for the discards it is asked about next."""

    def _nearest(self, view: AmericanSeatView, holding: Holding, limit: int) -> list[Target]:
        """The nearest instances the tiles in sight still allow (``Matcher.targets``)."""
        jokers = _unseen_jokers(view, holding)
        return self._outlook_of(view).targets(holding, view.unseen(), jokers, limit)

    def _fewest(self, view: AmericanSeatView, holding: Holding) -> int:
        """The tiles away of the nearest instance the tiles in sight allow (``NOWHERE`` when
        they allow none)."""
        nearest = self._nearest(view, holding, 1)
        return nearest[0].tiles if nearest else NOWHERE

    def _outlook_of(self, view: AmericanSeatView) -> Outlook:
        if self._outlook is None:
            self._outlook = Outlook(view.matcher)
        return self._outlook

    def _targets(self, view: AmericanSeatView, holding: Holding) -> list[Target]:
        """The instances the bot aims at: the nearest."""
        return self._nearest(view, holding, TARGETS)

    def choose(self, view: AmericanSeatView) -> AmericanAction:
        legal, holding, phase = view.legal_actions, view.holding, view.phase
        # Mah Jongg is offered at every turn under the "Mah Jongg in error" option.
        if WIN_ACTION in legal and (phase != "turn" or view.matcher.is_complete(holding)):
            return WIN_ACTION
        if phase == "claim":
            calls = [len(a.tiles) for a in legal if a.kind == CALL]
            tile = view.discard
            if not calls or tile is None:
                return PASS_ACTION
            plan = self._plan
            if plan is not None and plan.holds(holding) and plan.passes(_KIND[tile], calls):
                return PASS_ACTION
        targets = self._targets(view, holding)
        if phase == "charleston":
            return self._charleston(legal, view.hand, holding, targets)
        if phase == "turn":
            action = self._turn(view, legal, holding, targets)
            self._plan = _Plan.after(holding, action, targets)
            return action
        return self._claim(view, legal, holding, targets)

    def _charleston(
        self,
        legal: Sequence[AmericanAction],
        hand: Sequence[Tile],
        holding: Holding,
        targets: list[Target],
    ) -> AmericanAction:
        last = legal[-1]  # a stage offers one kind of choice (Mah Jongg comes first)
        if last.kind == VOTE:
            far = not targets or targets[0].tiles >= FAR
            return next(a for a in legal if a.kind == VOTE and a.number == int(far))
        if last.kind == COURTESY:
            worth = _worth(holding, targets)
            useless = sum(n for tile, n in enumerate(holding.counts) if n and worth[tile] == 0)
            return next(a for a in legal if a.kind == COURTESY and a.number == min(3, useless))
        # Every pass has as many tiles, own and blind together.
        keep = self._keep_worth(holding, targets)
        return _cheapest_pass(hand, keep, len(last.tiles) + last.number)

    def _turn(
        self,
        view: AmericanSeatView,
        legal: Sequence[AmericanAction],
        holding: Holding,
        targets: list[Target],
    ) -> AmericanAction:
        best = min((target.tiles for target in targets), default=99)
        for action in legal:
            if action.kind == EXCHANGE:
                after = _exchanged(holding, action.tiles[0])
                if self._fewest(view, after) <= best:
                    return action
        return _cheapest_discard(legal, self._discard_worth(view, holding, targets, best))

    def _keep_worth(self, holding: Holding, targets: Sequence[Target]) -> list[float]:
        """What each held kind is worth keeping through a pass or a discard."""
        return _worth(holding, targets)

    def _discard_worth(
        self, view: AmericanSeatView, holding: Holding, targets: Sequence[Target], best: int
    ) -> list[float]:
        """What each held kind is worth keeping when a discard is chosen, ``best`` tiles away."""
        return self._keep_worth(holding, targets)

    def _claim(
        self,
        view: AmericanSeatView,
        legal: Sequence[AmericanAction],
        holding: Holding,
        targets: list[Target],
    ) -> AmericanAction:
        tile = view.discard
        if tile is None or not targets or targets[0].tiles > CALL_WITHIN:
            return PASS_ACTION
        tile_kind = _KIND[tile]
        wanted = {size for k, size in _callable(targets) if k == tile_kind}
        calls = [a for a in legal if a.kind == CALL and len(a.tiles) in wanted]
        if not calls:
            return PASS_ACTION
        # The most naturals from the hand, so that jokers stay free for other sets.
        action = max(calls, key=lambda a: (len(exposure_of(a.tiles).naturals), -len(a.tiles)))
        exposure = exposure_of(action.tiles)
        key = (exposure.tile, exposure.size)
        if self._outlook_of(view).fewest_with(holding, key) >= targets[0].tiles:
            return PASS_ACTION  # not even the discard in hand brings the hand nearer
        after = Holding(
            _less(holding.counts, exposure.tile, len(exposure.naturals) - 1),
            holding.jokers - exposure.jokers,
            (*holding.exposures, key),
            holding.exposed_jokers + exposure.jokers,
        )
        if self._fewest(view, after) < targets[0].tiles:
            return action
        return PASS_ACTION


class _Plan(NamedTuple):
    """What a bot's turn left it aiming at: the targets it discarded by (counted with the tile
    it threw). Until its next turn its tiles do not change, so a discard that none of those
    targets has a set of, or any discard while all are far, is passed without counting again."""

    counts: list[int]
    jokers: int
    exposures: tuple[ExposureKey, ...]
    calls: frozenset[ExposureKey]
    """The sets of the targets that a discard may be called for."""
    near: bool
    """Whether the nearest target was at most ``CALL_WITHIN`` tiles away."""

    @classmethod
    def after(
        cls, holding: Holding, action: AmericanAction, targets: Sequence[Target]
    ) -> _Plan | None:
        """The plan when ``action`` discards a natural tile, else None (an exchange goes on with
        the turn, a joker thrown away is never called, Mah Jongg ends the hand)."""
        if action.kind != DISCARD or action.tiles[0] == JOKER:
            return None
        counts = _less(holding.counts, _KIND[action.tiles[0]], 1)
        near = any(t.tiles <= CALL_WITHIN for t in targets)
        return cls(counts, holding.jokers, holding.exposures, _callable(targets), near)

    def holds(self, holding: Holding) -> bool:
        """Whether the holding is the one the plan was made for."""
        return (
            holding.counts == self.counts
            and holding.jokers == self.jokers
            and holding.exposures == self.exposures
        )

    def passes(self, tile_kind: int, sizes: Sequence[int]) -> bool:
        """Whether a discard of this kind, callable for sets of these sizes, is passed."""
        return not self.near or all((tile_kind, size) not in self.calls for size in sizes)


def _worth(
    holding: Holding, targets: Sequence[Target], weight_of: Callable[[Target], float] | None = None
) -> list[float]:
    """What one more copy of each held kind is worth: for each target that uses every copy
    held, its weight (by default more for nearer targets)."""
    worth, counts = [0.0] * KIND_COUNT, holding.counts
    for target in targets:
        weight = _WEIGHT[target.tiles] if weight_of is None else weight_of(target)
        for tile, need, _ in target.needs:
            if 0 < counts[tile] <= need:
                worth[tile] += weight
    return worth


_WEIGHT: Final = tuple(1.0 / (1 << min(tiles, 20)) for tiles in range(256))
"""A target's weight in ``_worth`` by its tiles away: half for each tile further."""


def _cheapest_pass(hand: Sequence[Tile], worth: list[float], count: int) -> AmericanAction:
    """The pass of the ``count`` tiles worth least (the lowest tile among equals), never a
    joker."""
    naturals = [t for t in hand if t != JOKER]
    return pass_tiles([tile for _, tile in _by_worth(naturals, worth)[:count]])


def _cheapest_discard(legal: Sequence[AmericanAction], worth: list[float]) -> AmericanAction:
    """The discard of the tile worth least (the lowest tile among equals); a joker only when
    nothing else is left. One discard is offered for each tile held."""
    tiles = [a.tiles[0] for a in legal if a.kind == DISCARD and a.tiles[0] != JOKER]
    return DISCARDS[_by_worth(tiles, worth)[0][1]] if tiles else DISCARDS[JOKER]


def _by_worth(tiles: Sequence[Tile], worth: list[float]) -> list[tuple[float, Tile]]:
    """Each tile with what its kind is worth, the cheapest first (the lower tile among
    equals)."""
    return sorted(zip(map(worth.__getitem__, map(_KIND.__getitem__, tiles)), tiles, strict=True))


def _callable(targets: Iterable[Target]) -> frozenset[ExposureKey]:
    """The set groups of the targets that a discard may be called for (a concealed line takes
    no call)."""
    return frozenset(s for t in targets if not t.line.concealed for s in t.sets)


def _less(counts: list[int], tile_kind: int, tiles: int) -> list[int]:
    """A copy of ``counts`` with ``tiles`` tiles of a kind taken away."""
    less = counts[:]
    less[tile_kind] -= tiles
    return less


def _exchanged(holding: Holding, tile: Tile) -> Holding:
    """The holding once ``tile`` is exchanged for a joker."""
    counts = _less(holding.counts, _KIND[tile], 1)
    return holding._replace(counts=counts, jokers=holding.jokers + 1)


POOL: Final = 30
"""Instances the strong bot weighs at once: the nearest, before it ranks them by chance."""
DRAW: Final = 0.55
"""The strong bot's chance of one more tile it needs while all four of its kind are unseen."""
GUARD_FAR: Final = 3
"""Tiles away at or beyond which the strong bot keeps back a discard that another seat's
exposures show it may need."""


class StrongBot(CardBot):
    """The card bot, ranking the lines it aims at by the chance of completing them given the
    tiles in sight rather than by tiles away alone (see ``_chance``); the line's value breaks
    ties (weighing the chance by the value, or its square root, lost to the card bot in the
    arena). Passes and discards keep what the likeliest lines need, weighted by that chance;
    calls and joker exchanges are judged on the nearest of them, as the card bot does. While
    its hand is far, it keeps back a discard that the lines still open to another seat's
    exposures need. It plays for a jokerless hand, which pays double (seed 001 part 6), when
    that costs no tile: it takes no joker in exchange while it holds none, and throws away its
    only joker when its hand is one tile from a line without it (a joker thrown away can never
    be called, reference 3.4.2)."""

    def __init__(self, seed: int) -> None:
        super().__init__(seed)
        self._chances: dict[int, float] = {}
        self._wanted: dict[tuple[tuple[Tile, int], ...], frozenset[int]] = {}

    def _targets(self, view: AmericanSeatView, holding: Holding) -> list[Target]:
        pool = self._nearest(view, holding, POOL)
        if len(pool) <= 1:
            return pool
        unseen = view.unseen()
        jokers = _unseen_jokers(view, holding)
        ranked = sorted(
            (
                (_chance(target, holding, unseen, jokers), target.line.value, i)
                for i, target in enumerate(pool)
            ),
            reverse=True,
        )
        self._chances = {pool[i].place: chance for chance, _, i in ranked}
        return [pool[i] for _, _, i in ranked[:TARGETS]]

    def _turn(
        self,
        view: AmericanSeatView,
        legal: Sequence[AmericanAction],
        holding: Holding,
        targets: list[Target],
    ) -> AmericanAction:
        if not holding.exposed_jokers:
            if not holding.jokers:  # still jokerless: an exchange would take a joker in
                legal = [action for action in legal if action.kind != EXCHANGE]
            elif (
                holding.jokers == 1
                and DISCARDS[JOKER] in legal
                and self._fewest(view, holding._replace(jokers=0)) <= 1
            ):
                return DISCARDS[JOKER]
        return super()._turn(view, legal, holding, targets)

    def _keep_worth(self, holding: Holding, targets: Sequence[Target]) -> list[float]:
        """Each target weighted by its chance rather than its tiles away."""
        return _worth(holding, targets, lambda target: self._chances.get(target.place, 0.0))

    def _discard_worth(
        self, view: AmericanSeatView, holding: Holding, targets: Sequence[Target], best: int
    ) -> list[float]:
        """While the hand is far, the kinds another seat's exposures may need are kept back."""
        worth = self._keep_worth(holding, targets)
        if best >= GUARD_FAR:
            top = max(worth) + 1.0
            for tile in self._wanted_by_others(view):
                worth[tile] += top
        return worth

    def _claim(
        self,
        view: AmericanSeatView,
        legal: Sequence[AmericanAction],
        holding: Holding,
        targets: list[Target],
    ) -> AmericanAction:
        nearest = sorted(targets, key=lambda t: t.tiles)
        return super()._claim(view, legal, holding, nearest)

    def _wanted_by_others(self, view: AmericanSeatView) -> frozenset[int]:
        """Kinds needed by the nearest lines still open to another seat's exposures, for the
        seats with two exposures or more (a hand that may be near)."""
        wanted: set[int] = set()
        for seat in range(4):
            shown = tuple((e.tile, e.size) for e in view.exposures(seat))
            if len(shown) < 2 or seat == view.seat:
                continue
            kinds = self._wanted.get(shown)
            if kinds is None:
                empty = Holding([0] * KIND_COUNT, 0, shown, 0)
                found = view.matcher.targets(empty)
                kinds = frozenset(t for target in found for t, need, _ in target.needs if need)
                self._wanted[shown] = kinds
            wanted |= kinds
        return frozenset(wanted)


def _unseen_jokers(view: AmericanSeatView, holding: Holding) -> int:
    """Jokers not in sight of the seat: not its own, not exposed, not discarded."""
    seen = holding.jokers + view.jokers_gone() + view.jokers_shown()
    return max(0, JOKERS - seen)


def _chance(target: Target, holding: Holding, unseen: Sequence[int], jokers: int) -> float:
    """A rough chance of completing the target: each tile still needed multiplies it by
    ``DRAW`` times the share of the four of its kind still unseen (the ``i``-th more of a kind
    finding one fewer); a place that a joker may fill counts half of each unseen joker (up to
    four) as unseen tiles of its kind, a natural place none."""
    chance = 1.0
    spare = min(jokers, 4) / 2
    for tile, need, natural in target.needs:
        held = holding.counts[tile]
        natural_short = max(0, natural - held)
        left = unseen[tile]
        for i in range(need - held):
            there = max(0, left - i)
            if i < natural_short:
                chance *= DRAW * there / 4
            else:
                chance *= DRAW * min(1.0, (there + spare) / 4)
    return chance


AMERICAN_BOTS: dict[str, Callable[[int], AmericanBot]] = {
    "strong": StrongBot,
    "greedy": CardBot,
    "random": RandomAmericanBot,
}
"""American bots by name, strongest first (the first is the lobby's default): ``greedy`` is the
card bot, so that ``simulate``'s default plays American by the card."""


def make_american_bot(name: str, seed: int) -> AmericanBot:
    try:
        return AMERICAN_BOTS[name](seed)
    except KeyError:
        raise ValueError(
            f"unknown American bot {name!r}; known: {', '.join(sorted(AMERICAN_BOTS))}"
        ) from None
