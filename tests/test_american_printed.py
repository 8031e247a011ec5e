"""The card's lines against a hand (american/printed.py): the nearest instance put back in the
card's printed order, and the hand's tiles marked so that the places left are exactly the
tiles the matcher says the hand is away."""

from __future__ import annotations

from fourwinds.american.card import sample_card
from fourwinds.american.deal import AmericanDeal
from fourwinds.american.printed import marks, printed
from fourwinds.american.view import AmericanView
from fourwinds.rules import get_rules
from fourwinds.tiles import format_tiles


def test_every_hint_marks_as_many_missing_tiles_as_it_is_away() -> None:
    rules = get_rules("american")
    checked = 0
    for seed in range(40):
        deal = AmericanDeal(rules, seed=seed)
        for seat in range(4):
            view = AmericanView(deal, seat)
            for distance in view.hints():
                groups = printed(distance.line, distance.instance)
                tiles = [g for g in groups if not isinstance(g, str)]
                assert sorted(tiles) == sorted(distance.instance)  # the same groups, reordered
                filled = marks(groups, view.holding)
                missing = sum(1 for group in filled for mark in group if not mark)
                assert missing == distance.tiles, (distance.line.id, groups, filled)
                checked += 1
    assert checked == 40 * 4 * 5


def test_groups_come_back_in_the_printed_order() -> None:
    line = sample_card().line("A1")  # 11111a + 33333b = 4444c
    instance = line.variants[0].instances()[0]
    groups = printed(line, instance)
    assert [g if isinstance(g, str) else len(g[0]) for g in groups] == [5, "+", 5, "=", 4]
    first, _, second, _, third = groups
    assert not isinstance(first, str) and not isinstance(second, str)
    assert not isinstance(third, str)
    assert [format_tiles(g[0])[0] for g in (first, second, third)] == ["1", "3", "4"]
