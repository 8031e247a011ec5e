"""Issue 9: every refused action of the Classical-style engine names the rule it breaks, and a
refusal changes nothing. Positions are arranged with ``rig.give``."""

from __future__ import annotations

import copy
import random

import pytest
from rig import give
from test_play import added_kong_that_north_may_rob

from fourwinds.engine.actions import CHOWS, PASS_ACTION, WIN_ACTION, Action, IllegalAction
from fourwinds.engine.deal import Deal
from fourwinds.hand import Meld, MeldKind
from fourwinds.rules import get_rules
from fourwinds.tiles import PLAIN_KINDS, parse_tile

EAST_DISCARDS_5M = "5m 1199m 1199p 1199s 7z"
SOUTH_CHOWS_5M = "46m 2468p 2468s 135z"
WEST_PUNGS_5M = "55m 1357p 1357s 246z"
NORTH_ONE_5M = "5m 3579p 3579s 5677z"


def deal_with(name: str, hands: dict[int, str], seed: int = 0) -> Deal:
    deal = Deal(get_rules(name), seed)
    for seat, text in hands.items():
        give(deal, seat, text, keep=frozenset(hands).difference(range(seat, 4)))
    return deal


def snapshot(deal: Deal) -> object:
    """What a refusal must leave as it was: every seat's tiles, the wall, whose move it is and
    what each seat may do."""
    seats = [(s.concealed, s.melds, s.bonus, s.discards, s.claimed) for s in deal.seats]
    moves = [deal.legal_actions(seat) for seat in range(4)]
    return copy.deepcopy(
        (seats, deal.wall.stacks, deal.phase, deal.current, deal.discard, deal.drawn,
         deal.history, deal.result, deal._answers, moves)
    )  # fmt: skip


def refused(deal: Deal, seat: int, text: str) -> str:
    """The reason ``seat`` may not play ``text``; the deal must be unchanged by the attempt."""
    before = snapshot(deal)
    with pytest.raises(IllegalAction) as refusal:
        deal.apply(seat, Action.parse(text))
    assert snapshot(deal) == before
    return str(refusal.value)


def test_refusals_in_ones_turn() -> None:
    deal = deal_with("classical", {0: "5555m 111p 1199s 7z 2z 3z"})
    assert Action.parse("concealed-kong 5m") in deal.legal_actions(0)
    for seat, text, reason in (
        (1, "discard 4m", "seat 1 may not discard now: it is seat 0's turn"),
        (7, "pass", "there is no seat 7"),
        (0, "discard 9m", "discard 9m: that tile is not in the hand"),
        (0, "concealed-kong 1p",
         "a concealed kong needs four 1p in the hand, not 3 (seed 004, rule 17)"),
        (0, "added-kong 5m", "an added kong needs an exposed pung of 5m (seed 004, rule 17.2)"),
        (0, "win", "the hand is not complete: a win is four sets and a pair, or a special hand"),
        (0, "pass", "nothing to pass: seat 0 has a tile to discard (seed 004, rule 7)"),
        (0, "pung 5m", "pung 5m is not allowed now: no discard is up for a claim"),
        (0, "chow 345m", "chow 345m is not allowed now: no discard is up for a claim"),
        (0, "kong 5m", "kong 5m is not allowed now: no discard is up for a claim; a kong of "
         "one's own tiles is a concealed-kong or added-kong"),
    ):  # fmt: skip
        assert refused(deal, seat, text) == reason


def east_discards_5m() -> Deal:
    """South may chow the 5m, West pung it; North holds one 5m."""
    deal = deal_with(
        "classical", {0: EAST_DISCARDS_5M, 1: SOUTH_CHOWS_5M, 2: WEST_PUNGS_5M, 3: NORTH_ONE_5M}
    )
    deal.apply(0, Action.parse("discard 5m"))
    assert deal.phase == "claim" and sorted(deal.to_move()) == [1, 2]
    return deal


def test_refusals_of_claims() -> None:
    deal = east_discards_5m()
    for seat, text, reason in (
        (2, "chow 456m", "a chow may be claimed only from the player on the left, unless it "
         "wins (seed 004, rule 15)"),
        (3, "pung 5m", "seat 3 has nothing to claim on this tile: a pung needs two 5m in the "
         "hand; a discard completes a pair only to go Mah Jongg (seed 004, rule 11)"),
        (1, "pung 5m", "a pung needs two 5m in the hand (seed 004, rule 16)"),
        (2, "pung 6m", "the tile up for claim is 5m, not 6m"),
        (2, "kong 5m", "a kong claim needs three 5m in the hand (seed 004, rule 17)"),
        (1, "chow 678m", "chow 678m does not use the discard 5m"),
        (1, "chow 345m", "chow 345m needs 3m and 4m in the hand"),
        (1, "win", "the hand is not complete with 5m"),
        (3, "pass", "seat 3 has nothing to pass: it was not asked about this tile"),
        (0, "pung 5m", "seat 0 has nothing to claim on this tile: no seat claims its own "
         "discard or the tile it adds to a kong"),
        (0, "discard 1m", "seat 0 may not discard while a claim is being decided"),
        (2, "added-kong 5m", "seat 2 may not added-kong while a claim is being decided"),
    ):  # fmt: skip
        assert refused(deal, seat, text) == reason
    deal.apply(1, PASS_ACTION)
    assert refused(deal, 1, "chow 456m") == "seat 1 has already answered"


def test_bmja_allows_one_chow() -> None:
    """BMJA (rules.max_chows = 1): no second chow, even from the player on the left."""
    deal = deal_with("classical-bmja", {0: EAST_DISCARDS_5M, 1: "46m 123p 2468s 1357z"})
    south = deal.seats[1]
    for tile in "1p", "2p", "3p":  # South's 123p stands as a chow exposed earlier, for this test
        south.concealed[parse_tile(tile)] -= 1
    south.melds.append(Meld(MeldKind.CHOW, parse_tile("1p"), exposed=True))
    give(deal, 2, WEST_PUNGS_5M, keep=frozenset({0, 1}))
    deal.apply(0, Action.parse("discard 5m"))
    assert deal.to_move() == [2]
    assert refused(deal, 1, "chow 456m") == (
        "seat 1 has nothing to claim on this tile: Classical (BMJA league) allows only 1 chow in "
        "a hand"
    )


def test_a_complete_hand_that_is_no_legal_win() -> None:
    """Seed 002: the minimum faan; a hand below it is refused with its faan."""
    deal = deal_with(
        "hongkong",
        {
            0: EAST_DISCARDS_5M,
            1: "2468p 2468s 12346z",
            2: "46m 234p 567s 789p 99s",
            3: WEST_PUNGS_5M,
        },
    )
    deal.apply(0, Action.parse("discard 5m"))
    assert deal.to_move() == [3]
    reason = refused(deal, 2, "win")
    assert reason.startswith("seat 2 has nothing to claim on this tile: not a legal win: ")
    assert reason.endswith(": 1 faan; Hong Kong Old Style needs at least 3 to win")


def test_no_win_or_kong_after_a_claim() -> None:
    """A discard that completes the hand is claimed with win (seed 000 step 4d); a kong is
    declared only right after a draw (seed 003)."""
    deal = deal_with(
        "beginner",
        {0: "5m 1199m 1199p 1199s 7z", 1: "23m 5555p 2468s 135z", 2: "55m 123s 456s 789s 11z"},
    )
    deal.apply(0, Action.parse("discard 5m"))
    deal.apply(2, Action.parse("pung 5m"))
    assert deal.phase == "turn" and deal.current == 2
    assert refused(deal, 2, "win") == (
        "no win on a tile claimed for a set: a discard that wins is claimed with win"
    )
    assert refused(deal, 2, "added-kong 5m") == (
        "an added kong needs the fourth 5m in the hand (seed 004, rule 17.2)"
    )
    deal = deal_with("beginner", {0: "4m 1199m 1199p 1199s 7z", 1: "23m 5555p 2468s 135z"})
    deal.apply(0, Action.parse("discard 4m"))
    deal.apply(1, Action.parse("chow 234m"))
    assert refused(deal, 1, "concealed-kong 5p") == (
        "a kong may be declared only right after drawing a tile"
    )


def test_no_kong_without_a_replacement_tile() -> None:
    deal = deal_with("beginner", {0: "5555m 1199p 1199s 77z"})
    while deal.wall.live_left():
        deal.wall.draw()
    deal._turn_actions = None
    assert refused(deal, 0, "concealed-kong 5m") == "no kong when no replacement tile is left"


def test_robbing_a_kong_is_only_to_win() -> None:
    deal = added_kong_that_north_may_rob()
    assert deal.phase == "rob" and deal.to_move() == [3]
    assert refused(deal, 3, "pung 5m") == (
        "a tile added to a kong may be taken only to go Mah Jongg (seed 004, rule 17.2)"
    )
    assert refused(deal, 2, "win") == (
        "seat 2 has nothing to claim on this tile: the hand is not complete with 5m"
    )
    assert refused(deal, 1, "win").endswith("no seat claims its own discard or the tile it adds "
                                            "to a kong")  # fmt: skip
    deal.apply(3, WIN_ACTION)
    assert refused(deal, 0, "discard 1m") == "the hand is over"


def every_action() -> list[Action]:
    """Every action of the kinds here (a Standing Hand's declaration is tested with it)."""
    kinds = ("discard", "pung", "kong", "concealed-kong", "added-kong")
    chows = [chow for chow in CHOWS if chow.tile is not None and chow.tile % 9 <= 6]
    tiled = [Action(kind, tile) for kind in kinds for tile in range(PLAIN_KINDS)]
    return [*tiled, *chows, WIN_ACTION, PASS_ACTION]


@pytest.mark.parametrize("name", ["classical", "classical-bmja", "hongkong", "beginner"])
def test_every_refusal_in_play_gives_a_reason(name: str) -> None:
    """Random play; at every fifth step every action no seat may take is tried: each refusal
    gives a reason, never only the list of legal moves, and leaves the deal as it was."""
    actions = every_action()
    for seed in range(3):
        deal, rng, step = Deal(get_rules(name), seed), random.Random(seed), 0
        while deal.result is None:
            if step % 5 == 0:
                before = snapshot(deal)
                for seat in range(4):
                    legal = set(deal.legal_actions(seat))
                    for action in actions:
                        if action not in legal:
                            with pytest.raises(IllegalAction) as refusal:
                                deal.apply(seat, action)
                            assert "may:" not in str(refusal.value), (action, deal.phase)
                assert snapshot(deal) == before
            seat = deal.to_move()[0]
            deal.apply(seat, rng.choice(deal.legal_actions(seat)))
            step += 1
