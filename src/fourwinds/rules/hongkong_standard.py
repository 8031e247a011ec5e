"""Hong Kong Old Style with the widely published faan table (``hongkong-standard``).

Source: reference/hongkong-scoring.md section 1, the "WP-lineage" column (the older Wikipedia
criteria table as transcribed by several implementations: all in triplets 3, mixed one suit 3,
all one suit 7, ...), minimum 3 faan, maximum 13, and by default YAW's half-spicy payout table
(section 3). Play and payment are as seed 002.
"""

from dataclasses import replace
from types import MappingProxyType

from fourwinds.rules import register
from fourwinds.rules.hongkong import HONGKONG
from fourwinds.rules.values import MAX, Value, faan
from fourwinds.shapes import STANDARD, THIRTEEN_ORPHANS

TABLE: dict[str, Value] = {
    # 1a: honour melds and bonus tiles
    "dragon_pung": faan(1),
    "seat_wind": faan(1),
    "prevailing_wind": faan(1),
    "own_flower": faan(1),
    "own_season": faan(1),
    "flower_set": faan(2, name="All four flowers"),
    "season_set": faan(2, name="All four seasons"),
    "no_bonus": faan(1),
    "eight_treasures": MAX,
    # 1b: winning conditions
    "self_drawn_any": faan(1, name="Self-drawn"),
    "concealed_hand": faan(1),
    "last_draw": faan(1),
    "last_discard": faan(1),
    "robbing_kong": faan(1),
    "dead_wall_draw": faan(1, name="Win on a kong replacement"),
    "twofold_fortune": faan(8, name="Win on the replacement of a second kong"),
    "heavenly_hand": MAX,
    "earthly_hand": MAX,
    # 1c: hand patterns
    "common_hand": faan(1),
    "all_pungs": faan(3, name="All in triplets"),
    "half_flush": faan(3, name="Mixed one suit"),
    "full_flush": faan(7, name="All one suit"),
    "mixed_orphans": faan(1),
    "small_dragons": faan(3),
    "great_dragons": faan(5),
    "small_winds": faan(6),
    "great_winds": faan(13),
    "all_honours": faan(10),
    "all_terminals": faan(10, name="Orphans"),
    "nine_gates": faan(10),
    "thirteen_orphans": faan(13),
    "all_kongs": faan(13),
    "four_concealed_pungs": faan(8, name="Self triplets"),
}

HONGKONG_STANDARD = register(
    replace(
        HONGKONG,
        name="hongkong-standard",
        title="Hong Kong Old Style (published table)",
        summary="Hong Kong Old Style with the widely published faan table, up to 13 faan.",
        rules_page="hongkong",
        source="reference/hongkong-scoring.md (WP-lineage faan table), seed 002 for play",
        shapes=(STANDARD, THIRTEEN_ORPHANS),
        score_table=MappingProxyType(TABLE),
        min_faan=3,
        max_faan=13,
        payout="half-spicy",
    )
)
