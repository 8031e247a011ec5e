"""The Beginner rule set, seed 003: 136 tiles, no bonus tiles, three dice and East's jump."""

from fourwinds.rules import RuleSet, register, standard_tiles
from fourwinds.shapes import STANDARD, THIRTEEN_ORPHANS

BEGINNER = register(
    RuleSet(
        name="beginner",
        title="Beginner",
        source="seeds/003_cbdf2ac198b9a49d.txt",
        tile_counts=standard_tiles(bonus=False),
        stacks_per_wall=17,
        wall_method="beginner",
        replacement_tiles=0,
        deal_takes=(4, 4, 4),
        east_jump=True,
        shapes=(STANDARD, THIRTEEN_ORPHANS),
        claim_precedence="win-first",
        concealed_kong_shown=False,
        eight_bonus_wins=False,
        rotate_on_dealer_win=False,
        rotate_on_draw=False,
        seating_by_dice=False,
    )
)
