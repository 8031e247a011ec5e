"""The Beginner rule set, seed 003: 136 tiles, no bonus tiles, three dice and East's jump.

Seed 003 names one winning hand, "four sets and a pair"; Thirteen Orphans wins only with the
option ``thirteen_orphans``, for tables that play it as most rule sets do.
"""

from fourwinds.rules import RuleSet, register, standard_tiles
from fourwinds.shapes import STANDARD
from fourwinds.wall import BeginnerLayout

BEGINNER = register(
    RuleSet(
        name="beginner",
        title="Beginner",
        summary="The plain game to learn with: four sets and a pair win, no flowers and no "
        "scoring (wins are counted).",
        rules_page="beginner",
        source="seeds/003_cbdf2ac198b9a49d.txt",
        tile_counts=standard_tiles(bonus=False),
        stacks_per_wall=17,
        wall_layout=BeginnerLayout(),
        replacement_tiles=0,
        deal_takes=(4, 4, 4),
        east_jump=True,
        shapes=(STANDARD,),
        concealed_kong_shown=False,
        eight_bonus_wins=False,
        rotate_on_dealer_win=False,
        rotate_on_draw=False,
        seating_by_dice=False,
        own_options=("thirteen_orphans",),
    )
)
