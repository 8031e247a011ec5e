"""The HTTP side of docs/protocol.md: rules, the lobby, seats, bots, history, records, replays."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from serving import client, fixed_seed, hello, join, new_table, play, send
from starlette.testclient import TestClient

from fourwinds.american.card import sample_card
from fourwinds.american.deal import AmericanDeal
from fourwinds.american.view import AmericanView
from fourwinds.engine.view import View
from fourwinds.record import replay
from fourwinds.rules import RULES
from fourwinds.rules.options import OPTIONS


@pytest.fixture
def http(tmp_path: Path) -> TestClient:
    with client(f"sqlite:///{tmp_path / 'db.sqlite3'}") as test_client:
        yield test_client


def test_rules_list_every_rule_set_with_its_options_and_choices(http: TestClient) -> None:
    rules = {entry["name"]: entry for entry in http.get("/api/rules").json()["rules"]}
    assert set(rules) == set(RULES)
    assert rules["american"]["choices"]["players"] == [4, 3]
    # A new table starts from one round (at least four hands); the rest is the rule set's.
    assert rules["classical"]["options"] == {**RULES["classical"].options(), "rounds": 1}
    assert rules["classical"]["choices"]["limit"] == [500, 1000]
    assert rules["hongkong"]["choices"]["min_faan"] == list(range(11))  # 0 to max_faan
    assert rules["hongkong-standard"]["choices"]["min_faan"][-1] == 13
    assert rules["classical"]["choices"]["win_claims"] == ["highest-score", "nearest"]
    assert set(rules["beginner"]["choices"]) == {"rounds", "thirteen_orphans"}
    assert rules["beginner"]["options"]["thirteen_orphans"] is False
    assert [name for name, entry in rules.items() if entry["by_card"]] == ["american"]
    for entry in rules.values():  # the lobby shows every option with its declared label
        assert set(entry["labels"]) == set(entry["help"]) == set(entry["options"])
        assert set(entry["choices"]) == set(entry["options"])
    assert rules["hongkong"]["labels"]["min_faan"] == "Minimum faan"
    assert rules["american"]["help"]["players"] == OPTIONS["players"].help


def test_creating_a_table_checks_rules_options_and_claim_time(http: TestClient) -> None:
    made = http.post(
        "/api/tables",
        json={"rules": "hongkong", "options": {"min_faan": 1, "rounds": 2}, "claim_seconds": 5},
    )
    assert made.status_code == 201
    table = made.json()["table"]
    assert table["status"] == "open" and table["players"] == []
    assert table["options"]["min_faan"] == 1 and table["claim_seconds"] == 5
    assert http.get("/api/tables").json()["tables"] == [table]
    for body in (
        {"rules": "chess"},
        {"rules": "american", "options": {"players": 5}},
        {"rules": "american", "card": 5},
        {"rules": "classical", "card": "L1 FFFF 2222a 4444a 66a ; X 25"},
        {"rules": "classical", "options": {"limit": 7}},
        {"rules": "classical", "options": {"min_faan": 1}},
        {"rules": "classical", "claim_seconds": -1},
        {"rules": "classical", "claim_seconds": "soon"},
        {"options": {}},
    ):
        refused = http.post("/api/tables", json=body)
        assert refused.status_code == 400, body
        assert refused.json()["error"]
    assert http.post("/api/tables", content=b"{nope").status_code == 400
    assert http.post("/api/tables", content=b"[" * 5000).status_code == 400
    assert "over 65536 bytes" in http.post("/api/tables", content=b"[" * 70000).text


def test_seats_are_taken_by_name_and_bots_fill_the_rest(http: TestClient) -> None:
    table_id = new_table(http)
    ann = join(http, table_id, "Ann", position=2)
    assert (
        ann["position"] == 2 and ann["url"] == f"/table/{table_id}#position=2&token={ann['token']}"
    )
    assert (
        http.post(f"/api/tables/{table_id}/join", json={"name": "Bob", "position": 2}).status_code
        == 409
    )
    assert http.post(f"/api/tables/{table_id}/join", json={"name": ""}).status_code == 400
    assert (
        http.post(f"/api/tables/{table_id}/join", json={"name": "B", "position": 9}).status_code
        == 400
    )
    assert join(http, table_id, "Bob")["position"] == 0  # the first free seat
    assert http.post(f"/api/tables/{table_id}/bots", json={"bot": "clever"}).status_code == 400
    filled = http.post(f"/api/tables/{table_id}/bots", json={"bot": "random"}).json()["table"]
    assert filled["status"] == "playing"
    assert [(p["position"], p["name"], p["bot"]) for p in filled["players"]] == [
        (0, "Bob", None),
        (1, "Random bot 2", "random"),
        (2, "Ann", None),
        (3, "Random bot 4", "random"),
    ]
    # Once the game has started a friend takes over a bot's seat, never a person's.
    taken = http.post(f"/api/tables/{table_id}/join", json={"name": "Dee", "position": 2})
    assert taken.status_code == 409
    assert join(http, table_id, "Cy")["position"] == 1  # the first seat a bot holds
    assert join(http, table_id, "Eve")["position"] == 3
    assert http.post(f"/api/tables/{table_id}/join", json={"name": "Fay"}).status_code == 409
    assert http.post(f"/api/tables/{table_id}/bots", json={}).status_code == 409
    assert http.post("/api/tables/nope/join", json={"name": "Cy"}).status_code == 404
    assert http.post("/api/tables/nope/bots", json={}).status_code == 404


def test_each_seat_gets_the_bot_chosen_for_it_the_strongest_by_default(http: TestClient) -> None:
    """Issue 12: the lobby offers a bot level per seat, the family's strongest first."""
    rules = {r["name"]: r["bots"] for r in http.get("/api/rules").json()["rules"]}
    assert rules["hongkong"] == ["strong", "greedy", "random"]
    assert rules["american"] == ["strong", "greedy", "random"]
    table_id = new_table(http, "hongkong")
    join(http, table_id, "Ann", position=0)
    bots = f"/api/tables/{table_id}/bots"
    assert http.post(bots, json={"bot": "greedy", "position": 0}).status_code == 409  # Ann's
    assert http.post(bots, json={"bot": "greedy", "position": 7}).status_code == 400
    assert http.post(bots, json={"bot": "greedy", "position": "1"}).status_code == 400
    assert http.post(bots, json={"bot": "greedy", "position": 2}).status_code == 200
    assert http.post(bots, json={"position": 1}).status_code == 200  # the default: strong
    filled = http.post(bots, json={"bot": "random"}).json()["table"]
    assert [(p["position"], p["bot"]) for p in filled["players"]] == [
        (0, None),
        (1, "strong"),
        (2, "greedy"),
        (3, "random"),
    ]


def test_pages_are_served_or_missing_plainly(http: TestClient) -> None:
    for path, name in (
        ("/", "lobby.html"),
        ("/table/x", "table.html"),
        ("/replay/x", "replay.html"),
    ):
        page = http.get(path)
        if (Path(__file__).parents[1] / "src/fourwinds/web" / name).is_file():
            assert page.status_code == 200 and "html" in page.headers["content-type"]
        else:
            assert page.status_code == 404


def test_a_finished_game_has_its_record_and_a_replay(
    http: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    fixed_seed(monkeypatch, 5)
    table_id = new_table(http, "classical")
    seat = join(http, table_id)
    assert http.get(f"/api/games/{table_id}/record").status_code == 409
    assert http.get("/api/games/nope/record").status_code == 404
    with http.websocket_connect(f"/ws/{table_id}") as socket:
        hello(socket, seat)
        http.post(f"/api/tables/{table_id}/bots", json={"bot": "greedy"})
        final = play(socket)
    assert final["standings"][0]["score"] >= final["standings"][-1]["score"]
    games = http.get("/api/games").json()["games"]
    assert [game["id"] for game in games] == [table_id]
    assert games[0]["status"] == "finished"
    assert http.get("/api/tables").json()["tables"] == []

    record = http.get(f"/api/games/{table_id}/record").json()
    assert record["kind"] == "match" and record["seed"] == 5
    deals = replay(record)
    assert len(deals) == games[0]["hand_number"] + 1

    # The replay is streamed a hand at a time: no length known before the last hand is built.
    replay_url = f"/api/games/{table_id}/replay"
    with http.stream("GET", replay_url, headers={"Accept-Encoding": "identity"}) as streamed:
        assert "content-length" not in streamed.headers
        pieces = list(streamed.iter_raw())
    assert len(pieces) == len(deals) + 2  # the table, each hand, the closing brackets
    steps = json.loads(b"".join(pieces))
    assert steps["table"]["id"] == table_id
    assert len(steps["hands"]) == len(deals)
    for hand, deal in zip(steps["hands"], deals, strict=True):
        # Every action is a step but a pass (what it settles shows at the step before it).
        assert hand["steps"][0]["seat"] is None
        assert [f"{s['seat']} {s['action']}" for s in hand["steps"][1:]] == [
            f"{seat} {action}" for seat, action in deal.history if str(action) != "pass"
        ]
        assert hand["steps"][-1]["view"] == {**View(deal, 0).to_json(), "legal_actions": []}
        assert all(len(step["hands"]) == 4 for step in hand["steps"])
    last = steps["hands"][-1]
    if deals[-1].result is not None and deals[-1].result.winner is not None:
        assert len(last["sheets"]) == 4 and last["payments"]

    new_table(http)  # the lobby forgets finished games nobody watches; storage keeps them
    assert table_id not in http.app.state.lobby.tables
    with http.websocket_connect(f"/ws/{table_id}") as socket:
        assert hello(socket, seat)["standings"] == final["standings"]


def test_an_american_table_plays_by_its_card_to_a_replay(
    http: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Issue 5: players bring their own card (checked, errors with line and column); the table
    serves it; a finished American game has its record with the card, and a replay."""
    bad = http.post("/api/tables", json={"rules": "american", "card": "L1 FFFF 2222a 4444a ; X 25"})
    assert bad.status_code == 400
    assert bad.json()["error"].startswith("card: line 1, column")
    fixed_seed(monkeypatch, 11)
    card = str(sample_card()).replace("fourwinds sample card", "club card")
    made = http.post(
        "/api/tables", json={"rules": "american", "options": {"rounds": 1}, "card": card}
    )
    table_id = made.json()["table"]["id"]
    served = http.get(f"/api/tables/{table_id}/card").json()
    assert served["title"] == "club card" and served["year"] == 2026
    variants = [variant for line in sample_card().lines for variant in line.variants]
    assert len(served["lines"]) == len(variants)
    assert served["lines"][0] == {
        "id": "Y1",
        "section": "2026",
        "text": str(variants[0]),
        "value": 30,
        "concealed": False,
        "caption": "North and South pairs around the year",
    }
    assert http.get(f"/api/tables/{new_table(http)}/card").status_code == 404
    assert http.get("/api/tables/nope/card").status_code == 404

    seat = join(http, table_id)
    with http.websocket_connect(f"/ws/{table_id}") as socket:
        first = hello(socket, seat)
        http.post(f"/api/tables/{table_id}/bots", json={"bot": "greedy"})
        send(socket, type="hint")
        # Nothing is answered before the hint comes: a state that predates an answer given in
        # one ``play`` would be answered again by the next (an error under load).
        state, hint = first, socket.receive_json()
        while hint["type"] != "hint":
            state, hint = hint, socket.receive_json()
        final = play(socket, first=state)
    assert hint["suggestion"] and [line["tiles_away"] for line in hint["lines"]] == sorted(
        line["tiles_away"] for line in hint["lines"]
    )
    assert final["table"]["positions"] == 4 and len(final["standings"]) == 4
    assert sum(row["score"] for row in final["standings"]) == 0  # payments only move points

    record = http.get(f"/api/games/{table_id}/record").json()
    assert record["card"] == card and len(record["hands"]) == 4
    deals = replay(record)
    steps = http.get(f"/api/games/{table_id}/replay").json()
    for hand, deal in zip(steps["hands"], deals, strict=True):
        assert isinstance(deal, AmericanDeal)
        passes = sum(str(action) == "pass" for _, action in deal.history)
        assert len(hand["steps"]) == len(deal.history) - passes + 1
        last = AmericanView(deal, 0).to_json()
        assert hand["steps"][-1]["view"] == {**last, "legal_actions": []}
        assert hand["steps"][0]["view"]["phase"] == "charleston"
        net = deal.result.settlement.net if deal.result and deal.result.settlement else [0] * 4
        assert [sum(p[2] for p in hand["payments"] if p[1] == s) for s in range(4)] == [
            max(n, 0) for n in net
        ]
