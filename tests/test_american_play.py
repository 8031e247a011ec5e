"""The rules of American play (issue 5 "Tiles, wall, deal" and "Play"), each test citing seed
001 (`seeds/001_2591ac4ce07753a0.txt`) or `reference/american-rules.md` by section."""

from __future__ import annotations

import json
import random

import pytest
from american_rig import action, arrange, give, next_draws, through_charleston

from fourwinds.american.actions import DISCARD, PASS_TILES, AmericanAction
from fourwinds.american.bots import TARGETS, CardBot, _unseen_jokers, make_american_bot
from fourwinds.american.card import Card
from fourwinds.american.deal import (
    MAHJONG_IN_ERROR,
    NO_LINE_LEFT,
    WRONG_EXPOSURE,
    AmericanDeal,
)
from fourwinds.american.hand import Exposure
from fourwinds.american.match import AmericanMatch
from fourwinds.american.settlement import settle_american
from fourwinds.american.view import AmericanView
from fourwinds.engine.actions import IllegalAction
from fourwinds.rules import AMERICAN_TILES, get_rules
from fourwinds.simulate import play
from fourwinds.tiles import JOKER, parse_tile, parse_tiles
from fourwinds.wall import Wall

CARD = Card.parse(
    """
title: test card
section: test
E1 FF 2222a 44a 6666a 88a ; X 25
C1 NN 2222a 44a 6666a 88a ; C 40
K1 111a 222a 333a 444a 55a ; X 30
R1 FFF 2222a 4444a RRR ; X 25
P1 NN EE 11a 11b 11c 99a 99b ; C 50
"""
)


def new(seed: int = 1, card: Card = CARD, **options: object) -> AmericanDeal:
    return AmericanDeal(get_rules("american", **options).with_card(card), seed)


def ready(seed: int = 1, card: Card = CARD, **options: object) -> AmericanDeal:
    """A deal whose Charleston is over: East holds fourteen and must discard."""
    deal = new(seed, card, **options)
    through_charleston(deal)
    return deal


def expose(deal: AmericanDeal, seat: int, text: str) -> None:
    """Turn tiles the seat holds into an exposure (as if called earlier)."""
    exposure = Exposure.parse(text)
    state = deal.seats[seat]
    for tile in exposure.tiles():
        assert state.concealed[tile], f"seat {seat} does not hold {text}"
        state.concealed[tile] -= 1
    state.exposures.append(exposure)
    deal.recount()


def legal(deal: AmericanDeal, seat: int) -> list[str]:
    return [str(a) for a in deal.legal_actions(seat)]


def pass_all(deal: AmericanDeal) -> None:
    while deal.phase == "claim":
        deal.apply(deal.to_move()[0], action("pass"))


def claim(deal: AmericanDeal, seat: int, text: str) -> None:
    """``seat`` answers the discard with ``text``; every other seat asked passes."""
    deal.apply(seat, action(text))
    pass_all(deal)


# ---------------------------------------------------------------- tiles, wall, deal


def test_152_tiles_in_walls_of_19_stacks() -> None:
    """Seed 001: 152 tiles; "19 stacks of two -- 38 in total" per wall."""
    rules = get_rules("american")
    assert sum(rules.tile_counts) == 152 and rules.tile_counts == AMERICAN_TILES
    assert rules.tile_counts[JOKER] == 8 and sum(rules.tile_counts[34:42]) == 8
    wall = Wall.build(rules, random.Random(5))
    assert len(wall.stacks) == 4 * 19 and all(len(stack) == 2 for stack in wall.stacks)


def test_east_rolls_and_the_counted_stacks_are_drawn_last() -> None:
    """Seed 001 part 1.4: East counts the dice total of stacks from the right of her wall;
    they stay and are the last tiles played. No dead wall: every tile is drawn (3.1.5)."""
    rules = get_rules("american")
    for seed in range(20):
        wall = Wall.build(rules, random.Random(seed))
        (dice,) = wall.break_.dice
        assert len(dice) == 2 and wall.break_.side == 0
        assert wall.break_.stack == 19 - sum(dice) + 1
        counted = {(19 - k) % 76 for k in range(1, sum(dice) + 1)}
        last = set()
        while wall.live_left():
            before = [len(s) for s in wall.stacks]
            wall.draw()
            if wall.live_left() < 2 * sum(dice):
                last |= {i for i, s in enumerate(wall.stacks) if len(s) != before[i]}
        assert last == counted and wall.replacements_left() == 0


def test_the_deal_four_at_a_time_then_one_each_and_east_one_more() -> None:
    """Seed 001 part 1.5-1.8: four tiles at a time to twelve, then one each, East one more."""
    rules = get_rules("american")
    deal = AmericanDeal(rules, 9)
    order = Wall.build(rules, random.Random(9))
    expected: list[list[int]] = [[], [], [], []]
    for _ in range(3):
        for seat in range(4):
            expected[seat] += [order.draw() for _ in range(4)]
    for seat in (0, 1, 2, 3, 0):
        expected[seat].append(order.draw())
    assert [sorted(seat.tiles()) for seat in deal.seats] == [sorted(e) for e in expected]
    assert [s.tile_count() for s in deal.seats] == [14, 13, 13, 13]
    assert deal.wall.live_left() == 152 - 53 == 99
    assert deal.counts_by_kind() == list(AMERICAN_TILES)


# ---------------------------------------------------------------- the Charleston


def first_passes(deal: AmericanDeal) -> dict[int, AmericanAction]:
    chosen = {}
    for seat in deal.to_move():
        chosen[seat] = next(a for a in deal.legal_actions(seat) if a.kind == PASS_TILES)
        deal.apply(seat, chosen[seat])
    return chosen


def test_the_first_charleston_passes_right_across_left() -> None:
    """Seed 001 part 2.1: right, across, left, three tiles each."""
    deal = new(3)
    for stage, step in (("first-right", 1), ("first-across", 2), ("first-left", 3)):
        assert deal.stage.name == stage and deal.to_move() == [0, 1, 2, 3]
        chosen = first_passes(deal)
        for seat, choice in chosen.items():
            assert len(choice.tiles) == 3
            assert deal.received[(seat + step) % 4] == choice.tiles
    assert deal.stage.name == "vote"
    assert [s.tile_count() for s in deal.seats] == [14, 13, 13, 13]


def test_no_joker_is_ever_passed() -> None:
    """Seed 001 part 2 note: "It is not allowed to pass a Joker"; reference 3.2.6."""
    deal = new(4)
    give(deal, 1, "JJ 123m 456p 789s 11z")
    assert all(JOKER not in a.tiles for a in deal.legal_actions(1))
    with pytest.raises(IllegalAction, match="a joker may never be passed"):
        deal.apply(1, action("pass-tiles 1mJJ"))


def test_blind_passes_only_on_the_first_left_and_the_last_right() -> None:
    """Reference 3.2.4 (seed 001 part 2.3: "on the third pass of each of the Charlestons")."""
    deal = new(5)
    blind_stages = set()
    while deal.phase == "charleston":
        for seat in deal.to_move():
            options = deal.legal_actions(seat)
            if any(a.kind == PASS_TILES and a.number for a in options):
                blind_stages.add(deal.stage.name)
            choice = next(
                a
                for a in options
                if (a.kind == "vote" and a.number == 1)
                or a.kind == "courtesy"
                or (a.kind == PASS_TILES and not a.number)
            )
            deal.apply(seat, choice)
    assert blind_stages == {"first-left", "second-right"}


def test_a_blind_pass_forwards_the_incoming_tiles_unseen() -> None:
    deal = new(6)
    first_passes(deal)
    first_passes(deal)
    assert deal.stage.name == "first-left"
    incoming_for_west = None
    chosen = {}
    for seat in (0, 1, 3):
        chosen[seat] = next(a for a in deal.legal_actions(seat) if a.kind == PASS_TILES)
        deal.apply(seat, chosen[seat])
    incoming_for_west = chosen[3].tiles  # passing left: North gives to West
    deal.apply(2, action("pass-tiles blind 3"))
    assert deal.received[2] == ()  # West kept nothing new
    assert deal.received[1] == incoming_for_west  # South got North's tiles, unseen by West


def test_the_second_charleston_needs_every_vote() -> None:
    """Seed 001 part 2.2: "If even one player refuses, the second Charleston is not done";
    its order is left, across, right."""
    for votes, following in (((1, 1, 1, 1), "second-left"), ((1, 1, 0, 1), "courtesy-offer")):
        deal = new(7)
        for _ in range(3):
            first_passes(deal)
        for seat, vote in enumerate(votes):
            deal.apply(seat, action(f"vote {'yes' if vote else 'no'}"))
        assert deal.stage.name == following
        assert deal.votes == [bool(v) for v in votes]
    for stage, step in (("second-left", 3), ("second-across", 2), ("second-right", 1)):
        deal = new(7)
        for _ in range(3):
            first_passes(deal)
        for seat in range(4):
            deal.apply(seat, action("vote yes"))
        while deal.stage.name != stage:
            first_passes(deal)
        chosen = first_passes(deal)
        assert all(deal.received[(s + step) % 4] == c.tiles for s, c in chosen.items())


def test_the_courtesy_pass_is_the_smaller_offer_of_each_pair() -> None:
    """Reference 3.2.5: each of an across pair names 0-3 tiles; they exchange the smaller."""
    deal = new(8)
    for _ in range(3):
        first_passes(deal)
    for seat in range(4):
        deal.apply(seat, action("vote no"))
    for seat, offer in enumerate((3, 0, 1, 2)):
        deal.apply(seat, action(f"courtesy {offer}"))
    assert deal.stage.name == "courtesy" and deal.agreed == [1, 0, 1, 0]
    assert deal.to_move() == [0, 2]
    assert {len(a.tiles) for a in deal.legal_actions(0) if a.kind == PASS_TILES} == {1}
    east = deal.legal_actions(0)[1]
    west = deal.legal_actions(2)[3]
    deal.apply(0, east)
    deal.apply(2, west)
    assert deal.received[2] == east.tiles and deal.received[0] == west.tiles
    assert deal.phase == "turn" and deal.current == 0


def test_the_heavenly_hand() -> None:
    """Reference 3.2.2: East dealt Mah Jongg wins at once, as self-picked (all pay double)."""
    deal = new(10)
    give(deal, 0, "12f 2222m 44m 6666m 88m")
    assert legal(deal, 0)[0] == "win" and "win" not in legal(deal, 1)
    deal.apply(0, action("win"))
    result = deal.result
    assert result is not None and result.heavenly and result.self_drawn
    assert (result.line, result.value, result.jokerless) == ("E1", 50, True)
    assert result.settlement is not None and result.settlement.net == [300, -100, -100, -100]


def test_east_may_stop_the_passing_for_mah_jongg_only_after_the_first_charleston() -> None:
    """Reference 3.2.7."""
    deal = new(11)
    first_passes(deal)
    give(deal, 0, "12f 2222m 44m 6666m 88m")
    assert "win" not in legal(deal, 0)
    first_passes(deal)
    first_passes(deal)
    give(deal, 0, "12f 2222m 44m 6666m 88m")
    assert deal.stage.name == "vote" and "win" in legal(deal, 0)


def test_three_players_skip_the_charleston() -> None:
    """Seed 001 part 8: "Charleston is omitted, courtesy pass is optional"; the missing
    player's space is given no tiles; East has fourteen."""
    deal = new(12, players=3)
    assert [s.tile_count() for s in deal.seats] == [14, 13, 13, 0]
    assert deal.stage.name == "courtesy-offer" and deal.to_move() == [0, 2]
    deal.apply(0, action("courtesy 2"))
    deal.apply(2, action("courtesy 0"))
    assert deal.phase == "turn" and deal.current == 0
    drawn_by = []
    while len(drawn_by) < 4:
        seat = deal.current
        tile = deal.legal_actions(seat)[-1]
        deal.apply(seat, tile)
        while deal.phase == "claim":
            deal.apply(deal.to_move()[0], action("pass"))
        drawn_by.append(deal.current)
    assert drawn_by == [1, 2, 0, 1]


# ---------------------------------------------------------------- turns and calls


CLAIM_HANDS = {
    0: "5m 1234f 99p 9s 7z 6z 3p 3s 1s 8s",
    1: "55m 5678f 77p 77s 11z 2z",
    2: "111m 222m 333m 444m 5m",
    3: "2222p 44p 6666p 8p 4z 4s",
}


def test_east_discards_first() -> None:
    """Seed 001 part 3.1: East starts by discarding; she has not drawn, so no exchange."""
    deal = ready(13)
    assert deal.phase == "turn" and deal.current == 0 and deal.drawn is None
    assert deal.seats[0].tile_count() == 14
    assert all(a.kind == "discard" for a in deal.legal_actions(0) if a.kind != "win")


def test_calls_are_for_identical_sets_and_mah_jongg_beats_them() -> None:
    """Reference 3.3.2 and 3.3.5; seed 001 part 4.2-4.4."""
    deal = ready(14)
    arrange(deal, CLAIM_HANDS)
    deal.apply(0, action("discard 5m"))
    assert deal.to_move() == [1, 2]
    assert legal(deal, 1) == ["call [555m]", "pass"]  # a pung; no pair is ever called
    assert legal(deal, 2) == ["win", "pass"]  # a single, for Mah Jongg only
    assert deal.legal_actions(3) == []
    deal.apply(1, action("call [555m]"))
    deal.apply(2, action("win"))
    result = deal.result
    assert result is not None and (result.winner, result.discarder, result.line) == (2, 0, "K1")


def test_the_next_in_turn_gets_a_contested_call() -> None:
    deal = ready(15)
    arrange(
        deal,
        {
            0: "7z 1234f 99p 9s 6z 3p 3s 1s 8s 5p",
            1: "77z 5678f 11p 77s 11z 2z",
            2: "111m 222m 333m 444m 9m",
            3: "7zJ 2222p 44p 666p 8p 4s",
        },
    )
    deal.apply(0, action("discard 7z"))
    assert deal.to_move() == [1, 3]
    assert legal(deal, 3) == ["call [77zJ]", "pass"]
    deal.apply(3, action("call [77zJ]"))
    deal.apply(1, action("call [777z]"))
    assert deal.seats[1].exposures == [Exposure.parse("[777z]")]
    assert deal.phase == "turn" and deal.current == 1 and deal.drawn is None


def test_a_discarded_joker_is_never_called() -> None:
    """Reference 3.4.2; seed 001 part 4.9: "If a Joker is discarded, it cannot be picked up"."""
    deal = ready(16)
    give(deal, 0, "J 1234f 99p 9s 7z 6z 3p 3s 1s 8s")
    give(deal, 1, "JJ 5678f 77p 77s 11z 2z", keep=frozenset({0}))
    deal.apply(0, action("discard J"))
    assert deal.phase == "turn" and deal.current == 1 and deal.drawn is not None


def test_joker_exchange_on_ones_own_turn_after_drawing() -> None:
    """Reference 3.4.3; seed 001 part 4.7."""
    deal = ready(17)
    arrange(
        deal,
        {
            0: "7z 1234f 99p 9s 6z 3p 3s 1s 8s 5p",
            1: "7zJ 5678f 11p 7s 11z 2z 3z",
            2: "111m 222m 333m 444m 9m",
            3: "2222p 44p 666p 8p 4s 5s 6s",
        },
    )
    deal.apply(0, action("discard 7z"))
    deal.apply(1, action("call [77zJ]"))
    assert "exchange 7z 1" not in legal(deal, 1)  # no natural 7z left in South's hand
    next_draws(deal, "7z")
    deal.apply(1, action("discard 3z"))
    pass_all(deal)
    assert deal.current == 2 and deal.drawn == parse_tile("7z")
    assert "exchange 7z 1" in legal(deal, 2)
    deal.apply(2, action("exchange 7z 1"))
    assert deal.seats[1].exposures == [Exposure.parse("[777z]")]
    assert deal.seats[2].concealed[JOKER] == 1
    assert deal.counts_by_kind() == list(AMERICAN_TILES)


def test_a_win_after_a_joker_exchange_is_paid_as_self_picked() -> None:
    """Seed 001 part 6: "...or which she was able to exchange for a Joker which allowed her to
    win, all players pay her double"; reference 3.4.4 (calls, then redeems a joker)."""
    deal = ready(18)
    arrange(
        deal,
        {
            0: "2m 1234f 99p 9s 7z 6z 3p 3s 1s 8s",
            1: "22mJ 56f 44m 666m 88m 6p",
            3: "66pJ 2222s 44s 8s 8f 7f 3z",
        },
    )
    expose(deal, 3, "[66pJ]")
    deal.apply(0, action("discard 2m"))
    deal.apply(1, action("call [222mJ]"))
    assert "win" not in legal(deal, 1) and "exchange 6p 3" in legal(deal, 1)
    deal.apply(1, action("exchange 6p 3"))
    deal.apply(1, action("win"))
    result = deal.result
    assert result is not None and result.self_drawn and result.line == "E1"
    assert result.settlement is not None and result.settlement.net == [-50, 150, -50, -50]


def test_a_win_right_after_a_call_is_paid_by_the_discarder() -> None:
    deal = ready(19)
    arrange(deal, {0: "2m 1234f 99p 9s 7z 6z 3p 3s 1s 8s", 1: "22mJ 56f 44m 6666m 88m"})
    deal.apply(0, action("discard 2m"))
    claim(deal, 1, "call [222mJ]")
    deal.apply(1, action("win"))
    result = deal.result
    assert result is not None and result.discarder == 0 and not result.self_drawn
    assert result.settlement is not None and result.settlement.net == [-50, 100, -25, -25]


def test_concealed_lines_take_only_the_mah_jongg_tile_from_a_discard() -> None:
    """Seed 001 part 5.2; reference 3.3.8."""
    deal = ready(20)
    arrange(deal, {0: "8p 1234f 99m 9s 7z 6z 3m 3s 1s 8s", 2: "44z 2222p 44p 6666p 8p"})
    deal.apply(0, action("discard 8p"))
    claim(deal, 2, "win")
    result = deal.result
    assert result is not None and (result.line, result.value) == ("C1", 80)  # jokerless
    assert result.settlement is not None and result.settlement.net == [-160, -80, 320, -80]
    # Calling for an exposure instead rules the concealed line out.
    deal = ready(20)
    arrange(deal, {0: "6p 1234f 99m 9s 7z 6z 3m 3s 1s 8s", 2: "44z 2222p 44p 666p 88p"})
    deal.apply(0, action("discard 6p"))
    assert legal(deal, 2) == ["win", "call [666p]", "call [6666p]", "pass"]
    claim(deal, 2, "call [6666p]")
    assert deal.current == 2 and "win" not in legal(deal, 2)


def test_jokerless_doubles_every_hand_singles_and_pairs_too() -> None:
    """Seed 001 part 6: "If the winner has no Jokers in her winning hand, she receives double
    what is owed", with no exception: a jokerless line of singles and pairs doubles too."""
    value = next(line.value for line in CARD.lines if line.id == "P1")
    deal = ready(21)
    arrange(deal, {0: "1s 1234f 99m 9s 7z 6z 3m 3s 5s 8s", 2: "44z 11z 11m 11p 1s 99m 99p"})
    deal.apply(0, action("discard 1s"))
    claim(deal, 2, "win")
    result = deal.result
    assert result is not None and (result.line, result.value, result.jokerless) == (
        "P1",
        2 * value,
        True,
    )
    assert result.settlement is not None
    assert result.settlement.net == [-4 * value, -2 * value, 8 * value, -2 * value]


def test_the_nmjl_option_leaves_singles_and_pairs_undoubled() -> None:
    """Reference 3.6, the NMJL card: "The jokerless doubling applies to any line except Singles
    & Pairs, whose value already includes it": the option
    ``jokerless_except_singles_and_pairs``. Other lines still double."""
    value = next(line.value for line in CARD.lines if line.id == "P1")
    deal = ready(21, jokerless_except_singles_and_pairs=True)
    arrange(deal, {0: "1s 1234f 99m 9s 7z 6z 3m 3s 5s 8s", 2: "44z 11z 11m 11p 1s 99m 99p"})
    deal.apply(0, action("discard 1s"))
    claim(deal, 2, "win")
    result = deal.result
    assert result is not None and (result.line, result.value, result.jokerless) == (
        "P1",
        value,
        False,
    )
    concealed = next(line.value for line in CARD.lines if line.id == "C1")
    deal = ready(20, jokerless_except_singles_and_pairs=True)
    arrange(deal, {0: "8p 1234f 99m 9s 7z 6z 3m 3s 1s 8s", 2: "44z 2222p 44p 6666p 8p"})
    deal.apply(0, action("discard 8p"))
    claim(deal, 2, "win")
    assert deal.result is not None and (deal.result.line, deal.result.value) == (
        "C1",
        2 * concealed,
    )


def test_the_jokerless_option_is_a_named_true_or_false_option() -> None:
    rules = get_rules("american", jokerless_except_singles_and_pairs=True)
    assert rules.options()["jokerless_except_singles_and_pairs"] is True
    assert get_rules("american").jokerless_except_singles_and_pairs is False  # the seed
    with pytest.raises(ValueError, match="must be true or false"):
        get_rules("american", jokerless_except_singles_and_pairs=1)
    with pytest.raises(ValueError, match="no option"):
        get_rules("classical", jokerless_except_singles_and_pairs=True)


# ---------------------------------------------------------------- dead hands


def test_a_wrong_exposure_kills_the_hand_which_still_pays() -> None:
    """Reference 3.5.2-3 (an exposure no line has); seed 001 part 6.3: the disqualified player
    must still pay the winner."""
    deal = ready(22)
    arrange(
        deal,
        {
            0: "5m 1234f 99p 9s 7z 6z 3p 3s 1s 8s",
            1: "55m 5678f 77p 77s 11z 2z",
            2: "2222s 44s 6666s 8s 3z 3p",
        },
    )
    deal.apply(0, action("discard 5m"))
    claim(deal, 1, "call [555m]")  # no line of the card has a pung of 5m
    assert deal.seats[1].dead == WRONG_EXPOSURE
    assert deal.current == 2 and deal.drawn is not None
    assert deal.legal_actions(1) == []
    give(deal, 2, "2222s 44s 6666s 88s 3z 3p", keep=frozenset({1}))
    deal.apply(2, action("discard 3z"))
    pass_all(deal)
    give(deal, 3, "12f 2222m 44m 6666m 88m")  # North draws her Mah Jongg
    deal.apply(3, action("win"))
    result = deal.result
    assert result is not None and result.dead[1] == WRONG_EXPOSURE
    assert result.settlement is not None and result.settlement.net == [-100, -100, -100, 300]


def test_a_hand_dies_when_the_tiles_in_sight_leave_no_line() -> None:
    """Seed 001 part 6.6: "she cannot win because of the discarded tiles"."""
    card = Card.parse("N1 NN 2222a 44a 6666a 88a ; X 25\nC1 NN 2222a 44a 6666a 88a ; C 30")
    deal = ready(23, card)
    arrange(
        deal,
        {
            0: "4z 1234f 99p 9s 7z 6z 3p 3s 1s 8s",
            1: "2222m 44m 66m 8m 5678f",
            2: "444z 111m 3m 11s 33s 55s",
        },
    )
    expose(deal, 1, "[2222m]")
    west = deal.seats[2]
    for _ in range(3):
        west.concealed[parse_tile("4z")] -= 1
        west.discards.append(parse_tile("4z"))
        west.claimed.append(False)
    deal.recount()
    assert not deal.seats[1].dead
    deal.apply(0, action("discard 4z"))  # four Norths in sight: no NN for South
    assert deal.seats[1].dead == NO_LINE_LEFT


def test_mah_jongg_in_error_kills_the_hand() -> None:
    """Reference 3.5.2 and 3.5.4, with the table option that checks a declaration only after
    it is made."""
    deal = ready(24, mahjong_in_error=True)
    assert legal(deal, 0)[0] == "win"
    deal.apply(0, action("win"))
    assert deal.seats[0].dead == MAHJONG_IN_ERROR
    assert deal.current == 1 and deal.phase == "turn"
    assert "win" not in legal(ready(24), 0)  # without the option only a complete hand declares


# ---------------------------------------------------------------- the end of a hand


def test_a_wall_game_pays_nothing_and_the_deal_passes_right() -> None:
    """Seed 001 part 3.4 and part 7.2; reference 3.5.5."""
    match = AmericanMatch(get_rules("american", rounds=1).with_card(CARD), 25)
    east = match.east
    deal = match.deal
    through_charleston(deal)
    while deal.result is None:
        seat = deal.to_move()[0]
        if deal.phase == "claim":
            deal.apply(seat, action("pass"))
        else:
            deal.apply(seat, AmericanAction("discard", (max(deal.seats[seat].tiles()),)))
    assert deal.result.winner is None and deal.result.settlement is None
    assert deal.wall.live_left() == 0
    match.next_hand()
    assert match.east == (east + 1) % 4 and match.scores == [0, 0, 0, 0]


def test_payments() -> None:
    """Reference 3.6: discarder 2V, others V; self-pick 2V each; jokerless doubles both."""
    everyone = [0, 1, 2, 3]
    assert settle_american(25, 1, 3, everyone).net == [-25, 100, -25, -50]
    assert settle_american(25, 1, None, everyone).net == [-50, 150, -50, -50]
    assert settle_american(50, 1, 3, everyone).net == [-50, 200, -50, -100]  # jokerless 25
    assert settle_american(25, 0, None, [0, 1, 2]).net == [100, -50, -50, 0]


def test_refused_actions_change_nothing() -> None:
    deal = ready(26)
    before = [s.concealed[:] for s in deal.seats], deal.wall.heights(), deal.phase
    for seat, text in ((1, "discard 1m"), (0, "pass"), (0, "exchange 1m 2"), (0, "vote yes")):
        with pytest.raises(IllegalAction):
            deal.apply(seat, action(text))
    assert ([s.concealed[:] for s in deal.seats], deal.wall.heights(), deal.phase) == before
    assert parse_tiles("5m")  # the notation is the project's


# ---------------------------------------------------------------- the view


def test_the_view_carries_what_a_page_needs_and_hides_the_rest() -> None:
    """Issue 5: the Charleston stage, tiles to pass, votes, exposures with jokers, dead hands;
    DESIGN.md principle 5: no other seat's concealed tiles or choices."""
    deal = new(27)
    first_passes_for = {0: next(a for a in deal.legal_actions(0) if a.kind == PASS_TILES)}
    deal.apply(0, first_passes_for[0])
    data = AmericanView(deal, 1).to_json()
    charleston = data["charleston"]
    assert (charleston["stage"], charleston["direction"], charleston["count"]) == (
        "first-right",
        "right",
        3,
    )
    assert charleston["chosen"] == [0] and charleston["to_choose"] == [1, 2, 3]
    assert charleston["votes"] is None and not charleston["blind_allowed"]
    assert str(first_passes_for[0]) not in json.dumps(data)
    assert [s["concealed"] for s in data["seats"]] == [14, 13, 13, 13]
    assert len(data["hints"]) == 5 and {"line", "tiles_away", "value"} <= set(data["hints"][0])
    for seat in (1, 2, 3):
        deal.apply(seat, next(a for a in deal.legal_actions(seat) if a.kind == PASS_TILES))
    assert AmericanView(deal, 1).to_json()["charleston"]["received"]
    through_charleston(deal)
    assert AmericanView(deal, 2).to_json()["charleston"] is None
    arrange(deal, CLAIM_HANDS)
    deal.apply(0, action("discard 5m"))
    claim(deal, 1, "call [555m]")
    seats = AmericanView(deal, 2).to_json()["seats"]
    assert seats[1]["exposures"] == [{"text": "[555m]", "tile": "5m", "size": 3, "jokers": 0}]
    assert seats[1]["dead"] == WRONG_EXPOSURE


@pytest.mark.parametrize("bot", ["greedy", "strong"])
def test_bots_declare_mah_jongg_only_with_a_complete_hand(bot: str) -> None:
    """Under "Mah Jongg in error" (seed 001 part 6.3) Mah Jongg is offered at every turn, and a
    wrong one kills the hand: the bots declare it only with a complete hand, so they play every
    deal exactly as without the option (they used to declare at once, and every hand died)."""
    plain = get_rules("american")
    in_error = get_rules("american", mahjong_in_error=True)
    wins = 0
    for seed in range(12):
        deals = [AmericanDeal(rules, seed) for rules in (plain, in_error)]
        for deal in deals:
            play(deal, [make_american_bot(bot, seed + seat) for seat in range(4)])
        assert deals[1].history == deals[0].history
        result = deals[1].result
        assert result is not None and not any(result.dead)
        wins += result.winner is not None
    assert wins >= 6


def test_the_card_bot_weighs_a_discard_against_the_targets_of_its_last_turn() -> None:
    """docs/rules/american.md "The card bot": after each turn that throws a natural tile, the
    bot keeps the sets of the targets it discarded by, and whether one was within four tiles;
    a discard of another kind (or any discard while all were far) is passed without counting
    again, and only while its tiles are those it was left with."""
    deal = AmericanDeal(get_rules("american"), seed=3)
    bots = [CardBot(seat) for seat in range(4)]
    checked = passed = 0
    while deal.result is None:
        seat = deal.to_move()[0]
        view, bot = AmericanView(deal, seat), bots[seat]
        action = bot.choose(view)
        if view.phase == "turn" and action.kind == DISCARD and action.tiles != (JOKER,):
            holding = view.holding
            jokers = _unseen_jokers(view, holding)
            targets = view.matcher.targets(holding, view.unseen(), jokers, TARGETS)
            deal.apply(seat, action)
            plan, after = bot._plan, AmericanView(deal, seat).holding
            assert plan is not None and plan.holds(after) and not plan.holds(holding)
            sets = {s for t in targets if not t.line.concealed for s in t.sets}
            assert plan.calls == sets and plan.near == (targets[0].tiles <= 4)
            for tile_kind in range(len(after.counts)):
                wanted = (tile_kind, 3) in sets and plan.near
                assert plan.passes(tile_kind, [3]) == (not wanted)
                passed += not wanted
            checked += 1
            continue
        deal.apply(seat, action)
    assert checked >= 20 and 0 < passed < checked * len(after.counts)
