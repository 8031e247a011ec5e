"""One hand of play, from the wall to a win or a wall game, as a state machine.

The deal is pure: its randomness is a generator seeded from ``seed`` and owned by the deal, so
the rule set, the seed and the actions reproduce it exactly. Drawing, bonus-tile replacement and
dealing are automatic; the choices are the actions: discard, declare a kong, claim, win or pass.

>>> from fourwinds.rules import get_rules
>>> deal = Deal(get_rules("beginner"), seed=1)
>>> deal.phase, deal.current, len(deal.legal_actions(0)) > 0
('turn', 0, True)
>>> deal.legal_actions(1)
[]
>>> deal.apply(1, Action.parse("discard 1m"))
Traceback (most recent call last):
...
fourwinds.engine.actions.IllegalAction: seat 1 may not discard now: it is seat 0's turn
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass, field
from itertools import compress
from typing import Final

from fourwinds.analysis import is_winning, tiles_to_win, waits
from fourwinds.engine.actions import (
    ADDED_KONG,
    ADDED_KONGS,
    CHOW,
    CHOWS,
    CONCEALED_KONG,
    CONCEALED_KONGS,
    DISCARD,
    DISCARDS,
    KONG,
    KONGS,
    PASS,
    PASS_ACTION,
    PUNG,
    PUNGS,
    STANDING,
    STANDINGS,
    WIN,
    WIN_ACTION,
    Action,
)
from fourwinds.engine.events import Event
from fourwinds.hand import Context, Hand, Meld, MeldKind
from fourwinds.rules import HIGHEST_SCORE, RuleSet
from fourwinds.scoring import is_legal_win, score
from fourwinds.shapes import STANDARD, standard_waits
from fourwinds.tiles import FIRST_FLOWER, JOKER, PLAIN_KINDS, SUITED_KINDS, Tile, tile_name
from fourwinds.turns import CLAIM, ENDED, SEATS, TURN, HandEnd, Turns
from fourwinds.wall import Wall

ROB: Final = "rob"
"""A tile was added to an exposed pung; the seats it would complete may rob the kong."""
_BONUS_KINDS: Final = frozenset(range(FIRST_FLOWER, JOKER))


def _events_of(kind: str, private: bool) -> tuple[tuple[Event, ...], ...]:
    """One shared event of this kind per seat and tile, for the events of every turn."""
    return tuple(
        tuple(Event(kind, seat, tile, private=private) for tile in range(PLAIN_KINDS))
        for seat in range(SEATS)
    )


_EAST_ONLY: Final = [True, False, False, False]
"""Who has discarded when East's first discard is on the table."""

_AFTER: Final = tuple(tuple((seat + step) % SEATS for step in (1, 2, 3)) for seat in range(SEATS))
"""The other seats in playing order, from the one after ``seat``."""

_DRAW_EVENTS: Final = _events_of("draw", private=True)
_REPLACEMENT_EVENTS: Final = _events_of("replacement", private=True)
_DISCARD_EVENTS: Final = _events_of("discard", private=False)


@dataclass(slots=True)
class Seat:
    """One seat's tiles. ``concealed`` is a count array of the 34 suit and honour kinds."""

    concealed: list[int] = field(default_factory=lambda: [0] * PLAIN_KINDS)
    melds: list[Meld] = field(default_factory=list)
    bonus: list[Tile] = field(default_factory=list)
    discards: list[Tile] = field(default_factory=list)
    claimed: list[bool] = field(default_factory=list)
    """For each discard, whether another seat took it."""
    waits: list[Tile] | None = None
    """Cached kinds that complete the hand; None when the hand changed since."""
    standing: bool = False
    """A Standing Hand was declared: the seat only discards what it draws, until it wins."""

    def tile_count(self) -> int:
        return sum(self.concealed)


@dataclass(frozen=True, slots=True)
class Result(HandEnd):
    """How the hand ended, with the ``Context`` the winner's hand is scored in."""

    hands: tuple[Hand, ...] = ()
    context: Context | None = None


class Deal(Turns[Action]):
    """One hand under a rule set. Seats are numbered by seat wind: 0 East (who plays first),
    1 South, 2 West, 3 North."""

    family = "classical-style"
    claim_phases = frozenset((CLAIM, ROB))
    seats: list[Seat]

    def __init__(self, rules: RuleSet, seed: int, prevailing_wind: int = 0) -> None:
        self._check_family(rules)
        self.rules = rules
        self.seed = seed
        self.prevailing_wind = prevailing_wind
        self.wall = Wall.build(rules, random.Random(seed))
        self.seats = [Seat() for _ in range(SEATS)]
        self.phase = TURN
        self.current = 0
        self.history: list[tuple[int, Action]] = []
        self.result: Result | None = None
        self.discard: Tile | None = None
        """The tile up for claim (CLAIM) or being added to a kong (ROB)."""
        self.drawn: Tile | None = None
        self._from_replacement = False
        self._may_declare = False
        self._kongs_this_turn = 0
        self._untouched = True
        """No claim and no kong yet: first-turn wins are still possible."""
        self._has_discarded = [False] * SEATS
        self._options: dict[int, list[Action]] = {}
        self._answers: dict[int, Action] = {}
        self._turn_actions: list[Action] | None = None
        self.events: list[Event] = []
        self._special_shapes = tuple(shape for shape in rules.shapes if shape != STANDARD)
        self._deal()

    # ---------------------------------------------------------------- setup

    def _deal(self) -> None:
        wall, seats = self.wall, self.seats
        dealt: list[list[Tile]] = [[] for _ in range(SEATS)]
        for take in self.rules.deal_takes:
            for tiles in dealt:
                tiles += wall.draw_tiles(take)
        if self.rules.east_jump:
            for seat, tile in zip((0, 0, 1, 2, 3), wall.deal_jump(), strict=True):
                dealt[seat].append(tile)
        else:
            for tiles in dealt:
                tiles.append(wall.draw())
        for seat, tiles in enumerate(dealt):
            hand = sorted(tile for tile in tiles if tile not in _BONUS_KINDS)
            concealed = seats[seat].concealed
            for tile in hand:
                concealed[tile] += 1
            seats[seat].bonus += [tile for tile in tiles if tile in _BONUS_KINDS]
            self.events.append(Event("deal", seat, tiles=tuple(hand), private=True))
        # Bonus tiles are shown and replaced, East first, again while a replacement is one.
        for seat in range(SEATS):
            dealt_bonus = list(seats[seat].bonus)
            for tile in dealt_bonus:
                self.events.append(Event("bonus", seat, tile))
            for _ in dealt_bonus:
                if not self._replace_bonus(seat):
                    return
        if self.rules.east_jump:
            self._start_turn(0, drawn=None, replacement=False)
        else:
            self._draw(0, replacement=False)

    def _replace_bonus(self, seat: int) -> bool:
        """Draw a replacement for an exposed bonus tile; False when the hand ended."""
        while True:
            if self.wall.replacements_left() <= 0:
                self._end(None)
                return False
            tile = self.wall.draw_replacement()
            if tile not in _BONUS_KINDS:
                self.seats[seat].concealed[tile] += 1
                self.events.append(Event("replacement", seat, tile, private=True))
                return not self._eight_bonus(seat, tile)
            self.seats[seat].bonus.append(tile)
            self.events.append(Event("bonus", seat, tile))

    def _eight_bonus(self, seat: int, replacement: Tile) -> bool:
        """Hong Kong: a seat that has all eight bonus tiles wins at once with the replacement of
        the last one (seed 002, "Eight Treasures")."""
        if self.rules.eight_bonus_wins and len(self.seats[seat].bonus) == len(_BONUS_KINDS):
            context = Context(seat, self.prevailing_wind, self_drawn=True, loose_tile=True)
            self._end(seat, None, replacement, context)
            return True
        return False

    # ---------------------------------------------------------------- turns

    def _draw(self, seat: int, replacement: bool) -> None:
        """Draw for ``seat`` from the live end or the replacement end, replacing bonus tiles."""
        wall = self.wall
        while True:
            if replacement:
                if wall.replacements_left() <= 0:
                    self._end(None)
                    return
                tile = wall.draw_replacement()
            else:
                if wall.live_left() <= 0:
                    self._end(None)
                    return
                tile = wall.draw()
            if tile not in _BONUS_KINDS:
                break
            self.seats[seat].bonus.append(tile)
            self.events.append(Event("bonus", seat, tile))
            replacement = True
        self.seats[seat].concealed[tile] += 1
        self.events.append((_REPLACEMENT_EVENTS if replacement else _DRAW_EVENTS)[seat][tile])
        if not (replacement and self._eight_bonus(seat, tile)):
            self._start_turn(seat, tile, replacement)

    def _start_turn(self, seat: int, drawn: Tile | None, replacement: bool) -> None:
        self.phase = TURN
        self.current = seat
        self.drawn = drawn
        self._from_replacement = replacement
        self._may_declare = drawn is not None or (self.rules.east_jump and not self.history)
        self._turn_actions = None
        if not replacement:
            self._kongs_this_turn = 0

    def _compute_turn_actions(self) -> list[Action]:
        state = self.seats[self.current]
        counts = state.concealed
        actions: list[Action] = []
        # A win in one's turn is self-drawn, or East's on the dealt tiles; a claimed tile that
        # completes a hand is won in the claim window instead.
        if self.drawn is None:
            complete = not self.history and is_winning(counts, len(state.melds), self.rules.shapes)
        elif state.waits is not None:
            complete = self.drawn in state.waits  # the waits of the hand before this draw
        else:
            complete = is_winning(counts, len(state.melds), self.rules.shapes)
        if complete and self._win_allowed(self.current, None):
            actions.append(WIN_ACTION)
        if state.standing:  # the declared hand may not change: win, or let the drawn tile go
            assert self.drawn is not None  # a standing seat claims only to win
            return [*actions, DISCARDS[self.drawn]]
        if self._may_declare and (4 in counts or state.melds) and self._kong_possible():
            if 4 in counts:
                actions += [CONCEALED_KONGS[t] for t, n in enumerate(counts) if n == 4]
            for meld in state.melds:
                if meld.kind is MeldKind.PUNG and counts[meld.tile]:
                    actions.append(ADDED_KONGS[meld.tile])
        actions += compress(DISCARDS, counts)  # a discard for every kind held, in C
        if self.rules.standing_hand and not self._has_discarded[self.current] and not state.melds:
            actions += self._standing_discards(counts)
        return actions

    def _standing_discards(self, counts: list[int]) -> list[Action]:
        """A seat's first discard may declare a Standing Hand when it leaves the hand ready with
        nothing declared (seed 004 rule 9; Original Call, league-presets.md 5a)."""
        if tiles_to_win(counts, 0, self.rules.shapes) > 0:
            return []  # no discard leaves these fourteen ready (the usual case, at one look)
        work = list(counts)
        offers = []
        for tile in range(PLAIN_KINDS):
            if work[tile]:
                work[tile] -= 1
                if waits(work, 0, self.rules.shapes):
                    offers.append(STANDINGS[tile])
                work[tile] += 1
        return offers

    def _kong_possible(self) -> bool:
        """No kong without a replacement (in Hong Kong, one the live wall can make good)."""
        return self.wall.replacements_left() > 0

    # ---------------------------------------------------------------- winning

    def _win_allowed(self, seat: int, discard: Tile | None) -> bool:
        """The rule set's further conditions on a complete hand (maximum chows, minimum faan).
        A rule set without scoring (Beginner) asks only for the shape."""
        if not self.rules.scoring:
            return True
        hand, context = self._winning_hand(seat, discard, robbed=self.phase == ROB)
        return is_legal_win(hand, context, self.rules)

    def _seat_waits(self, seat: int) -> list[Tile]:
        state = self.seats[seat]
        if state.waits is None:
            if state.melds or not self._special_shapes:  # special shapes allow no meld
                state.waits = standard_waits(state.concealed)
            else:
                state.waits = waits(state.concealed, 0, self.rules.shapes)
        return state.waits

    def _winning_hand(self, seat: int, discard: Tile | None, robbed: bool) -> tuple[Hand, Context]:
        state = self.seats[seat]
        counts = list(state.concealed)  # the winning tile is already among them
        if discard is None:  # self-drawn, or East's dealt hand (any of its tiles stands last)
            tile = self.drawn if self.drawn is not None else _any_tile(counts)
        else:
            tile = discard
        counts[tile] -= 1
        concealed = tuple(t for t in range(PLAIN_KINDS) for _ in range(counts[t]))
        hand = Hand(concealed, tuple(state.melds), tuple(state.bonus), tile)
        last = self.wall.live_left() == 0
        if discard is None:  # East on the dealt tiles, another seat on its first draw
            first = self._untouched and not self._has_discarded[seat]
        else:  # on East's first discard, before any other seat discarded
            first = self._untouched and self._has_discarded == _EAST_ONLY
        context = Context(
            seat_wind=seat,
            prevailing_wind=self.prevailing_wind,
            self_drawn=discard is None,
            loose_tile=discard is None and self._from_replacement,
            last_tile=discard is None and last and not self._from_replacement,
            last_discard=discard is not None and not robbed and last,
            robbed_kong=robbed,
            first_turn=first,
            original_call=state.standing,
            twofold_fortune=discard is None
            and self._from_replacement
            and self._kongs_this_turn >= 2,
        )
        return hand, context

    # ---------------------------------------------------------------- applying actions

    def _apply_turn(self, seat: int, action: Action) -> None:
        state = self.seats[seat]
        kind, tile = action.kind, action.tile
        if kind == STANDING:
            state.standing = True
            self.events.append(Event(STANDING, seat))
            kind = DISCARD
        if kind == DISCARD:
            assert tile is not None
            state.concealed[tile] -= 1
            state.discards.append(tile)
            state.claimed.append(False)
            if tile != self.drawn:  # letting the drawn tile go leaves the hand as before the draw
                state.waits = None
            self._has_discarded[seat] = True
            self.drawn = None
            self.events.append(_DISCARD_EVENTS[seat][tile])
            self._open_claims(seat, tile)
        elif kind == WIN:
            hand, context = self._winning_hand(seat, None, robbed=False)
            self._end(seat, None, hand.winning_tile, context)
        elif kind == CONCEALED_KONG:
            assert tile is not None
            state.concealed[tile] -= 4
            state.melds.append(Meld(MeldKind.KONG, tile, exposed=False))
            state.waits = None
            shown = tile if self.rules.concealed_kong_shown else None
            self.events.append(Event("concealed-kong", seat, shown))
            self._after_kong(seat)
        elif kind == ADDED_KONG:
            assert tile is not None
            state.concealed[tile] -= 1
            state.waits = None
            self.events.append(Event("added-kong", seat, tile))
            self._open_robbing(seat, tile)

    def _after_kong(self, seat: int) -> None:
        self._untouched = False
        self._kongs_this_turn += 1
        self.seats[seat].waits = None
        self._draw(seat, replacement=True)

    def _open_claims(self, discarder: int, tile: Tile) -> None:
        """Ask every seat that could use the discard; seats with nothing to claim pass silently,
        and when no seat can claim, the next seat draws at once."""
        asked: dict[int, list[Action]] = {}
        seats = self.seats
        left = _AFTER[discarder][0]  # the only seat that may chow
        chows = (
            _chows_with(seats[left].concealed, tile)
            if tile < SUITED_KINDS and self._chows_allowed(seats[left])
            else []
        )
        for seat in _AFTER[discarder]:
            state = seats[seat]
            waits = state.waits if state.waits is not None else self._seat_waits(seat)
            if state.concealed[tile] >= 2 or tile in waits or (seat == left and chows):
                options = self._claim_options(
                    seat, tile, tile in waits, chows if seat == left else []
                )
                if options:
                    asked[seat] = options
        if asked:
            self.phase, self.current, self.discard = CLAIM, discarder, tile
            self._options, self._answers = asked, {}
        else:
            self._next_turn(discarder)

    def _claim_options(self, seat: int, tile: Tile, wins: bool, chows: list[Tile]) -> list[Action]:
        """What ``seat`` may answer to the discard ``tile``: its claims, then pass (none when it
        has no claim after all: a complete hand that is not a legal win)."""
        n = self.seats[seat].concealed[tile]
        options: list[Action] = []
        if wins and self._can_win_on(seat, tile):
            options.append(WIN_ACTION)
        if self.seats[seat].standing:  # a declared hand claims only to win
            return [*options, PASS_ACTION] if options else []
        if n == 3 and self._kong_possible():
            options.append(KONGS[tile])
        if n >= 2:
            options.append(PUNGS[tile])
        options += [CHOWS[low] for low in chows]
        if options:
            options.append(PASS_ACTION)
        return options

    def _can_win_on(self, seat: int, tile: Tile) -> bool:
        self.seats[seat].concealed[tile] += 1
        try:
            return self._win_allowed(seat, tile)
        finally:
            self.seats[seat].concealed[tile] -= 1

    def _chows_allowed(self, state: Seat) -> bool:
        if self.rules.max_chows >= 4:  # a hand has room for four sets at most
            return True
        chows = sum(1 for meld in state.melds if meld.kind is MeldKind.CHOW)
        return chows < self.rules.max_chows

    def _open_robbing(self, seat: int, tile: Tile) -> None:
        self.phase, self.current, self.discard = ROB, seat, tile
        self._options, self._answers = {}, {}
        for step in (1, 2, 3):
            other = (seat + step) % SEATS
            if tile in self._seat_waits(other) and self._can_win_on(other, tile):
                self._options[other] = [WIN_ACTION, PASS_ACTION]
        if not self._options:
            self._complete_added_kong(seat, tile)

    def _complete_added_kong(self, seat: int, tile: Tile) -> None:
        self.discard = None  # nobody robbed the kong: its tile is no longer up for a claim
        melds = self.seats[seat].melds
        index = melds.index(Meld(MeldKind.PUNG, tile, exposed=True))
        melds[index] = Meld(MeldKind.KONG, tile, exposed=True)
        self._after_kong(seat)

    def _next_turn(self, discarder: int) -> None:
        self.discard = None
        self._options, self._answers = {}, {}
        self._draw((discarder + 1) % SEATS, replacement=False)  # or a wall game, if none is left

    def _resolve_claims(self) -> None:
        source, tile = self.current, self.discard
        assert tile is not None
        winners = [seat for seat, action in self._answers.items() if action.kind == WIN]
        values = (
            {seat: self._win_value(seat, tile) for seat in winners}
            if len(winners) > 1 and self.rules.win_claims == HIGHEST_SCORE
            else {}
        )
        order = self.rules.claim_order  # the strongest claim first (RuleSet.claim_order)
        chosen = self._chosen_claim(
            lambda seat, action: (-order.index(action.kind), values.get(seat, 0))
        )
        robbing = self.phase == ROB
        if chosen is None:
            if robbing:
                self._complete_added_kong(source, tile)
            else:
                self._next_turn(source)
            return
        seat, action = chosen
        if not robbing:
            self.seats[source].claimed[-1] = True  # the tile now lies in the claimer's hand
        state = self.seats[seat]
        if action.kind == WIN:
            state.concealed[tile] += 1
            context = self._winning_hand(seat, tile, robbed=robbing)[1]
            self._end(seat, source, tile, context)
            return
        self._untouched = False
        self.discard = None
        if action.kind == CHOW:
            low = action.tile
            assert low is not None
            for t in (low, low + 1, low + 2):
                if t != tile:
                    state.concealed[t] -= 1
            state.melds.append(Meld(MeldKind.CHOW, low, exposed=True))
        else:
            kong = action.kind == KONG
            state.concealed[tile] -= 3 if kong else 2
            state.melds.append(Meld(MeldKind.KONG if kong else MeldKind.PUNG, tile, exposed=True))
        self.events.append(Event(action.kind, seat, tile, tiles=state.melds[-1].tiles))
        state.waits = None
        if action.kind == KONG:
            self._kongs_this_turn = 0
            self._after_kong(seat)
        else:
            self._start_turn(seat, drawn=None, replacement=False)

    def _win_value(self, seat: int, tile: Tile) -> int:
        """What a Mah Jongg on ``tile`` would score ``seat``: seed 000 gives a discard wanted by
        several players to "the Player who will score the most Points with that Tile"."""
        self.seats[seat].concealed[tile] += 1
        try:
            hand, context = self._winning_hand(seat, tile, robbed=self.phase == ROB)
        finally:
            self.seats[seat].concealed[tile] -= 1
        return score(hand, context, self.rules).total

    def _end(
        self,
        winner: int | None,
        discarder: int | None = None,
        tile: Tile | None = None,
        context: Context | None = None,
    ) -> None:
        hands = []
        for seat, state in enumerate(self.seats):
            counts = list(state.concealed)
            winning = tile if seat == winner else None
            if winning is not None:
                counts[winning] -= 1
            concealed = tuple(t for t in range(PLAIN_KINDS) for _ in range(counts[t]))
            hands.append(Hand(concealed, tuple(state.melds), tuple(state.bonus), winning))
        self.result = Result(winner, discarder, tile, tuple(hands), context)
        self.phase = ENDED
        self._options, self._answers = {}, {}
        self._turn_actions = None
        self.events.append(Event("end", winner, tile))

    # ---------------------------------------------------------------- explaining refusals

    def _why_illegal(self, seat: int, action: Action) -> str:
        if self.phase == ENDED:
            return "the hand is over"
        if not 0 <= seat < SEATS:
            return f"there is no seat {seat}"
        if self.phase == TURN and seat != self.current:
            return f"seat {seat} may not {action.kind} now: it is seat {self.current}'s turn"
        if self.phase != TURN and action.kind in (DISCARD, STANDING, CONCEALED_KONG, ADDED_KONG):
            return f"seat {seat} may not {action.kind} while a claim is being decided"
        if seat in self._answers:
            return f"seat {seat} has already answered"
        if self.phase == TURN:
            why = self._why_not_in_turn(seat, action)
        elif action.kind == PASS:
            why = f"seat {seat} has nothing to pass: it was not asked about this tile"
        else:
            why = self._why_not_claimed(seat, action)
            if why and seat not in self._options:
                why = f"seat {seat} has nothing to claim on this tile: {why}"
        if why:
            return why
        legal = ", ".join(map(str, self.legal_actions(seat)))
        return f"{action} is not allowed now; seat {seat} may: {legal}"

    def _why_not_in_turn(self, seat: int, action: Action) -> str:
        """The rule a move in one's own turn breaks ("" when none is known)."""
        state, kind, tile = self.seats[seat], action.kind, action.tile
        if state.standing and kind != WIN and self.drawn is not None:
            return (
                f"a declared Standing Hand may not change: it discards the {tile_name(self.drawn)}"
                " it drew, or wins (seed 004, rule 9)"
            )
        if kind == STANDING:
            return self._why_not_standing(seat, tile)
        if kind == DISCARD:
            in_hand = tile is not None and state.concealed[tile] > 0
            return "" if in_hand else f"{action}: that tile is not in the hand"
        if kind in (CHOW, PUNG, KONG):
            hint = "; a kong of one's own tiles is a concealed-kong or added-kong"
            return f"{action} is not allowed now: no discard is up for a claim" + (
                hint if kind == KONG else ""
            )
        if kind == PASS:
            return f"nothing to pass: seat {seat} has a tile to discard (seed 004, rule 7)"
        if kind == WIN:
            if not is_winning(state.concealed, len(state.melds), self.rules.shapes):
                return "the hand is not complete: a win is four sets and a pair, or a special hand"
            if self.drawn is None and self.history:
                return "no win on a tile claimed for a set: a discard that wins is claimed with win"
            return self._why_no_legal_win(seat, None)
        if tile is None or kind not in (CONCEALED_KONG, ADDED_KONG):
            return ""
        name, held = tile_name(tile), state.concealed[tile]
        if kind == CONCEALED_KONG and held < 4:
            return f"a concealed kong needs four {name} in the hand, not {held} (seed 004, rule 17)"
        if kind == ADDED_KONG and Meld(MeldKind.PUNG, tile, exposed=True) not in state.melds:
            return f"an added kong needs an exposed pung of {name} (seed 004, rule 17.2)"
        if kind == ADDED_KONG and not held:
            return f"an added kong needs the fourth {name} in the hand (seed 004, rule 17.2)"
        if not self._may_declare:
            return "a kong may be declared only right after drawing a tile"
        if not self._kong_possible():
            return "no kong when no replacement tile is left"
        return ""

    def _why_not_claimed(self, seat: int, action: Action) -> str:
        """The rule a claim on the tile up for claim breaks ("" when none is known)."""
        discard, kind, tile = self.discard, action.kind, action.tile
        if discard is None:
            return ""
        name, held = tile_name(discard), self.seats[seat].concealed
        if seat == self.current:
            return "no seat claims its own discard or the tile it adds to a kong"
        if self.seats[seat].standing and kind != WIN:
            return (
                "a declared Standing Hand claims a discard only to go Mah Jongg (seed 004, rule 9)"
            )
        if self.phase == ROB and kind != WIN:
            return "a tile added to a kong may be taken only to go Mah Jongg (seed 004, rule 17.2)"
        if kind == WIN:
            held[discard] += 1
            try:
                if not is_winning(held, len(self.seats[seat].melds), self.rules.shapes):
                    return f"the hand is not complete with {name}"
                return self._why_no_legal_win(seat, discard)
            finally:
                held[discard] -= 1
        if tile is None:
            return ""
        if kind == CHOW:
            chow = (tile, tile + 1, tile + 2)
            others = [t for t in chow if t != discard]
            if discard not in chow:
                return f"{action} does not use the discard {name}"
            if seat != _AFTER[self.current][0]:
                return (
                    "a chow may be claimed only from the player on the left, unless it wins "
                    "(seed 004, rule 15)"
                )
            if not all(held[t] for t in others):
                return f"{action} needs {' and '.join(map(tile_name, others))} in the hand"
            if not self._chows_allowed(self.seats[seat]):
                n = self.rules.max_chows
                return f"{self.rules.title} allows only {n} chow{'' if n == 1 else 's'} in a hand"
            return ""
        if tile != discard:
            return f"the tile up for claim is {name}, not {tile_name(tile)}"
        if kind == PUNG and held[discard] == 1:
            return (
                f"a pung needs two {name} in the hand; a discard completes a pair only to go "
                "Mah Jongg (seed 004, rule 11)"
            )
        if kind == PUNG and not held[discard]:
            return f"a pung needs two {name} in the hand (seed 004, rule 16)"
        if kind == KONG and held[discard] < 3:
            return f"a kong claim needs three {name} in the hand (seed 004, rule 17)"
        if kind == KONG and not self._kong_possible():
            return "no kong when no replacement tile is left"
        return ""

    def _why_not_standing(self, seat: int, tile: Tile | None) -> str:
        """The rule a Standing Hand declared with the discard ``tile`` breaks."""
        state = self.seats[seat]
        if not self.rules.standing_hand:
            return f"{self.rules.title} has no Standing Hand"
        if tile is None or not state.concealed[tile]:
            return "that tile is not in the hand"
        if self._has_discarded[seat]:
            return "a Standing Hand is declared with the first discard (seed 004, rule 9)"
        if state.melds:
            return "a Standing Hand is declared with nothing exposed or declared"
        return (
            f"discarding {tile_name(tile)} leaves the hand not ready: a Standing Hand is one tile "
            "from Mah Jongg"
        )

    def _why_no_legal_win(self, seat: int, discard: Tile | None) -> str:
        """What keeps a complete hand from winning (maximum chows, minimum faan), from its
        score sheet; the winning tile is already among the seat's tiles."""
        if not self.rules.scoring:
            return ""
        hand, context = self._winning_hand(seat, discard, robbed=self.phase == ROB)
        reason = score(hand, context, self.rules).reason
        return f"not a legal win: {reason}" if reason else ""

    # ---------------------------------------------------------------- convenience

    def counts_by_kind(self) -> list[int]:
        """How many of each kind are anywhere in the deal (for conservation checks)."""
        totals = [0] * JOKER
        for stack in self.wall.stacks:
            for tile in stack:
                totals[tile] += 1
        for state in self.seats:
            for tile in range(PLAIN_KINDS):
                totals[tile] += state.concealed[tile]
            for meld in state.melds:
                for tile in meld.tiles:
                    totals[tile] += 1
            for tile in state.bonus:
                totals[tile] += 1
            for tile, claimed in zip(state.discards, state.claimed, strict=True):
                if not claimed:
                    totals[tile] += 1
        if self.phase == ROB and self.discard is not None:
            totals[self.discard] += 1  # on its way from the hand to the kong
        return totals


def _any_tile(counts: Sequence[int]) -> Tile:
    return next(t for t in range(PLAIN_KINDS) if counts[t])


def _chows_with(counts: Sequence[int], tile: Tile) -> list[Tile]:
    """The lowest tiles of every chow the discard ``tile`` completes with two held tiles."""
    value = tile % 9
    below = value >= 1 and counts[tile - 1]
    above = value <= 7 and counts[tile + 1]
    lows = []
    if below and value >= 2 and counts[tile - 2]:
        lows.append(tile - 2)
    if below and above:
        lows.append(tile - 1)
    if above and value <= 6 and counts[tile + 2]:
        lows.append(tile)
    return lows
