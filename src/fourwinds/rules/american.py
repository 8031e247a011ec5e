"""American Mah Jongg (NMJL style), seed 001: 152 tiles with eight jokers, walls of 19 stacks,
no dead wall, the Charleston, and hands that win by matching a line of a card.

Play is :class:`fourwinds.american.deal.AmericanDeal`; the card, the matcher and the payments
live in :mod:`fourwinds.american`. docs/rules/american.md lists every rule with its source.
"""

from fourwinds.rules import AMERICAN_TILES, RuleSet, register
from fourwinds.wall import AmericanLayout

AMERICAN = register(
    RuleSet(
        name="american",
        title="American",
        summary="The American game (NMJL style): jokers, the Charleston, and hands won only by a "
        "line of a card.",
        rules_page="american",
        source="seeds/001_2591ac4ce07753a0.txt, reference/american-rules.md",
        tile_counts=AMERICAN_TILES,
        stacks_per_wall=19,
        wall_layout=AmericanLayout(),
        replacement_tiles=0,
        deal_takes=(4, 4, 4),
        east_jump=False,
        shapes=(),
        concealed_kong_shown=True,
        eight_bonus_wins=False,
        rotate_on_dealer_win=True,
        rotate_on_draw=True,
        seating_by_dice=False,
        scoring="american",
        family="american",
        claim_order=("win", "call"),
    )
)
