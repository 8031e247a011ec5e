"""American Mah Jongg (NMJL style, seed 001): the card, the matcher, the Charleston, the deal.

A hand is won by matching a line of a card, a text file in the pattern language of
:mod:`fourwinds.american.card`. fourwinds ships its own original sample card and no NMJL lines;
players load their own card file.
"""

from __future__ import annotations

from fourwinds.rules import RuleSet


def is_american(rules: RuleSet) -> bool:
    """Whether a rule set is played by the card (its deal is ``AmericanDeal``)."""
    return rules.scoring == "american"
