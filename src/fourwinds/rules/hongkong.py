"""Hong Kong Old Style, seed 002: its own faan table, minimum 3 and maximum 10 faan by default.

The scoring table is seed 002's "Score Table", closed (open) values as it writes them: ``2 (1)``
is 2 faan closed and 1 open, ``1 (-)`` counts only for a closed hand, ``max`` scores the maximum.
docs/rules/hongkong.md gives every entry with an example and the readings of the garbled rows.
"""

from types import MappingProxyType

from fourwinds.rules import RuleSet, register, standard_tiles
from fourwinds.rules.values import MAX, Value, faan
from fourwinds.shapes import SEVEN_PAIRS, STANDARD, THIRTEEN_ORPHANS
from fourwinds.wall import HongKongLayout

TABLE: dict[str, Value] = {
    # Alternate winning hands
    "thirteen_orphans": MAX,
    "nine_gates": MAX,
    "eight_treasures": MAX,
    "seven_pairs": faan(2),
    # Faan from winning move
    "first_draw": MAX,
    "last_draw": faan(1),
    "last_discard": faan(1),
    "dead_wall_draw": faan(1),
    "robbing_kong": faan(1),
    "self_drawn": faan(1, 0, "Normal draw from the wall"),
    # Faan from bonuses
    "all_seasons": faan(2),
    "all_flowers": faan(2),
    "own_flower": faan(1),
    "own_season": faan(1),
    "no_bonus": faan(1),
    # Faan from suits
    "full_flush": faan(6, 5),
    "half_flush": faan(3, 2),
    "two_double_chows": faan(3, 0),
    "pure_straight": faan(2, 1),
    "mixed_triple_chow": faan(2, 1),
    "double_chow": faan(1, 0),
    # Faan from melds
    "four_kongs": MAX,
    "three_kongs": faan(2),
    "four_concealed_pungs": MAX,
    "four_pungs": faan(2),
    "three_concealed_pungs": faan(2),
    "triple_pung": faan(2),
    "little_dragons": faan(2),
    # Faan from honours and terminals
    "big_winds": MAX,
    "great_dragons": MAX,
    "all_honours": MAX,
    "all_terminals": MAX,
    "outside_hand": faan(3, 2),
    "terminals_and_honours": faan(2),
    "all_simples": faan(1),
    "dragon_pung": faan(1),
    "prevailing_wind": faan(1),
    "seat_wind": faan(1),
}

HONGKONG = register(
    RuleSet(
        name="hongkong",
        title="Hong Kong Old Style",
        summary="Hong Kong Old Style: hands scored in faan, with a minimum to win; the discarder "
        "pays, and everyone starts with 500 points.",
        rules_page="hongkong",
        source="seeds/002_de92f8e71866e9eb.txt",
        tile_counts=standard_tiles(bonus=True),
        stacks_per_wall=18,
        wall_layout=HongKongLayout(),
        replacement_tiles=14,
        deal_takes=(2, 2, 2, 2, 2, 2),
        east_jump=False,
        shapes=(STANDARD, THIRTEEN_ORPHANS, SEVEN_PAIRS),
        concealed_kong_shown=True,
        eight_bonus_wins=True,
        rotate_on_dealer_win=True,
        rotate_on_draw=False,
        seating_by_dice=False,
        scoring="hongkong",
        score_table=MappingProxyType(TABLE),
        min_faan=3,
        max_faan=10,
        payout="seed-002",
        starting_points=500,
        ends_when_broke=True,
    )
)
