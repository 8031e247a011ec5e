"""Records replay exactly, and a record that was changed fails loudly."""

from __future__ import annotations

import copy
import json

import pytest

from fourwinds.american.bots import make_american_bot
from fourwinds.american.match import AmericanMatch
from fourwinds.bots import make_bot
from fourwinds.engine.deal import Deal
from fourwinds.engine.match import Match
from fourwinds.record import ReplayError, deal_record, match_record, replay
from fourwinds.rules import get_rules
from fourwinds.simulate import play


def finished(name: str, seed: int) -> Deal:
    deal = Deal(get_rules(name), seed)
    play(deal, [make_bot("greedy", s) for s in range(4)])
    return deal


@pytest.mark.parametrize("name", ["classical", "hongkong", "beginner"])
def test_a_hand_record_replays(name: str) -> None:
    deal = finished(name, 7)
    record = json.loads(json.dumps(deal_record(deal)))
    assert record["rules"] == name and record["hands"][0]["dice"]
    (replayed,) = replay(record)
    assert replayed.result == deal.result
    assert replayed.history == deal.history
    assert replayed.wall.heights() == deal.wall.heights()


def test_a_match_record_replays() -> None:
    match = Match(get_rules("classical", rounds=1), 4)
    for _ in range(3):
        play(match.deal, [make_bot("greedy", s) for s in range(4)])
        match.next_hand()
    record = json.loads(json.dumps(match_record(match)))
    assert record["seating_rolls"] and len(record["hands"]) == 3
    deals = replay(record)
    assert [d.result for d in deals] == [o.result for o in match.outcomes]


def test_an_american_match_record_replays() -> None:
    """An American game (issue 5: records replay): its card and every hand, East moving right."""
    match = AmericanMatch(get_rules("american", rounds=1), 6)
    while not match.is_over:
        play(match.deal, [make_american_bot("greedy", s) for s in range(4)])
        match.next_hand()
    record = json.loads(json.dumps(match_record(match)))
    assert record["card"] == "sample" and len(record["hands"]) == 4
    assert [hand["east"] for hand in record["hands"]] == [(match.east + n) % 4 for n in range(4)]
    deals = replay(record)
    assert [d.result for d in deals] == [o.result for o in match.outcomes]
    record["hands"][1]["east"] = record["hands"][0]["east"]
    with pytest.raises(ReplayError, match="hand 1: seed, East"):
        replay(record)


def tampered(record: dict, change) -> dict:  # type: ignore[no-untyped-def]
    copied = copy.deepcopy(record)
    change(copied)
    return copied


def test_changed_records_fail_loudly() -> None:
    record = deal_record(finished("beginner", 3))
    actions = record["hands"][0]["actions"]
    cases = [
        (lambda r: r.update(format="other"), "not a fourwinds-record"),
        (lambda r: r.update(rules="nonsense"), "bad rule set"),
        (lambda r: r["hands"][0].update(dice=[[1, 1, 1]]), "dice differ"),
        (lambda r: r["hands"][0]["actions"].pop(), "end before the hand does"),
        (lambda r: r["hands"][0]["actions"].insert(0, "3 discard 1m"), "action 0"),
        (lambda r: r["hands"][0]["actions"].__setitem__(0, "0 fly 1m"), "unknown action"),
        (lambda r: r["hands"][0]["result"].update(winner=9), "result differs"),
        (lambda r: r["hands"][0].update(seed=r["hands"][0]["seed"] + 1), "differ"),
    ]
    assert actions
    for change, message in cases:
        with pytest.raises(ReplayError, match=message):
            replay(tampered(record, change))
