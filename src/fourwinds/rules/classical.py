"""Classical (Chinese/Western) Mah Jongg, seed 000, with Berrie Bloem's rules (seed 004).

The scoring table follows seed 000 where it speaks (its worked example: exposed dragon pung 4,
dragon pair 2, bonus tile 4, exposed terminal kong 16, concealed simple pung 4, chow 0, Mah Jongg
20, self-drawn 2, one double per dragon pung, one for the own flower or season) and the mainstream
values of reference/classical-scoring.md (sections 1-3) elsewhere; docs/rules/classical.md lists
every entry with its source.
"""

from types import MappingProxyType

from fourwinds.rules import HIGHEST_SCORE, RuleSet, register, standard_tiles
from fourwinds.rules.values import Value, doubles, limit, points
from fourwinds.shapes import STANDARD, THIRTEEN_ORPHANS
from fourwinds.wall import ClassicalLayout

BASIC_POINTS: dict[str, Value] = {
    # reference/classical-scoring.md section 1 (all sources; seed 000 example)
    "exposed_pung": points(2),
    "concealed_pung": points(4),
    "exposed_pung_major": points(4),
    "concealed_pung_major": points(8),
    "exposed_kong": points(8),
    "concealed_kong": points(16),
    "exposed_kong_major": points(16),
    "concealed_kong_major": points(32),
    "dragon_pair": points(2),
    "seat_wind_pair": points(2),
    "prevailing_wind_pair": points(2),
    "bonus_tile": points(4),
    # section 3a: doubles for every hand
    "dragon_set": doubles(1),
    "seat_wind_set": doubles(1),
    "prevailing_wind_set": doubles(1),
}

TABLE: dict[str, Value] = {
    **BASIC_POINTS,
    # seed 000: "a second Double for our Flower" (North's own season in the example)
    "own_flower": doubles(1),
    "own_season": doubles(1),
    # BR: all four flowers "double twice - includes own Flower double"
    "all_flowers": doubles(1),
    "all_seasons": doubles(1),
    # section 2: winner only
    "mah_jong": points(20),
    "self_drawn": points(2),
    "only_possible_tile": points(2),
    # section 3b: doubles for the Mah Jongg hand
    "no_chow": doubles(1),
    "concealed": doubles(1),
    "false_color": doubles(1, "One suit with honours"),
    "true_color": doubles(3, "One suit only"),
    "terminals_and_honours": doubles(1),
    "loose_tile": doubles(1),
    "last_tile": doubles(1),
    "last_discard": doubles(1),
    "robbing_kong": doubles(1),
    "original_call": doubles(1),
    # section 3c: limit hands (MRA's list, limit 500)
    "thirteen_orphans": limit(),
    "heads_and_tails": limit(),
    "only_honours": limit(),
    "nine_gates": limit(),
    "fourfold_plenty": limit(),
    "three_great_scholars": limit(),
    "four_blessings": limit(),
    "imperial_jade": limit(),
    "hidden_treasure": limit(),
    "plum_blossom": limit(),
    "moon_from_the_sea": limit(),
    "carrying_pole": limit(),
    "twofold_fortune": limit(),
    "heavenly_blessing": limit(),
    "earthly_blessing": limit(),
}

CLASSICAL = register(
    RuleSet(
        name="classical",
        title="Classical",
        summary="Chinese/Western Mah Jongg as clubs play it: every hand scored in points and "
        "doubles, losers settle too.",
        rules_page="classical",
        source="seeds/000_8a5b3e72a45ce059.txt, seeds/004_2b98e50667263ee0.txt, "
        "reference/classical-scoring.md",
        tile_counts=standard_tiles(bonus=True),
        stacks_per_wall=18,
        wall_layout=ClassicalLayout(),
        replacement_tiles=14,
        deal_takes=(4, 4, 4),
        east_jump=False,
        shapes=(STANDARD, THIRTEEN_ORPHANS),
        concealed_kong_shown=True,
        eight_bonus_wins=False,
        rotate_on_dealer_win=False,
        rotate_on_draw=True,
        seating_by_dice=True,
        standing_hand=True,
        scoring="classical",
        score_table=MappingProxyType(TABLE),
        limit=500,
        starting_points=1000,
        win_claims=HIGHEST_SCORE,
        own_options=("win_claims",),
    )
)
