"""A restarted server resumes every table exactly where it was: storage round trips, and a new
app on the same database in the middle of a hand, in a claim window and between hands (SQLite,
and PostgreSQL when ``.ci/run`` started one)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from serving import DATABASES, client, database, fixed_seed, hello, join, play
from starlette.testclient import TestClient

from fourwinds.american.card import sample_card
from fourwinds.record import replay
from fourwinds.server.storage import Storage, StoredAction, StoredPlayer
from fourwinds.server.table import Table


@pytest.mark.parametrize("kind", DATABASES)
def test_storage_keeps_tables_players_actions_and_records(kind: str, tmp_path: Path) -> None:
    with database(kind, tmp_path) as url:
        storage = Storage(url)
        storage.add_table("t1", "hongkong", {"min_faan": 1}, 8.0, 2**62 - 1, 100.0)
        storage.add_table("t2", "beginner", {}, 0.0, 7, 200.0)
        storage.add_player("t1", StoredPlayer(2, "Ann", None, "ab" * 32, False))
        storage.add_player("t1", StoredPlayer(0, "Bot", "greedy", None, False))
        storage.set_auto_pass("t1", 2, True)
        for seq, text in enumerate(["discard 1m", "pass", "next"]):
            storage.add_action("t1", StoredAction(seq, 0, None if text == "next" else 1, text))
        with pytest.raises(Exception, match=r"(?i)unique|duplicate"):
            storage.add_action("t1", StoredAction(1, 0, 1, "pass")).result()
        storage.finish("t2", 300.0, {"kind": "match", "hands": []})
        storage.close()

        storage = Storage(url)  # as after a restart
        table = storage.load_table("t1")
        assert table is not None
        assert (table.rules, table.options, table.claim_seconds, table.seed, table.created) == (
            "hongkong",
            {"min_faan": 1},
            8.0,
            2**62 - 1,
            100.0,
        )
        assert table.players == [
            StoredPlayer(0, "Bot", "greedy", None, False),
            StoredPlayer(2, "Ann", None, "ab" * 32, True),
        ]
        assert [a.action for a in storage.load_actions("t1")] == ["discard 1m", "pass", "next"]
        assert storage.load_actions("t1")[2].seat is None
        assert storage.table_ids(finished=False) == ["t1"]
        assert storage.table_ids(finished=True) == ["t2"]
        assert storage.load_record("t2") == {"kind": "match", "hands": []}
        assert storage.load_record("t1") is None
        assert storage.load_table("nope") is None
        storage.close()


def snapshot(table: Table) -> dict[str, Any]:
    """Everything a restart must keep: each seat's view and choices, the scores, the hand."""
    deal, east, number = table.shown()
    assert table.match is not None
    seats = range(table.positions)
    return {
        "views": [table.family.view(deal, seat).to_json() for seat in seats],
        "legal": [[str(a) for a in deal.legal_actions(seat)] for seat in seats],
        "history": [f"{seat} {action}" for seat, action in deal.history],
        "hand": (east, number, table.match.east, table.match.hand_number),
        "scores": list(table.match.scores),
        "last_hand": table.last_hand,
        "players": [(p.name, p.bot, p.auto_pass) for p in table.players if p is not None],
        "status": table.status,
    }


def in_claim_window(message: dict[str, Any]) -> bool:
    view = message["view"]
    return view["phase"] == "claim" and bool(view["legal_actions"])


def in_a_later_turn(message: dict[str, Any]) -> bool:
    view = message["view"]
    played = sum(len(seat["discards"]) for seat in view["seats"])
    return view["phase"] == "turn" and bool(view["legal_actions"]) and played >= 12


def between_hands(message: dict[str, Any]) -> bool:
    return message["view"]["phase"] == "ended"


def in_the_second_charleston(message: dict[str, Any]) -> bool:
    view = message["view"]
    return view["phase"] == "charleston" and view["charleston"]["stage"] == "second-left"


CLUB_CARD = str(sample_card()).replace("fourwinds sample card", "our club card")
TABLES = {
    "classical": (2024, {"rules": "classical", "options": {"rounds": 1}, "claim_seconds": 0}),
    "american": (7, {"rules": "american", "options": {"rounds": 1}, "card": CLUB_CARD}),
}
"""A seed and a new table's body; the American table plays the players' own card (issue 5)."""


@pytest.mark.parametrize("kind", DATABASES)
@pytest.mark.parametrize(
    ("game", "moment"),
    [
        ("classical", in_a_later_turn),
        ("classical", in_claim_window),
        ("classical", between_hands),
        ("american", in_the_second_charleston),
        ("american", in_claim_window),
        ("american", in_a_later_turn),
    ],
)
def test_a_restart_resumes_the_table_exactly(
    kind: str, game: str, moment: Any, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    seed, body = TABLES[game]
    fixed_seed(monkeypatch, seed)
    http: TestClient
    with database(kind, tmp_path) as url:
        with client(url) as http:
            table_id = http.post("/api/tables", json=body).json()["table"]["id"]
            seat = join(http, table_id)
            http.post(f"/api/tables/{table_id}/bots", json={"bot": "greedy"})
            with http.websocket_connect(f"/ws/{table_id}") as socket:
                first = hello(socket, seat)
                stopped = play(socket, first=first, stop=lambda m: m["view"] and moment(m))
            # the table now waits for Ann (bots have played, Ann's timers are long)
            before = snapshot(http.app.state.lobby.tables[table_id])
        with client(url) as http:
            after = snapshot(http.app.state.lobby.tables[table_id])
            assert after == before
            with http.websocket_connect(f"/ws/{table_id}") as socket:
                resumed = hello(socket, seat)
                # Ann's view as the table left it (in the Charleston the bots may have chosen
                # after Ann's last state: everyone chooses at once)
                assert resumed["view"] == before["views"][stopped["view"]["seat"]]
                assert resumed["last_hand"] == stopped["last_hand"]
                final = play(socket, first=resumed)
            assert final["table"]["status"] == "finished"
            record = http.get(f"/api/games/{table_id}/record").json()
    # nothing lost: the hand went on from the very actions played before the restart
    history = before["history"]
    assert record["hands"][before["hand"][1]]["actions"][: len(history)] == history
    assert len(replay(record)) == len(record["hands"])
    if game == "american":
        assert resumed["view"]["card"] == "our club card" and record["card"] == CLUB_CARD
