"""Rules of play, each test citing the seed text it checks. Positions are arranged with
``rig.give`` (swapping tiles with the wall, so the tile set stays whole)."""

from __future__ import annotations

import copy

import pytest
from rig import give, next_draws, pass_claims

from fourwinds.engine.actions import PASS_ACTION, WIN_ACTION, Action, IllegalAction
from fourwinds.engine.deal import Deal
from fourwinds.engine.view import View
from fourwinds.hand import Meld, MeldKind
from fourwinds.rules import get_rules
from fourwinds.scoring import score
from fourwinds.tiles import format_tiles, parse_tile, tile_name

EAST_DISCARDS_5M = "5m 1199m 1199p 1199s 7z"
SOUTH_WAITS_CHOW = "46m 123p 456p 789p 22z"  # waits on 5m for a chow (and 2z)
NORTH_WAITS_PUNG = "55m 123s 456s 789s 33z"  # waits on 5m (pung) or 3z
WEST_QUIET = "2468m 2468p 2468s 7z"


def deal_with(name: str, hands: dict[int, str], seed: int = 0, **options: object) -> Deal:
    deal = Deal(get_rules(name, **options), seed)
    for seat, text in hands.items():
        give(deal, seat, text, keep=frozenset(hands).difference(range(seat, 4)))
    return deal


def act(deal: Deal, seat: int, text: str) -> None:
    deal.apply(seat, Action.parse(text))


def state(deal: Deal) -> object:
    """Everything about a deal, to check that a refused action changed nothing."""
    return copy.deepcopy(
        (
            [(s.concealed, s.melds, s.bonus, s.discards, s.claimed) for s in deal.seats],
            deal.wall.stacks,
            deal.phase,
            deal.current,
            deal.discard,
            deal.history,
            deal.result,
        )
    )


def test_chow_only_from_the_player_on_the_left() -> None:
    """Seed 000 step 4a: "you can only use a discard to complete a Chow if the Player to your
    left discarded it"; seed 004 rule 15; seed 003 (melded chow)."""
    deal = deal_with(
        "classical",
        {
            0: EAST_DISCARDS_5M,
            1: "46m 2468p 2468s 135z",
            2: "46m 1357p 1357s 246z",
            3: "3m 3579p 3579s 5677z",
        },
    )
    act(deal, 0, "discard 5m")
    assert deal.phase == "claim"
    assert deal.legal_actions(1) == [Action.parse("chow 456m"), PASS_ACTION]
    assert deal.legal_actions(2) == []
    with pytest.raises(IllegalAction, match="nothing to claim"):
        act(deal, 2, "chow 456m")
    act(deal, 1, "chow 456m")
    assert deal.seats[1].melds == [Meld(MeldKind.CHOW, parse_tile("4m"), exposed=True)]
    assert deal.phase == "turn" and deal.current == 1 and deal.drawn is None
    assert deal.seats[0].claimed == [True]


def test_chow_choices() -> None:
    """Every chow the discard completes is offered (seed 003 examples 1 and 2)."""
    deal = deal_with("beginner", {0: "4m 1199m 1199p 1199s 7z", 1: "2356m 2468p 2468s 1z"})
    act(deal, 0, "discard 4m")
    chows = [str(a) for a in deal.legal_actions(1) if a.kind == "chow"]
    assert chows == ["chow 234m", "chow 345m", "chow 456m"]


@pytest.mark.parametrize("name", ["classical", "hongkong", "beginner"])
def test_a_chow_wins_from_any_player(name: str) -> None:
    """Seed 000 step 4d: "Going Mah Jongg is the only reason you are allowed to complete a Chow
    from the discard of a player other than the one to your left"; seed 004 rule 15.2."""
    deal = (
        deal_with(
            name,
            {0: EAST_DISCARDS_5M, 1: "2468m 2468p 2468s 1z", 2: "46m 123p 456p 789p 11z"},
            min_faan=0,
        )
        if name == "hongkong"
        else deal_with(
            name, {0: EAST_DISCARDS_5M, 1: "2468m 2468p 2468s 1z", 2: "46m 123p 456p 789p 11z"}
        )
    )
    act(deal, 0, "discard 5m")
    assert deal.legal_actions(2) == [WIN_ACTION, PASS_ACTION]
    for seat in deal.to_move():
        deal.apply(seat, WIN_ACTION if seat == 2 else PASS_ACTION)
    assert deal.result is not None
    assert (deal.result.winner, deal.result.discarder, deal.result.tile) == (2, 0, 4)
    won = deal.result.hands[2]
    assert (format_tiles(won.concealed), won.winning_tile) == ("46m123456789p11z", 4)


def test_a_pair_is_claimed_only_to_win() -> None:
    """Seed 004 rule 11: "A player cannot pick up a tile discarded ... to complete a pair of
    identical tiles and NOT go Mah Jongg at the same time"."""
    deal = deal_with("classical", {0: EAST_DISCARDS_5M, 2: "5m 2468p 2468s 1234z"})
    act(deal, 0, "discard 5m")
    assert deal.legal_actions(2) == []


@pytest.mark.parametrize(("name", "winner"), [("hongkong", 1), ("beginner", 1)])
def test_two_players_claim_mah_jongg(name: str, winner: int) -> None:
    """Seed 003: "If two or more players claim mahjong, then the next player counterclockwise
    from the discarder gets the discard to win"; seed 002 likewise ranks only winning above the
    rest. (Classical gives the tile to the higher score: tests/test_rule_readings.py.)"""
    options = {"min_faan": 0} if name == "hongkong" else {}
    deal = deal_with(
        name,
        {0: EAST_DISCARDS_5M, 1: SOUTH_WAITS_CHOW, 2: WEST_QUIET, 3: NORTH_WAITS_PUNG},
        **options,
    )
    act(deal, 0, "discard 5m")
    assert WIN_ACTION in deal.legal_actions(1) and WIN_ACTION in deal.legal_actions(3)
    act(deal, 3, "win")
    act(deal, 1, "win")
    assert deal.result is not None and deal.result.winner == winner


@pytest.mark.parametrize(
    ("name", "first", "second", "taker"),
    [
        ("classical", (1, "win"), (2, "kong 5m"), 1),  # MJ with a chow > kong
        ("classical", (1, "chow 456m"), (2, "kong 5m"), 2),  # kong > chow
        ("hongkong", (1, "chow 456m"), (2, "kong 5m"), 2),
        ("beginner", (1, "chow 456m"), (2, "kong 5m"), 2),  # "a pung or kong will supersede"
    ],
)
def test_precedence(name: str, first: tuple[int, str], second: tuple[int, str], taker: int) -> None:
    """Seed 000 step 4e: Mah Jongg > kong > pung > chow, "regardless of if they asked for it first
    or not"; seed 002: "winning beats kong, which beats pung, which beats
    chow"; seed 003: "a pung or kong will supersede a chow. However, a claim of mahjong trumps all
    other claims"."""
    options = {"min_faan": 0} if name == "hongkong" else {}
    deal = deal_with(
        name, {0: EAST_DISCARDS_5M, 1: SOUTH_WAITS_CHOW, 2: "555m 2468p 2468s 13z"}, **options
    )
    act(deal, 0, "discard 5m")
    for seat, text in (first, second):
        act(deal, seat, text)
    pass_claims(deal)
    if deal.result is not None:
        assert deal.result.winner == taker
    else:
        assert deal.current == taker and len(deal.seats[taker].melds) == 1


def test_pung_beats_chow_and_turns_are_skipped() -> None:
    """Seed 000 step 4b and "Play is passed to the Right of the Player that discards, even if he
    discards out of order"; seed 002 "Play continues to your right even if this skips someone"."""
    deal = deal_with(
        "classical",
        {0: EAST_DISCARDS_5M, 1: SOUTH_WAITS_CHOW.replace("22z", "13z"), 2: "55m 2468p 2468s 124z"},
    )
    act(deal, 0, "discard 5m")
    act(deal, 1, "chow 456m")
    act(deal, 2, "pung 5m")
    pass_claims(deal)
    assert deal.current == 2 and deal.seats[2].melds[0].kind is MeldKind.PUNG
    assert deal.seats[1].melds == []
    act(deal, 2, "discard 1z")
    pass_claims(deal)
    assert deal.phase == "turn" and deal.current == 3  # South was skipped


def test_exposed_kong_from_a_discard_takes_a_loose_tile() -> None:
    """Seed 000 step 4c: a discard completes a concealed pung to an exposed kong, and "you will
    always need to get an extra Tile to replace it ... from the Loose Tiles"."""
    deal = deal_with("classical", {0: EAST_DISCARDS_5M, 2: "555m 2468p 2468s 13z"})
    box = deal.wall.replacements_left()
    act(deal, 0, "discard 5m")
    assert Action.parse("kong 5m") in deal.legal_actions(2)
    next_draws(deal, "9m", replacement=True)
    act(deal, 2, "kong 5m")
    pass_claims(deal)
    assert deal.seats[2].melds == [Meld(MeldKind.KONG, parse_tile("5m"), exposed=True)]
    assert deal.current == 2 and deal.drawn == parse_tile("9m")
    assert deal.wall.replacements_left() == box - 1


def test_a_concealed_kong_may_wait_for_a_later_turn() -> None:
    """Seed 004 rule 17: "A player can choose to wait with showing a Concealed Kong ... at a later
    stage during the Hand and only when it's his or her turn"; seed 000: the hidden kong stays
    concealed; seed 003: only right after drawing."""
    deal = deal_with("classical", {0: "5555m 2468p 2468s 13z"})
    assert Action.parse("concealed-kong 5m") in deal.legal_actions(0)
    next_draws(deal, "9s 8m 1s")
    act(deal, 0, "discard 1z")
    while deal.current != 0 or deal.phase != "turn":
        seat = deal.to_move()[0]
        actions = deal.legal_actions(seat)
        deal.apply(
            seat,
            PASS_ACTION
            if PASS_ACTION in actions
            else next(a for a in actions if a.kind == "discard"),
        )
    assert Action.parse("concealed-kong 5m") in deal.legal_actions(0)
    act(deal, 0, "concealed-kong 5m")
    assert deal.seats[0].melds == [Meld(MeldKind.KONG, parse_tile("5m"), exposed=False)]
    assert deal.current == 0 and deal.phase == "turn" and deal.drawn is not None


def test_no_kong_declared_after_claiming() -> None:
    """Seed 003: a concealed or small melded kong only "immediately after you draw a tile from
    the wall or a replacement tile"."""
    deal = deal_with("beginner", {0: "4m 1199m 1199p 1199s 7z", 1: "23m 5555p 2468s 135z"})
    act(deal, 0, "discard 4m")
    act(deal, 1, "chow 234m")
    assert not any(a.kind == "concealed-kong" for a in deal.legal_actions(1))


def test_no_kong_without_a_replacement_tile() -> None:
    """Seed 003: "Players may not declare kong when the wall is exhausted and there are no
    replacement tiles to take"."""
    deal = deal_with("beginner", {0: "5555m 1199p 1199s 77z"})
    assert Action.parse("concealed-kong 5m") in deal.legal_actions(0)
    while deal.wall.live_left():
        deal.wall.draw()
    deal._turn_actions = None
    assert not any(a.kind == "concealed-kong" for a in deal.legal_actions(0))


def added_kong_that_north_may_rob() -> Deal:
    """South adds the fourth 5m to an exposed pung; North waits on it."""
    deal = deal_with(
        "beginner",
        {
            0: "5m 1199m 1199p 1199s 7z",
            1: "55m 2468p 2468s 135z",
            2: "2468p 2468s 13567z",
            3: "46m 123s 456s 789s 22z",
        },
    )
    act(deal, 0, "discard 5m")
    act(deal, 1, "pung 5m")
    pass_claims(deal)  # North, who could win on the 5m, lets it go
    next_draws(deal, "8s 1s 9s 5m")  # play round to South's next turn, South drawing the 4th 5m
    act(deal, 1, "discard 1z")
    pass_claims(deal)
    while not (deal.phase == "turn" and deal.current == 1):
        seat = deal.to_move()[0]
        actions = deal.legal_actions(seat)
        choice = (
            PASS_ACTION
            if PASS_ACTION in actions
            else next(a for a in actions if a.kind == "discard" and a.tile == deal.drawn)
        )
        deal.apply(seat, choice)
    assert Action.parse("added-kong 5m") in deal.legal_actions(1)
    act(deal, 1, "added-kong 5m")
    return deal


def test_robbing_an_added_kong() -> None:
    """Seed 004 rule 17.2: "If, however, one of the other players can use this tile to go Mah
    Jongg, then they get this tile and snatch the Kong"; seed 003 robbing a kong."""
    deal = added_kong_that_north_may_rob()
    assert deal.phase == "rob" and deal.legal_actions(3) == [WIN_ACTION, PASS_ACTION]
    assert View(deal, 0).discard == parse_tile("5m")  # the tile up for robbing
    act(deal, 3, "win")
    assert deal.result is not None and deal.result.winner == 3
    assert deal.result.context is not None and deal.result.context.robbed_kong
    assert deal.seats[1].melds == [Meld(MeldKind.PUNG, parse_tile("5m"), exposed=True)]


def test_an_added_kong_nobody_robs_is_completed_and_replaced() -> None:
    """Seed 004 rule 17.2: without a robber the kong stands and its owner takes a loose tile;
    the kong's tile is then no longer up for a claim."""
    deal = added_kong_that_north_may_rob()
    act(deal, 3, "pass")
    assert deal.seats[1].melds == [Meld(MeldKind.KONG, parse_tile("5m"), exposed=True)]
    assert deal.phase == "turn" and deal.current == 1 and deal.drawn is not None
    assert View(deal, 0).discard is None and View(deal, 0).to_json()["discard"] is None


@pytest.mark.parametrize("name", ["classical", "hongkong"])
def test_thirteen_orphans_wins(name: str) -> None:
    """Thirteen Orphans in Classical and Hong Kong (reference/classical-scoring.md 3c, seed 002);
    Beginner only with its option (tests/test_rule_readings.py)."""
    deal = deal_with(name, {0: "19m19p19s1234567z1m"})
    assert WIN_ACTION in deal.legal_actions(0)


def test_seven_pairs_only_in_hong_kong() -> None:
    """Seed 002: Seven Pairs is an alternate winning hand; Classical has no such hand."""
    hand = "1133557799m1122z"
    assert WIN_ACTION in deal_with("hongkong", {0: hand}, min_faan=0).legal_actions(0)
    assert WIN_ACTION not in deal_with("classical", {0: hand}).legal_actions(0)


def test_eight_bonus_tiles_win_at_once() -> None:
    """Seed 002: "max Eight Treasures": the eighth bonus tile wins at once (issue 2)."""
    deal = Deal(get_rules("hongkong"), 0)
    south = deal.seats[1]
    for tile in range(34, 41):  # seven bonus tiles moved onto South's rack, for this test
        for holder in deal.seats:
            if tile in holder.bonus:
                holder.bonus.remove(tile)
        for stack in deal.wall.stacks:
            if tile in stack:
                stack[stack.index(tile)] = parse_tile("1z")
        south.bonus.append(tile)
    next_draws(deal, "8f")
    deal.apply(0, next(a for a in deal.legal_actions(0) if a.kind == "discard"))
    pass_claims(deal)
    assert deal.result is not None and deal.result.winner == 1
    assert len(deal.result.hands[1].bonus) == 8


def test_heavenly_hand_is_a_first_turn_win() -> None:
    """Seed 004 rule 8 (Original Hand, East only) and seed 003 (East holds 14 from the deal)."""
    deal = deal_with("beginner", {0: "123456789p444p44z"})
    act(deal, 0, "win")
    assert deal.result is not None and deal.result.context is not None
    assert deal.result.context.first_turn and deal.result.context.self_drawn


def test_refused_actions_change_nothing() -> None:
    """Issue 2: "an illegal action is refused with an error that names the rule and the state is
    unchanged"."""
    deal = deal_with(
        "classical", {0: EAST_DISCARDS_5M, 1: "46m 2468p 2468s 135z", 2: "55m 1357p 1357s 246z"}
    )
    before = state(deal)
    cases = [
        (1, "discard 4m", "it is seat 0's turn"),
        (0, "discard 3m", "that tile is not in the hand"),
        (0, "win", "not complete"),
        (0, "pung 5m", "not allowed now"),
        (7, "pass", "no seat 7"),
    ]
    for seat, text, reason in cases:
        with pytest.raises(IllegalAction, match=reason):
            act(deal, seat, text)
        assert state(deal) == before
    act(deal, 0, "discard 5m")
    before = state(deal)
    for seat, text, reason in [
        (2, "chow 456m", "only from the player on the left"),
        (3, "pung 5m", "nothing to claim"),
        (1, "discard 4m", "while a claim is being decided"),
    ]:
        with pytest.raises(IllegalAction, match=reason):
            act(deal, seat, text)
        assert state(deal) == before
    act(deal, 1, "pass")
    with pytest.raises(IllegalAction, match="already answered"):
        act(deal, 1, "chow 456m")


def test_wall_game_when_the_wall_runs_out() -> None:
    """Seed 000: draws only from the live wall; seed 002: "The hand ends in a 4-way tie if there
    are only 14 tiles (the dead wall) left"; seed 003: "no more tiles to take from the wall"."""
    for name, left in (("classical", None), ("hongkong", 14), ("beginner", 0)):
        deal = Deal(get_rules(name), 3)
        while deal.result is None:
            seat = deal.to_move()[0]
            actions = deal.legal_actions(seat)
            if PASS_ACTION in actions:
                deal.apply(seat, PASS_ACTION)
            else:
                drawn = deal.drawn
                choice = next(
                    a for a in actions if a.kind == "discard" and (drawn is None or a.tile == drawn)
                )
                deal.apply(seat, choice)
        assert deal.result.winner is None, name
        assert deal.wall.live_left() == 0
        if left is not None:
            assert sum(deal.wall.heights()) == left
        else:  # Classical: the kong box is left over, less the loose tiles used
            assert sum(deal.wall.heights()) == deal.wall.replacements_left()


def test_views_hide_face_down_kongs_in_beginner() -> None:
    """Seed 003: "Lay down the four tiles of the kong face-down" (others do not see the kind),
    while seed 000 shows a hidden kong with its two outer tiles face up."""
    for name, shown in (("beginner", False), ("classical", True)):
        deal = deal_with(
            name, {0: "5555m 1199p 1199s 77z" if name == "beginner" else "5555m 2468p 2468s 13z"}
        )
        act(deal, 0, "concealed-kong 5m")
        assert View(deal, 0).melds(0)[0].tile == parse_tile("5m")
        assert (View(deal, 1).melds(0)[0].tile is not None) == shown


def test_no_self_drawn_win_after_claiming() -> None:
    """A claimed tile that completes the hand is won in the claim window (seed 000 step 4d:
    "If any player discards any tile that you can use for Mah Jongg you should call out"); after
    claiming a pung the hand is not offered a self-drawn win."""
    deal = deal_with("beginner", {0: "5m 1199m 1199p 1199s 7z", 2: "55m 123p 456p 789p 11z"})
    act(deal, 0, "discard 5m")
    assert deal.legal_actions(2) == [WIN_ACTION, Action.parse("pung 5m"), PASS_ACTION]
    act(deal, 2, "pung 5m")
    pass_claims(deal)
    assert deal.current == 2 and WIN_ACTION not in deal.legal_actions(2)


def test_no_win_below_the_minimum_faan() -> None:
    """Issue 3 and seed 002: "players should agree on a minimum number of faan to declare
    victory"; a win below it is not offered (default minimum 3)."""
    offered = {}
    for minimum in (3, 0):
        deal = deal_with(
            "hongkong",
            {
                0: "123m 456p 789s 234m 5p 1z",
                1: "2468m 2468p 2468s 1z",
                2: "13579m 1357s 2346z",
                3: "1357p 13579s 5677z",
            },
            min_faan=minimum,
        )
        deal.seats[0].bonus.clear()  # a plain hand, for this test: no flower faan
        next_draws(deal, "9m 9p 9s 5p")
        act(deal, 0, "discard 1z")
        for _ in range(3):  # South, West and North each discard the tile they drew
            pass_claims(deal)
            act(deal, deal.current, f"discard {tile_name(deal.drawn or 0)}")
        pass_claims(deal)
        assert deal.current == 0 and deal.drawn == parse_tile("5p")
        won, context = deal._winning_hand(0, None, robbed=False)
        assert score(won, context, deal.rules).faan < 3
        offered[minimum] = WIN_ACTION in deal.legal_actions(0)
    assert offered == {3: False, 0: True}
