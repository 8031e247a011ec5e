"""Every refused American action names the rule it breaks, with its source, and changes nothing
(issue 9, "Rules as the texts write them"). Seed 001 is `seeds/001_2591ac4ce07753a0.txt`; the
reference is `reference/american-rules.md`."""

from __future__ import annotations

from pathlib import Path

import pytest
from american_rig import action, arrange, give, through_charleston
from serving import client, new_table
from test_american_play import CARD

from fourwinds.american.actions import CALL, COURTESY, VOTE, AmericanAction
from fourwinds.american.bots import make_american_bot
from fourwinds.american.deal import AmericanDeal
from fourwinds.american.hand import Exposure
from fourwinds.american.match import AmericanMatch
from fourwinds.american.view import AmericanView
from fourwinds.engine.actions import IllegalAction
from fourwinds.rules import get_rules
from fourwinds.tiles import parse_tiles

CLAIM_HANDS = {
    0: "5m 1234f 99p 9s 7z 6z 3p 3s 1s 8s",
    1: "55m 5678f 77p 77s 11z 2z",
    2: "111m 222m 333m 444m 5m",
    3: "2222p 44p 6666p 8p 4z 4s",
}
"""East discards 5m: South may call a pung, West may win; North can use nothing."""


def new(seed: int = 1, **options: object) -> AmericanDeal:
    return AmericanDeal(get_rules("american", **options).with_card(CARD), seed)


def fingerprint(deal: AmericanDeal) -> object:
    """Everything a refusal could change, what every seat may do included."""
    seats = [
        (s.concealed[:], s.exposures[:], s.discards[:], s.claimed[:], s.dead) for s in deal.seats
    ]
    return (
        seats,
        [stack[:] for stack in deal.wall.stacks],
        (deal.phase, deal.stage, deal.current, deal.discard, deal.drawn, deal.result),
        (dict(deal.choices), deal.votes[:], deal.agreed[:], deal.received[:]),
        (deal.history[:], deal.events[:], deal.to_move()),
        [deal.legal_actions(seat) for seat in range(4)],
    )


def refuse(deal: AmericanDeal, seat: int, move: str | AmericanAction, *says: str) -> str:
    """``seat``'s move is refused with a reason naming its rule and source (and saying each of
    ``says``); the deal is left exactly as it was."""
    chosen = action(move) if isinstance(move, str) else move
    assert chosen not in deal.legal_actions(seat)
    before = fingerprint(deal)
    with pytest.raises(IllegalAction) as refused:
        deal.apply(seat, chosen)
    reason = str(refused.value)
    assert "seed 001" in reason or "reference" in reason, reason
    for words in says:
        assert words in reason, (words, reason)
    assert fingerprint(deal) == before
    return reason


def claim_window() -> AmericanDeal:
    deal = new(14)
    through_charleston(deal)
    arrange(deal, CLAIM_HANDS)
    deal.apply(0, action("discard 5m"))
    assert deal.to_move() == [1, 2]
    return deal


# ---------------------------------------------------------------- the Charleston


def test_charleston_refusals_name_the_rule() -> None:
    """Seed 001 part 2: the Charleston is compulsory, three tiles each way, no joker passed, a
    blind pass only on the third pass; play begins with East's discard only after it."""
    deal = new(1)
    assert deal.stage.name == "first-right"
    give(deal, 0, "J 1m 2m 3m 4m 5m 6m 7m 8m 9m 1p 2p 3p 4p")
    refuse(deal, 0, "discard 1m", "pass 3 tiles", "seed 001 part 2.1")
    for move in ("call [111m]", "exchange 1m 2", "pass", "vote yes", "courtesy 2"):
        refuse(deal, 1, move, "may not", "during the Charleston", "seed 001 part 2.1")
    refuse(deal, 0, "pass-tiles 1mJ2m", "It is not allowed to pass a Joker", "part 2, note")
    refuse(deal, 0, "pass-tiles 1m2m blind 1", "blind pass", "seed 001 part 2.3")
    refuse(deal, 0, "pass-tiles 1m2m", "this pass has 2", "seed 001 part 2.1")
    refuse(deal, 0, "pass-tiles 5z6z7z", "East does not hold 567z", "seed 001 part 2.1")
    refuse(deal, 1, "win", "only East", "seed 001 part 1.8")
    assert not deal.matcher.is_complete(deal.seats[0].holding())
    refuse(deal, 0, "win", "complete no line", "seed 001 part 6")
    deal.apply(0, action("pass-tiles 1m2m3m"))
    refuse(deal, 0, "pass-tiles 4m5m6m", "East has already chosen", "seed 001 part 2")
    for seat in deal.to_move():
        deal.apply(seat, deal.legal_actions(seat)[-1])
    assert deal.stage.name == "first-across"
    refuse(deal, 0, "win", "only on her dealt tiles or after the first Charleston", "3.2.7")


def test_the_vote_and_the_courtesy_pass_name_their_rules() -> None:
    """Seed 001 part 2.2 (the vote on a second Charleston) and part 2.4 (the courtesy pass
    across, "from 1 to 3 tiles if both are willing"); reference 3.2.5."""
    deal = new(2)
    while deal.stage.name != "vote":
        for seat in deal.to_move():
            deal.apply(seat, deal.legal_actions(seat)[-1])
    refuse(deal, 1, "pass-tiles 1m2m3m", "vote yes or no", "seed 001 part 2.2")
    refuse(deal, 1, AmericanAction(VOTE, (), 2), "yes or no", "seed 001 part 2.2")
    for seat in range(4):
        deal.apply(seat, action("vote no"))
    assert deal.stage.name == "courtesy-offer"
    refuse(deal, 2, "pass-tiles 1m2m3m", "offer 0 to 3 tiles", "seed 001 part 2.4")
    refuse(deal, 2, AmericanAction(COURTESY, (), 4), "from 1 to 3 tiles", "seed 001 part 2.4")
    for seat, offer in ((0, 1), (2, 3), (1, 0), (3, 2)):
        deal.apply(seat, action(f"courtesy {offer}"))
    assert deal.stage.name == "courtesy" and deal.to_move() == [0, 2]
    refuse(deal, 1, "pass-tiles", "takes no part in the courtesy pass", "seed 001 part 2.4")
    tiles = [t for t in deal.seats[2].tiles() if t != parse_tiles("J")[0]]
    three = AmericanAction("pass-tiles", tuple(sorted(tiles[:3])))
    refuse(deal, 2, three, "the 1 tiles agreed", "this pass has 3", "seed 001 part 2.4")
    one = AmericanAction("pass-tiles", (tiles[0],), 1)
    refuse(deal, 2, one, "blind pass", "seed 001 part 2.3")


# ---------------------------------------------------------------- turns


def test_turn_refusals_name_the_rule() -> None:
    """Seed 001 part 3 (in turn, to the right; a player discards one of her own tiles), part
    4.7 (a joker is taken after picking up a tile, for the tile it represents), part 6 (Mah
    Jongg is a line of the card)."""
    deal = new(3)
    through_charleston(deal)
    arrange(deal, {0: "7z 1234f 99p 9s 6z 3p 3s 1s 8s 5p", 1: "77z 7zJ 5678f 11p 11z 2z"})
    exposed = Exposure.parse("[77zJ]")
    for tile in exposed.tiles():
        deal.seats[1].concealed[tile] -= 1
    deal.seats[1].exposures.append(exposed)
    deal.recount()
    refuse(deal, 1, "discard 2z", "it is East's turn, not South's", "seed 001 part 3.3")
    refuse(deal, 0, "discard 1m", "East does not hold 1m", "seed 001 part 3.2")
    refuse(deal, 0, "win", "complete no line of the card", "seed 001 part 6")
    refuse(deal, 0, "pass", "no discard is up for claim", "seed 001 part 3.2")
    refuse(deal, 0, "call [777z]", "no discard is up for claim", "seed 001 part 3.2")
    refuse(deal, 0, "exchange 7z 1", "cannot take the Joker first", "seed 001 part 4.7")
    for move in ("pass-tiles 1s3p8s", "vote yes", "courtesy 1"):
        refuse(deal, 0, move, "the Charleston is over", "seed 001 part 2.4")
    deal.apply(0, action("discard 5p"))
    while deal.phase == "claim":
        deal.apply(deal.to_move()[0], action("pass"))
    assert deal.current == 1 and deal.drawn is not None
    give(deal, 1, "7z 5678f 11p 11z 2z 4z")
    drawn = "exchange 4z 1"
    refuse(deal, 1, drawn, "shows no Joker standing for 4z", "seed 001 part 4.7")
    refuse(deal, 1, "exchange 7z 3", "North shows no Joker standing for 7z", "part 4.7")
    refuse(deal, 1, "exchange 5z 1", "South does not hold 5z", "seed 001 part 4.7")
    refuse(deal, 1, "exchange J 1", "for the tile it represents", "seed 001 part 4.7")
    deal.apply(1, action("exchange 7z 1"))  # the same exchange, made properly, is taken
    assert deal.seats[1].exposures == [Exposure.parse("[777z]")]


# ---------------------------------------------------------------- claims


def test_claim_refusals_name_the_rule() -> None:
    """Seed 001 part 4: a discard is asked for only to complete a Pung, Kong or Quint of it, or
    to win; a single or a pair only to win (part 5); a discard cannot be reclaimed (4.6); the
    next turn waits until no one claims it (3.2, 4.5)."""
    deal = claim_window()
    refuse(deal, 0, "win", "cannot take it back", "seed 001 part 4.6")
    refuse(deal, 0, "call [555m]", "cannot take it back", "seed 001 part 4.6")
    refuse(deal, 1, "discard 2z", "while 5m is up for claim", "seed 001 part 3.2, part 4.5")
    refuse(deal, 1, "exchange 5m 2", "on one's own turn", "seed 001 part 4.7")
    refuse(deal, 1, "win", "with 5m complete no line", "seed 001 part 6")
    pair = AmericanAction(CALL, tuple(parse_tiles("5m5m")))
    refuse(deal, 1, pair, "for a single or a pair unless it is the last tile", "part 5")
    refuse(deal, 1, "call [777p]", "this exposure is not of 5m", "seed 001 part 4.3")
    refuse(deal, 1, "call [5555m]", "South does not hold 555m", "seed 001 part 4.3")
    refuse(deal, 3, "pass", "North is not asked about 5m", "seed 001 part 4.2")
    refuse(deal, 3, "call [555mJ]", "North does not hold 55mJ", "seed 001 part 4.3")
    deal.apply(1, action("pass"))
    refuse(deal, 1, "call [555m]", "South has already answered", "seed 001 part 4.2")
    deal.apply(2, action("win"))
    assert deal.is_over
    refuse(deal, 1, "discard 2z", "the hand is over", "seed 001 part 3.3")


def test_a_dead_hand_is_refused_naming_the_rule() -> None:
    """Seed 001 part 6.3: a disqualified player's hand is dead; "Play will continue with the
    remaining players"."""
    deal = new(22)
    through_charleston(deal)
    arrange(deal, {0: "5m 1234f 99p 9s 7z 6z 3p 3s 1s 8s", 1: "55m 5678f 77p 77s 11z 2z"})
    deal.apply(0, action("discard 5m"))
    deal.apply(1, action("call [555m]"))  # no line of this card has a pung of 5m
    assert deal.seats[1].dead
    refuse(deal, 1, "discard 2z", "South's hand is dead", "seed 001 part 6.3")


# ---------------------------------------------------------------- the empty seat


def test_the_empty_seat_of_a_table_of_three_does_nothing() -> None:
    """Seed 001 part 8: "Missing player's space is not given any tiles": at a table of three,
    North's seat can neither win, discard nor pay, in any phase."""
    deal = AmericanDeal(get_rules("american", players=3), 3)  # the sample card
    assert deal.seats[3].tile_count() == 0
    for move in ("discard 1m", "win", "pass", "courtesy 1", "pass-tiles 1m2m3m"):
        refuse(deal, 3, move, "North cannot", "empty seat of a table of three", "part 8")
    bots = [make_american_bot("greedy", seat) for seat in range(3)]
    while not deal.is_over:
        assert 3 not in deal.to_move() and deal.legal_actions(3) == []
        if deal.phase == "claim":
            refuse(deal, 3, "win", "North cannot win", "seed 001 part 8")
        seat = deal.to_move()[0]
        deal.apply(seat, bots[seat].choose(AmericanView(deal, seat)))
    result = deal.result
    assert result is not None and result.winner is not None and result.settlement is not None
    assert [payer for payer, _, _ in result.settlement.payments] == [
        seat for seat in range(3) if seat != result.winner
    ]
    assert result.settlement.net[3] == 0 and sum(result.settlement.net) == 0
    refuse(deal, 3, "win", "North cannot win", "seed 001 part 8")
    with pytest.raises(IllegalAction, match="there is no seat 4"):
        deal.apply(4, action("pass"))


def test_a_match_of_three_has_no_position_for_the_empty_seat() -> None:
    """Seed 001 part 8: the empty seat has no player, so no table position."""
    match = AmericanMatch(get_rules("american", players=3, rounds=1).with_card(CARD), 7)
    assert sorted(match.position_of(seat) for seat in range(3)) == [0, 1, 2]
    with pytest.raises(ValueError, match=r"empty seat of a table of three.*seed 001 part 8"):
        match.position_of(3)
    with pytest.raises(ValueError, match="no position 3"):
        match.seat_of(3)
    with pytest.raises(IllegalAction, match="North cannot discard"):
        match.apply(3, action("discard 1m"))


def test_the_lobby_has_no_fourth_place_at_a_table_of_three(tmp_path: Path) -> None:
    """Seed 001 part 8, in the web: a table of three refuses a player at its fourth place."""
    with client(f"sqlite:///{tmp_path / 'db.sqlite3'}") as http:
        table_id = new_table(http, "american", players=3)
        refused = http.post(f"/api/tables/{table_id}/join", json={"name": "Dee", "position": 3})
        assert refused.status_code == 400
        reason = refused.json()["error"]
        assert "empty seat of a table of three" in reason and "seed 001 part 8" in reason
        four = new_table(http, "american")
        taken = http.post(f"/api/tables/{four}/join", json={"name": "Dee", "position": 3})
        assert taken.status_code == 200
        beyond = http.post(f"/api/tables/{four}/join", json={"name": "Eve", "position": 4})
        assert beyond.status_code == 400 and "position must be 0 to 3" in beyond.json()["error"]
