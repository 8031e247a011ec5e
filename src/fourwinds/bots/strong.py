"""The strong bot: plays for a win that pays under the rule set in play, and defends.

It weighs a few *plans* for its hand: any sets, one suit with honours (for each suit), simples
only, pungs only, and each special shape the rule set allows (thirteen orphans, Hong Kong's
seven pairs, BMJA's knitting hands). For each plan it builds the nearest complete hand the plan
allows and asks the rule set's own scorer whether that hand is a legal win and what it would be
paid. A plan whose win does not pay (below Hong Kong's 3-faan minimum) counts for nothing, so
the bot never builds such a hand; a dragon pung, a one-suit hand, concealment or a special shape
worth half a limit count because the scorer counts them. Each plan counts for what its win
would pay (to the power ``VALUE_POWER``) times a rough chance of getting there in the turns left
(``chance``; a special shape, which no claim brings nearer, more slowly), so a bigger win a tile
further can beat a plain one near; the bot discards to keep the best of these, and claims only
when the claim (and the discard after it) makes that better. Where any four sets and a pair win
(no minimum, chows allowed), a hand three tiles or more from a win discards and claims for speed
alone, as the greedy bot does: so far away, the nearest win the plans price is a guess, and
choosing by it threw away the tiles that make a hand fast.

It also defends: it reads how likely each opponent is to be ready from its discards and melds
(or a declared Standing Hand), and how likely a ready one is to wait on a tile from the copies
in sight, the opponent's own discards and the suit its melds or discards show it collects. Of
discards that leave the same prospect it throws the safest, and when an opponent is almost surely
ready while its own hand is far, the safest of all. Under a minimum (Hong Kong's 3 faan) it does
not defend: there an opponent's ready hand seldom pays.

Built on the view only (no other seat's concealed tiles, no wall order) and deterministic; see
docs/bots.md.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache
from typing import TYPE_CHECKING, NamedTuple

from fourwinds.bots.greedy import GreedyBot, isolation
from fourwinds.engine.actions import (
    ADDED_KONG,
    CHOW,
    CONCEALED_KONG,
    DISCARD,
    KONG,
    PASS_ACTION,
    PUNG,
    STANDING,
    WIN_ACTION,
    Action,
)
from fourwinds.hand import Context, Hand, Meld, MeldKind
from fourwinds.rules import RuleSet
from fourwinds.scoring import is_legal_win, score, settle
from fourwinds.shapes import (
    INFINITY,
    STANDARD,
    standard_distance,
    standard_distances,
)
from fourwinds.shapes import distance as shape_distance
from fourwinds.tiles import PLAIN_KINDS, SUITED_KINDS, Tile

if TYPE_CHECKING:
    from fourwinds.bots import SeatView

LATE = 2
"""How much further a hand counts when no plan leads to a win that pays (it may yet get
there by another way, but should not count on it)."""


class Fold(NamedTuple):
    """When a hand gives up and throws the safest tile: an opponent at least ``ready`` likely to
    be ready (``ready_chance``) while the hand is at least ``distance`` tiles from a win."""

    ready: float
    distance: int


FOLD = Fold(0.9, 3)
"""An opponent as likely ready as four melds shown after eleven discards, three after fourteen,
or a Standing Hand, makes a hand three tiles from a win fold. Not sooner: folding whenever an
opponent was as likely ready as not cut the deal-ins but cost the strong bot 6 to 8 points a
hand under Classical rules, where a discarder pays no more than the others."""
FOLD_FAST = Fold(0.85, 2)
"""Where a far hand plays for speed (``FAR``), a little sooner: from 0.85 and two tiles away.
The fast hands stay in the hand longer; folding by ``FOLD`` they dealt in more often than greedy
under DMJL (2,000 deals of seed 2: 19.4% against 18.7%), folding so 18.8% against 18.9%, for
about 2 points a hand."""
FAR = 3
"""Tiles missing from which, where any four sets and a pair win, the bot discards and claims as
the greedy bot does, for speed alone (the fewest tiles-to-win, then the most isolated tile),
unless it folds. Over 2,000 deals (seed 1) the discards took the edge over three greedy bots
from +5.8 to +16.2 points a hand under DMJL rules and from +16.0 to +20.7 under Classical; the
claims kept DMJL's edge clear of zero on other deals, for a few points under Classical
(docs/bots.md). Under a minimum (Hong Kong) or where chows are few (BMJA) a fast hand may not
pay, and planning from the first discard is worth more (Hong Kong +12.2 against +14.0; BMJA +270
against +388): there the plans decide every discard. So they do where wins are not scored
(Beginner): every win is worth the same, the plans weigh speed alone, and their widest-first
discard beat greedy's (+0.065 wins a hand over the greedy seats against +0.040)."""
SELF_DRAWN = 0.3
"""The share of wins that are self-drawn, to weigh a hand that only a self-draw makes legal."""
STEP = 0.15
"""The chance that a turn brings a hand one tile nearer a win (its draw or a claim)."""
VALUE_POWER = 0.5
"""How much more a win worth twice as much counts (2 ** VALUE_POWER): below 1, so that a big
win far away does not outweigh a plain one near."""
SHAPE_STEP = 0.1
"""STEP for a special shape, which no chow or pung brings nearer, only the seat's draws (and a
discard for the last tile). Over 300 BMJA deals (seed 1) 0.15 won fewer hands (+253 points a
hand against +321) and 0.075 smaller ones (wins worth 781 against 858, the best greedy seat's
759); over 300 Hong Kong deals 0.15 chased seven pairs, worth little there (+12.8 against +14.7)."""
OTHERS_WIN = 0.06
"""The chance, each turn, that another seat wins first."""

_FULL = 14
_KEPT_VALUES = 4096
"""How many complete hands' values a bot remembers between decisions (the same complete hands
come back turn after turn; scoring them was a third of a decision)."""


@dataclass(frozen=True, slots=True)
class Plan:
    """Which kinds a hand may keep, whether it may hold chows, and its shape (a special shape
    takes every kind and no declared meld)."""

    name: str
    kinds: frozenset[Tile]
    chows: bool
    shape: str = STANDARD

    def allows(self, melds: Sequence[Meld]) -> bool:
        return all(
            m.tile in self.kinds and (self.chows or m.kind is not MeldKind.CHOW) for m in melds
        )

    def keep(self, counts: Sequence[int]) -> list[int]:
        if len(self.kinds) == PLAIN_KINDS:
            return list(counts)
        return [n if kind in self.kinds else 0 for kind, n in enumerate(counts)]


PLANS: tuple[Plan, ...] = (
    Plan("any", frozenset(range(PLAIN_KINDS)), True),
    *(
        Plan(
            f"one suit {name}",
            frozenset(range(base, base + 9)) | frozenset(range(SUITED_KINDS, PLAIN_KINDS)),
            True,
        )
        for base, name in ((0, "m"), (9, "p"), (18, "s"))
    ),
    Plan("simples", frozenset(t for t in range(SUITED_KINDS) if 0 < t % 9 < 8), True),
    Plan("pungs", frozenset(range(PLAIN_KINDS)), False),
)


def pung_distance(counts: Sequence[int], melds: int) -> int:
    """Tiles missing for ``4 - melds`` pungs and a pair from these concealed counts.

    The pungs come from the kinds held most; the pair from the next kind, or from the last of
    those kinds while the next one makes the pung instead (better when it holds three).
    """
    sets = 4 - melds
    held = sorted(counts, reverse=True)[: sets + 1]  # counts has a place for every kind
    pungs = sum(min(n, 3) for n in held[:sets])
    best = pungs + min(held[sets], 2)
    if sets:
        last = held[sets - 1]
        best = max(best, pungs - min(last, 3) + min(last, 2) + min(held[sets], 3))
    return _FULL - 3 * melds - best


@cache
def shape_plans(shapes: tuple[str, ...]) -> tuple[Plan, ...]:
    """A plan for each special shape among a rule set's winning shapes."""
    every = frozenset(range(PLAIN_KINDS))
    return tuple(Plan(shape, every, False, shape) for shape in shapes if shape != STANDARD)


def plan_distance(plan: Plan, counts: Sequence[int], melds: int) -> int:
    kept = plan.keep(counts)
    if plan.shape != STANDARD:
        return shape_distance(plan.shape, kept, melds)
    return standard_distance(kept, melds) if plan.chows else pung_distance(kept, melds)


def complete(
    plan: Plan, counts: list[int], melds: int, elsewhere: Sequence[int], order: Sequence[Tile]
) -> list[int] | None:
    """The nearest complete concealed hand the plan allows from these tiles, adding at each step
    the first tile in ``order`` that brings it nearer (never more than the copies not seen), or
    None when the copies left cannot complete it."""
    work = plan.keep(counts)
    while (missing := plan_distance(plan, work, melds)) > 0:
        nearer = standard_distances(work, melds, 1) if plan.chows else None
        for tile in order:
            if tile in plan.kinds and work[tile] + elsewhere[tile] < 4:
                work[tile] += 1
                if nearer is not None:
                    if nearer[tile] < missing:
                        break
                elif plan_distance(plan, work, melds) < missing:
                    break
                work[tile] -= 1
        else:
            return None
    size = _FULL - 3 * melds
    for tile in reversed(order):  # put back what the complete hand does not use
        while sum(work) > size and work[tile]:
            work[tile] -= 1
            if plan_distance(plan, work, melds) > 0:
                work[tile] += 1
                break
    return work if sum(work) == size else None


def paid(
    rules: RuleSet,
    seat: int,
    prevailing_wind: int,
    concealed: Sequence[Tile],
    melds: Sequence[Meld],
    bonus: tuple[Tile, ...],
    winning: Tile,
    self_drawn: bool,
    original_call: bool = False,
) -> int:
    """What ``seat`` would be paid for winning on ``winning`` with these tiles (0 when that is
    no legal win, as below a minimum), by the next seat's discard or self-drawn, with or without
    a declared Standing Hand: the rule set's own scorer and settlement say."""
    hand = Hand(tuple(concealed), tuple(melds), bonus, winning)
    context = Context(seat, prevailing_wind, self_drawn=self_drawn, original_call=original_call)
    if not is_legal_win(hand, context, rules):
        return 0
    values = [0] * 4
    values[seat] = score(hand, context, rules).total
    discarder = None if self_drawn else (seat + 1) % 4
    return max(0, settle(rules, seat, discarder, self_drawn, values).net[seat])


class StrongBot:
    """See the module docstring."""

    def __init__(self, seed: int) -> None:
        self.values: dict[tuple[object, ...], float] = {}
        self.rules: RuleSet | None = None
        self.fast = GreedyBot(seed)
        """What discards and claims far from a win (``FAR``)."""

    def choose(self, view: SeatView) -> Action:
        legal = view.legal_actions
        if WIN_ACTION in legal:
            return WIN_ACTION
        if len(self.values) > _KEPT_VALUES or view.rule_set is not self.rules:
            self.values.clear()
            self.rules = view.rule_set
        table = Table(view, self.values)
        far = table.fast_when_far and standard_distance(table.counts, len(table.melds)) >= FAR
        if far and max(table.ready) < table.fold.ready:
            return self.fast.choose(view)  # its discards and its claims
        if view.phase != "turn":
            return self._claim(legal, table)
        return self._turn(legal, table)

    def _turn(self, legal: Sequence[Action], table: Table) -> Action:
        tile, prospect = table.best_discard(table.counts, table.melds)
        for action in legal:
            if action.kind in (CONCEALED_KONG, ADDED_KONG):
                assert action.tile is not None
                counts = list(table.counts)
                melds = list(table.melds)
                if action.kind == CONCEALED_KONG:
                    counts[action.tile] -= 4
                    melds.append(Meld(MeldKind.KONG, action.tile, False))
                else:
                    counts[action.tile] -= 1
                if table.prospect(counts, melds).key() >= prospect.key():
                    return action
        discard = Action(DISCARD, tile)
        if discard not in legal:  # a declared Standing Hand lets only the drawn tile go
            return next(action for action in legal if action.kind == DISCARD)
        standing = Action(STANDING, tile)
        return standing if standing in legal else discard

    def _claim(self, legal: Sequence[Action], table: Table) -> Action:
        """Claim when the hand after the claim and its best discard has a better prospect (a
        kong: no worse, as it brings a replacement tile)."""
        discard = table.view.discard
        assert discard is not None
        best, choice = table.prospect(table.counts, table.melds).key(), PASS_ACTION
        for action in legal:
            if action.kind not in (CHOW, PUNG, KONG):
                continue
            counts = list(table.counts)
            counts[discard] += 1
            if action.kind == CHOW:
                assert action.tile is not None
                for t in (action.tile, action.tile + 1, action.tile + 2):
                    counts[t] -= 1
                meld = Meld(MeldKind.CHOW, action.tile, True)
            else:
                counts[discard] -= 4 if action.kind == KONG else 3
                meld = Meld(MeldKind.KONG if action.kind == KONG else MeldKind.PUNG, discard, True)
            melds = [*table.melds, meld]
            if action.kind == KONG:
                after = table.prospect(counts, melds).key()
                if after >= best:
                    best, choice = after, action
                continue
            after = table.best_discard(counts, melds)[1].key()
            if after > best:
                best, choice = after, action
        return choice


@cache
def chance(distance: int, turns: int, step: float = STEP) -> float:
    """Roughly, the chance that a hand ``distance`` tiles from a win gets there within ``turns``
    turns before another seat wins: each turn brings it one nearer with the chance ``step`` and
    ends the hand for another seat with the chance ``OTHERS_WIN``. (Measured over the strong
    bot's own hands, the tiles that would bring a hand nearer say little more than its
    distance does.)"""
    alive = [0.0] * distance + [1.0]  # by tiles still missing, the chance to be there now
    won = 0.0 if distance > 0 else 1.0
    for _ in range(turns):
        for left in range(1, distance + 1):
            here = alive[left] * (1.0 - OTHERS_WIN)
            alive[left] = here * (1.0 - step)
            if left == 1:
                won += here * step
            else:
                alive[left - 1] += here * step
    return won


def ready_chance(discards: int, melds: int) -> float:
    """The chance that an opponent who has made this many discards and shown this many melds
    is ready: a logistic fit over the greedy bot's hands in Classical deals (2 in 5 with two
    melds after eight discards, 3 in 4 with three after ten)."""
    return 1.0 / (1.0 + math.exp(4.8 - 0.32 * discards - 0.9 * melds))


HONOUR_WAITS = (0.0, 0.0, 0.02, 0.04)
EDGE_WAITS = (0.01, 0.01, 0.03, 0.06)
MIDDLE_WAITS = (0.03, 0.04, 0.07, 0.11)
"""The chance that a ready opponent waits on an honour, on a 1, 2, 8 or 9, or on a 3 to 7, by
the copies of that kind out of this seat's sight (0 to 3); measured as ``ready_chance`` was."""
OWN_DISCARD = 0.05
"""What is left of that chance for a kind the opponent discarded itself (measured: 1 in 20;
not nothing, as only a Standing Hand forbids winning on a tile one discarded)."""
SUJI = 0.6
"""And for a suited kind three away from one it discarded (a 4 after a 1 or a 7)."""
MELDS_READ = (0.8, 1.15, 0.5)
"""How much likelier a ready opponent whose shown chows and pungs (two at least) are all of one
suit waits in that suit, in each other suit, and on an honour: not more in that suit, as its
tiles are the shown ones (measured over the greedy bot's ready hands, 600 Classical deals of
seeds 5 and 7: 25% of its waits in the suit shown, 36% in each other, 3% on honours; with
nothing read, 31% in each suit and 7% on honours)."""
DISCARDS_READ = (2.15, 0.45, 0.75)
"""The same for an opponent that has thrown away no more than one tile of a suit while at least
three of each other, in ``READ_AFTER`` discards or more: it keeps that suit (measured the same
way: 66% of its waits in it, 14% in each other, 5% on honours)."""
READ_AFTER = 8
"""The discards from which a suit an opponent keeps is read."""


def collection(
    faces: Sequence[tuple[str, Tile]], discards: Sequence[Tile]
) -> tuple[float, ...] | None:
    """What an opponent's shown melds (kind and lowest tile) and discards say of where it
    waits: for each suit and for the honours, how much likelier (``MELDS_READ``,
    ``DISCARDS_READ``); None when they say nothing.

    >>> collection([("chow", 0), ("pung", 4)], [])  # two melds of characters
    (0.8, 1.15, 1.15, 0.5)
    >>> collection([], [0, 1, 2, 9, 10, 11, 27, 28])  # no bamboo thrown away
    (0.45, 0.45, 2.15, 0.75)
    """
    suits = {low // 9 for _, low in faces if low < SUITED_KINDS}
    if len(suits) == 1 and len(faces) >= 2:
        kept, (own, other, honour) = suits.pop(), MELDS_READ
    elif len(discards) >= READ_AFTER:
        thrown = [0, 0, 0]
        for tile in discards:
            if tile < SUITED_KINDS:
                thrown[tile // 9] += 1
        few = [suit for suit in range(3) if thrown[suit] <= 1]
        if len(few) != 1 or sorted(thrown)[1] < 3:
            return None
        kept, (own, other, honour) = few[0], DISCARDS_READ
    else:
        return None
    return (*(own if suit == kept else other for suit in range(3)), honour)


class Table:
    """What the bot reads off its view for one decision: its tiles, the tiles seen, how likely
    each opponent is to be ready, and the worth of its plans."""

    def __init__(
        self, view: SeatView, values: dict[tuple[object, ...], float] | None = None
    ) -> None:
        self.view = view
        self.values = {} if values is None else values
        """Complete hands' values by hand, melds, seat, prevailing wind and bonus tiles."""
        self.seat = view.seat
        self.rules = view.rule_set
        self.counts = view.counts
        self.melds: list[Meld] = [
            Meld(MeldKind(m.kind), m.tile, m.exposed)
            for m in view.melds(view.seat)
            if m.tile is not None  # a seat always sees its own melds' faces
        ]
        seen = [0] * PLAIN_KINDS
        self.discarded: list[set[Tile]] = []
        self.ready: list[float] = []
        """For each seat, the chance that it is ready (0 for this seat)."""
        self.read: list[tuple[float, ...] | None] = []
        """For each seat, how much likelier than any ready hand's its waits are in each suit
        and on an honour (``collection``), or None when nothing is read."""
        # Under a minimum few ready hands pay (1 in 80 of the greedy bot's, Hong Kong), and four
        # strong bots that guarded their discards there kept back the tiles the others waited
        # on and drew more hands: no opponent is a danger there.
        minimum = view.rule_set.min_faan > 0
        self.fast_when_far = (
            bool(view.rule_set.scoring) and not minimum and view.rule_set.max_chows >= 4
        )
        """Whether a hand ``FAR`` from a win discards and claims for speed alone: where wins are
        scored and every hand of four sets and a pair wins (no minimum, chows allowed)."""
        self.fold = FOLD_FAST if self.fast_when_far else FOLD
        """When the hand folds."""
        for seat in range(view.rule_set.seats):
            discards = view.discards(seat)
            for tile, claimed in discards:
                seen[tile] += not claimed
            melds = view.melds(seat)
            faces = [(m.kind, m.tile) for m in melds if m.tile is not None]
            for kind, low in faces:
                run = (
                    range(low, low + 3) if kind == "chow" else [low] * (4 if kind == "kong" else 3)
                )
                for t in run:
                    seen[t] += 1
            self.discarded.append({tile for tile, _ in discards})
            self.read.append(collection(faces, [tile for tile, _ in discards]))
            if seat == self.seat or minimum:
                self.ready.append(0.0)
            elif view.standing(seat):
                self.ready.append(1.0)
            else:
                self.ready.append(ready_chance(len(discards), len(melds)))
        self.elsewhere = seen
        """Copies of each kind seen outside this seat's concealed tiles."""
        self.seen = [seen[t] + self.counts[t] for t in range(PLAIN_KINDS)]
        """Copies of each kind this seat can see (its own tiles included)."""
        self.turns = max(1, round(view.live_left / view.rule_set.seats))
        """The draws this seat may still expect."""
        self.scoring = bool(self.rules.scoring)
        winds = {SUITED_KINDS + self.seat, SUITED_KINDS + view.prevailing_wind}
        self.order = sorted(
            range(PLAIN_KINDS),
            key=lambda t: (
                self.counts[t] < 2 or (t not in winds and t < SUITED_KINDS + 4),
                -self.counts[t],
                t,
            ),
        )
        """Tiles to try first when completing a plan: the dragons and this seat's and the
        prevailing wind it holds a pair of (their pung pays in every scored rule set), then the
        kinds held most. A single one is not preferred: when every seat kept its single
        dragons for a pung, the copies stayed spread over the hands and no one completed it
        (four strong bots drew far more Hong Kong hands)."""
        self._worth: dict[tuple[str, tuple[int, ...], tuple[Meld, ...]], float] = {}
        self.shape_plans = shape_plans(self.rules.shapes) if not self.melds else ()
        self._shapes: dict[str, tuple[float, int]] = {}

    def value(self, concealed: list[int], melds: Sequence[Meld]) -> float:
        """What a win with this complete hand is worth to the bot: its pay, by discard and (for
        the share of wins that are) self-drawn, to the power ``VALUE_POWER``; a hand that only
        a self-draw makes legal counts for that share of wins alone. 1 in a rule set without
        scoring."""
        if not self.scoring:
            return 1.0
        bonus = tuple(self.view.bonus(self.seat))
        wind = self.view.prevailing_wind
        key = (tuple(concealed), tuple(melds), self.seat, wind, bonus)
        found = self.values.get(key)
        if found is None:
            found = self.values[key] = self._value(concealed, melds, bonus, wind)
        return found

    def _value(
        self, concealed: list[int], melds: Sequence[Meld], bonus: tuple[Tile, ...], wind: int
    ) -> float:
        tiles = [t for t in range(PLAIN_KINDS) for _ in range(concealed[t])]
        winning = tiles.pop(0)
        self_drawn = paid(self.rules, self.seat, wind, tiles, melds, bonus, winning, True)
        by_discard = paid(self.rules, self.seat, wind, tiles, melds, bonus, winning, False)
        if by_discard:
            pay = (1 - SELF_DRAWN) * by_discard + SELF_DRAWN * self_drawn
            return math.pow(pay, VALUE_POWER)
        return SELF_DRAWN * math.pow(self_drawn, VALUE_POWER)

    def worth(self, plan: Plan, kept: list[int], melds: Sequence[Meld]) -> float:
        """What the plan's nearest win from these kept tiles is worth (0: none that pays)."""
        key = (plan.name, tuple(kept), tuple(melds))
        found = self._worth.get(key)
        if found is None:
            hand = complete(plan, kept, len(melds), self.elsewhere, self.order)
            found = self._worth[key] = 0.0 if hand is None else self.value(hand, melds)
        return found

    def prospect(self, counts: list[int], melds: Sequence[Meld]) -> Prospect:
        """The best plan for these tiles: the one whose win is worth most, weighed by its
        chance."""
        sets = len(melds)
        best = Prospect(0.0, standard_distance(counts, sets) + LATE, 0)
        for plan in PLANS:
            if not plan.allows(melds):
                continue
            kept = plan.keep(counts)
            distance = plan_distance(plan, kept, sets)
            accept = self.plan_acceptance(plan, kept, sets, distance)
            odds = chance(distance, self.turns)
            if odds <= 0.0 or accept <= 0:
                continue
            worth = self.worth(plan, kept, melds)
            found = Prospect(worth * odds, distance, accept)
            if worth > 0 and found.key() > best.key():
                best = found
        if melds:
            return best
        for plan in self.shape_plans:
            worth, floor = self.shape_worth(plan)
            if worth * chance(floor, self.turns, SHAPE_STEP) <= best.expected:
                continue
            distance = plan_distance(plan, counts, sets)
            # Its acceptance is not counted (1): for the knitting hands that took longer than a
            # decision may; among discards as near to it, the safest and most isolated goes.
            found = Prospect(worth * chance(distance, self.turns, SHAPE_STEP), distance, 1)
            if found.key() > best.key():
                best = found
        return best

    def shape_worth(self, plan: Plan) -> tuple[float, int]:
        """What a win of this special shape is worth, and how far the tiles held at this
        decision are from it (no discard brings it nearer). The rule set values the shape, its
        tiles matter little, so it is priced once for the seat's winds and bonus tiles, from the
        nearest one to the tiles held when first asked: pricing it anew took most of a
        decision."""
        found = self._shapes.get(plan.shape)
        if found is None:
            floor = plan_distance(plan, self.counts, 0)
            key = (plan.shape, self.seat, self.view.prevailing_wind, *self.view.bonus(self.seat))
            worth = self.values.get(key)
            if worth is None and floor <= self.turns:  # (further, its chance is nil)
                hand = complete(plan, list(self.counts), 0, self.elsewhere, self.order)
                if hand is not None:
                    worth = self.values[key] = self.value(hand, ())
            found = self._shapes[plan.shape] = (worth or 0.0, floor)
        return found

    def plan_acceptance(self, plan: Plan, kept: list[int], sets: int, distance: int) -> int:
        """The unseen copies of the plan's kinds that would bring its hand one nearer."""
        if plan.chows:
            after = standard_distances(kept, sets, 1)
        else:
            after = [INFINITY] * PLAIN_KINDS
            for tile in plan.kinds:
                if kept[tile] < 4:
                    kept[tile] += 1
                    after[tile] = pung_distance(kept, sets)
                    kept[tile] -= 1
        return sum(4 - self.seen[t] for t in plan.kinds if after[t] < distance)

    def danger(self, tile: Tile) -> float:
        """The chance, roughly, that an opponent wins on this discard: for each opponent, the
        chance it is ready times the chance that a ready hand waits on the tile, from its kind,
        the copies out of sight, the opponent's own discards and what its melds and discards say
        it collects."""
        left = min(3, max(0, 4 - self.seen[tile]))  # a tile held leaves at most three
        if tile >= SUITED_KINDS:
            waits = HONOUR_WAITS
        elif tile % 9 in (0, 1, 7, 8):
            waits = EDGE_WAITS
        else:
            waits = MIDDLE_WAITS
        total = 0.0
        for seat, ready in enumerate(self.ready):
            if not ready:
                continue
            chance = waits[left]
            discarded = self.discarded[seat]
            if tile in discarded:
                chance *= OWN_DISCARD
            elif tile < SUITED_KINDS and any(
                (tile + step) // 9 == tile // 9 and tile + step in discarded for step in (-3, 3)
            ):
                chance *= SUJI
            read = self.read[seat]
            if read is not None:
                chance *= read[tile // 9 if tile < SUITED_KINDS else 3]
            total += ready * chance
        return total

    def best_discard(self, counts: list[int], melds: Sequence[Meld]) -> tuple[Tile, Prospect]:
        """The discard that leaves the best prospect, or the safest one while folding; and
        that prospect."""
        options: list[tuple[Tile, Prospect]] = []
        for tile in range(PLAIN_KINDS):
            if counts[tile]:
                counts[tile] -= 1
                options.append((tile, self.prospect(counts, melds)))
                counts[tile] += 1
        folding = max(self.ready) >= self.fold.ready and (
            min(prospect.distance for _, prospect in options) >= self.fold.distance
        )
        best: tuple[float, ...] | None = None
        chosen: tuple[Tile, Prospect] | None = None
        for tile, prospect in options:
            danger = self.danger(tile)
            key = (-danger, *prospect.key()) if folding else (*prospect.key(), -danger)
            key = (*key, -isolation(counts, tile), -tile)
            if best is None or key > best:
                best, chosen = key, (tile, prospect)
        assert chosen is not None
        return chosen


@dataclass(frozen=True, slots=True)
class Prospect:
    """What a hand may come to: the worth of its best plan's win times the chance of getting
    there, how many tiles that plan is missing, and the unseen tiles that would bring it nearer."""

    expected: float
    distance: int
    accept: int

    def key(self) -> tuple[float, ...]:
        """Larger is better: the expected worth, then (when nothing pays) nearer, then wider."""
        return (self.expected, self.accept, -self.distance)
