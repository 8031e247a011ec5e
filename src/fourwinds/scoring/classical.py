"""The Classical scorer: basic points, doubles and limits, driven by a rule set's table.

Every rule below is a check; what it is worth (and whether it counts at all) comes from the rule
set's ``score_table`` (see :mod:`fourwinds.rules.values`), so ``classical``, ``classical-dmjl`` and
``classical-bmja`` share this code and differ only in data.

How a hand is scored (reference/classical-scoring.md section 4, reference/league-presets.md
sections 1 and 8):

1. Every hand scores its melds, its bonus tiles and the hand rules that count for all hands.
2. A winning hand must be accepted by a pattern (four sets and a pair with at most
   ``rules.max_chows`` chows, or a special hand in the table). Every reading of it is scored (each
   arrangement of the concealed tiles, each meld the winning tile could have completed, exposed
   when it was a discard) and the best total is kept.
3. The winner adds the pattern and the winner rules. When a winner limit rule matches, the other
   winner rules drop out and only the first such limit is kept.
4. A whole limit scores exactly the limit; a fraction of the limit counts only when it beats the
   points x 2^doubles of the other items. Otherwise the total is points x 2^doubles, capped at the
   limit unless the roof is off.
5. A losing hand that declared calling (BMJA "fishing") scores the calling rules of every tile
   that would complete it to a legal win.

>>> from fourwinds.hand import Context, Hand
>>> from fourwinds.rules import get_rules
>>> hand = Hand.parse("[555z] [1111m] 444p 23s 77z 8f +4s")
>>> sheet = score_classical(hand, Context(), get_rules("classical"))
>>> sheet.points, sheet.doubles, sheet.total
(50, 1, 100)
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Final

from fourwinds.hand import Context, Hand, Meld
from fourwinds.rules import RuleSet
from fourwinds.rules.values import Value
from fourwinds.scoring.readings import (
    CHOW,
    KONG,
    PAIR,
    PUNG,
    Reading,
    all_counts,
    arrangements,
    loser_melds,
    pairs_reading,
    special_reading,
    standard_readings,
    suits_present,
)
from fourwinds.scoring.sheet import Item, Scale, ScoreSheet, total_of
from fourwinds.shapes import (
    ALL_PAIR_HONOURS,
    KNITTING,
    SEVEN_PAIRS,
    THIRTEEN_ORPHANS,
    TRIPLE_KNITTING,
    WRIGGLING_SNAKE,
    is_complete,
)
from fourwinds.tiles import (
    DRAGONS,
    EAST,
    FIRST_FLOWER,
    FIRST_SEASON,
    PLAIN_KINDS,
    SUITED_KINDS,
    WINDS,
    Tile,
    format_tiles,
    is_major,
    is_terminal,
    parse_tiles,
)

NAMES: Final[dict[str, str]] = {
    "exposed_pung": "Exposed pung",
    "concealed_pung": "Concealed pung",
    "exposed_pung_major": "Exposed pung of terminals or honours",
    "concealed_pung_major": "Concealed pung of terminals or honours",
    "exposed_kong": "Exposed kong",
    "concealed_kong": "Concealed kong",
    "exposed_kong_major": "Exposed kong of terminals or honours",
    "concealed_kong_major": "Concealed kong of terminals or honours",
    "dragon_pair": "Pair of dragons",
    "seat_wind_pair": "Pair of own wind",
    "prevailing_wind_pair": "Pair of prevailing wind",
    "bonus_tile": "Flower or season",
    "dragon_set": "Pung or kong of dragons",
    "seat_wind_set": "Pung or kong of own wind",
    "prevailing_wind_set": "Pung or kong of prevailing wind",
    "own_flower": "Own flower",
    "own_season": "Own season",
    "own_flower_and_season": "Own flower and own season",
    "all_flowers": "All four flowers",
    "all_seasons": "All four seasons",
    "three_concealed_pungs": "Three concealed pungs",
    "little_three_dragons": "Little three dragons",
    "big_three_dragons": "Big three dragons",
    "little_four_winds": "Little four winds",
    "big_four_winds": "Big four winds",
    "mah_jong": "Mah Jongg",
    "thirteen_orphans": "Thirteen orphans",
    "seven_pairs": "Seven pairs",
    "all_pair_honours": "All pair honours",
    "knitting": "Knitting",
    "triple_knitting": "Triple knitting",
    "wriggling_snake": "Wriggling snake",
    "gates_of_heaven": "Gates of heaven",
    "nine_gates_drawn": "Nine gates",
    "squirming_snake": "Squirming snake",
    "self_drawn": "Self-drawn winning tile",
    "pair_completed_minor": "Last tile completes pair of 2..8",
    "pair_completed_major": "Last tile completes pair of terminals or honours",
    "only_possible_tile": "Only possible tile",
    "zero_point_hand": "Zero point hand",
    "no_chow": "No chow",
    "concealed": "Concealed hand",
    "false_color": "One suit with honours",
    "true_color": "One suit only",
    "purity": "Purity",
    "terminals_and_honours": "Only terminals and honours",
    "loose_tile": "Won with a loose tile",
    "last_tile": "Won with the last tile of the wall",
    "last_discard": "Won with the last discard",
    "robbing_kong": "Robbing a kong",
    "original_call": "Original call",
    "concealed_true_color": "Concealed one suit only",
    "only_honours": "Only honours",
    "heads_and_tails": "Heads and tails",
    "hidden_treasure": "Hidden treasure",
    "buried_treasure": "Buried treasure",
    "nine_gates": "Nine gates",
    "fourfold_plenty": "Fourfold plenty",
    "three_great_scholars": "Three great scholars",
    "three_great_scholars_no_chow": "Three great scholars",
    "four_blessings": "Four blessings hovering over the door",
    "imperial_jade": "Imperial jade",
    "imperial_jade_kajongg": "Imperial jade",
    "plum_blossom": "Gathering the plum blossom from the roof",
    "moon_from_the_sea": "Plucking the moon from the bottom of the sea",
    "carrying_pole": "Scratching a carrying pole",
    "twofold_fortune": "Twofold fortune",
    "heavenly_blessing": "Blessing of heaven",
    "earthly_blessing": "Blessing of earth",
}

LIMIT_RULES: Final = (
    "concealed_true_color",
    "only_honours",
    "heads_and_tails",
    "hidden_treasure",
    "buried_treasure",
    "nine_gates",
    "fourfold_plenty",
    "three_great_scholars",
    "three_great_scholars_no_chow",
    "four_blessings",
    "imperial_jade",
    "imperial_jade_kajongg",
    "plum_blossom",
    "moon_from_the_sea",
    "carrying_pole",
    "twofold_fortune",
    "heavenly_blessing",
    "earthly_blessing",
)
"""Winner limit rules in the order Kajongg keeps the first of (league-presets.md 5b)."""

GREEN: Final = frozenset(parse_tiles("23468s6z"))
DOT_5, DOT_1, BAMBOO_2 = parse_tiles("5p1p2s")


def name_of(rule: str, value: Value) -> str:
    if value.name:
        return value.name
    if rule.startswith("calling_for_"):
        return "Calling for " + name_of(rule[len("calling_for_") :], Value())
    return NAMES.get(rule, rule.replace("_", " ").capitalize())


def scale_of(rules: RuleSet) -> Scale:
    return Scale("classical", limit=rules.limit, roof_off=rules.roof_off)


class _Sheet:
    """Items being collected for one reading (a list with the table at hand)."""

    __slots__ = ("items", "table")

    def __init__(self, table: Mapping[str, Value]) -> None:
        self.table = table
        self.items: list[Item] = []

    def add(self, rule: str, tiles: tuple[Tile, ...] = ()) -> bool:
        value = self.table.get(rule)
        if value is None:
            return False
        self.items.append(
            Item(rule, name_of(rule, value), value.points, value.doubles, 0, value.limit, tiles)
        )
        return True


# ---------------------------------------- every hand


def _meld_items(sheet: _Sheet, melds: tuple[Meld, ...], context: Context) -> None:
    seat = EAST + context.seat_wind
    prevailing = EAST + context.prevailing_wind
    for m in melds:
        kind, tile = m.kind, m.tile
        if kind is CHOW:
            continue
        tiles = m.tiles
        if kind is PAIR:
            if tile in DRAGONS:
                sheet.add("dragon_pair", tiles)
            if tile == seat:
                sheet.add("seat_wind_pair", tiles)
            if tile == prevailing:
                sheet.add("prevailing_wind_pair", tiles)
            continue
        rule = ("exposed_" if m.exposed else "concealed_") + ("pung" if kind is PUNG else "kong")
        sheet.add(rule + "_major" if is_major(tile) else rule, tiles)
        if tile in DRAGONS:
            sheet.add("dragon_set", tiles)
        if tile == seat:
            sheet.add("seat_wind_set", tiles)
        if tile == prevailing:
            sheet.add("prevailing_wind_set", tiles)


def _bonus_items(sheet: _Sheet, bonus: tuple[Tile, ...], seat_wind: int) -> None:
    for tile in bonus:
        sheet.add("bonus_tile", (tile,))
    own_flower = FIRST_FLOWER + seat_wind in bonus
    own_season = FIRST_SEASON + seat_wind in bonus
    if own_flower:
        sheet.add("own_flower", (FIRST_FLOWER + seat_wind,))
    if own_season:
        sheet.add("own_season", (FIRST_SEASON + seat_wind,))
    if own_flower and own_season:
        sheet.add("own_flower_and_season", (FIRST_FLOWER + seat_wind, FIRST_SEASON + seat_wind))
    flowers = tuple(range(FIRST_FLOWER, FIRST_SEASON))
    seasons = tuple(range(FIRST_SEASON, FIRST_SEASON + 4))
    if all(t in bonus for t in flowers):
        sheet.add("all_flowers", flowers)
    if all(t in bonus for t in seasons):
        sheet.add("all_seasons", seasons)


def _hand_items(sheet: _Sheet, melds: tuple[Meld, ...]) -> None:
    concealed_sets = 0
    dragon_sets: list[Meld] = []
    dragon_pairs: list[Meld] = []
    wind_sets: list[Meld] = []
    wind_pairs: list[Meld] = []
    for m in melds:
        if m.kind is CHOW:
            continue
        is_set = m.kind is not PAIR
        if is_set and not m.exposed:
            concealed_sets += 1
        if m.tile in DRAGONS:
            (dragon_sets if is_set else dragon_pairs).append(m)
        elif m.tile in WINDS:
            (wind_sets if is_set else wind_pairs).append(m)
    if concealed_sets >= 3:
        sheet.add("three_concealed_pungs")
    if len(dragon_sets) == 2 and len(dragon_pairs) == 1:
        sheet.add("little_three_dragons", _tiles(dragon_sets + dragon_pairs))
    if len(dragon_sets) == 3:
        sheet.add("big_three_dragons", _tiles(dragon_sets))
    if len(wind_sets) == 3 and len(wind_pairs) == 1:
        sheet.add("little_four_winds", _tiles(wind_sets + wind_pairs))
    if len(wind_sets) == 4:
        sheet.add("big_four_winds", _tiles(wind_sets))


def _tiles(melds: list[Meld]) -> tuple[Tile, ...]:
    return tuple(t for m in melds for t in m.tiles)


# ---------------------------------------- winning hands: patterns


def _readings(hand: Hand, context: Context, rules: RuleSet) -> list[Reading]:
    """Every reading of a winning hand that one of the rule set's patterns accepts."""
    table = rules.score_table
    readings = []
    if "mah_jong" in table:
        for reading in standard_readings(hand, context):
            chows = sum(m.kind is CHOW for m in reading.melds)
            if chows <= rules.max_chows:
                readings.append(reading)
    if hand.melds and "squirming_snake" not in table:
        return readings
    counts = hand.concealed_counts()
    closed = not hand.melds
    if closed:
        for pattern in ("thirteen_orphans", "knitting", "triple_knitting"):
            if pattern in table and _special_complete(pattern, counts):
                readings.append(special_reading(hand, context, pattern))
        for pattern in ("seven_pairs", "all_pair_honours"):
            if pattern in table and _special_complete(pattern, counts):
                readings.append(pairs_reading(hand, context, pattern))
        if (
            "wriggling_snake" in table
            and context.self_drawn
            and _special_complete("wriggling_snake", counts)
        ):
            readings.append(special_reading(hand, context, "wriggling_snake"))
        if "gates_of_heaven" in table and _gates_of_heaven(hand, context, counts):
            readings.append(special_reading(hand, context, "gates_of_heaven"))
        if "nine_gates_drawn" in table and _nine_gates_drawn(hand, context, counts):
            readings.append(special_reading(hand, context, "nine_gates_drawn"))
    if "squirming_snake" in table and _squirming_snake(all_counts(hand)):
        readings.append(special_reading(hand, context, "squirming_snake"))
    return readings


_SHAPES: Final = {
    "thirteen_orphans": THIRTEEN_ORPHANS,
    "seven_pairs": SEVEN_PAIRS,
    "all_pair_honours": ALL_PAIR_HONOURS,
    "knitting": KNITTING,
    "triple_knitting": TRIPLE_KNITTING,
    "wriggling_snake": WRIGGLING_SNAKE,
}


def _special_complete(pattern: str, counts: list[int]) -> bool:
    """Whether 14 concealed tiles form this special shape: cheap exact tests first, then
    :func:`fourwinds.shapes.is_complete` for the hands that pass them."""
    if sum(counts) != 14:
        return False
    honours = counts[SUITED_KINDS:PLAIN_KINDS]
    if pattern in ("thirteen_orphans", "all_pair_honours"):
        if not all(is_major(t) for t in range(PLAIN_KINDS) if counts[t]):
            return False
    elif pattern == "knitting":
        # seven couples of one value in two suits: two suits with equal counts value by value
        used = [base for base in (0, 9, 18) if any(counts[base : base + 9])]
        if any(honours) or len(used) != 2:
            return False
        a, b = used
        return counts[a : a + 9] == counts[b : b + 9]
    elif pattern == "triple_knitting":
        # four values in all three suits and one couple: the three counts of every value are
        # equal, but for one value where one suit has one tile fewer
        if any(honours):
            return False
        uneven = 0
        for value in range(9):
            x, y, z = sorted((counts[value], counts[9 + value], counts[18 + value]))
            if x + 1 == y == z:
                uneven += 1
            elif not x == y == z:
                return False
        return uneven == 1
    elif pattern == "wriggling_snake" and (
        any(count != 1 for count in honours[:4]) or any(honours[4:])
    ):
        return False
    return is_complete(_SHAPES[pattern], counts, 0)


def _one_suit_values(counts: list[int]) -> list[int] | None:
    """The nine counts of the only suit the tiles use (None with honours or several suits)."""
    if any(counts[SUITED_KINDS:PLAIN_KINDS]):
        return None
    used = [base for base in (0, 9, 18) if any(counts[base : base + 9])]
    if len(used) != 1:
        return None
    return counts[used[0] : used[0] + 9]


def _gates_of_heaven(hand: Hand, context: Context, counts: list[int]) -> bool:
    """BMJA: 1 1 1 2 3 4 5 6 7 8 9 9 9 of one suit and a surplus 2 to 8 (league-presets 4).
    On a discard the winning tile must make the pair (a longer meld would be exposed)."""
    values = _one_suit_values(counts)
    if values is None or values[0] != 3 or values[8] != 3 or sum(values) != 14:
        return False
    if not all(values[1:8]):
        return False
    surplus = next(v for v in range(1, 8) if values[v] == 2)
    winning = hand.winning_tile
    return context.self_drawn or (winning is not None and winning % 9 == surplus)


def _nine_gates_drawn(hand: Hand, context: Context, counts: list[int]) -> bool:
    """DMJL (Kajongg): as Gates of Heaven, self-drawn, the surplus being the winning tile."""
    winning = hand.winning_tile
    if not context.self_drawn or winning is None or not 1 <= winning % 9 <= 7:
        return False
    values = _one_suit_values(counts)
    return (
        values is not None
        and values[0] == 3
        and values[8] == 3
        and all(values[1:8])
        and values[winning % 9] == 2
        and sum(values) == 14
    )


def _squirming_snake(counts: list[int]) -> bool:
    """DMJL: 1 1 1, 9 9 9, every value between once and one of 2, 5, 8 twice; melds allowed."""
    values = _one_suit_values(counts)
    if values is None or values[0] != 3 or values[8] != 3 or sum(values) != 14:
        return False
    doubled = [v for v in range(1, 8) if values[v] == 2]
    return all(values[1:8]) and len(doubled) == 1 and doubled[0] in (1, 4, 7)


# ---------------------------------------- winning hands: winner rules


class _Facts:
    """What the winner rules ask about the hand as a whole (the same for every reading)."""

    __slots__ = ("counts", "honours", "kinds", "suits", "winning")

    def __init__(self, hand: Hand) -> None:
        self.counts = all_counts(hand)
        self.suits, self.honours = suits_present(self.counts)
        self.kinds = [t for t in range(PLAIN_KINDS) if self.counts[t]]
        self.winning = hand.winning_tile


def _winner_items(
    sheet: _Sheet,
    reading: Reading,
    hand: Hand,
    context: Context,
    facts: _Facts,
    only_possible: bool,
) -> None:
    """The pattern and the winner rules; a matching winner limit rule replaces the others."""
    melds = reading.melds
    table = sheet.table
    for rule in LIMIT_RULES:
        if rule in table and _limit_rule(rule, reading, hand, context, facts):
            sheet.add(rule)
            return
    winning = facts.winning
    assert winning is not None
    if context.self_drawn:
        sheet.add("self_drawn", (winning,))
    if reading.winning >= 0:
        completed = melds[reading.winning]
        if completed.kind is PAIR:
            major = is_major(completed.tile)
            sheet.add("pair_completed_major" if major else "pair_completed_minor", completed.tiles)
    if only_possible:
        sheet.add("only_possible_tile", (winning,))
    chows = sum(m.kind is CHOW for m in melds)
    if (
        "zero_point_hand" in table
        and reading.pattern == "standard"
        and not any(m.kind is not CHOW and _scores(m, context) for m in melds)
    ):
        sheet.add("zero_point_hand")
    if not chows:
        sheet.add("no_chow")
    if reading.concealed:
        sheet.add("concealed")
    if facts.suits == 1:
        if facts.honours:
            sheet.add("false_color")
        else:
            sheet.add("true_color")
            if not chows:
                sheet.add("purity")
    if all(is_major(t) for t in facts.kinds):
        sheet.add("terminals_and_honours")
    if context.loose_tile:
        sheet.add("loose_tile", (winning,))
    if context.last_tile:
        sheet.add("last_tile", (winning,))
    if context.last_discard:
        sheet.add("last_discard", (winning,))
    if context.robbed_kong:
        sheet.add("robbing_kong", (winning,))
    if context.original_call:
        exposed = sum(m.exposed for m in melds) + (reading.winning < 0 and not context.self_drawn)
        if exposed < 3:
            sheet.add("original_call")


def _scores(m: Meld, context: Context) -> bool:
    """Whether a meld earns basic points (a pung, a kong or a scoring pair)."""
    if m.kind is not PAIR:
        return True
    tile = m.tile
    return tile in DRAGONS or tile in (EAST + context.seat_wind, EAST + context.prevailing_wind)


def _limit_rule(rule: str, reading: Reading, hand: Hand, context: Context, facts: _Facts) -> bool:
    melds = reading.melds
    kinds = facts.kinds
    if rule == "concealed_true_color":
        return facts.suits == 1 and not facts.honours and reading.concealed
    if rule == "only_honours":
        return facts.suits == 0
    if rule == "heads_and_tails":
        return all(is_terminal(t) for t in kinds)
    if rule == "hidden_treasure":
        return (
            reading.pattern == "standard"
            and context.self_drawn
            and reading.concealed
            and not any(m.kind is CHOW for m in melds)
        )
    if rule == "buried_treasure":
        pungs = [m for m in melds if m.kind is PUNG and not m.exposed]
        return (
            reading.pattern == "standard"
            and facts.suits == 1
            and len(pungs) == 4
            and all(m.kind in (PUNG, PAIR) for m in melds)
        )
    if rule == "nine_gates":
        return _nine_gates(hand)
    if rule == "fourfold_plenty":
        return sum(m.kind is KONG for m in melds) == 4
    if rule in ("three_great_scholars", "three_great_scholars_no_chow"):
        dragons = sum(m.kind in (PUNG, KONG) and m.tile in DRAGONS for m in melds)
        no_chow = rule == "three_great_scholars" or not any(m.kind is CHOW for m in melds)
        return dragons == 3 and no_chow
    if rule == "four_blessings":
        return sum(m.kind in (PUNG, KONG) and m.tile in WINDS for m in melds) == 4
    if rule == "imperial_jade":
        return all(t in GREEN for t in kinds)
    if rule == "imperial_jade_kajongg":
        return all(t in GREEN for t in kinds) and len(kinds) < len(GREEN)
    if rule == "plum_blossom":
        return context.loose_tile and facts.winning == DOT_5
    if rule == "moon_from_the_sea":
        return context.last_tile and facts.winning == DOT_1
    if rule == "carrying_pole":
        return context.robbed_kong and facts.winning == BAMBOO_2
    if rule == "twofold_fortune":
        return context.twofold_fortune
    if rule == "heavenly_blessing":
        return context.first_turn and context.seat_wind == 0 and reading.concealed
    if rule == "earthly_blessing":
        return context.first_turn and context.seat_wind != 0
    raise ValueError(f"unknown limit rule {rule!r}")


def _nine_gates(hand: Hand) -> bool:
    """The classic Nine Gates: no declared meld, and without the winning tile the hand is
    1 1 1 2 3 4 5 6 7 8 9 9 9 of the winning tile's suit."""
    winning = hand.winning_tile
    if hand.melds or winning is None or winning >= SUITED_KINDS:
        return False
    counts = hand.concealed_counts()
    counts[winning] -= 1
    base = winning - winning % 9
    return counts[base : base + 9] == [3, 1, 1, 1, 1, 1, 1, 1, 3] and sum(counts) == 13


# ---------------------------------------- only possible tile


def _wins_with(hand: Hand, counts: list[int], rules: RuleSet) -> bool:
    """Whether concealed ``counts`` with the hand's declared melds make a legal winning shape."""
    table = rules.score_table
    declared_chows = sum(m.kind is CHOW for m in hand.melds)
    if "mah_jong" in table:
        for arranged in arrangements(counts):
            if declared_chows + sum(m.kind is CHOW for m in arranged) <= rules.max_chows:
                return True
    if not hand.melds:
        for pattern in _SHAPES:
            if pattern in table and _special_complete(pattern, counts):
                return True
    return False


def _only_possible_tile(hand: Hand, rules: RuleSet) -> bool:
    """Take the winning tile away: does exactly one kind complete the hand? (Kinds the hand
    already holds four of are no waits; what is visible on the table is not considered.)"""
    winning = hand.winning_tile
    assert winning is not None
    counts = hand.concealed_counts()
    counts[winning] -= 1
    held = all_counts(hand)
    held[winning] -= 1
    candidates = set()
    for tile in range(PLAIN_KINDS):
        if counts[tile]:
            candidates.add(tile)
            if tile < SUITED_KINDS:
                base = tile - tile % 9
                for near in range(max(base, tile - 2), min(base + 9, tile + 3)):
                    candidates.add(near)
    if all(is_major(t) for t in range(PLAIN_KINDS) if counts[t]):
        candidates.update(t for t in range(PLAIN_KINDS) if is_major(t))
    candidates.discard(winning)
    for tile in sorted(candidates, key=lambda t: abs(t - winning)):
        if held[tile] >= 4:
            continue
        counts[tile] += 1
        wins = _wins_with(hand, counts, rules)
        counts[tile] -= 1
        if wins:
            return False
    return True


# ---------------------------------------- totals


def _settle_limits(items: list[Item], scale: Scale) -> tuple[Item, ...]:
    """Apply the limits: a whole limit replaces everything, a fraction only when it is more."""
    best: Item | None = None
    for item in items:
        if item.limit and (best is None or item.limit > best.limit):
            best = item
    if best is None:
        return tuple(items)
    if best.limit >= 1:
        return (best,)
    normal = tuple(item for item in items if not item.limit)
    if total_of((best,), scale) > total_of(normal, scale):
        return (best,)
    return normal


def _winning_candidates(hand: Hand, context: Context, rules: RuleSet) -> list[tuple[Item, ...]]:
    table = rules.score_table
    scale = scale_of(rules)
    readings = _readings(hand, context, rules)
    if not readings:
        return []
    common = _Sheet(table)
    _bonus_items(common, hand.bonus, context.seat_wind)
    facts = _Facts(hand)
    only_possible = "only_possible_tile" in table and _only_possible_tile(hand, rules)
    candidates = []
    for reading in readings:
        sheet = _Sheet(table)
        _meld_items(sheet, reading.melds, context)
        sheet.items.extend(common.items)
        _hand_items(sheet, reading.melds)
        sheet.add(reading.pattern if reading.pattern != "standard" else "mah_jong")
        _winner_items(sheet, reading, hand, context, facts, only_possible)
        candidates.append(_settle_limits(sheet.items, scale))
    return candidates


def _best(candidates: list[tuple[Item, ...]], scale: Scale) -> tuple[Item, ...]:
    def key(items: tuple[Item, ...]) -> tuple[int, int, int]:
        points = sum(item.points for item in items)
        doubles = sum(item.doubles for item in items)
        return (total_of(items, scale), doubles, points)

    return max(candidates, key=key)


def _calling_items(sheet: _Sheet, hand: Hand, context: Context, rules: RuleSet) -> None:
    """BMJA: a calling loser scores "calling for" each limit, special hand or Purity that one
    more (self-drawn) tile would complete (league-presets.md section 6)."""
    table = rules.score_table
    if not any(rule.startswith("calling_for_") for rule in table):
        return
    held = all_counts(hand)
    found: list[str] = []
    drawn = Context(context.seat_wind, context.prevailing_wind, self_drawn=True)
    scale = scale_of(rules)
    for tile in range(PLAIN_KINDS):
        if held[tile] >= 4:
            continue
        complete = Hand(hand.concealed, hand.melds, hand.bonus, tile)
        candidates = _winning_candidates(complete, drawn, rules)
        if not candidates:
            continue
        best = _best(candidates, scale)
        limit_items = [item for item in best if item.limit]
        if limit_items:
            rule = "calling_for_" + limit_items[0].rule
        elif any(item.rule == "purity" for item in best):
            rule = "calling_for_purity"
        else:
            continue
        if rule in table and rule not in found:
            found.append(rule)
    for rule in found:
        sheet.add(rule)


# ---------------------------------------- the scorer


def score_classical(hand: Hand, context: Context, rules: RuleSet) -> ScoreSheet:
    """Score a hand under a Classical rule set (see the module docstring)."""
    table = rules.score_table
    scale = scale_of(rules)
    if hand.winning_tile is None:
        sheet = _Sheet(table)
        _meld_items(sheet, loser_melds(hand), context)
        _bonus_items(sheet, hand.bonus, context.seat_wind)
        _hand_items(sheet, loser_melds(hand))
        if context.calling:
            _calling_items(sheet, hand, context, rules)
        items = _settle_limits(sheet.items, scale)
        return ScoreSheet(False, items, scale, None, hand, rules.name)
    candidates = _winning_candidates(hand, context, rules)
    if not candidates:
        reason = _no_win_reason(hand, rules)
        return ScoreSheet(False, (), scale, reason, hand, rules.name)
    return ScoreSheet(True, _best(candidates, scale), scale, None, hand, rules.name)


def is_legal_classical(hand: Hand, context: Context, rules: RuleSet) -> bool:
    return hand.winning_tile is not None and bool(_readings(hand, context, rules))


def _no_win_reason(hand: Hand, rules: RuleSet) -> str:
    if hand.size() != 14:
        return f"a winning hand has 14 tiles (a kong counts as three), this one has {hand.size()}"
    counts = hand.concealed_counts()
    declared_chows = sum(m.kind is CHOW for m in hand.melds)
    if "mah_jong" in rules.score_table:
        fewest = min(
            (declared_chows + sum(m.kind is CHOW for m in a) for a in arrangements(counts)),
            default=None,
        )
        if fewest is not None and fewest > rules.max_chows:
            return (
                f"{fewest} chows; {rules.title} allows at most {rules.max_chows} in a winning hand"
            )
    return f"{format_tiles(hand.tiles())} is no winning hand under {rules.title}"
