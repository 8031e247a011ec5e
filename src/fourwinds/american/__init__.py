"""American Mah Jongg (NMJL style, seed 001): the card, the matcher, the Charleston, the deal.

A hand is won by matching a line of a card, a text file in the pattern language of
:mod:`fourwinds.american.card`. fourwinds ships its own original sample card and no NMJL lines;
players load their own card file.
"""
