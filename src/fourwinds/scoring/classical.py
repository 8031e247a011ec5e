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

Fast by construction: each table's items are built once and shared (a
plan per table; items are immutable), the kinds a hand holds are a bitmask, the readings and the
waits come from per-suit splits cached by their counts (:mod:`fourwinds.shapes`), and
the winner limit rules are one ordered chain of cheap tests. Totals still come from the items.

>>> from fourwinds.hand import Context, Hand
>>> from fourwinds.rules import get_rules
>>> hand = Hand.parse("[555z] [1111m] 444p 23s 77z 8f +4s")
>>> sheet = CLASSICAL.score(hand, Context(), get_rules("classical"))
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
    all_counts,
    bits,
    holds_simples,
    loser_melds,
    pairs_reading,
    special_complete,
    special_reading,
    standard_readings,
    suits_of,
    waits_without,
)
from fourwinds.scoring.scorer import ITEMS, Plan, Scorer, remember
from fourwinds.scoring.settlement import Settlement, settle_classical
from fourwinds.scoring.sheet import Item, PointsScale, Scale, ScoreSheet
from fourwinds.shapes import (
    ALL_PAIR_HONOURS,
    KNITTING,
    SEVEN_PAIRS,
    SPECIAL_SHAPES,
    THIRTEEN_ORPHANS,
    TRIPLE_KNITTING,
    WRIGGLING_SNAKE,
    arrangements,
    distance,
    meld_code,
)
from fourwinds.tiles import (
    DRAGONS,
    EAST,
    FIRST_FLOWER,
    FIRST_SEASON,
    PLAIN_KINDS,
    SUITED_KINDS,
    WHITE,
    WINDS,
    Tile,
    format_tiles,
    is_major,
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

GREEN_BITS: Final = bits(parse_tiles("23468s6z"))
DOT_5, DOT_1, BAMBOO_2 = parse_tiles("5p1p2s")
_MAJORS_ONLY: Final = (THIRTEEN_ORPHANS, ALL_PAIR_HONOURS)
_HAND_RULES: Final = (
    "three_concealed_pungs",
    "little_three_dragons",
    "big_three_dragons",
    "little_four_winds",
    "big_four_winds",
)


def name_of(rule: str, value: Value) -> str:
    if value.name:
        return value.name
    if rule.startswith("calling_for_"):
        return "Calling for " + name_of(rule[len("calling_for_") :], Value())
    return NAMES.get(rule, rule.replace("_", " ").capitalize())


class _Plan(Plan):
    """A Classical table made ready: its items, and those of melds and bonus tiles, by what
    earns them."""

    __slots__ = ("bonus", "hand_rules", "items", "melds", "plain", "specials")

    def __init__(self, table: Mapping[str, Value]) -> None:
        super().__init__(table)
        self.items: dict[tuple[str, tuple[Tile, ...]], tuple[Item, ...]] = {}
        self.plain = {rule: self.get(rule) for rule in table}
        """The items of the rules that name no tiles; a rule not in the table gives none."""
        self.melds: dict[tuple[int, int], dict[int, tuple[Item, ...]]] = {}
        """The items of each pung, kong or pair, by the seat and prevailing winds, then by
        :func:`meld_code` (bounded as it is: 16 pairs of winds, a few hundred codes)."""
        self.bonus: dict[tuple[tuple[Tile, ...], int], tuple[Item, ...]] = {}
        """The items of the bonus tiles, keyed by the tiles and the seat wind."""
        self.hand_rules = any(rule in table for rule in _HAND_RULES)
        self.specials = tuple(shape for shape in SPECIAL_SHAPES if shape in table)

    def get(self, rule: str, tiles: tuple[Tile, ...] = ()) -> tuple[Item, ...]:
        """The rule's item for these tiles, or no item when the table does not score the rule."""
        key = (rule, tiles)
        found = self.items.get(key)
        if found is None:
            value = self.table.get(rule)
            found = ()
            if value is not None:
                name = name_of(rule, value)
                found = (Item(rule, name, value.points, value.doubles, 0, value.limit, tiles),)
            remember(self.items, key, found, ITEMS)
        return found


# ---------------------------------------- every hand


def _meld_items(plan: _Plan, melds: tuple[Meld, ...], context: Context) -> tuple[list[Item], int]:
    """The items of the pungs, kongs and pairs, and how many chows there are."""
    winds = (context.seat_wind, context.prevailing_wind)
    cache = plan.melds.get(winds)
    if cache is None:
        cache = plan.melds[winds] = {}
    items: list[Item] = []
    chows = 0
    for m in melds:
        if m.kind is CHOW:
            chows += 1
            continue
        code = meld_code(m.kind, m.tile, m.exposed)
        found = cache.get(code)
        if found is None:
            found = cache[code] = _one_meld_items(plan, m, EAST + winds[0], EAST + winds[1])
        items += found
    return items, chows


def _one_meld_items(plan: _Plan, m: Meld, seat: Tile, prevailing: Tile) -> tuple[Item, ...]:
    kind, tile = m.kind, m.tile
    rules = []
    if kind is PAIR:
        if tile in DRAGONS:
            rules.append("dragon_pair")
        if tile == seat:
            rules.append("seat_wind_pair")
        if tile == prevailing:
            rules.append("prevailing_wind_pair")
    else:
        rule = ("exposed_" if m.exposed else "concealed_") + ("pung" if kind is PUNG else "kong")
        rules.append(rule + "_major" if is_major(tile) else rule)
        if tile in DRAGONS:
            rules.append("dragon_set")
        if tile == seat:
            rules.append("seat_wind_set")
        if tile == prevailing:
            rules.append("prevailing_wind_set")
    return tuple(item for rule in rules for item in plan.get(rule, m.tiles))


def _bonus_items(plan: _Plan, bonus: tuple[Tile, ...], seat_wind: int) -> tuple[Item, ...]:
    key = (bonus, seat_wind)
    found = plan.bonus.get(key)
    if found is not None:
        return found
    items: list[Item] = []
    for tile in bonus:
        items += plan.get("bonus_tile", (tile,))
    own_flower = FIRST_FLOWER + seat_wind in bonus
    own_season = FIRST_SEASON + seat_wind in bonus
    if own_flower:
        items += plan.get("own_flower", (FIRST_FLOWER + seat_wind,))
    if own_season:
        items += plan.get("own_season", (FIRST_SEASON + seat_wind,))
    if own_flower and own_season:
        items += plan.get(
            "own_flower_and_season", (FIRST_FLOWER + seat_wind, FIRST_SEASON + seat_wind)
        )
    flowers = tuple(range(FIRST_FLOWER, FIRST_SEASON))
    seasons = tuple(range(FIRST_SEASON, FIRST_SEASON + 4))
    if all(t in bonus for t in flowers):
        items += plan.get("all_flowers", flowers)
    if all(t in bonus for t in seasons):
        items += plan.get("all_seasons", seasons)
    found = remember(plan.bonus, key, tuple(items), ITEMS)
    return found


def _hand_items(plan: _Plan, melds: tuple[Meld, ...]) -> list[Item]:
    concealed_sets = dragon_sets = dragon_pairs = wind_sets = wind_pairs = 0
    for m in melds:
        kind, tile = m.kind, m.tile
        if kind is PAIR:
            dragon_pairs += tile >= WHITE
            wind_pairs += EAST <= tile < WHITE
        elif kind is not CHOW:
            concealed_sets += not m.exposed
            dragon_sets += tile >= WHITE
            wind_sets += EAST <= tile < WHITE
    items: list[Item] = []
    if concealed_sets >= 3:
        items += plan.get("three_concealed_pungs")
    if dragon_sets == 2 and dragon_pairs == 1:
        items += plan.get("little_three_dragons", _tiles(melds, DRAGONS, pairs=True))
    if dragon_sets == 3:
        items += plan.get("big_three_dragons", _tiles(melds, DRAGONS, pairs=False))
    if wind_sets == 3 and wind_pairs == 1:
        items += plan.get("little_four_winds", _tiles(melds, WINDS, pairs=True))
    if wind_sets == 4:
        items += plan.get("big_four_winds", _tiles(melds, WINDS, pairs=False))
    return items


def _tiles(melds: tuple[Meld, ...], kinds: tuple[Tile, ...], pairs: bool) -> tuple[Tile, ...]:
    """The tiles of the pungs and kongs of these kinds, then (when asked) of their pairs."""
    sets = [m for m in melds if m.kind is not PAIR and m.kind is not CHOW and m.tile in kinds]
    if pairs:
        sets += [m for m in melds if m.kind is PAIR and m.tile in kinds]
    return tuple(t for m in sets for t in m.tiles)


# ---------------------------------------- winning hands: patterns


def _readings(
    hand: Hand, context: Context, rules: RuleSet, plan: _Plan, tiles: HandTiles
) -> list[Reading]:
    """Every reading of a winning hand that one of the rule set's patterns accepts."""
    table = plan.plain
    counts, kinds = tiles.counts, tiles.kinds
    readings = []
    if "mah_jong" in table:
        readings = standard_readings(hand, context, tiles)
        if rules.max_chows < 4:
            readings = [r for r in readings if _chows(r.melds) <= rules.max_chows]
    if not hand.melds:
        for pattern in (THIRTEEN_ORPHANS, KNITTING, TRIPLE_KNITTING):
            if pattern in table and special_complete(pattern, counts):
                readings.append(special_reading(hand, context, pattern))
        for pattern in (SEVEN_PAIRS, ALL_PAIR_HONOURS):
            if pattern in table and special_complete(pattern, counts):
                readings.append(pairs_reading(hand, context, pattern))
        if (
            WRIGGLING_SNAKE in table
            and context.self_drawn
            and special_complete(WRIGGLING_SNAKE, counts)
        ):
            readings.append(special_reading(hand, context, WRIGGLING_SNAKE))
        if "gates_of_heaven" in table and _gates_of_heaven(counts):
            readings.append(special_reading(hand, context, "gates_of_heaven"))
        if "nine_gates_drawn" in table and _nine_gates_drawn(hand, context, counts):
            readings.append(special_reading(hand, context, "nine_gates_drawn"))
    if (
        not kinds & HONOUR_BITS
        and suits_of(kinds) == 1
        and "squirming_snake" in table
        and _squirming_snake(all_counts(hand))
    ):
        readings.append(special_reading(hand, context, "squirming_snake"))
    return readings


def _chows(melds: tuple[Meld, ...]) -> int:
    return [m.kind for m in melds].count(CHOW)


def _one_suit_values(counts: list[int]) -> list[int] | None:
    """The nine counts of the only suit the tiles use (None with honours or several suits)."""
    if any(counts[SUITED_KINDS:PLAIN_KINDS]):
        return None
    used = [base for base in (0, 9, 18) if any(counts[base : base + 9])]
    if len(used) != 1:
        return None
    return counts[used[0] : used[0] + 9]


def _gates_of_heaven(counts: list[int]) -> bool:
    """BMJA: 1 1 1 2 3 4 5 6 7 8 9 9 9 of one suit and a surplus 2 to 8, no meld declared before
    the win. "The surplus need not be the last tile" (league-presets 4): drawn or claimed, the
    winning tile may be any of them, however the other tiles are read."""
    values = _one_suit_values(counts)
    return (
        values is not None
        and values[0] == 3
        and values[8] == 3
        and all(values[1:8])
        and sum(values) == 14
    )


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

    __slots__ = ("bonus", "hand", "honours", "kinds", "only_possible", "suits", "won_by")

    def __init__(
        self,
        hand: Hand,
        context: Context,
        rules: RuleSet,
        plan: _Plan,
        tiles: HandTiles,
        readings: list[Reading],
    ) -> None:
        self.hand = hand
        self.kinds = tiles.kinds
        self.suits = suits_of(self.kinds)
        self.honours = bool(self.kinds & HONOUR_BITS)
        assert hand.winning_tile is not None
        self.won_by = (hand.winning_tile,)
        self.bonus = _bonus_items(plan, hand.bonus, context.seat_wind)
        self.only_possible = "only_possible_tile" in plan.plain and _only_possible_tile(
            hand, rules, plan, tiles, readings
        )


def _reading_items(plan: _Plan, reading: Reading, context: Context, facts: _Facts) -> list[Item]:
    """The items of one reading in sheet order: melds, bonus tiles, hand rules, the pattern, then
    the winner rules, where a matching winner limit rule replaces the other winner rules."""
    plain = plan.plain
    melds = reading.melds
    items, chows = _meld_items(plan, melds, context)
    items += facts.bonus
    # the hand rules need three pungs or kongs, or two of dragons and the third dragon as pair
    if plan.hand_rules and (chows <= 1 or (chows == 2 and not ~facts.kinds & DRAGON_BITS)):
        items += _hand_items(plan, melds)
    items += plain.get(reading.pattern if reading.pattern != "standard" else "mah_jong", ())
    limit = _winner_limit(plain, reading, facts, context)
    if limit is not None:
        items += plain[limit]
        return items
    won_by = facts.won_by
    if context.self_drawn:
        items += plan.get("self_drawn", won_by)
    if reading.winning >= 0:
        completed = melds[reading.winning]
        if completed.kind is PAIR:
            major = is_major(completed.tile)
            rule = "pair_completed_major" if major else "pair_completed_minor"
            items += plan.get(rule, (completed.tile, completed.tile))
    if facts.only_possible:
        items += plan.get("only_possible_tile", won_by)
    if (
        chows == 4  # a pung or a kong scores
        and "zero_point_hand" in plain
        and reading.pattern == "standard"
        and not any(m.kind is not CHOW and _scores(m, context) for m in melds)
    ):
        items += plain["zero_point_hand"]
    if not chows:
        items += plain.get("no_chow", ())
    if reading.concealed:
        items += plain.get("concealed", ())
    if facts.suits == 1:
        if facts.honours:
            items += plain.get("false_color", ())
        else:
            items += plain.get("true_color", ())
            if not chows:
                items += plain.get("purity", ())
    if not facts.kinds & ~MAJOR_BITS:
        items += plain.get("terminals_and_honours", ())
    if context.loose_tile:
        items += plan.get("loose_tile", won_by)
    if context.last_tile:
        items += plan.get("last_tile", won_by)
    if context.last_discard:
        items += plan.get("last_discard", won_by)
    if context.robbed_kong:
        items += plan.get("robbing_kong", won_by)
    if context.original_call:
        exposed = sum(m.exposed for m in melds) + (reading.winning < 0 and not context.self_drawn)
        if exposed < 3:
            items += plain.get("original_call", ())
    return items


def _scores(m: Meld, context: Context) -> bool:
    """Whether a meld earns basic points (a pung, a kong or a scoring pair)."""
    if m.kind is not PAIR:
        return True
    tile = m.tile
    return tile in DRAGONS or tile in (EAST + context.seat_wind, EAST + context.prevailing_wind)


def _winner_limit(table: Mapping[str, object], r: Reading, f: _Facts, c: Context) -> str | None:
    """The first winner limit rule of the table that the reading meets, in the order Kajongg
    keeps the first of (league-presets.md 5b). Each rule tests its cheapest condition first."""
    if f.suits == 1 and not f.honours and r.concealed and "concealed_true_color" in table:
        return "concealed_true_color"
    if f.suits == 0 and "only_honours" in table:
        return "only_honours"
    if not f.kinds & ~TERMINAL_BITS and "heads_and_tails" in table:
        return "heads_and_tails"
    standard = r.pattern == "standard"
    if (
        c.self_drawn
        and r.concealed
        and standard
        and not _chows(r.melds)
        and "hidden_treasure" in table
    ):
        return "hidden_treasure"
    if f.suits == 1 and standard and "buried_treasure" in table and _buried_treasure(r.melds):
        return "buried_treasure"
    if f.suits == 1 and not f.honours and "nine_gates" in table and _nine_gates(f.hand):
        return "nine_gates"
    if len(f.hand.melds) == 4 and _kongs(r.melds) == 4 and "fourfold_plenty" in table:
        return "fourfold_plenty"  # (kongs are declared melds, so four are the four declared)
    if not ~f.kinds & DRAGON_BITS and _pungs_of(r.melds, DRAGON_BITS) == 3:
        if "three_great_scholars" in table:
            return "three_great_scholars"
        if "three_great_scholars_no_chow" in table and not _chows(r.melds):
            return "three_great_scholars_no_chow"
    if (
        not ~f.kinds & WIND_BITS
        and _pungs_of(r.melds, WIND_BITS) == 4
        and "four_blessings" in table
    ):
        return "four_blessings"
    if not f.kinds & ~GREEN_BITS:
        if "imperial_jade" in table:
            return "imperial_jade"
        if f.kinds != GREEN_BITS and "imperial_jade_kajongg" in table:
            return "imperial_jade_kajongg"
    if not (c.loose_tile or c.last_tile or c.robbed_kong or c.twofold_fortune or c.first_turn):
        return None  # the rest need a way of winning
    winning = f.won_by[0]
    if c.loose_tile and winning == DOT_5 and "plum_blossom" in table:
        return "plum_blossom"
    if c.last_tile and winning == DOT_1 and "moon_from_the_sea" in table:
        return "moon_from_the_sea"
    if c.robbed_kong and winning == BAMBOO_2 and "carrying_pole" in table:
        return "carrying_pole"
    if c.twofold_fortune and "twofold_fortune" in table:
        return "twofold_fortune"
    if c.first_turn and c.seat_wind == 0 and r.concealed and "heavenly_blessing" in table:
        return "heavenly_blessing"  # the Original Hand, East's alone (seed 004 rule 8)
    if c.first_turn and c.seat_wind != 0 and not c.self_drawn and "earthly_blessing" in table:
        return "earthly_blessing"  # on East's first discard, and nothing else
    return None


def _kongs(melds: tuple[Meld, ...]) -> int:
    return [m.kind for m in melds].count(KONG)


def _pungs_of(melds: tuple[Meld, ...], tiles: int) -> int:
    """How many pungs and kongs of the kinds in ``tiles`` (bits) the melds hold."""
    return sum((m.kind is PUNG or m.kind is KONG) and (tiles >> m.tile) & 1 for m in melds)


def _buried_treasure(melds: tuple[Meld, ...]) -> bool:
    """Four concealed pungs and the pair (no chow, no kong)."""
    return all(m.kind is PUNG or m.kind is PAIR for m in melds) and (
        sum(m.kind is PUNG and not m.exposed for m in melds) == 4
    )


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


def _only_possible_tile(
    hand: Hand, rules: RuleSet, plan: _Plan, tiles: HandTiles, readings: list[Reading]
) -> bool:
    """Take the winning tile away: does no other kind complete the hand? (Kinds the hand already
    holds four of are no waits; what is visible on the table is not considered.)"""
    winning = hand.winning_tile
    assert winning is not None
    for reading in readings:  # a two-sided chow wait (23 for 1 or 4) has another tile
        completed = reading.melds[reading.winning] if reading.winning >= 0 else None
        if completed is not None and completed.kind is CHOW:
            other = _other_end(completed.tile, winning)
            if other is not None and _held(hand, tiles.counts, other) < 4:
                return False
    waits: list[Tile] = []
    if "mah_jong" in plan.plain:
        waits = waits_without(tiles.suits, winning)
        if rules.max_chows < 4:
            counts = _with(tiles.counts, winning, -1)
            waits = [t for t in waits if _fewest_chows(hand, _with(counts, t)) <= rules.max_chows]
    if plan.specials and not hand.melds:
        counts = _with(tiles.counts, winning, -1)
        for pattern in plan.specials:
            if pattern in _MAJORS_ONLY and holds_simples(counts):
                continue
            if distance(pattern, counts, 0) == 1:
                waits += [
                    t
                    for t in range(PLAIN_KINDS)
                    if counts[t] < 4 and special_complete(pattern, _with(counts, t))
                ]
    if waits == [winning]:
        return True
    # another wait counts unless the hand holds four of it, which needs a declared meld
    return all(
        t == winning or (tiles.declared >> t & 1 and _held(hand, tiles.counts, t) >= 4)
        for t in waits
    )


def _other_end(chow: Tile, winning: Tile) -> Tile | None:
    """The tile at the other end of a chow completed at one end, when there is one."""
    if winning == chow and winning % 9 <= 5:
        return winning + 3
    if winning == chow + 2 and winning % 9 >= 3:
        return winning - 3
    return None


def _held(hand: Hand, concealed: list[int], tile: Tile) -> int:
    """Copies of a kind in the hand: concealed, and in declared melds."""
    copies = concealed[tile]
    for m in hand.melds:
        if m.kind is CHOW:
            copies += m.tile <= tile <= m.tile + 2
        elif m.tile == tile:
            copies += 4 if m.kind is KONG else 3
    return copies


def _with(counts: list[int], tile: Tile, more: int = 1) -> list[int]:
    changed = list(counts)
    changed[tile] += more
    return changed


def _fewest_chows(hand: Hand, counts: list[int]) -> int:
    """The fewest chows of a standard reading, declared ones included (99 for no reading)."""
    declared = _chows(hand.melds)
    return min((declared + _chows(a) for a in arrangements(counts)), default=99)


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
    if scale.total((best,)) > scale.total(normal):
        return (best,)
    return normal


def _reading_item_lists(hand: Hand, context: Context, rules: RuleSet) -> list[list[Item]]:
    """The items of every reading of a winning hand before the limits are applied (none when it
    is no win)."""
    tiles = HandTiles(hand)
    plan = CLASSICAL.plan(rules)
    readings = _readings(hand, context, rules, plan, tiles)
    if not readings:
        return []
    facts = _Facts(hand, context, rules, plan, tiles, readings)
    return [_reading_items(plan, reading, context, facts) for reading in readings]


def _winning_candidates(hand: Hand, context: Context, rules: RuleSet) -> list[tuple[Item, ...]]:
    """The items of every reading of a winning hand, limits applied (none when it is no win)."""
    scale = CLASSICAL.scale(rules)
    return [_settle_limits(items, scale) for items in _reading_item_lists(hand, context, rules)]


def _best(candidates: list[tuple[Item, ...]], scale: Scale) -> tuple[Item, ...]:
    """The candidate worth most (then with most doubles, then points); the first of equals."""
    if len(candidates) == 1:
        return candidates[0]

    def key(items: tuple[Item, ...]) -> tuple[int, int, int]:
        points = sum(item.points for item in items)
        doubles = sum(item.doubles for item in items)
        return (scale.total(items), doubles, points)

    return max(candidates, key=key)


def _calling_items(plan: _Plan, hand: Hand, context: Context, rules: RuleSet) -> list[Item]:
    """BMJA: a calling loser scores "calling for" each limit, special hand or Purity that one
    more (self-drawn) tile would complete (league-presets.md section 6)."""
    table = rules.score_table
    if not any(rule.startswith("calling_for_") for rule in table):
        return []
    held = all_counts(hand)
    found: list[str] = []
    drawn = Context(context.seat_wind, context.prevailing_wind, self_drawn=True)
    scale = CLASSICAL.scale(rules)
    for tile in range(PLAIN_KINDS):
        if held[tile] >= 4:
            continue
        complete = Hand(hand.concealed, hand.melds, hand.bonus, tile)
        readings = _reading_item_lists(complete, drawn, rules)
        if not readings:
            continue
        settled = [_settle_limits(items, scale) for items in readings]
        # The best completion's rules as scored, a half limit kept even where its points beat
        # it (league-presets.md section 6: "whose kept scoring rules include X").
        best = readings[settled.index(_best(settled, scale))]
        limit_items = [item for item in best if item.limit]
        if limit_items:
            top = max(limit_items, key=lambda item: item.limit)  # the first of equal limits
            rule = "calling_for_" + top.rule
        elif any(item.rule == "purity" for item in best):
            rule = "calling_for_purity"
        else:
            continue
        if rule in table and rule not in found:
            found.append(rule)
    return [item for rule in found for item in plan.get(rule)]


# ---------------------------------------- the scorer


class ClassicalScorer(Scorer[_Plan]):
    """Classical: points, doubles and limits (see the module docstring)."""

    scale_options = ("limit", "roof_off")
    # Seed 000, Step 6c: "The other Players pay each other the difference in their Points."
    losing_sheets = "counts: the losers pay each other the difference of their scores"

    def new_plan(self, table: Mapping[str, Value]) -> _Plan:
        return _Plan(table)

    def new_scale(self, rules: RuleSet) -> Scale:
        return PointsScale(rules.limit, rules.roof_off)

    def score(self, hand: Hand, context: Context, rules: RuleSet) -> ScoreSheet:
        scale = self.scale(rules)
        if hand.winning_tile is None:
            plan = self.plan(rules)
            melds = loser_melds(hand)
            items, _ = _meld_items(plan, melds, context)
            items += _bonus_items(plan, hand.bonus, context.seat_wind)
            items += _hand_items(plan, melds)
            if context.calling:
                items += _calling_items(plan, hand, context, rules)
            return ScoreSheet(False, _settle_limits(items, scale), scale, None, hand, rules.name)
        candidates = _winning_candidates(hand, context, rules)
        if not candidates:
            reason = _no_win_reason(hand, rules)
            return ScoreSheet(False, (), scale, reason, hand, rules.name)
        return ScoreSheet(True, _best(candidates, scale), scale, None, hand, rules.name)

    def is_legal_win(self, hand: Hand, context: Context, rules: RuleSet) -> bool:
        """Whether a pattern accepts the hand: Classical has no minimum to check."""
        if hand.winning_tile is None:
            return False
        return bool(_readings(hand, context, rules, self.plan(rules), HandTiles(hand)))

    def settle(
        self,
        rules: RuleSet,
        winner: int,
        discarder: int | None,
        self_drawn: bool,
        values: list[int],
    ) -> Settlement:
        return settle_classical(rules, winner, values)


def _no_win_reason(hand: Hand, rules: RuleSet) -> str:
    if hand.size() != 14:
        return f"a winning hand has 14 tiles (a kong counts as three), this one has {hand.size()}"
    if "mah_jong" in rules.score_table:
        fewest = _fewest_chows(hand, hand.concealed_counts())
        if fewest != 99 and fewest > rules.max_chows:
            return (
                f"{fewest} chows; {rules.title} allows at most {rules.max_chows} in a winning hand"
            )
    return f"{format_tiles(hand.tiles())} is no winning hand under {rules.title}"


CLASSICAL: Final = ClassicalScorer()
