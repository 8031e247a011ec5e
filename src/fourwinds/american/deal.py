"""One American hand as a state machine: the deal, the Charleston, turns, calls, joker exchanges,
dead hands, and Mah Jongg by the card.

It has the public shape of :class:`fourwinds.engine.deal.Deal`: ``legal_actions(seat)``,
``apply(seat, action)`` refusing anything else with IllegalAction and changing nothing,
``to_move()``, ``phase``, ``result``, ``history`` and ``counts_by_kind()``. The Charleston is
simultaneous: every seat that must pass (or vote, or offer) chooses, and the stage resolves when
the last one has.

>>> from fourwinds.rules import get_rules
>>> deal = AmericanDeal(get_rules("american"), seed=1)
>>> deal.phase, deal.stage.name, deal.to_move()
('charleston', 'first-right', [0, 1, 2, 3])
>>> [deal.seats[s].tile_count() for s in range(4)]
[14, 13, 13, 13]
>>> deal.apply(0, AmericanAction.parse("discard 1m"))
Traceback (most recent call last):
...
fourwinds.engine.actions.IllegalAction: East may not discard during the Charleston \
(first-right): pass 3 tiles: the Charleston is compulsory and, once started, every exchange must \
be done (seed 001 part 2.1, 2.2)
"""

from __future__ import annotations

import functools
import itertools
import random
from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Final, overload

from fourwinds.american import charleston
from fourwinds.american.actions import (
    CALL,
    COURTESIES,
    COURTESY,
    DISCARD,
    DISCARDS,
    EXCHANGE,
    PASS,
    PASS_ACTION,
    PASS_TILES,
    VOTE,
    VOTES,
    WIN,
    WIN_ACTION,
    AmericanAction,
    call,
    exposure_of,
)
from fourwinds.american.card import FLOWER, JOKERS, Card, sample_card
from fourwinds.american.charleston import Stage
from fourwinds.american.hand import KIND_COUNT, MAX_EXPOSURE, AmericanHand, Exposure, kind
from fourwinds.american.instances import ExposureKey, Needs
from fourwinds.american.matcher import Holding, LineMatch, Matcher, possible, unseen_supply
from fourwinds.american.settlement import EMPTY_SEAT, WINDS, settle_american
from fourwinds.engine.events import Event
from fourwinds.rules import RuleSet
from fourwinds.scoring.settlement import Settlement
from fourwinds.tiles import JOKER, KINDS, Tile, format_tiles
from fourwinds.turns import CLAIM, ENDED, SEATS, TURN, HandEnd, Turns
from fourwinds.wall import Wall

CHARLESTON: Final = "charleston"
"""Passing before play: the stage says which pass, the vote or the courtesy offer."""
EAST: Final = 0
_KIND: Final = tuple(kind(tile) for tile in range(KINDS))
"""``kind`` of each tile, read at every tile moved."""
_TILES: Final = range(KINDS)
_NATURALS: Final = range(JOKER)
"""Every tile but the joker (the last)."""
_EVENT: Final = functools.partial(tuple.__new__, Event)
"""An Event from all its fields, without a call into Python: two are made every turn."""
_EXCHANGES: Final = tuple(
    tuple(AmericanAction(EXCHANGE, (natural,), owner) for owner in range(SEATS))
    for natural in _NATURALS
)
"""The exchange of each natural tile with each seat, made once: offered at most turns once a
joker is exposed."""
_OTHERS: Final = tuple(tuple((seat + step) % SEATS for step in (1, 2, 3)) for seat in range(SEATS))
"""The other seats after each, in turn order: asked about every discard."""
_ROUND: Final = tuple((*others, seat) for seat, others in enumerate(_OTHERS))
"""The seats in turn order after each, itself last: the next to draw is the first playing."""
_EVERY_KIND: Final = (1 << KIND_COUNT) - 1
"""A seat's watch when no instance has been found for it yet: any tile seen is looked at."""

WRONG_EXPOSURE: Final = "wrong exposure: no line of the card has these exposures"
NO_LINE_LEFT: Final = "no line can be completed with the tiles left in sight"
MAHJONG_IN_ERROR: Final = "Mah Jongg in error"


_FOLLOWING: Final = {
    charleston.FIRST[0]: charleston.FIRST[1],
    charleston.FIRST[1]: charleston.FIRST[2],
    charleston.FIRST[2]: charleston.VOTE,
    charleston.SECOND[0]: charleston.SECOND[1],
    charleston.SECOND[1]: charleston.SECOND[2],
    charleston.SECOND[2]: charleston.COURTESY_OFFER,
}
"""The stage after each pass but the courtesy pass."""


class _Passes(dict[tuple[Tile, ...], AmericanAction]):
    """The passes with one number of tiles passed blind, by their own tiles, each made once:
    every seat is offered hundreds at each pass. Bounded by its keys: sorted runs of at most
    three natural tiles, about 14,000."""

    def __init__(self, blind: int) -> None:
        super().__init__()
        self.blind = blind

    def __missing__(self, tiles: tuple[Tile, ...]) -> AmericanAction:
        action = self[tiles] = AmericanAction(PASS_TILES, tiles, self.blind)
        return action


PASSES: Final = tuple(_Passes(blind) for blind in range(charleston.TILES + 1))


def _choices(kinds: int, pairs: int, triples: int, size: int) -> int:
    """How many runs of ``size`` tiles (at most three) can be taken from tiles of ``kinds``
    kinds, ``pairs`` of them held at least twice and ``triples`` at least three times."""
    if size < 2:
        return kinds if size else 1
    if size == 2:
        return kinds * (kinds - 1) // 2 + pairs
    return kinds * (kinds - 1) * (kinds - 2) // 6 + pairs * (kinds - 1) + triples


class PassChoices(Sequence[AmericanAction]):
    """The passes a seat may make at one stage, each made only when asked for: a seat is offered
    hundreds, and a bot looks at one or two. The order is the full list's: Mah Jongg first when
    East may declare it, then by tiles passed blind, the runs of own tiles as
    ``itertools.combinations`` of the sorted naturals gives them, repeats left out."""

    __slots__ = (
        "_blinds",
        "_copies",
        "_count",
        "_held",
        "_kinds",
        "_length",
        "_pairs",
        "_sizes",
        "_win",
    )

    def __init__(self, held: list[int], count: int, blinds: range, win: bool) -> None:
        """``held``: the copies held of each natural tile (no joker), a list of its own."""
        self._held = held
        self._count, self._blinds, self._win = count, blinds, win
        self._kinds = list(itertools.compress(_NATURALS, held))
        copies = self._copies = list(filter(None, held))
        kinds = len(copies)
        pairs = self._pairs = kinds - copies.count(1)
        triples = pairs - copies.count(2)
        self._sizes = [_choices(kinds, pairs, triples, count - blind) for blind in blinds]
        self._length = win + sum(self._sizes)

    def __len__(self) -> int:
        return self._length

    @overload
    def __getitem__(self, index: int) -> AmericanAction: ...
    @overload
    def __getitem__(self, index: slice) -> list[AmericanAction]: ...
    def __getitem__(self, index: int | slice) -> AmericanAction | list[AmericanAction]:
        if isinstance(index, slice):
            return [self[i] for i in range(*index.indices(self._length))]
        if index < 0:
            index += self._length
        if not 0 <= index < self._length:
            raise IndexError("pass choice out of range")
        if self._win:
            if not index:
                return WIN_ACTION
            index -= 1
        for blind, size in zip(self._blinds, self._sizes, strict=True):
            if index < size:
                return PASSES[blind][self._run(index, self._count - blind)]
            index -= size
        raise AssertionError("the sizes add up to the length")

    def _run(self, index: int, size: int) -> tuple[Tile, ...]:
        """The run of ``size`` own tiles (at most three) at ``index`` in sorted order. Each
        place is found by counting, for each kind from the last one taken on, the runs whose
        place it takes (``_choices`` of the places after it, from the copies left of it and
        the kinds after it): three places need the pairs after it, two only the kinds after
        it, and the last place is the index-th kind still held."""
        kinds, copies = self._kinds, list(self._copies)
        last = len(kinds) - 1
        run: list[Tile] = []
        i = 0
        if size == 3:
            pairs = self._pairs  # kinds from the i-th on held twice or more
            while True:
                left = copies[i]
                pairs -= left > 1
                choose = last - i + (left > 1)
                starting = choose * (choose - 1) // 2 + pairs + (left > 2)
                if index < starting:
                    break
                index -= starting
                i += 1
            run.append(kinds[i])
            copies[i] -= 1
        if size >= 2:
            while True:
                left = copies[i]
                starting = last - i + (left > 1) if left else 0
                if index < starting:
                    break
                index -= starting
                i += 1
            run.append(kinds[i])
            copies[i] -= 1
        if size:
            run.append(kinds[i + index + (not copies[i])])
        return tuple(run)

    def __iter__(self) -> Iterator[AmericanAction]:
        if self._win:
            yield WIN_ACTION
        for blind, runs in self.runs():
            yield from map(PASSES[blind].__getitem__, runs)

    @property
    def win(self) -> bool:
        """Whether Mah Jongg comes first."""
        return self._win

    @property
    def naturals(self) -> tuple[Tile, ...]:
        """The tiles a pass takes its own tiles from, sorted (no joker)."""
        held = zip(self._kinds, self._copies, strict=True)
        return tuple(tile for tile, copies in held for _ in range(copies))

    def splits(self) -> Iterator[tuple[int, int]]:
        """For each number of tiles passed blind, in order, how many own tiles go with it:
        the passes without their actions (an observation's mask needs only where they are)."""
        for blind in self._blinds:
            yield blind, self._count - blind

    def runs(self) -> Iterator[tuple[int, Iterable[tuple[Tile, ...]]]]:
        """For each number of tiles passed blind, the runs of own tiles passed with it, in
        order."""
        naturals = self.naturals
        for blind, own in self.splits():
            yield blind, dict.fromkeys(itertools.combinations(naturals, own))

    def __contains__(self, action: object) -> bool:
        if action == WIN_ACTION:
            return self._win
        if not isinstance(action, AmericanAction) or action.kind != PASS_TILES:
            return False
        tiles, held = action.tiles, self._held
        if action.number not in self._blinds or len(tiles) + action.number != self._count:
            return False
        previous, repeats = -1, 0  # the tiles in order, no joker, none more often than held
        for tile in tiles:
            if not previous <= tile < JOKER:
                return False
            repeats = repeats + 1 if tile == previous else 1
            if repeats > held[tile]:
                return False
            previous = tile
        return True


def _call_options(tile: Tile, naturals: list[Tile], jokers: int) -> list[AmericanAction]:
    """Every exposure of a discard with some of ``naturals`` (its kind) and jokers, pung to
    sextet, the most naturals last within a size."""
    if len(naturals) + jokers < 2:
        return []
    options = []
    for size in range(3, MAX_EXPOSURE + 1):
        for used in range(max(0, size - 1 - jokers), min(len(naturals), size - 1) + 1):
            options.append(call([tile, *naturals[:used]], size - 1 - used))
    return options


@functools.lru_cache(maxsize=1024)
def _calls(tile: Tile, held: int, jokers: int) -> tuple[AmericanAction, ...]:
    """``_call_options`` of a tile that is no flower, ``held`` of it in the hand: made once
    (a seat holding a pair or a joker is offered calls at most discards)."""
    return tuple(_call_options(tile, [tile] * held, jokers))


@functools.lru_cache(maxsize=1024)
def _flower_calls(tile: Tile, flowers: tuple[int, ...], jokers: int) -> tuple[AmericanAction, ...]:
    """The calls of a flower: any flowers held complete the set (``flowers``: how many of each
    are held). Made once per tiles held, as ``_calls``."""
    naturals = [t for t, n in zip(range(FLOWER, JOKER), flowers, strict=True) for _ in range(n)]
    return tuple(_call_options(tile, naturals, jokers))


@functools.lru_cache(maxsize=16)
def matcher_for(card: Card) -> Matcher:
    """The compiled matcher of a card, built once per card."""
    return Matcher(card)


@dataclass(slots=True)
class AmericanSeat:
    """One seat's tiles: a count array over every tile (jokers at JOKER), exposures, discards,
    and why the hand is dead ("" while it plays)."""

    present: bool = True
    concealed: list[int] = field(default_factory=lambda: [0] * KINDS)
    exposures: list[Exposure] = field(default_factory=list)
    discards: list[Tile] = field(default_factory=list)
    claimed: list[bool] = field(default_factory=list)
    dead: str = ""
    keys: tuple[ExposureKey, ...] = ()
    """The exposures as the matcher sees them, kept with ``exposures``."""
    shown_jokers: int = 0
    """The jokers in the exposures, kept with ``exposures``."""
    watch: int = 0
    """The kinds (bit ``kind``) that an instance found still possible around the exposures
    needs (``Matcher.witness``): the hand can die only when one of them or a joker comes into
    sight, or when it exposes again."""
    needs: Needs = ()
    """What that instance needs: while it can still be made, the hand lives, and the matcher
    is not asked."""

    def tile_count(self) -> int:
        return sum(self.concealed)

    def holding(self, extra: Tile | None = None) -> Holding:
        counts = self.concealed[:FLOWER]
        counts.append(sum(self.concealed[FLOWER:JOKER]))
        jokers = self.concealed[JOKER]
        if extra is not None:
            if extra == JOKER:
                jokers += 1
            else:
                counts[kind(extra)] += 1
        return Holding(counts, jokers, self.keys, self.shown_jokers)

    def tiles(self) -> list[Tile]:
        concealed = self.concealed
        return [t for t in itertools.compress(_TILES, concealed) for _ in range(concealed[t])]

    def playing(self) -> bool:
        return self.present and not self.dead


@dataclass(frozen=True, slots=True)
class AmericanResult(HandEnd):
    """How the hand ended, and the line it was won by. A self-picked win (``discarder`` None)
    is from the wall, after a joker exchange, or East's dealt hand; a wall game pays no one."""

    hands: tuple[AmericanHand, ...] = ()
    line: str | None = None
    """The id of the winning line: the one that pays most."""
    value: int = 0
    """What the line pays before the discard and self-pick doubling (jokerless included)."""
    jokerless: bool = False
    heavenly: bool = False
    """East won on the dealt tiles, before any pass."""
    dead: tuple[str, ...] = ()
    """Why each seat's hand died ("" for a live hand)."""
    settlement: Settlement | None = None

    def to_json(self) -> dict[str, object]:
        return {
            **HandEnd.to_json(self),
            "line": self.line,
            "value": self.value,
            "jokerless": self.jokerless,
            "heavenly": self.heavenly,
            "dead": list(self.dead),
            "net": None if self.settlement is None else self.settlement.net,
        }


class AmericanDeal(Turns[AmericanAction]):
    """One American hand. Seats are seat winds: 0 East (the dealer, who discards first),
    1 South, 2 West, 3 North; with three players North's seat is empty."""

    family = "american"
    seats: list[AmericanSeat]

    def __init__(self, rules: RuleSet, seed: int, prevailing_wind: int = 0) -> None:
        self._check_family(rules)
        self.rules = rules
        self.seed = seed
        self.prevailing_wind = prevailing_wind
        """Always 0: the American game has no prevailing wind."""
        self.card = rules.card if rules.card is not None else sample_card()
        self.matcher = matcher_for(self.card)
        self.wall = Wall.build(rules, random.Random(seed))
        self.seats = [AmericanSeat(present=s < rules.players) for s in range(SEATS)]
        self.history: list[tuple[int, AmericanAction]] = []
        self.result: AmericanResult | None = None
        self.events: list[Event] = []
        self.phase = CHARLESTON
        self.stage: Stage = charleston.FIRST[0]
        self.current = EAST
        self.discard: Tile | None = None
        """The tile up for claim."""
        self.drawn: Tile | None = None
        self.passes = 0
        """Charleston passes made so far (a win before any is the Heavenly hand)."""
        self.choices: dict[int, AmericanAction] = {}
        """Charleston choices made in this stage, hidden from other seats until it resolves."""
        self.received: list[tuple[Tile, ...]] = [()] * SEATS
        """The tiles each seat kept from the last pass it received."""
        self.votes: list[bool | None] = [None] * SEATS
        self.agreed: list[int] = [0] * SEATS
        """The courtesy pass agreed for each seat's pair."""
        self._required: list[int] = []
        self._options: dict[int, list[AmericanAction]] = {}
        self._offers: dict[int, Sequence[AmericanAction]] = {}
        """Each seat's choices in this stage of the Charleston, made when first asked."""
        self._answers: dict[int, AmericanAction] = {}
        self._turn_actions: list[AmericanAction] | None = None
        self._may_exchange = False
        self._exchanged = False
        self._called_from: int | None = None
        self._candidates: list[int | None] = [None] * SEATS
        """Per seat, the instances its concealed kinds and exposures allow (``Matcher.candidates``),
        None until asked again: a tile taken in only narrows them, so most checks for Mah Jongg
        end here."""
        self._widening: list[Tile] = [JOKER - 1] * SEATS
        """Per seat, the highest tile whose going can widen its candidates (``Matcher.
        tile_candidates``): with none left, most discards keep the tiles that left none."""
        self._out_of_sight = unseen_supply(())
        """Natural tiles per kind that no seat sees on the table: the supply less the naturals
        in exposures and the discards not called."""
        self._jokers_gone = 0
        """Jokers discarded."""
        self._watched = 0
        """The kinds watched by the hands that may die (``AmericanSeat.watch`` of each live seat
        with exposures, together): a tile of any other kind kills none, and most discards are
        of one. Worked out again when the dead-hand check changes a watch or kills a hand (a
        hand dead in error stays in it until then, which costs a look and changes nothing)."""
        self._exchange_offers: list[tuple[Tile, AmericanAction]] = []
        """Every exchange an exposed joker allows, with the natural it takes: by seat, in the
        order the exposures were shown, and each once. A seat is offered those whose natural
        it holds at each turn (none while no joker is shown)."""
        self._deal()

    # ---------------------------------------------------------------- setup

    def playing_seats(self) -> list[int]:
        return [s for s in range(SEATS) if self.seats[s].playing()]

    def _deal(self) -> None:
        """Seed 001 part 1: four tiles at a time to twelve, then one each, East one more."""
        present = [s for s in range(SEATS) if self.seats[s].present]
        draw = self.wall.draw_tiles
        # No seat's candidates are known yet (``_take`` has none to narrow): counted directly.
        for take in self.rules.deal_takes:
            for seat in present:
                concealed = self.seats[seat].concealed
                for tile in draw(take):
                    concealed[tile] += 1
        for seat in [*present, EAST]:
            self.seats[seat].concealed[self.wall.draw()] += 1
        for seat in present:
            self.events.append(
                Event("deal", seat, tiles=tuple(self.seats[seat].tiles()), private=True)
            )
        if self.rules.players == SEATS:
            self._begin_stage(charleston.FIRST[0])
        else:
            self._begin_stage(charleston.COURTESY_OFFER)

    # ---------------------------------------------------------------- the Charleston

    def _begin_stage(self, stage: Stage) -> None:
        self.phase, self.stage = CHARLESTON, stage
        self.choices = {}
        self._offers = {}
        if stage == charleston.COURTESY_OFFER:
            self._required = [s for pair in self._pairs() for s in pair]
        elif stage == charleston.COURTESY:
            self._required = [s for pair in self._pairs() for s in pair if self.agreed[s]]
        else:
            self._required = [s for s in range(SEATS) if self.seats[s].present]
        if not self._required:
            self._start_play()

    def _pairs(self) -> list[tuple[int, int]]:
        """Seats across from each other that are both at the table."""
        return [(a, a + 2) for a in (0, 1) if self.seats[a].present and self.seats[a + 2].present]

    def _east_may_win(self) -> bool:
        """East's dealt Mah Jongg (the Heavenly hand) before any pass, or stopping the passing
        for Mah Jongg after the first Charleston (reference 3.2.2, 3.2.7)."""
        if self.stage in charleston.FIRST[1:]:
            return False
        return self._may_win(EAST)

    def _charleston_actions(self, seat: int) -> Sequence[AmericanAction]:
        stage, state = self.stage, self.seats[seat]
        actions = [WIN_ACTION] if seat == EAST and self._east_may_win() else []
        if stage == charleston.VOTE:
            return actions + list(VOTES)
        if stage == charleston.COURTESY_OFFER:
            return actions + list(COURTESIES)
        count = self.agreed[seat] if stage == charleston.COURTESY else charleston.TILES
        blinds = range(count + 1) if stage.blind else range(1)
        return PassChoices(state.concealed[:JOKER], count, blinds, bool(actions))  # no joker

    def _apply_stage(self, seat: int, action: AmericanAction) -> None:
        """A Charleston choice: the stage resolves when the last seat has chosen."""
        if action.kind == WIN:
            self._win(EAST, None, None, heavenly=self.passes == 0)
            return
        self.choices[seat] = action
        if len(self.choices) < len(self._required):
            return
        stage = self.stage
        if stage == charleston.VOTE:
            for s, choice in self.choices.items():
                self.votes[s] = bool(choice.number)
            agreed = all(self.votes[s] for s in self._required)
            self.events.append(
                Event("second-charleston" if agreed else "no-second-charleston", None)
            )
            self._begin_stage(charleston.SECOND[0] if agreed else charleston.COURTESY_OFFER)
        elif stage == charleston.COURTESY_OFFER:
            for a, b in self._pairs():
                self.agreed[a] = self.agreed[b] = min(
                    self.choices[a].number, self.choices[b].number
                )
            self.events.append(Event("courtesy-agreed", None))
            self._begin_stage(charleston.COURTESY)
        else:
            self._move_passed_tiles()
            if stage == charleston.COURTESY:
                self._start_play()
            else:
                self._begin_stage(_FOLLOWING[stage])

    def _move_passed_tiles(self) -> None:
        required, choices = self._required, self.choices
        own = {s: choices[s].tiles for s in required}
        kept: Mapping[int, Sequence[Tile]]
        if self.stage == charleston.COURTESY:
            kept = {s: own[(s + 2) % SEATS] for s in required}
        else:
            blind = {s: choices[s].number for s in required}
            kept = charleston.blind_pass(own, blind, self.stage.direction, SEATS)
        for s in required:
            given, taken = own[s], tuple(kept[s])
            concealed = self.seats[s].concealed
            for tile in given:
                concealed[tile] -= 1
            for tile in taken:
                concealed[tile] += 1
            self._candidates[s] = None  # counted again when next asked
            self.received[s] = taken
            self.events += (
                _EVENT(("passed", s, None, given, True)),
                _EVENT(("received", s, None, taken, True)),
            )
        self.passes += 1

    def _start_play(self) -> None:
        """East, holding fourteen, begins by discarding (seed 001 part 3)."""
        self.choices = {}
        self._required = []
        self._start_turn(EAST, drawn=None, called_from=None)

    # ---------------------------------------------------------------- turns

    def _start_turn(self, seat: int, drawn: Tile | None, called_from: int | None) -> None:
        self.phase, self.current, self.drawn = TURN, seat, drawn
        self._called_from = called_from
        self._may_exchange = drawn is not None or called_from is not None
        self._exchanged = False
        self._turn_actions = None

    def _draw_next(self, after: int) -> None:
        """The next seat still playing draws; a wall game when the wall is empty or no one
        plays. No claim window is open (``_chosen_claim`` closed the last)."""
        self.discard = None
        seats = self.seats
        for seat in _ROUND[after]:
            state = seats[seat]
            if state.present and not state.dead:
                break
        else:
            self._end_wall_game()
            return
        try:
            tile = self.wall.draw()
        except IndexError:  # the live wall is empty
            self._end_wall_game()
            return
        self._take(seat, tile)
        self.events.append(_EVENT(("draw", seat, tile, (), True)))
        self._start_turn(seat, drawn=tile, called_from=None)

    def _compute_turn_actions(self) -> list[AmericanAction]:
        seat = self.current
        state = self.seats[seat]
        actions = list(itertools.compress(DISCARDS, state.concealed))
        if self._may_exchange and self._exchange_offers:
            concealed = state.concealed
            actions[:0] = [a for natural, a in self._exchange_offers if concealed[natural]]
        if self.rules.mahjong_in_error or self._may_win(seat):
            actions.insert(0, WIN_ACTION)
        return actions

    def _take(self, seat: int, tile: Tile) -> None:
        """A tile into a seat's concealed tiles."""
        self.seats[seat].concealed[tile] += 1
        candidates = self._candidates[seat]
        if candidates is not None and tile != JOKER:
            self._candidates[seat] = candidates & self.matcher.with_kind[_KIND[tile]]

    def _give(self, seat: int, tile: Tile) -> None:
        """A tile out of a seat's concealed tiles (a joker never widens the candidates)."""
        concealed = self.seats[seat].concealed
        concealed[tile] -= 1
        if not concealed[tile] and tile <= self._widening[seat]:
            self._candidates[seat] = None

    def _candidates_of(self, seat: int) -> int:
        """The seat's candidates, counted again only after a tile went that can widen them."""
        candidates = self._candidates[seat]
        if candidates is None:
            state = self.seats[seat]
            found = self.matcher.tile_candidates(state.concealed, state.keys)
            candidates, self._widening[seat] = found
            self._candidates[seat] = candidates
        return candidates

    def _may_win(self, seat: int) -> bool:
        """Whether the seat's tiles complete a line."""
        candidates = self._candidates[seat]
        if candidates is None:
            candidates = self._candidates_of(seat)
        return candidates != 0 and self.matcher.is_complete(self.seats[seat].holding())

    def _find_exchange_offers(self) -> None:
        """``_exchange_offers`` from the exposures, when one with a joker is shown or changes:
        a natural from the hand for a joker in any exposure of its kind (reference 3.4.3)."""
        offers: dict[AmericanAction, Tile] = {}
        for owner, state in enumerate(self.seats):
            for naturals, jokers in state.exposures:
                if not jokers:
                    continue
                tile = _KIND[naturals[0]]
                for natural in range(FLOWER, JOKER) if tile == FLOWER else (tile,):
                    offers.setdefault(_EXCHANGES[natural][owner], natural)
        self._exchange_offers = [(natural, action) for action, natural in offers.items()]

    def _stage_actions(self, seat: int) -> Sequence[AmericanAction]:
        """The Charleston: the seats still to choose this stage."""
        if self.phase != CHARLESTON or seat not in self._required or seat in self.choices:
            return []
        if seat not in self._offers:
            self._offers[seat] = self._charleston_actions(seat)
        return self._offers[seat]

    def _stage_to_move(self) -> list[int]:
        if self.phase != CHARLESTON:
            return []
        return [s for s in self._required if s not in self.choices]

    # ---------------------------------------------------------------- applying actions

    def _apply_turn(self, seat: int, action: AmericanAction) -> None:
        state = self.seats[seat]
        if action.kind == WIN:
            if self.matcher.is_complete(state.holding()):
                # Self-picked from the wall, after a joker exchange (reference 3.4.4), or on
                # East's dealt tiles; after a call with no exchange, the discarder pays.
                self_picked = self._called_from is None or self._exchanged
                last = self.drawn if not self._exchanged else None
                heavenly = self.passes == 0 and not any(s.discards for s in self.seats)
                if self_picked:
                    self._win(seat, None, last, heavenly)
                else:
                    self._win(seat, self._called_from, None)
            else:  # only with the mahjong_in_error option
                self._kill(seat, MAHJONG_IN_ERROR)
                self._draw_next(seat)
            return
        (tile,) = action.tiles
        if action.kind == EXCHANGE:
            owner = self.seats[action.number]
            index = next(
                i for i, e in enumerate(owner.exposures) if e.jokers and e.tile == kind(tile)
            )
            exposure = owner.exposures[index]
            owner.exposures[index] = Exposure((*exposure.naturals, tile), exposure.jokers - 1)
            owner.shown_jokers -= 1
            self._find_exchange_offers()
            self._out_of_sight[kind(tile)] -= 1
            self._give(seat, tile)
            self._take(seat, JOKER)
            self._exchanged = True
            self._turn_actions = None
            shown = tuple(owner.exposures[index].tiles())
            self.events.append(Event("exchange", action.number, tile, tiles=shown))
            if self._check_dead((tile,)) and not state.playing():
                self._draw_next(seat)
            return
        self._give(seat, tile)
        state.discards.append(tile)
        state.claimed.append(False)
        if tile == JOKER:
            self._jokers_gone += 1
        else:
            self._out_of_sight[_KIND[tile]] -= 1
        self.drawn = None
        self.events.append(_EVENT(("discard", seat, tile, (), False)))
        if tile == JOKER or self._watched >> _KIND[tile] & 1:  # else no hand can have died
            self._check_dead((tile,))
        if tile == JOKER:  # a discarded joker can never be called (reference 3.4.2)
            self._draw_next(seat)
        else:
            self._open_claims(seat, tile)

    def _open_claims(self, discarder: int, tile: Tile) -> None:
        """Ask each seat still playing that could use the discard: Mah Jongg with any tile, or
        an exposure of identical tiles (pung to sextet, jokers allowed; reference 3.3.2)."""
        options: dict[int, list[AmericanAction]] = {}
        seats, is_flower = self.seats, _KIND[tile] == FLOWER
        candidates, with_tile = self._candidates, self.matcher.with_tile[tile]
        for seat in _OTHERS[discarder]:
            state = seats[seat]
            if not state.present or state.dead:
                continue
            # Most seats hold no pair of the tile: no call is made for them.
            concealed = state.concealed
            calls: Sequence[AmericanAction] = ()
            if is_flower:
                calls = _flower_calls(tile, tuple(concealed[FLOWER:JOKER]), concealed[JOKER])
            elif concealed[tile] + concealed[JOKER] >= 2:
                calls = _calls(tile, concealed[tile], concealed[JOKER])
            # Mah Jongg only when some instance uses every kind held and the discard's.
            held = candidates[seat]
            if held is None:
                held = self._candidates_of(seat)
            if held & with_tile and self.matcher.is_complete(state.holding(tile)):
                options[seat] = [WIN_ACTION, *calls, PASS_ACTION]
            elif calls:
                options[seat] = [*calls, PASS_ACTION]
        if options:  # the window opens with no answer yet (the last was closed)
            self.phase, self.current, self.discard = CLAIM, discarder, tile
            self._options = options
        else:
            self._draw_next(discarder)

    def _resolve_claims(self) -> None:
        """Mah Jongg beats an exposure; otherwise the seat next in turn wins (reference 3.3.5)."""
        source, tile = self.current, self.discard
        assert tile is not None
        order = self.rules.claim_order  # the strongest claim first (RuleSet.claim_order)
        chosen = self._chosen_claim(lambda seat, action: (-order.index(action.kind),))
        if chosen is None:
            self._draw_next(source)
            return
        seat, action = chosen
        self.seats[source].claimed[-1] = True
        state = self.seats[seat]
        self.discard = None
        if action.kind == WIN:
            self._out_of_sight[kind(tile)] += 1  # the called discard goes into a hidden hand
            self._take(seat, tile)
            self._win(seat, source, tile)
            return
        exposure = exposure_of(action.tiles)
        hand_naturals = list(exposure.naturals)
        hand_naturals.remove(tile)  # the called discard
        for t in hand_naturals:
            self._give(seat, t)
            self._out_of_sight[kind(t)] -= 1
        for _ in range(exposure.jokers):
            self._give(seat, JOKER)
        state.exposures.append(exposure)
        state.shown_jokers += exposure.jokers
        if exposure.jokers:
            self._find_exchange_offers()
        key = (exposure.tile, exposure.size)
        state.keys += (key,)
        state.needs = ()
        candidates = self._candidates[seat]
        if candidates is not None:
            self._candidates[seat] = candidates & self.matcher.with_set.get(key, 0)
        self.events.append(Event("call", seat, tile, tiles=tuple(exposure.tiles())))
        self._start_turn(seat, drawn=None, called_from=source)
        if self._check_dead(tuple(hand_naturals), seat) and not state.playing():
            self._draw_next(seat)

    # ---------------------------------------------------------------- dead hands and the end

    def _check_dead(self, revealed: tuple[Tile, ...], exposing: int | None = None) -> bool:
        """Kill every hand whose exposures no line can still be made around, from what is in
        sight: its exposures fit no line at all (a wrong exposure), or the tiles left do not
        allow one (reference 3.5.2; seed 001 part 6.6). Only the seat that just exposed, and
        hands whose watched kinds take a tile just ``revealed`` (any, when a joker was thrown
        away), can have died: the instance last found for them can still be made otherwise.
        Returns whether any hand died."""
        matcher = self.matcher
        shown = 0
        for tile in revealed:
            shown |= 1 << _KIND[tile]
        every = JOKER in revealed
        if not (every or exposing is not None or self._watched & shown):
            return False
        out, undiscarded = self._out_of_sight, JOKERS - self._jokers_gone  # jokers
        died = looked = False
        for seat, state in enumerate(self.seats):
            if not state.keys or state.dead:  # a seat with exposures is at the table
                continue
            if not (every or seat == exposing or state.watch & shown):
                continue
            jokers_left = undiscarded - state.shown_jokers
            if state.needs and possible(state.needs, out, jokers_left):
                continue
            looked = True
            found = matcher.witness(state.keys, out, jokers_left)
            if found is not None:
                state.needs, state.watch = found
                continue
            alone = unseen_supply(t for e in state.exposures for t in e.naturals)
            wrong = not matcher.viable(state.keys, alone, JOKERS - state.shown_jokers)
            self._kill(seat, WRONG_EXPOSURE if wrong else NO_LINE_LEFT)
            died = True
        if looked:  # a watch changed, or a hand died
            self._watched = self._live_watch()
        return died

    def _live_watch(self) -> int:
        """The kinds watched by the hands that may die: each live seat's with exposures."""
        watched = 0
        for state in self.seats:
            if state.keys and not state.dead:
                watched |= state.watch
        return watched

    def out_of_sight(self) -> list[int]:
        """Natural tiles per kind that no seat sees on the table (a copy to change)."""
        return self._out_of_sight[:]

    def jokers_gone(self) -> int:
        """Jokers discarded: in sight of every seat."""
        return self._jokers_gone

    def recount(self) -> None:
        """Work out from the seats' tiles what play keeps up to date: each seat's exposure keys,
        the tiles out of sight, the jokers gone and shown, and (when next asked) the candidates
        for Mah Jongg. For tests that arrange tiles by hand, and the plain definition of these
        counts."""
        visible: list[Tile] = []
        for state in self.seats:
            state.keys = tuple((e.tile, e.size) for e in state.exposures)
            state.shown_jokers = sum(e.jokers for e in state.exposures)
            state.watch = _EVERY_KIND if state.keys else 0
            state.needs = ()
            for exposure in state.exposures:
                visible += exposure.naturals
            visible += [t for t, c in zip(state.discards, state.claimed, strict=True) if not c]
        self._out_of_sight = unseen_supply(visible)
        self._jokers_gone = sum(state.discards.count(JOKER) for state in self.seats)
        self._watched = self._live_watch()
        self._find_exchange_offers()
        self._candidates = [None] * SEATS
        self._turn_actions = None

    def _kill(self, seat: int, reason: str) -> None:
        """A dead hand stops playing and still pays (seed 001 part 6.3)."""
        self.seats[seat].dead = reason
        self.events.append(Event("dead", seat))

    def _win(
        self, seat: int, discarder: int | None, tile: Tile | None, heavenly: bool = False
    ) -> None:
        """Mah Jongg: the line that pays most is the one scored (reference 3.6). ``tile`` is the
        winning tile to mark in the hand: the discard, or the drawn tile when it was the last
        tile taken."""
        holding = self.seats[seat].holding()
        best = self.matcher.best(holding, self.rules.jokerless_except_singles_and_pairs)
        assert best is not None
        self._end(seat, discarder, tile, best, heavenly)

    def _end_wall_game(self) -> None:
        self._end(None, None, None, None, False)

    def _end(
        self,
        winner: int | None,
        discarder: int | None,
        tile: Tile | None,
        best: LineMatch | None,
        heavenly: bool,
    ) -> None:
        hands = tuple(self._hand(s, tile if s == winner else None) for s in range(SEATS))
        settlement = None
        if winner is not None and best is not None:
            present = [s for s in range(SEATS) if self.seats[s].present]
            settlement = settle_american(
                best.value, winner, discarder, present, best.jokerless_bonus
            )
        self.result = AmericanResult(
            winner,
            discarder,
            tile,
            hands,
            None if best is None else best.line.id,
            0 if best is None else best.value,
            best is not None and best.jokerless_bonus,
            heavenly,
            tuple(state.dead for state in self.seats),
            settlement,
        )
        self.phase = ENDED
        self._options, self._answers, self._turn_actions = {}, {}, None
        self._required, self.choices = [], {}
        self.events.append(Event("end", winner, tile))

    def _hand(self, seat: int, winning: Tile | None) -> AmericanHand:
        tiles = self.seats[seat].tiles()
        if winning is not None:
            tiles.remove(winning)
        return AmericanHand(tuple(tiles), tuple(self.seats[seat].exposures), winning)

    # ---------------------------------------------------------------- explaining refusals

    def _why_illegal(self, seat: int, action: AmericanAction) -> str:
        if not 0 <= seat < SEATS:
            return f"there is no seat {seat}: the seats are 0 (East) to 3 (North)"
        wind = WINDS[seat]
        if not self.seats[seat].present:
            return f"{wind} cannot {action.kind}: it is {EMPTY_SEAT}"
        if self.phase == ENDED:
            return (
                "the hand is over: play goes on only until one player declares Mah Jongg or "
                "all the tiles have been taken (seed 001 part 3.3)"
            )
        if self.seats[seat].dead:
            return (
                f"{wind}'s hand is dead ({self.seats[seat].dead}): play continues with the "
                "remaining players (seed 001 part 6.3)"
            )
        if self.phase == CHARLESTON:
            return self._why_illegal_charleston(seat, action)
        if action.kind in (PASS_TILES, VOTE, COURTESY):
            return (
                f"the Charleston is over, and {action.kind} belongs to it: the exchange of tiles "
                "ends before East's first discard (seed 001 part 2.4, part 3.1)"
            )
        if self.phase == TURN:
            return self._why_illegal_turn(seat, action)
        return self._why_illegal_claim(seat, action)

    def _why_illegal_turn(self, seat: int, action: AmericanAction) -> str:
        wind = WINDS[seat]
        if seat != self.current:
            return (
                f"it is {WINDS[self.current]}'s turn, not {wind}'s: play continues to the "
                "right, in turn (seed 001 part 3.3)"
            )
        if action.kind == WIN:
            return (
                f"{wind}'s tiles complete no line of the card: Mah Jongg is a sequence of 14 "
                "tiles shown on the card (seed 001 part 6)"
            )
        if action.kind in (CALL, PASS):
            return (
                f"no discard is up for claim: on her turn {wind} picks up a tile and discards "
                "one (seed 001 part 3.2)"
            )
        if len(action.tiles) != 1:
            return f"{action.kind} names one tile (seed 001 part 3.2, part 4.7)"
        if action.kind == DISCARD:
            return (
                f"{wind} does not hold {format_tiles(action.tiles)}: a player discards one of "
                "her own tiles (seed 001 part 3.2)"
            )
        return self._why_not_exchange(seat, action)

    def _why_not_exchange(self, seat: int, action: AmericanAction) -> str:
        wind, (tile,), owner = WINDS[seat], action.tiles, action.number
        if not self._may_exchange:
            return (
                "a Joker is exchanged on one's turn after picking up a tile: \"The player cannot "
                'take the Joker first and then play her turn" (seed 001 part 4.7)'
            )
        if tile == JOKER:
            return "a Joker is exchanged for the tile it represents (seed 001 part 4.7)"
        if not self.seats[seat].concealed[tile]:
            return (
                f"{wind} does not hold {format_tiles(action.tiles)}: the tile given for a Joker "
                "comes from her own rack (seed 001 part 4.7)"
            )
        shown = self.seats[owner].exposures if 0 <= owner < SEATS else []
        if not any(e.jokers and e.tile == kind(tile) for e in shown):
            whose = WINDS[owner] if 0 <= owner < SEATS else f"seat {owner}"
            return (
                f"{whose} shows no Joker standing for {format_tiles(action.tiles)}: a "
                "player can take a Joker displayed in a Pung, Kong or Quint if she has the tile "
                "it represents (seed 001 part 4.7)"
            )
        legal = ", ".join(str(a) for a in self.legal_actions(seat) if a.kind == EXCHANGE)
        return f"{action} is not one of the exchanges {wind} may make: {legal}"

    def _why_illegal_claim(self, seat: int, action: AmericanAction) -> str:
        wind, tile = WINDS[seat], self.discard
        assert tile is not None
        name = format_tiles((tile,))
        if action.kind == DISCARD:
            return (
                f"{wind} may not discard while {name} is up for claim: the next player picks up "
                "a tile only if no one claims it (seed 001 part 3.2, part 4.5)"
            )
        if action.kind == EXCHANGE:
            return (
                f"{wind} may not exchange for a Joker while {name} is up for claim: that is "
                "done on one's own turn, after picking up a tile (seed 001 part 4.7)"
            )
        if seat == self.current:
            return (
                f"{wind} discarded {name} and cannot take it back: once a tile is named or "
                'touches the table "the player cannot reclaim it" (seed 001 part 4.6)'
            )
        if seat in self._answers:
            return (
                f"{wind} has already answered the discard of {name}: she asks for the tile or "
                "lets it go, once (seed 001 part 4.2)"
            )
        if action.kind == WIN:
            return (
                f"{wind}'s tiles with {name} complete no line of the card: Mah Jongg is a "
                "sequence of 14 tiles shown on the card (seed 001 part 6)"
            )
        if action.kind == CALL:
            return self._why_not_call(seat, action, tile)
        return (
            f"{wind} is not asked about {name}: a discard is asked for only to complete a Pung, "
            "Kong or Quint, or to win (seed 001 part 4.2)"
        )

    def _why_not_call(self, seat: int, action: AmericanAction, tile: Tile) -> str:
        exposure = exposure_of(action.tiles)
        name = format_tiles((tile,))
        if exposure.size < 3:
            return (
                "a discard is called only to complete a Pung, Kong or Quint, or for Mah Jongg: "
                '"A player cannot pick up a discarded tile for a single or a pair unless it is '
                'the last tile to win" (seed 001 part 5)'
            )
        if exposure.size > MAX_EXPOSURE:
            return f"an exposure holds at most {MAX_EXPOSURE} tiles, a Sextet (reference 3.3.2)"
        if tile not in exposure.naturals or {kind(t) for t in exposure.naturals} != {kind(tile)}:
            return (
                f"a called discard completes a set of its own tile: this exposure is not of "
                f"{name} (seed 001 part 4.3: she must expose the Pung, Kong or Quint)"
            )
        from_hand = list(action.tiles)
        from_hand.remove(tile)
        short = [t for t in set(from_hand) if self.seats[seat].concealed[t] < from_hand.count(t)]
        if short:
            return (
                f"{WINDS[seat]} does not hold {format_tiles(sorted(from_hand))}: the rest of the "
                "exposure comes from her own tiles and Jokers (seed 001 part 4.3)"
            )
        legal = ", ".join(str(a) for a in self.legal_actions(seat))
        return f"{action} is not one of the answers {WINDS[seat]} may give: {legal}"

    def _why_illegal_charleston(self, seat: int, action: AmericanAction) -> str:
        stage, wind = self.stage, WINDS[seat]
        if action.kind == WIN:
            if seat != EAST:
                return (
                    "only East may declare Mah Jongg before play: she alone holds 14 tiles "
                    "(seed 001 part 1.8, part 5.1)"
                )
            if stage in charleston.FIRST[1:]:
                return (
                    "East may stop the passing for Mah Jongg only on her dealt tiles or after "
                    "the first Charleston (reference 3.2.7)"
                )
            return (
                "East's tiles complete no line of the card: Mah Jongg is a sequence of 14 tiles "
                "shown on the card (seed 001 part 6)"
            )
        if seat not in self._required:
            return (
                f"{wind} takes no part in the courtesy pass: it is exchanged between players "
                "across from each other, of as many tiles as both offered (seed 001 part 2.4; "
                "reference 3.2.5)"
            )
        if seat in self.choices:
            return f"{wind} has already chosen in this stage ({stage.name}) (seed 001 part 2)"
        count = self.agreed[seat] if stage == charleston.COURTESY else charleston.TILES
        expected, what = {
            charleston.VOTE: (VOTE, "vote yes or no on a second Charleston (seed 001 part 2.2)"),
            charleston.COURTESY_OFFER: (
                COURTESY,
                "offer 0 to 3 tiles for the courtesy pass (seed 001 part 2.4)",
            ),
            charleston.COURTESY: (
                PASS_TILES,
                f"pass the {count} tiles agreed for the courtesy pass (seed 001 part 2.4)",
            ),
        }.get(
            stage,
            (
                PASS_TILES,
                "pass 3 tiles: the Charleston is compulsory and, once started, every exchange "
                "must be done (seed 001 part 2.1, 2.2)",
            ),
        )
        if action.kind != expected:
            return f"{wind} may not {action.kind} during the Charleston ({stage.name}): {what}"
        if action.kind == VOTE:
            return "a vote on the second Charleston is yes or no (seed 001 part 2.2)"
        if action.kind == COURTESY:
            return (
                'a courtesy offer is 0 to 3 tiles: "a final courtesy exchange from 1 to 3 tiles" '
                "(seed 001 part 2.4)"
            )
        if JOKER in action.tiles:
            return (
                'a joker may never be passed: "It is not allowed to pass a Joker to another '
                'player during these exchanges" (seed 001 part 2, note)'
            )
        if action.number and not stage.blind:
            return (
                "a blind pass is allowed only on the third pass of each Charleston, the first "
                "left and the last right (seed 001 part 2.3)"
            )
        if len(action.tiles) + action.number != count:
            given = len(action.tiles) + action.number
            return f"{what}; this pass has {given}, own and blind together"
        tiles = list(action.tiles)
        short = [t for t in set(tiles) if self.seats[seat].concealed[t] < tiles.count(t)]
        if short:
            return (
                f"{wind} does not hold {format_tiles(tiles)}: each player passes her "
                "own tiles (seed 001 part 2.1)"
            )
        legal = ", ".join(map(str, self.legal_actions(seat)))
        return f"{action} is not one of the passes {wind} may make: {legal}"

    # ---------------------------------------------------------------- convenience

    def counts_by_kind(self) -> list[int]:
        """How many of each tile (jokers included) are anywhere in the deal."""
        totals = [0] * KINDS
        for stack in self.wall.stacks:
            for tile in stack:
                totals[tile] += 1
        for state in self.seats:
            for tile in range(KINDS):
                totals[tile] += state.concealed[tile]
            for exposure in state.exposures:
                for tile in exposure.tiles():
                    totals[tile] += 1
            for tile, claimed in zip(state.discards, state.claimed, strict=True):
                if not claimed:
                    totals[tile] += 1
        return totals
