"""Classical Chinese BMJA (British Mah-Jong Association) as KDE Kajongg defines it.

Source: reference/league-presets.md (Kajongg snapshot 469a588b3c93, ``src/predefined.py``), whose
section numbers are cited beside each entry. Limit 1000, one chow at most in a winning hand, the
half-limit special hands, the calling ("fishing") values for losers, a kong box of 14 tiles, no
rotation after a wall game.
"""

from dataclasses import replace
from types import MappingProxyType

from fourwinds.rules import register
from fourwinds.rules.classical import BASIC_POINTS, CLASSICAL
from fourwinds.rules.values import Value, doubles, limit, points
from fourwinds.shapes import (
    ALL_PAIR_HONOURS,
    KNITTING,
    STANDARD,
    THIRTEEN_ORPHANS,
    TRIPLE_KNITTING,
    WRIGGLING_SNAKE,
)

TABLE: dict[str, Value] = {
    **BASIC_POINTS,  # section 2: meld rules, the same in both leagues
    "own_flower": doubles(1),
    "own_season": doubles(1),
    "all_flowers": doubles(2),  # section 3
    "all_seasons": doubles(2),
    # section 4: Mah Jongg patterns
    "mah_jong": points(20, "Standard Mah Jongg"),
    "gates_of_heaven": limit(),
    "wriggling_snake": limit(),
    "thirteen_orphans": limit(1.0, "The 13 Unique Wonders"),
    "knitting": limit(0.5),
    "triple_knitting": limit(0.5),
    "all_pair_honours": limit(0.5, "All pair honors"),
    # section 5a: winner rules
    "self_drawn": points(2, "Won with last tile taken from wall"),
    "no_chow": doubles(1),
    "concealed": doubles(1, "Only concealed melds"),
    "purity": doubles(3),
    "terminals_and_honours": doubles(1),
    "last_tile": doubles(1, "Last tile is last tile of wall"),
    "last_discard": doubles(1, "Last tile is last tile of wall discarded"),
    "robbing_kong": doubles(1),
    "original_call": doubles(1, "Original Call"),
    # section 5b: limit hands
    "only_honours": limit(),
    "heads_and_tails": limit(),
    "buried_treasure": limit(),
    "fourfold_plenty": limit(),
    "three_great_scholars_no_chow": limit(1.0, "Three Great Scholars"),
    "four_blessings": limit(),
    "imperial_jade_kajongg": limit(1.0, "Imperial Jade"),
    "plum_blossom": limit(),
    "moon_from_the_sea": limit(),
    "carrying_pole": limit(),
    "twofold_fortune": limit(),
    "heavenly_blessing": limit(),
    "earthly_blessing": limit(),
    # section 6: losers that declared a calling hand
    "calling_for_only_honours": limit(0.4),
    "calling_for_wriggling_snake": limit(0.4),
    "calling_for_gates_of_heaven": limit(0.4),
    "calling_for_imperial_jade_kajongg": limit(0.4, "Calling for Imperial Jade"),
    "calling_for_thirteen_orphans": limit(0.4, "Calling for The 13 Unique Wonders"),
    "calling_for_three_great_scholars_no_chow": limit(0.4, "Calling for Three Great Scholars"),
    "calling_for_heads_and_tails": limit(0.4),
    "calling_for_four_blessings": limit(0.4),
    "calling_for_buried_treasure": limit(0.4),
    "calling_for_fourfold_plenty": limit(0.4),
    "calling_for_triple_knitting": limit(0.2),
    "calling_for_knitting": limit(0.2),
    "calling_for_all_pair_honours": limit(0.2, "Calling for All pair honors"),
    "calling_for_purity": doubles(3),
}

CLASSICAL_BMJA = register(
    replace(
        CLASSICAL,
        name="classical-bmja",
        title="Classical (BMJA league)",
        summary="Classical as the British league (BMJA) plays it: a limit of 1,000, at most one "
        "chow, more special hands.",
        rules_page="classical",
        source="reference/league-presets.md (Kajongg 'Classical Chinese BMJA'), seed 000",
        replacement_tiles=14,
        rotate_on_draw=False,
        shapes=(
            STANDARD,
            THIRTEEN_ORPHANS,
            ALL_PAIR_HONOURS,
            KNITTING,
            TRIPLE_KNITTING,
            WRIGGLING_SNAKE,
        ),
        max_chows=1,
        score_table=MappingProxyType(TABLE),
        limit=1000,
    )
)
