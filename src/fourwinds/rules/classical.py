"""Classical (Chinese/Western) Mah Jongg, seed 000, with Berrie Bloem's rules (seed 004)."""

from fourwinds.rules import RuleSet, register, standard_tiles
from fourwinds.shapes import STANDARD, THIRTEEN_ORPHANS

CLASSICAL = register(
    RuleSet(
        name="classical",
        title="Classical",
        source="seeds/000_8a5b3e72a45ce059.txt, seeds/004_2b98e50667263ee0.txt",
        tile_counts=standard_tiles(bonus=True),
        stacks_per_wall=18,
        wall_method="classical",
        replacement_tiles=14,
        deal_takes=(4, 4, 4),
        east_jump=False,
        shapes=(STANDARD, THIRTEEN_ORPHANS),
        claim_precedence="classical",
        concealed_kong_shown=True,
        eight_bonus_wins=False,
        rotate_on_dealer_win=False,
        rotate_on_draw=True,
        seating_by_dice=True,
    )
)
