"""``POST /api/replay``: a record file opened in the replay viewer (docs/protocol.md)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from serving import client, fixed_seed, hello, join, new_table, play
from starlette.testclient import TestClient

from fourwinds.engine.match import hand_seed
from fourwinds.family import GameMatch, family_of
from fourwinds.record import match_record, replay
from fourwinds.rules import RuleSet, get_rules
from fourwinds.server.app import MAX_RECORD_BODY
from fourwinds.simulate import play_hands


@pytest.fixture
def http(tmp_path: Path) -> TestClient:
    with client(f"sqlite:///{tmp_path / 'db.sqlite3'}") as test_client:
        yield test_client


def _simulated(name: str, hands: int) -> dict[str, Any]:
    """A record as ``fourwinds simulate --records`` writes it (one file a hand), its hands put
    together in one record of lone hands."""
    files: dict[str, str] = {}
    play_hands(get_rules(name), 7, "greedy", range(hands), files)
    records = [json.loads(text) for _, text in sorted(files.items())]
    return {**records[0], "hands": [record["hands"][0] for record in records]}


def _played(rules: RuleSet, seed: int, hands: int) -> GameMatch:
    """A match of ``hands`` hands played by greedy bots, each hand settled."""
    family = family_of(rules)
    match = family.match(rules, seed)
    bots = [family.bot("greedy", seat) for seat in range(rules.players)]
    for _ in range(hands):
        deal = match.deal
        while not deal.is_over:
            seat = deal.to_move()[0]
            match.apply(seat, bots[seat].choose(family.view(deal, seat)))
        match.next_hand()
    return match


@pytest.mark.parametrize("name", ["classical", "american"])
def test_a_simulated_record_replays_every_decision_of_its_hands(
    http: TestClient, name: str
) -> None:
    record = _simulated(name, 2)
    assert record["kind"] == "hand"
    answer = http.post("/api/replay", json=record)
    assert answer.status_code == 200, answer.text
    game = answer.json()
    rules = get_rules(name)
    family = family_of(rules)
    assert game["table"]["title"] == rules.title and game["table"]["rules"] == name
    assert game["table"]["positions"] == rules.players
    assert [p["name"] for p in game["table"]["players"]] == ["East", "South", "West", "North"]
    deals = replay(record)
    assert [deal.seed for deal in deals] == [hand_seed(7, n) for n in range(2)]
    assert len(game["hands"]) == len(deals)
    passing = str(family.pass_action)
    for number, (hand, deal) in enumerate(zip(game["hands"], deals, strict=True)):
        assert hand["hand_number"] == number and hand["east"] == 0
        assert hand["steps"][0]["seat"] is None
        assert [f"{s['seat']} {s['action']}" for s in hand["steps"][1:]] == [
            f"{seat} {action}" for seat, action in deal.history if str(action) != passing
        ]
        assert hand["steps"][-1]["view"] == {
            **family.view(deal, 0).to_json(),
            "legal_actions": [],
        }
        settlement = family.settlement(deal)
        paid = [] if settlement is None else [list(p) for p in settlement.payments]
        assert hand["payments"] == paid


def test_a_finished_tables_record_replays_as_its_game_does(
    http: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    fixed_seed(monkeypatch, 5)
    table_id = new_table(http, "classical")
    seat = join(http, table_id)
    with http.websocket_connect(f"/ws/{table_id}") as socket:
        hello(socket, seat)
        http.post(f"/api/tables/{table_id}/bots", json={"bot": "greedy"})
        play(socket)
    record = http.get(f"/api/games/{table_id}/record").json()
    assert record["kind"] == "match"
    from_table = http.get(f"/api/games/{table_id}/replay").json()
    from_file = http.post("/api/replay", json=record).json()
    assert from_file["hands"] == from_table["hands"]
    assert len(from_file["hands"]) >= 4
    table = from_file["table"]
    assert {k: table[k] for k in ("rules", "title", "options", "positions")} == {
        k: from_table["table"][k] for k in ("rules", "title", "options", "positions")
    }
    # Each player is named by the wind they sat at in the first hand.
    east = record["hands"][0]["east"]
    assert [p["name"] for p in table["players"] if p["position"] == east] == ["East"]


def test_a_match_record_of_an_american_game_replays_through_its_match(
    http: TestClient,
) -> None:
    rules = get_rules("american", players=3)
    family = family_of(rules)
    match = _played(rules, 11, 2)
    record = match_record(match)
    game = http.post("/api/replay", json=record).json()
    assert game["table"]["positions"] == 3
    assert [h["east"] for h in game["hands"]] == [h["east"] for h in record["hands"]]
    for hand, outcome in zip(game["hands"], match.outcomes, strict=True):
        assert hand["steps"][-1]["view"] == {
            **family.view(outcome.deal, 0).to_json(),
            "legal_actions": [],
        }
        assert len(hand["steps"][-1]["hands"]) == 4  # the empty North seat has no tiles


@pytest.mark.parametrize("name", ["classical", "hongkong", "american", "beginner"])
def test_a_replayed_hand_ends_as_the_table_explains_it(http: TestClient, name: str) -> None:
    """Each hand of a replay carries what the end of the hand at the table shows: the family's
    sheets with their arithmetic or the winning line, each payment with its reason, each seat's
    change (protocol.md, last_hand)."""
    rules = get_rules(name)
    family = family_of(rules)
    match = _played(rules, 3, 3)
    game = http.post("/api/replay", json=match_record(match)).json()
    assert any(outcome.settlement is not None for outcome in match.outcomes) or name == "beginner"
    for hand, outcome in zip(game["hands"], match.outcomes, strict=True):
        explained = json.loads(json.dumps(family.outcome_json(outcome)))
        assert {key: hand[key] for key in explained} == explained
        settlement = outcome.settlement
        seats = len(hand["steps"][-1]["hands"])
        assert hand["net"] == ([0] * seats if settlement is None else settlement.net)
        assert len(hand["payment_reasons"]) == len(hand["payments"])
        assert all(hand["payment_reasons"]) or name == "beginner"


def test_a_tampered_record_is_refused_naming_its_fault(http: TestClient) -> None:
    record = _simulated("classical", 1)
    changed = json.loads(json.dumps(record))
    changed["hands"][0]["actions"][3] = "2 discard 9z"
    answer = http.post("/api/replay", json=changed)
    assert answer.status_code == 422
    assert answer.json()["error"].startswith("hand 0, action 3 (2 discard 9z)")
    changed = json.loads(json.dumps(record))
    changed["hands"][0]["result"]["winner"] = 7
    answer = http.post("/api/replay", json=changed)
    assert answer.status_code == 422 and "the result differs" in answer.json()["error"]
    header = {"format": "fourwinds-record", "version": 1}
    answer = http.post("/api/replay", json=header)
    assert answer.status_code == 422 and answer.json()["error"] == "bad rule set: 'rules'"
    answer = http.post("/api/replay", json={**header, "rules": "classical"})
    assert answer.status_code == 422
    assert answer.json()["error"] == "not a fourwinds record: KeyError 'hands'"
    answer = http.post("/api/replay", json={"hands": []})
    assert answer.status_code == 422
    assert answer.json()["error"] == "not a fourwinds-record record of version 1"
    answer = http.post("/api/replay", content=b"[1, 2]")
    assert answer.status_code == 400 and "JSON object" in answer.json()["error"]


def test_a_record_over_the_limit_is_refused_unread(http: TestClient) -> None:
    record = _simulated("classical", 1)
    record["padding"] = "x" * MAX_RECORD_BODY
    answer = http.post("/api/replay", json=record)
    assert answer.status_code == 413
    assert answer.json()["error"] == "a record file may be at most 4 MiB"


def test_the_record_file_page_is_the_replay_page(http: TestClient) -> None:
    page = http.get("/replay/file")
    assert page.status_code == 200 and "Open a record file" in page.text
