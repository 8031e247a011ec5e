"""Classical Chinese DMJL (Deutsche Mah Jongg Liga) as KDE Kajongg defines it.

Source: reference/league-presets.md (Kajongg snapshot 469a588b3c93, ``src/predefined.py``), whose
section numbers are cited beside each entry. Limit 500, four chows allowed, a kong box of 16 tiles,
no rotation after a wall game.
"""

from dataclasses import replace
from types import MappingProxyType

from fourwinds.rules import register
from fourwinds.rules.classical import BASIC_POINTS, CLASSICAL
from fourwinds.rules.values import Value, doubles, limit, points
from fourwinds.shapes import STANDARD, THIRTEEN_ORPHANS

TABLE: dict[str, Value] = {
    **BASIC_POINTS,  # section 2: meld rules, the same in both leagues
    "own_flower_and_season": doubles(1, "Own Flower and Own Season"),  # section 3
    "all_flowers": doubles(1),
    "all_seasons": doubles(1),
    "three_concealed_pungs": doubles(1),
    "little_three_dragons": doubles(1),
    "big_three_dragons": doubles(2),
    "little_four_winds": doubles(1, "Little Four Joys"),
    "big_four_winds": doubles(2, "Big Four Joys"),
    # section 4: Mah Jongg patterns
    "mah_jong": points(20, "Standard Mah Jongg"),
    "nine_gates_drawn": limit(1.0, "Nine Gates"),
    "squirming_snake": limit(),
    "thirteen_orphans": limit(),
    # section 5a: winner rules
    "self_drawn": points(2, "Won with last tile taken from wall"),
    "pair_completed_minor": points(2),
    "pair_completed_major": points(4),
    "only_possible_tile": points(2),
    "zero_point_hand": doubles(1),
    "no_chow": doubles(1),
    "concealed": doubles(1, "Only concealed melds"),
    "false_color": doubles(1, "False Color Game"),
    "true_color": doubles(3, "True Color Game"),
    "terminals_and_honours": doubles(1),
    "loose_tile": doubles(1, "Last tile taken from dead wall"),
    "last_tile": doubles(1, "Last tile is last tile of wall"),
    "last_discard": doubles(1, "Last tile is last tile of wall discarded"),
    "robbing_kong": doubles(1),
    "original_call": doubles(1, "Mah Jongg with Original Call"),
    # section 5b: limit hands
    "concealed_true_color": limit(),
    "only_honours": limit(),
    "heads_and_tails": limit(),
    "hidden_treasure": limit(),
    "fourfold_plenty": limit(),
    "three_great_scholars": limit(),
    "four_blessings": limit(),
    "imperial_jade_kajongg": limit(1.0, "Imperial Jade"),
    "plum_blossom": limit(),
    "moon_from_the_sea": limit(),
    "carrying_pole": limit(),
    "twofold_fortune": limit(),
    "heavenly_blessing": limit(),
    "earthly_blessing": limit(),
}

CLASSICAL_DMJL = register(
    replace(
        CLASSICAL,
        name="classical-dmjl",
        title="Classical (DMJL league)",
        summary="Classical as the German league (DMJL) plays it: a kong box of 16, Nine Gates and"
        " Squirming Snake.",
        rules_page="classical",
        source="reference/league-presets.md (Kajongg 'Classical Chinese DMJL'), seed 000",
        replacement_tiles=16,
        rotate_on_draw=False,
        shapes=(STANDARD, THIRTEEN_ORPHANS),
        max_chows=4,
        score_table=MappingProxyType(TABLE),
        limit=500,
    )
)
