"""Hong Kong Old Style, seed 002."""

from fourwinds.rules import RuleSet, register, standard_tiles
from fourwinds.shapes import SEVEN_PAIRS, STANDARD, THIRTEEN_ORPHANS

HONGKONG = register(
    RuleSet(
        name="hongkong",
        title="Hong Kong Old Style",
        source="seeds/002_de92f8e71866e9eb.txt",
        tile_counts=standard_tiles(bonus=True),
        stacks_per_wall=18,
        wall_method="hongkong",
        replacement_tiles=14,
        deal_takes=(2, 2, 2, 2, 2, 2),
        east_jump=False,
        shapes=(STANDARD, THIRTEEN_ORPHANS, SEVEN_PAIRS),
        claim_precedence="win-first",
        concealed_kong_shown=True,
        eight_bonus_wins=True,
        rotate_on_dealer_win=True,
        rotate_on_draw=False,
        seating_by_dice=False,
    )
)
