"""The Hong Kong faan scorer, driven by a rule set's table (``hongkong``, ``hongkong-standard``).

Every rule below is a check; its faan (closed and open), or "max", come from the rule set's
``score_table``. A hand is *closed* when it has claimed no discard before winning (concealed kongs
allowed; the winning discard itself does not open it), and a rule's open value applies otherwise.
A pung completed by the winning discard is exposed, so it is no concealed pung.

The hand's faan are the sum of its items, or the maximum for a "max" hand, capped at
``rules.max_faan``; its value is the payout table's points for those faan. A win needs at least
``rules.min_faan`` faan; below that it is no legal win.

Fast by construction: each table's items are built once, for a closed and
an open hand, and shared; the rules on the whole hand test a bitmask of the kinds it holds, and
the rules on sets test bitmasks of the chows and pungs of a reading.

>>> from fourwinds.hand import Context, Hand
>>> from fourwinds.rules import get_rules
>>> hand = Hand.parse("123m 456m 789m 111z 9m +9m")
>>> sheet = HONG_KONG.score(hand, Context(), get_rules("hongkong"))
>>> [item.rule for item in sheet.items], sheet.faan, sheet.total
(['half_flush', 'pure_straight', 'prevailing_wind', 'seat_wind', 'no_bonus'], 8, 32)
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Final

from fourwinds.hand import Context, Hand, Meld
from fourwinds.rules import RuleSet
from fourwinds.rules.payouts import PAYOUTS
from fourwinds.rules.values import Value
from fourwinds.scoring.readings import (
    CHOW,
    DRAGON_BITS,
    HONOUR_BITS,
    KONG,
    MAJOR_BITS,
    PAIR,
    PUNG,
    TERMINAL_BITS,
    WIND_BITS,
    HandTiles,
    Reading,
    loser_melds,
    pairs_reading,
    special_complete,
    special_reading,
    standard_readings,
    suits_of,
)
from fourwinds.scoring.scorer import ITEMS, Plan, Scorer, remember
from fourwinds.scoring.settlement import Settlement, settle_hongkong
from fourwinds.scoring.sheet import FaanScale, Item, Scale, ScoreSheet
from fourwinds.shapes import SEVEN_PAIRS, THIRTEEN_ORPHANS, meld_code
from fourwinds.tiles import (
    DRAGONS,
    EAST,
    FIRST_FLOWER,
    FIRST_SEASON,
    Tile,
)

NAMES: Final[dict[str, str]] = {
    "thirteen_orphans": "Thirteen orphans",
    "nine_gates": "Nine gates",
    "eight_treasures": "Eight treasures (all eight bonus tiles)",
    "seven_pairs": "Seven pairs",
    "first_draw": "Win with your first draw",
    "heavenly_hand": "Heavenly hand",
    "earthly_hand": "Earthly hand",
    "last_draw": "Last draw from the wall",
    "last_discard": "Steal the last discard",
    "dead_wall_draw": "Draw from the dead wall",
    "twofold_fortune": "Win on a second kong's replacement",
    "robbing_kong": "Steal from a small kong",
    "self_drawn": "Self-drawn",
    "self_drawn_any": "Self-drawn",
    "concealed_hand": "Concealed hand",
    "all_seasons": "All seasons",
    "all_flowers": "All flowers",
    "flower_set": "All four flowers",
    "season_set": "All four seasons",
    "own_flower": "Own flower",
    "own_season": "Own season",
    "no_bonus": "No bonus tiles",
    "full_flush": "Full flush",
    "half_flush": "Half flush",
    "two_double_chows": "Two sets of two matching chows",
    "pure_straight": "Pure straight",
    "mixed_triple_chow": "Three matching chows of different suits",
    "double_chow": "Two matching chows",
    "four_kongs": "Four kongs",
    "all_kongs": "All kongs",
    "three_kongs": "Three kongs",
    "four_concealed_pungs": "Four concealed pungs",
    "four_pungs": "Four pungs",
    "all_pungs": "All pungs",
    "three_concealed_pungs": "Three closed pungs",
    "triple_pung": "Three pungs with the same number",
    "little_dragons": "Two dragon pungs and a dragon pair",
    "small_dragons": "Small dragons",
    "great_dragons": "Three dragon pungs",
    "big_winds": "Three wind pungs and a wind pair or pung",
    "small_winds": "Small winds",
    "great_winds": "Great winds",
    "all_honours": "Only honours",
    "all_terminals": "Only terminals",
    "outside_hand": "A terminal in each meld",
    "terminals_and_honours": "Only terminals and honours",
    "mixed_orphans": "Mixed orphans",
    "all_simples": "All simples",
    "common_hand": "Common hand",
    "dragon_pung": "Dragon pung",
    "prevailing_wind": "Prevailing wind",
    "seat_wind": "Seat wind",
}

FLOWERS: Final = tuple(range(FIRST_FLOWER, FIRST_SEASON))
SEASONS: Final = tuple(range(FIRST_SEASON, FIRST_SEASON + 4))
_PATTERNS: Final = ("thirteen_orphans", "seven_pairs")
_SUIT_STARTS: Final = 1 | 1 << 9 | 1 << 18
"""The bits of the 1 of each suit."""
"""Special readings that score their own item."""


class _Plan(Plan):
    """A Hong Kong table made ready: its items for a closed and an open hand, and those of
    bonus tiles and honour sets, by what earns them."""

    __slots__ = ("bonus", "honours", "items", "plain")

    def __init__(self, table: Mapping[str, Value]) -> None:
        super().__init__(table)
        self.items: dict[tuple[str, tuple[Tile, ...], bool], tuple[Item, ...]] = {}
        self.plain = tuple(
            {rule: self.get(rule, closed) for rule in table} for closed in (False, True)
        )
        """For an open and a closed hand, the items of the rules that name no tiles."""
        self.bonus: dict[tuple[tuple[Tile, ...], int, bool, bool], tuple[Item, ...]] = {}
        """The items of the bonus tiles, by the tiles, seat wind, closed hand and win."""
        self.honours: dict[tuple[int, int, bool], dict[int, tuple[Item, ...]]] = {}
        """The items of each pung or kong of honours, by the seat and prevailing winds and a
        closed hand, then by :func:`meld_code` (bounded as it is: 32 keys, a few dozen codes)."""

    def get(self, rule: str, closed: bool, tiles: tuple[Tile, ...] = ()) -> tuple[Item, ...]:
        """The rule's item for a closed or open hand, or none when it scores nothing there."""
        key = (rule, tiles, closed)
        found = self.items.get(key)
        if found is None:
            value = self.table.get(rule)
            found = ()
            if value is not None and (value.faan_for(closed) or value.limit):
                name = value.name or NAMES.get(rule, rule)
                found = (Item(rule, name, 0, 0, value.faan_for(closed), value.limit, tiles),)
            remember(self.items, key, found, ITEMS)
        return found


def _is_closed(hand: Hand) -> bool:
    return not any(m.exposed for m in hand.melds)


# ---------------------------------------- items


def _bonus_items(
    plan: _Plan, hand: Hand, context: Context, closed: bool, won: bool
) -> tuple[Item, ...]:
    bonus = hand.bonus
    key = (bonus, context.seat_wind, closed, won)
    found = plan.bonus.get(key)
    if found is not None:
        return found
    table = plan.table
    items: list[Item] = []
    flowers = all(t in bonus for t in FLOWERS)
    seasons = all(t in bonus for t in SEASONS)
    if won and len(set(bonus)) == 8:
        items += plan.get("eight_treasures", closed, bonus)
    own_flower = FIRST_FLOWER + context.seat_wind
    own_season = FIRST_SEASON + context.seat_wind
    if own_flower in bonus and not (flowers and "flower_set" in table):
        items += plan.get("own_flower", closed, (own_flower,))
    if own_season in bonus and not (seasons and "season_set" in table):
        items += plan.get("own_season", closed, (own_season,))
    if flowers:
        items += plan.get("all_flowers", closed, FLOWERS)
        items += plan.get("flower_set", closed, FLOWERS)
    if seasons:
        items += plan.get("all_seasons", closed, SEASONS)
        items += plan.get("season_set", closed, SEASONS)
    if won and not bonus:
        items += plan.get("no_bonus", closed)
    found = remember(plan.bonus, key, tuple(items), ITEMS)
    return found


def _honour_items(
    plan: _Plan, melds: tuple[Meld, ...], context: Context, closed: bool
) -> list[Item]:
    items: list[Item] = []
    key = (context.seat_wind, context.prevailing_wind, closed)
    cache = plan.honours.get(key)
    if cache is None:
        cache = plan.honours[key] = {}
    for m in melds:
        if m.tile >= EAST and (m.kind is PUNG or m.kind is KONG):
            code = meld_code(m.kind, m.tile, m.exposed)
            found = cache.get(code)
            if found is None:
                found = cache[code] = _one_honour_items(plan, m, context, closed)
            items += found
    return items


def _one_honour_items(plan: _Plan, m: Meld, context: Context, closed: bool) -> tuple[Item, ...]:
    tile, tiles = m.tile, m.tiles
    items: list[Item] = []
    if tile in DRAGONS:
        items += plan.get("dragon_pung", closed, tiles)
    if tile == EAST + context.prevailing_wind:
        items += plan.get("prevailing_wind", closed, tiles)
    if tile == EAST + context.seat_wind:
        items += plan.get("seat_wind", closed, tiles)
    return tuple(items)


def _winning_move_items(plan: _Plan, context: Context, winning: Tile, closed: bool) -> list[Item]:
    items: list[Item] = []
    plain = plan.plain[closed]
    won_by = (winning,)
    if context.first_turn:
        if context.self_drawn:
            items += plan.get("first_draw", closed, won_by)
        if context.seat_wind == 0 and context.self_drawn:
            items += plan.get("heavenly_hand", closed, won_by)
        if context.seat_wind != 0 and not context.self_drawn:
            items += plan.get("earthly_hand", closed, won_by)
    if context.last_tile:
        items += plan.get("last_draw", closed, won_by)
    if context.last_discard:
        items += plan.get("last_discard", closed, won_by)
    if context.robbed_kong:
        items += plan.get("robbing_kong", closed, won_by)
    if context.loose_tile:
        if context.twofold_fortune and "twofold_fortune" in plan.table:
            items += plan.get("twofold_fortune", closed, won_by)
        else:
            items += plan.get("dead_wall_draw", closed, won_by)
    if context.self_drawn:
        items += plan.get("self_drawn_any", closed, won_by)
        if not context.loose_tile:
            items += plan.get("self_drawn", closed, won_by)
    if closed:
        items += plain.get("concealed_hand", ())
    return items


def _suit_items(plan: _Plan, hand: Hand, kinds: int, closed: bool) -> list[Item]:
    """The rules on the kinds the whole hand holds (the same for every reading)."""
    plain = plan.plain[closed]
    suits = suits_of(kinds)
    items: list[Item] = []
    if closed and suits == 1 and not kinds & HONOUR_BITS and _nine_gates(hand):
        items += plain.get("nine_gates", ())
    if suits == 1:
        items += plain.get("half_flush" if kinds & HONOUR_BITS else "full_flush", ())
    elif suits == 0:
        items += plain.get("all_honours", ())
    if not kinds & ~TERMINAL_BITS:
        items += plain.get("all_terminals", ())
    elif not kinds & ~MAJOR_BITS and suits:
        items += plain.get("terminals_and_honours", ())
    if not kinds & MAJOR_BITS:
        items += plain.get("all_simples", ())
    return items


def _set_items(plan: _Plan, melds: tuple[Meld, ...], kinds: int, closed: bool) -> list[Item]:
    """The rules on the chows, pungs, kongs and pair of a standard reading."""
    plain = plan.plain[closed]
    chows: list[Tile] = []
    chow_bits = set_bits = pair_bits = 0
    sets = kongs = concealed_sets = 0
    for m in melds:
        kind = m.kind
        if kind is CHOW:
            chows.append(m.tile)
            chow_bits |= 1 << m.tile
        elif kind is PAIR:
            pair_bits |= 1 << m.tile
        else:
            sets += 1
            set_bits |= 1 << m.tile
            kongs += kind is KONG
            concealed_sets += not m.exposed
    honours = kinds & HONOUR_BITS
    items: list[Item] = []
    # chows
    if len(chows) == 4:
        items += plain.get("common_hand", ())
    if len(set(chows)) < len(chows):  # a chow repeated
        repeated = sorted(chows.count(t) for t in set(chows))
        if repeated in ([2, 2], [4]):
            items += plain.get("two_double_chows", ())
        else:
            items += plain.get("double_chow", ())
    if chow_bits & (chow_bits >> 3) & (chow_bits >> 6) & _SUIT_STARTS:  # 123 456 789, one suit
        items += plain.get("pure_straight", ())
    if chow_bits & (chow_bits >> 9) & (chow_bits >> 18) & 0x7F:  # one chow in all three suits
        items += plain.get("mixed_triple_chow", ())
    # pungs and kongs
    if kongs == 4:
        items += plain.get("four_kongs", ())
        items += plain.get("all_kongs", ())
    elif kongs == 3:
        items += plain.get("three_kongs", ())
    if sets == 4:
        items += plain.get("all_pungs", ())
        if not (set_bits | pair_bits) & ~MAJOR_BITS and honours and suits_of(kinds):
            items += plain.get("mixed_orphans", ())
        if concealed_sets == 4:
            items += plain.get("four_concealed_pungs", ())
        else:
            items += plain.get("four_pungs", ())
    if concealed_sets == 3:
        items += plain.get("three_concealed_pungs", ())
    if set_bits & (set_bits >> 9) & (set_bits >> 18) & 0x1FF:  # one value pung in all suits
        items += plain.get("triple_pung", ())
    # honours and terminals
    if honours:
        dragon_sets = (set_bits & DRAGON_BITS).bit_count()
        if dragon_sets == 3:
            items += plain.get("great_dragons", ())
        elif dragon_sets == 2 and pair_bits & DRAGON_BITS:
            items += plain.get("little_dragons", ())
            items += plain.get("small_dragons", ())
        wind_sets = (set_bits & WIND_BITS).bit_count()
        wind_pair = pair_bits & WIND_BITS
        if wind_sets == 4 or (wind_sets == 3 and wind_pair):
            items += plain.get("big_winds", ())
        if wind_sets == 4:
            items += plain.get("great_winds", ())
        elif wind_sets == 3 and wind_pair:
            items += plain.get("small_winds", ())
    elif chows and all(_has_terminal(m) for m in melds):
        items += plain.get("outside_hand", ())
    return items


def _has_terminal(m: Meld) -> bool:
    """Whether a meld of suit tiles holds a 1 or a 9."""
    value = m.tile % 9
    return value == 0 or value == (6 if m.kind is CHOW else 8)


def _nine_gates(hand: Hand) -> bool:
    """One suit holding 1 1 1 2 3 4 5 6 7 8 9 9 9 and one more tile of it, no declared meld."""
    if hand.melds:
        return False
    counts = hand.concealed_counts()
    for base in (0, 9, 18):
        values = counts[base : base + 9]
        if sum(values) == 14:
            return all(
                v >= need for v, need in zip(values, (3, 1, 1, 1, 1, 1, 1, 1, 3), strict=True)
            )
    return False


# ---------------------------------------- readings and the scorer


def _readings(hand: Hand, context: Context, rules: RuleSet, tiles: HandTiles) -> list[Reading]:
    table = rules.score_table
    readings = standard_readings(hand, context, tiles)
    if not hand.melds:
        counts = tiles.counts
        if "thirteen_orphans" in table and special_complete(THIRTEEN_ORPHANS, counts):
            readings.append(special_reading(hand, context, "thirteen_orphans"))
        if "seven_pairs" in table and special_complete(SEVEN_PAIRS, counts):
            readings.append(pairs_reading(hand, context, "seven_pairs"))
    if not readings and rules.eight_bonus_wins and len(set(hand.bonus)) == 8:
        readings.append(special_reading(hand, context, "eight_treasures"))
    return readings


def _candidates(hand: Hand, context: Context, rules: RuleSet) -> list[tuple[Item, ...]]:
    """The items of every reading of a winning hand; a "max" item replaces the others."""
    tiles = HandTiles(hand)
    readings = _readings(hand, context, rules, tiles)
    if not readings:
        return []
    plan = HONG_KONG.plan(rules)
    winning = hand.winning_tile
    assert winning is not None
    closed = not tiles.open
    kinds = tiles.kinds
    whole_hand = _suit_items(plan, hand, kinds, closed)
    common = list(_bonus_items(plan, hand, context, closed, won=True))
    common += _winning_move_items(plan, context, winning, closed)
    candidates = []
    for reading in readings:
        items = (
            list(plan.plain[closed].get(reading.pattern, ()))
            if reading.pattern in _PATTERNS
            else []
        )
        items += whole_hand
        if reading.pattern == "standard":
            items += _set_items(plan, reading.melds, kinds, closed)
        if kinds & HONOUR_BITS:
            items += _honour_items(plan, reading.melds, context, closed)
        items += common
        limits = [item for item in items if item.limit]
        candidates.append(tuple(limits) if limits else tuple(items))
    return candidates


class HongKongScorer(Scorer[_Plan]):
    """Hong Kong: faan, a minimum to win and a payout table (see the module docstring)."""

    scale_options = ("max_faan", "payout")
    # Seed 002: only the winner is paid, by the faan-to-points table; losers pay nothing else.
    losing_sheets = "plays no part in payment: only the winner's hand is paid"

    def new_plan(self, table: Mapping[str, Value]) -> _Plan:
        return _Plan(table)

    def new_scale(self, rules: RuleSet) -> Scale:
        return FaanScale(rules.max_faan, PAYOUTS[rules.payout])

    def score(self, hand: Hand, context: Context, rules: RuleSet) -> ScoreSheet:
        scale = self.scale(rules)
        if hand.winning_tile is None:
            plan = self.plan(rules)
            closed = _is_closed(hand)
            items = _honour_items(plan, loser_melds(hand), context, closed)
            items += _bonus_items(plan, hand, context, closed, won=False)
            return ScoreSheet(False, tuple(items), scale, None, hand, rules.name)
        candidates = _candidates(hand, context, rules)
        if not candidates:
            reason = f"not a winning hand under {rules.title}"
            if hand.size() != 14:
                size = hand.size()
                reason = f"a winning hand has 14 tiles (a kong counts as three), this has {size}"
            return ScoreSheet(False, (), scale, reason, hand, rules.name)
        best = candidates[0]
        if len(candidates) > 1:
            best = max(candidates, key=lambda c: (scale.total(c), sum(i.faan for i in c)))
        sheet = ScoreSheet(True, best, scale, None, hand, rules.name)
        if sheet.faan < rules.min_faan:
            reason = f"{sheet.faan} faan; {rules.title} needs at least {rules.min_faan} to win"
            return ScoreSheet(False, best, scale, reason, hand, rules.name)
        return sheet

    def settle(
        self,
        rules: RuleSet,
        winner: int,
        discarder: int | None,
        self_drawn: bool,
        values: list[int],
    ) -> Settlement:
        return settle_hongkong(rules, winner, discarder, self_drawn, values)


HONG_KONG: Final = HongKongScorer()
