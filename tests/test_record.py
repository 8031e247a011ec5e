"""Records replay exactly, and a record that was changed fails loudly."""

from __future__ import annotations

import copy
import json

import pytest

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
