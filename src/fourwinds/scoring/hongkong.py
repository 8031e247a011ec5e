"""The Hong Kong faan scorer, driven by a rule set's table (``hongkong``, ``hongkong-standard``).

Every rule below is a check; its faan (closed and open), or "max", come from the rule set's
``score_table``. A hand is *closed* when it has claimed no discard before winning (concealed kongs
allowed; the winning discard itself does not open it), and a rule's open value applies otherwise.
A pung completed by the winning discard is exposed, so it is no concealed pung.

The hand's faan are the sum of its items, or the maximum for a "max" hand, capped at
``rules.max_faan``; its value is the payout table's points for those faan. A win needs at least
``rules.min_faan`` faan; below that it is no legal win.

>>> from fourwinds.hand import Context, Hand
>>> from fourwinds.rules import get_rules
>>> hand = Hand.parse("123m 456m 789m 111z 9m +9m")
>>> sheet = score_hongkong(hand, Context(), get_rules("hongkong"))
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
    KONG,
    PAIR,
    PUNG,
    Reading,
    all_counts,
    loser_melds,
    pairs_reading,
    special_reading,
    standard_readings,
    suits_present,
)
from fourwinds.scoring.sheet import Item, Scale, ScoreSheet, total_of
from fourwinds.shapes import SEVEN_PAIRS, THIRTEEN_ORPHANS, is_complete
from fourwinds.tiles import (
    DRAGONS,
    EAST,
    FIRST_FLOWER,
    FIRST_SEASON,
    PLAIN_KINDS,
    SUITED_KINDS,
    WINDS,
    Tile,
    is_major,
    is_terminal,
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


def scale_of(rules: RuleSet) -> Scale:
    return Scale("hongkong", max_faan=rules.max_faan, payout=PAYOUTS[rules.payout])


class _Items:
    __slots__ = ("closed", "items", "table")

    def __init__(self, table: Mapping[str, Value], closed: bool) -> None:
        self.table = table
        self.closed = closed
        self.items: list[Item] = []

    def add(self, rule: str, tiles: tuple[Tile, ...] = (), times: int = 1) -> None:
        value = self.table.get(rule)
        if value is None:
            return
        faan = value.faan_for(self.closed) * times
        if not faan and not value.limit:
            return
        name = value.name or NAMES.get(rule, rule)
        self.items.append(Item(rule, name, 0, 0, faan, value.limit, tiles))


def _is_closed(hand: Hand) -> bool:
    return not any(m.exposed for m in hand.melds)


# ---------------------------------------- items


def _bonus_items(items: _Items, hand: Hand, context: Context, won: bool) -> None:
    bonus = hand.bonus
    table = items.table
    flowers = all(t in bonus for t in FLOWERS)
    seasons = all(t in bonus for t in SEASONS)
    if won and len(set(bonus)) == 8:
        items.add("eight_treasures", bonus)
    own_flower = FIRST_FLOWER + context.seat_wind
    own_season = FIRST_SEASON + context.seat_wind
    if own_flower in bonus and not (flowers and "flower_set" in table):
        items.add("own_flower", (own_flower,))
    if own_season in bonus and not (seasons and "season_set" in table):
        items.add("own_season", (own_season,))
    if flowers:
        items.add("all_flowers", FLOWERS)
        items.add("flower_set", FLOWERS)
    if seasons:
        items.add("all_seasons", SEASONS)
        items.add("season_set", SEASONS)
    if won and not bonus:
        items.add("no_bonus")


def _honour_items(items: _Items, melds: tuple[Meld, ...], context: Context) -> None:
    seat = EAST + context.seat_wind
    prevailing = EAST + context.prevailing_wind
    for m in melds:
        if m.kind is PUNG or m.kind is KONG:
            if m.tile in DRAGONS:
                items.add("dragon_pung", m.tiles)
            if m.tile == prevailing:
                items.add("prevailing_wind", m.tiles)
            if m.tile == seat:
                items.add("seat_wind", m.tiles)


def _winning_move_items(items: _Items, context: Context, winning: Tile) -> None:
    table = items.table
    won_by = (winning,)
    if context.first_turn:
        if context.self_drawn:
            items.add("first_draw", won_by)
        if context.seat_wind == 0 and context.self_drawn:
            items.add("heavenly_hand", won_by)
        if context.seat_wind != 0 and not context.self_drawn:
            items.add("earthly_hand", won_by)
    if context.last_tile:
        items.add("last_draw", won_by)
    if context.last_discard:
        items.add("last_discard", won_by)
    if context.robbed_kong:
        items.add("robbing_kong", won_by)
    if context.loose_tile:
        if context.twofold_fortune and "twofold_fortune" in table:
            items.add("twofold_fortune", won_by)
        else:
            items.add("dead_wall_draw", won_by)
    if context.self_drawn:
        items.add("self_drawn_any", won_by)
        if not context.loose_tile:
            items.add("self_drawn", won_by)
    if items.closed:
        items.add("concealed_hand")


def _hand_items(items: _Items, reading: Reading, hand: Hand, counts: list[int]) -> None:
    melds = reading.melds
    suits, honours = suits_present(counts)
    kinds = [t for t in range(PLAIN_KINDS) if counts[t]]
    standard = reading.pattern == "standard"
    if reading.pattern == "thirteen_orphans":
        items.add("thirteen_orphans")
    if reading.pattern == "seven_pairs":
        items.add("seven_pairs")
    if items.closed and _nine_gates(counts, hand):
        items.add("nine_gates")
    # suits
    if suits == 1:
        items.add("half_flush" if honours else "full_flush")
    elif suits == 0:
        items.add("all_honours")
    if all(is_terminal(t) for t in kinds):
        items.add("all_terminals")
    elif all(is_major(t) for t in kinds) and suits:
        items.add("terminals_and_honours")
    if not any(is_major(t) for t in kinds):
        items.add("all_simples")
    if not standard:
        return
    chows = [m.tile for m in melds if m.kind is CHOW]
    sets = [m for m in melds if m.kind is PUNG or m.kind is KONG]
    pairs = [m for m in melds if m.kind is PAIR]
    # chows
    if len(chows) == 4:
        items.add("common_hand")
    repeated = sorted(chows.count(t) for t in set(chows))
    if repeated in ([2, 2], [4]):
        items.add("two_double_chows")
    elif repeated and repeated[-1] >= 2:
        items.add("double_chow")
    for base in (0, 9, 18):
        if all(base + start in chows for start in (0, 3, 6)):
            items.add("pure_straight")
    for start in range(7):
        if all(base + start in chows for base in (0, 9, 18)):
            items.add("mixed_triple_chow")
    # pungs and kongs
    kongs = sum(m.kind is KONG for m in sets)
    concealed_sets = sum(not m.exposed for m in sets)
    if kongs == 4:
        items.add("four_kongs")
        items.add("all_kongs")
    elif kongs == 3:
        items.add("three_kongs")
    if len(sets) == 4:
        items.add("all_pungs")
        if all(is_major(m.tile) for m in sets + pairs) and honours and suits:
            items.add("mixed_orphans")
        if concealed_sets == 4:
            items.add("four_concealed_pungs")
        else:
            items.add("four_pungs")
    if concealed_sets == 3:
        items.add("three_concealed_pungs")
    for value in range(9):
        if all(any(m.tile == base + value for m in sets) for base in (0, 9, 18)):
            items.add("triple_pung")
    # honours and terminals
    dragon_sets = sum(m.tile in DRAGONS for m in sets)
    dragon_pair = any(m.tile in DRAGONS for m in pairs)
    if dragon_sets == 3:
        items.add("great_dragons")
    elif dragon_sets == 2 and dragon_pair:
        items.add("little_dragons")
        items.add("small_dragons")
    wind_sets = sum(m.tile in WINDS for m in sets)
    wind_pair = any(m.tile in WINDS for m in pairs)
    if wind_sets == 4 or (wind_sets == 3 and wind_pair):
        items.add("big_winds")
    if wind_sets == 4:
        items.add("great_winds")
    elif wind_sets == 3 and wind_pair:
        items.add("small_winds")
    if not honours and chows and all(any(is_terminal(t) for t in m.tiles) for m in melds):
        items.add("outside_hand")


def _nine_gates(counts: list[int], hand: Hand) -> bool:
    """One suit holding 1 1 1 2 3 4 5 6 7 8 9 9 9 and one more tile of it, no declared meld."""
    if hand.melds or any(counts[SUITED_KINDS:PLAIN_KINDS]):
        return False
    for base in (0, 9, 18):
        values = counts[base : base + 9]
        if sum(values) == 14:
            return all(
                v >= need for v, need in zip(values, (3, 1, 1, 1, 1, 1, 1, 1, 3), strict=True)
            )
    return False


# ---------------------------------------- readings and the scorer


def _readings(hand: Hand, context: Context, rules: RuleSet) -> list[Reading]:
    table = rules.score_table
    readings = list(standard_readings(hand, context))
    counts = hand.concealed_counts()
    if not hand.melds:
        if "thirteen_orphans" in table and is_complete(THIRTEEN_ORPHANS, counts, 0):
            readings.append(special_reading(hand, context, "thirteen_orphans"))
        if "seven_pairs" in table and is_complete(SEVEN_PAIRS, counts, 0):
            readings.append(pairs_reading(hand, context, "seven_pairs"))
    if not readings and rules.eight_bonus_wins and len(set(hand.bonus)) == 8:
        readings.append(special_reading(hand, context, "eight_treasures"))
    return readings


def _candidates(hand: Hand, context: Context, rules: RuleSet) -> list[tuple[Item, ...]]:
    table = rules.score_table
    winning = hand.winning_tile
    assert winning is not None
    closed = _is_closed(hand)
    counts = all_counts(hand)
    common = _Items(table, closed)
    _bonus_items(common, hand, context, won=True)
    _winning_move_items(common, context, winning)
    candidates = []
    for reading in _readings(hand, context, rules):
        items = _Items(table, closed)
        _hand_items(items, reading, hand, counts)
        _honour_items(items, reading.melds, context)
        items.items.extend(common.items)
        limits = [item for item in items.items if item.limit]
        candidates.append(tuple(limits) if limits else tuple(items.items))
    return candidates


def score_hongkong(hand: Hand, context: Context, rules: RuleSet) -> ScoreSheet:
    """Score a hand under a Hong Kong rule set (see the module docstring)."""
    scale = scale_of(rules)
    if hand.winning_tile is None:
        items = _Items(rules.score_table, _is_closed(hand))
        _honour_items(items, loser_melds(hand), context)
        _bonus_items(items, hand, context, won=False)
        return ScoreSheet(False, tuple(items.items), scale, None, hand, rules.name)
    candidates = _candidates(hand, context, rules)
    if not candidates:
        reason = f"not a winning hand under {rules.title}"
        if hand.size() != 14:
            reason = f"a winning hand has 14 tiles (a kong counts as three), this has {hand.size()}"
        return ScoreSheet(False, (), scale, reason, hand, rules.name)
    best = max(candidates, key=lambda c: (total_of(c, scale), sum(i.faan for i in c)))
    sheet = ScoreSheet(True, best, scale, None, hand, rules.name)
    if sheet.faan < rules.min_faan:
        reason = f"{sheet.faan} faan; {rules.title} needs at least {rules.min_faan} to win"
        return ScoreSheet(False, best, scale, reason, hand, rules.name)
    return sheet
