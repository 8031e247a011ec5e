"""Issue 9: the places where fourwinds read the rule texts differently, decided silently, or
accepted what no table can produce. Each test cites the seed sentence it follows; the reading is
written in docs/rules/<rule set>.md."""

from __future__ import annotations

import pytest
from rig import next_draws, pass_claims
from test_match import play_hand
from test_play import NORTH_WAITS_PUNG, act, deal_with, state

from fourwinds.engine.actions import WIN_ACTION, Action, IllegalAction
from fourwinds.engine.deal import Deal
from fourwinds.engine.match import Match
from fourwinds.engine.view import View
from fourwinds.hand import Context, Hand
from fourwinds.rules import get_rules
from fourwinds.scoring import score
from fourwinds.tiles import FIRST_FLOWER, JOKER, parse_tile, tile_name


def test_hong_kong_dead_wall_stays_fourteen_when_a_bonus_tile_is_the_last_live_tile() -> None:
    """Seed 002, Dead Wall: "It's always 14 tiles long no matter how many tiles you've drawn from
    it"; Out of Tiles: "The hand ends in a 4-way tie if there are only 14 tiles (the dead wall)
    left on the table". A bonus tile drawn as the last live tile is shown, and its replacement
    could not be made good from the live wall: the hand is drawn with the 14 untouched."""
    deal = Deal(get_rules("hongkong"), 0)
    while deal.wall.live_left() > 1:
        seat = deal.to_move()[0]
        drawn = deal.drawn
        deal.apply(
            seat,
            next(
                a
                for a in deal.legal_actions(seat)
                if a.kind == "discard" and (drawn is None or a.tile == drawn)
            ),
        )
        pass_claims(deal)
    assert deal.phase == "turn"
    bonus = next(t for t in range(FIRST_FLOWER, JOKER) if any(t in s for s in deal.wall.stacks))
    next_draws(deal, f"{bonus - FIRST_FLOWER + 1}f")
    drawer = (deal.current + 1) % 4
    deal.apply(
        deal.current,
        next(
            a
            for a in deal.legal_actions(deal.current)
            if a.kind == "discard" and a.tile == deal.drawn
        ),
    )
    pass_claims(deal)
    assert deal.result is not None and deal.result.winner is None
    assert bonus in deal.seats[drawer].bonus
    assert sum(deal.wall.heights()) == 14 and deal.wall.kept_back() == 14
    assert sum(deal.counts_by_kind()) == 144


def test_hong_kong_no_kong_when_the_dead_wall_could_not_be_refilled() -> None:
    """Seed 002: after a kong the replacement comes from the dead wall, which stays 14: with no
    live tile left there is no kong."""
    deal = deal_with("hongkong", {0: "5555m 2468p 2468s 13z"}, min_faan=0)
    assert any(a.kind == "concealed-kong" for a in deal.legal_actions(0))
    while deal.wall.live_left():
        deal.wall.draw()
    deal._turn_actions = None
    assert deal.wall.replacements_left() == 0
    assert not any(a.kind == "concealed-kong" for a in deal.legal_actions(0))


SOUTH_CHOW_WITH_TERMINAL_PUNG = "46m 111p 456p 789p 22z"  # Mah Jongg on 5m: 20 + 8 + 2 = 30


def two_mah_jongg_claims(south: str, **options: object) -> Deal:
    """West discards 5m, which completes South's hand (with a chow) and North's (with a pung);
    North is nearer after West. Nobody is on a first turn."""
    deal = deal_with(
        "classical",
        {0: "7z 1199m 2288p 1199s 5z", 1: south, 2: "2468m 2468p 2468s 6z", 3: NORTH_WAITS_PUNG},
        **options,
    )
    next_draws(deal, "1z 5m")
    act(deal, 0, "discard 7z")
    pass_claims(deal)
    act(deal, 1, "discard 1z")
    pass_claims(deal)
    act(deal, 2, "discard 5m")
    assert WIN_ACTION in deal.legal_actions(1) and WIN_ACTION in deal.legal_actions(3)
    act(deal, 3, "win")
    act(deal, 1, "win")
    return deal


def test_two_mah_jongg_claims_the_higher_score_takes_the_tile() -> None:
    """Seed 000 step 4e: "the Player who will score the most Points with that Tile is given the
    Tile"; seed 004 rule 18: "whichever player can make the highest valuable combination of Mah
    Jongg will be given the tile". South's 30 beats North's 22 although North is nearer and
    completes a pung."""
    deal = two_mah_jongg_claims(SOUTH_CHOW_WITH_TERMINAL_PUNG)
    assert deal.result is not None and deal.result.winner == 1


def test_two_mah_jongg_claims_of_equal_score_go_to_the_nearest() -> None:
    """Seed 004 rule 12: equal claims go to "the player positioned nearest in the playing
    direction to the player who discarded"; both hands score 22 here."""
    deal = two_mah_jongg_claims("46m 123p 456p 789p 22z")
    assert deal.result is not None and deal.result.winner == 3


def test_two_mah_jongg_claims_nearest_as_an_option() -> None:
    """The option ``win_claims="nearest"`` gives the tile to the nearest claimant whatever the
    scores, as seeds 002 and 003 do."""
    deal = two_mah_jongg_claims(SOUTH_CHOW_WITH_TERMINAL_PUNG, win_claims="nearest")
    assert deal.result is not None and deal.result.winner == 3
    with pytest.raises(ValueError, match="win_claims must be one of"):
        get_rules("classical", win_claims="first")


def test_beginner_thirteen_orphans_only_with_its_option() -> None:
    """Seed 003: "your basic goal is to be the first player to get a hand composed of four sets
    and a pair": Thirteen Orphans wins only when the option ``thirteen_orphans`` is on."""
    orphans = "19m19p19s1234567z1m"
    assert WIN_ACTION not in deal_with("beginner", {0: orphans}).legal_actions(0)
    assert not get_rules("beginner").options()["thirteen_orphans"]
    on = deal_with("beginner", {0: orphans}, thirteen_orphans=True)
    assert WIN_ACTION in on.legal_actions(0)
    assert on.rules.options()["thirteen_orphans"]


def limit_rules(deal: Deal) -> list[str]:
    result = deal.result
    assert result is not None and result.winner is not None and result.context is not None
    sheet = score(result.hands[result.winner], result.context, deal.rules)
    return [item.rule for item in sheet.items if item.limit]


def test_original_hand_is_easts_alone() -> None:
    """Seed 004 rule 8: "An Original Hand can only be declared by East Wind." South winning on
    its own first draw scores no limit for it (Hong Kong's "Win with your first draw", seed 002,
    is any seat's)."""
    for name, limits in (("classical", []), ("hongkong", ["first_draw"])):
        deal = deal_with(name, {0: "7z 1199m 2288p 1199s 5z", 1: "46m 111p 456p 789p 22z"})
        next_draws(deal, "5m")
        act(deal, 0, "discard 7z")
        pass_claims(deal)
        act(deal, 1, "win")
        assert deal.result is not None and deal.result.context is not None
        assert deal.result.context.self_drawn and deal.result.context.first_turn
        assert limit_rules(deal) == limits, name


def test_blessing_of_earth_is_a_win_on_easts_first_discard() -> None:
    """league-presets §5b: "a non-East player wins on East's first discard", and nothing else: a
    win on South's first discard is not one."""
    deal = deal_with("classical", {0: "5m 1199m 2288p 1199s 7z", 1: "46m 111p 456p 789p 22z"})
    act(deal, 0, "discard 5m")
    act(deal, 1, "win")
    assert limit_rules(deal) == ["earthly_blessing"]
    later = deal_with("classical", {0: "7z 1199m 2288p 1199s 5z", 3: NORTH_WAITS_PUNG})
    next_draws(later, "5m")
    act(later, 0, "discard 7z")
    pass_claims(later)
    act(later, 1, "discard 5m")
    act(later, 3, "win")
    assert later.result is not None and later.result.context is not None
    assert not later.result.context.first_turn and limit_rules(later) == []


def test_bmja_gates_of_heaven_whatever_tile_completes_it() -> None:
    """league-presets §4, Gates of Heaven: "The surplus need not be the last tile": a claimed 4m
    that completes 111 22 345 678 999 (surplus 2) is the limit, as is the drawn one."""
    rules = get_rules("classical-bmja")
    for self_drawn in (False, True):
        sheet = score(Hand.parse("1112235678999m +4m"), Context(self_drawn=self_drawn), rules)
        assert [item.rule for item in sheet.items] == ["gates_of_heaven"], self_drawn
        assert sheet.total == 1000


def test_bmja_calling_for_a_half_limit_hand_keeps_it_above_the_half_limit() -> None:
    """league-presets §6: a loser is "calling for X" when a completion's "kept scoring rules
    include X". Completed, this Knitting hand scores 576 on points, more than the half limit (500),
    yet Knitting is still its pattern: the loser calling for it scores 0.2 limit (200), more than
    its own 128."""
    rules = get_rules("classical-bmja")
    tiles = "1m1p 2m2p 3m3p 4m4p 5m5p 6m6p 7m 1234f"
    completed = score(Hand.parse(tiles + " +7p"), Context(self_drawn=True), rules)
    assert completed.won and completed.total == 576
    sheet = score(Hand.parse(tiles), Context(calling=True), rules)
    assert [item.rule for item in sheet.items] == ["calling_for_knitting"]
    assert sheet.total == 200


EAST_READY_AFTER_7Z = "111m 456m 789m 23p 55p 7z"  # discarding 7z leaves a wait on 1p or 4p


def play_others_until(deal: Deal, seat: int) -> None:
    """The other seats let their drawn tiles go, everyone passing, until ``seat``'s turn."""
    while not (deal.phase == "turn" and deal.current == seat):
        if deal.phase == "turn":
            act(deal, deal.current, f"discard {tile_name(deal.drawn)}")  # type: ignore[arg-type]
        else:
            pass_claims(deal)


def test_standing_hand_is_declared_with_a_first_discard_that_leaves_the_hand_ready() -> None:
    """Seed 004 rule 9: "A Standing Hand can be declared by all players"; the references time it
    at the first discard (Original Call, "ready after first discard", classical-scoring §3b).
    Only discards that leave the hand ready may declare it, and only the first."""
    deal = deal_with("classical", {0: EAST_READY_AFTER_7Z})
    standing = [str(a) for a in deal.legal_actions(0) if a.kind == "standing"]
    assert standing == ["standing 7z"]
    later = deal_with("classical", {0: EAST_READY_AFTER_7Z})
    act(later, 0, "discard 1m")
    play_others_until(later, 0)
    assert not any(a.kind == "standing" for a in later.legal_actions(0))
    for name in ("hongkong", "beginner"):
        other = deal_with(name, {0: EAST_READY_AFTER_7Z})
        assert not any(a.kind == "standing" for a in other.legal_actions(0)), name


def test_a_standing_hand_is_announced_and_may_not_change() -> None:
    """league-presets §5a: "In play a player who breaks the call may no longer win": fourwinds
    never lets the declared hand change. The declarer lets every drawn tile go, claims only to
    win (no pung of 5p although it holds two); the other seats see the declaration."""
    deal = deal_with("classical", {0: EAST_READY_AFTER_7Z, 1: "5p 1199s 2288s 3366z"})
    next_draws(deal, "9p 8p")  # South draws 9p, West 8p
    events = deal.apply(0, Action.parse("standing 7z"))
    assert [e.kind for e in events][:2] == ["standing", "discard"]
    assert View(deal, 2).standing(0) and View(deal, 2).to_json()["seats"][0]["standing"]
    pass_claims(deal)
    act(deal, 1, "discard 5p")
    assert deal.legal_actions(0) == []  # no pung for a standing hand
    pass_claims(deal)
    play_others_until(deal, 0)
    assert deal.legal_actions(0) == [Action("discard", deal.drawn)]


def test_a_standing_hand_scores_original_call() -> None:
    """Seed 004 rule 9 and classical-scoring §3b: Original Call, one double for the winner, scored
    at the end from the declaration made in play."""
    deal = deal_with("classical", {0: EAST_READY_AFTER_7Z})
    next_draws(deal, "1z 2z 3z 4p")
    act(deal, 0, "standing 7z")
    play_others_until(deal, 0)
    assert deal.legal_actions(0) == [WIN_ACTION, Action.parse("discard 4p")]
    act(deal, 0, "win")
    assert deal.result is not None and deal.result.context is not None
    assert deal.result.context.original_call
    sheet = score(deal.result.hands[0], deal.result.context, deal.rules)
    assert "original_call" in [item.rule for item in sheet.items]


def test_standing_hand_refusals_name_the_rule() -> None:
    """A Standing Hand refused says why, and the deal is unchanged (seed 004 rule 9)."""
    deal = deal_with(
        "classical",
        {0: EAST_READY_AFTER_7Z, 1: "5p 1199s 2288s 3366z", 2: "46p 2468s 13579m 12z"},
    )
    for action, why in (
        ("standing 1m", "discarding 1m leaves the hand not ready"),
        ("standing 9s", "that tile is not in the hand"),
    ):
        before = state(deal)
        with pytest.raises(IllegalAction, match=why):
            act(deal, 0, action)
        assert state(deal) == before
    with pytest.raises(IllegalAction, match="Hong Kong Old Style has no Standing Hand"):
        act(deal_with("hongkong", {0: EAST_READY_AFTER_7Z}), 0, "standing 7z")
    next_draws(deal, "9p")
    act(deal, 0, "standing 7z")
    pass_claims(deal)
    act(deal, 1, "discard 5p")
    with pytest.raises(IllegalAction, match="claims a discard only to go Mah Jongg"):
        act(deal, 0, "pung 5p")
    pass_claims(deal)
    play_others_until(deal, 0)
    assert deal.drawn != parse_tile("1m")
    with pytest.raises(IllegalAction, match="may not change: it discards the"):
        act(deal, 0, "discard 1m")


def test_hong_kong_the_first_east_opens_the_next_round_as_east() -> None:
    """Seed 002 says two things of who plays first when the round wind changes: "Once every
    player has been East, the round wind changes to South and the South player goes first" and
    "The player whose seat matches the new round wind goes first", while "(5) The round wind
    always starts at East, so the East player gets the first turn". fourwinds reads them
    together: the seat winds are not moved on at the change ("the round wind changes instead"),
    so the game's first East, who sat South after the last hand of the East round, goes first,
    and as the first player of every hand he is East."""
    match = Match(get_rules("hongkong", rounds=2, min_faan=0), 3)
    first_east = match.east
    while match.prevailing_wind == 0:
        last_east = match.east
        play_hand(match)
        match.next_hand()
    assert (last_east + 1) % 4 == first_east  # the first East sat South of the round's last East
    assert match.east == first_east and match.prevailing_wind == 1
    assert match.deal.current == 0 and match.deal.phase == "turn"  # East plays first
