"""Friends at a table over HTTP and the WebSocket (docs/protocol.md, Friends): taking over a
bot's seat during a game, watching (a spectator is sent only what every seat sees alike, checked
at every state of whole bot games), leaving, ending, the grace time that finishes a table whose
people have gone, the lobby's list, the next hand's countdown, and the app's small things (rules
pages, words for options, favicon, gzip, the record as a download)."""

from __future__ import annotations

import asyncio
import gzip
import json
import time
from pathlib import Path
from typing import Any

import pytest
from serving import client, hello, join, new_table, play, send, until
from starlette.testclient import TestClient
from starlette.websockets import WebSocketDisconnect
from test_server_leaks import WatchedTable, hidden_texts

from fourwinds.engine.events import Event
from fourwinds.rules import get_rules, listed
from fourwinds.rules.options import OPTIONS
from fourwinds.server.public import NOBODY, agreed
from fourwinds.server.storage import Storage, StoredTable
from fourwinds.server.table import Timing


@pytest.fixture
def http(tmp_path: Path) -> TestClient:
    with client(f"sqlite:///{tmp_path / 'db.sqlite3'}") as test_client:
        yield test_client


def wait_for(check: Any, seconds: float = 10) -> None:
    deadline = time.monotonic() + seconds
    while not check():
        assert time.monotonic() < deadline, "it never happened"
        time.sleep(0.02)


def listed_ids(http: TestClient) -> list[str]:
    return [table["id"] for table in http.get("/api/tables").json()["tables"]]


# --- taking over a bot's seat ---------------------------------------------------------------


def test_a_friend_takes_over_a_bot_seat_in_the_middle_of_a_game(tmp_path: Path) -> None:
    timing = Timing(bot_delay=0, away_wait=0.05, hand_pause=60)
    with client(f"sqlite:///{tmp_path / 'db.sqlite3'}", timing) as http:
        table_id = new_table(http, "beginner")
        join(http, table_id, "Ann")  # Ann never comes: a bot plays for her
        http.post(f"/api/tables/{table_id}/bots", json={"bot": "greedy"})
        with http.websocket_connect(f"/ws/{table_id}") as watcher:
            send(watcher, type="watch")
            # Some moves are played before the friend comes.
            until(watcher, lambda m: m["view"] and len(m["view"]["seats"][0]["discards"]) > 1)
            bob = join(http, table_id, "Bob")
            assert bob["position"] == 1  # the first seat a bot holds
            # Until Bob's socket opens his bot plays on for him, shown as away.
            seen = until(watcher, lambda m: any(p["name"] == "Bob" for p in m["table"]["players"]))
            (shown,) = [p for p in seen["table"]["players"] if p["name"] == "Bob"]
            assert shown["bot"] is None and shown["away"] is True
            with http.websocket_connect(f"/ws/{table_id}") as bob_socket:
                mine = hello(bob_socket, bob)
                assert mine["table"]["position"] == 1 and mine["view"]["hand"]
                back = until(
                    watcher,
                    lambda m: any(
                        p["name"] == "Bob" and not p["away"] for p in m["table"]["players"]
                    ),
                )
                assert back["table"]["status"] == "playing"
                # Bob's seat now waits for Bob: no bot answers for him any more.
                turn = play(bob_socket, first=mine, stop=lambda m: bool(m["view"]["legal_actions"]))
                time.sleep(0.3)
                table = http.app.state.lobby.tables[table_id]
                assert table.players[1].bot is None and 1 not in table.away
                seat = table.match.seat_of(1)
                legal = [str(a) for a in table.match.deal.legal_actions(seat)]
                assert legal == turn["view"]["legal_actions"]
        stored = http.app.state.lobby.storage.load_table(table_id)
        assert [(p.position, p.name, p.bot) for p in stored.players][:2] == [
            (0, "Ann", None),
            (1, "Bob", None),
        ]


def test_only_a_bot_seat_is_taken_over(http: TestClient) -> None:
    table_id = new_table(http, "beginner")
    join(http, table_id, "Ann")
    join(http, table_id, "Bob")
    http.post(f"/api/tables/{table_id}/bots", json={"bot": "greedy"})
    refused = http.post(f"/api/tables/{table_id}/join", json={"name": "Cy", "position": 1})
    assert refused.status_code == 409 and "person" in refused.json()["error"]
    assert join(http, table_id, "Cy", position=3)["position"] == 3
    assert join(http, table_id, "Dee")["position"] == 2
    full = http.post(f"/api/tables/{table_id}/join", json={"name": "Eve"})
    assert full.status_code == 409 and "watch" in full.json()["error"]


# --- watching -------------------------------------------------------------------------------


def test_a_spectator_socket_gets_the_public_state_and_cannot_act(http: TestClient) -> None:
    table_id = new_table(http, "classical")
    ann = join(http, table_id, "Ann")
    http.post(f"/api/tables/{table_id}/bots", json={"bot": "greedy"})
    with http.websocket_connect(f"/ws/{table_id}") as watcher:
        send(watcher, type="watch")
        state = watcher.receive_json()
        assert state["type"] == "state" and state["table"]["position"] is None
        view = state["view"]
        assert "hand" not in view and "seat" not in view and view.get("drawn") is None
        assert all(seat["concealed"] > 0 for seat in view["seats"])  # counted, never shown
        table = http.app.state.lobby.tables[table_id]
        deal = table.match.deal
        text = json.dumps(state)
        for seat in range(4):
            for hidden in hidden_texts(deal, seat):
                assert hidden not in text
        send(watcher, type="action", action="discard 1m")
        refused = until(watcher, lambda m: m["type"] == "error")
        assert refused["error"] == "a spectator watches: take a seat to play"
        assert http.get("/api/tables").json()["tables"][0]["watchers"] == 1
        # A seat's states say how many watch.
        with http.websocket_connect(f"/ws/{table_id}") as socket:
            assert hello(socket, ann)["table"]["watchers"] == 1


class Spectator:
    """A spectator's connection that checks every state against the table as it is sent."""

    def __init__(self, table: WatchedTable, done: asyncio.Event) -> None:
        self.table = table
        self.done = done
        self.states = 0
        self.failure: AssertionError | None = None

    def send(self, text: str) -> None:
        """Called inside the table's timers, whose exceptions asyncio only logs: a failure is
        kept and ends the game for the test to report."""
        try:
            self.check(json.loads(text))
        except Exception as failure:
            self.failure = AssertionError(f"{type(failure).__name__}: {failure}")
            self.done.set()

    def close(self, code: int) -> None:
        raise AssertionError(f"a spectator's socket was closed ({code})")

    def check(self, message: dict[str, Any]) -> None:
        assert message["table"]["position"] is None
        assert message["table"]["claim_deadline"] is None
        sent: list[tuple[int, Event]] = self.table.sent
        if len(message["events"]) == len(sent):  # the broadcast's, not the first state
            for got, (_, event) in zip(message["events"], sent, strict=True):
                assert got == event.for_seat(NOBODY).to_json()
                if event.private:
                    assert "tile" not in got and "tiles" not in got
        if self.table.match is None:
            assert message["view"] is None
            return
        self.states += 1
        deal, _, _ = self.table.shown()
        views = [self.table.family.view(deal, s).to_json() for s in range(self.table.positions)]
        assert message["view"] == agreed(views)
        public = message["view"]
        assert "hand" not in public and "hints" not in public and "seat" not in public
        assert public.get("drawn") is None  # a seat's draw is its own
        # Choices are shown only when every seat has the same (an American vote).
        assert all(view["legal_actions"] == public.get("legal_actions") for view in views) or (
            "legal_actions" not in public
        )
        if isinstance(views[0].get("charleston"), dict):
            received = [view["charleston"]["received"] for view in views]
            assert "received" not in public["charleston"] or not any(received)
        if deal.result is None:
            text = json.dumps(message)
            for seat in range(self.table.positions):
                for hidden in hidden_texts(deal, seat):
                    assert hidden not in text
        if message["standings"] is not None:
            self.done.set()


async def watched_game(storage: Storage, rules: str, seed: int, **options: Any) -> int:
    rule_set = get_rules(rules, rounds=1, **options)
    table_id = f"{rules}-{seed}-{rule_set.players}"
    storage.add_table(table_id, rules, rule_set.options(), 0, seed, 0.0)
    stored = StoredTable(table_id, rules, rule_set.options(), 0, seed, 0.0, None, [])
    table = WatchedTable(stored, storage, Timing(bot_delay=0, away_wait=60, hand_pause=60))
    done = asyncio.Event()
    spectator = Spectator(table, done)
    table.watch(spectator)
    table.add_bots("greedy")
    await asyncio.wait_for(done.wait(), 60)
    table.close()
    if spectator.failure is not None:
        raise spectator.failure
    return spectator.states


@pytest.mark.parametrize(
    ("rules", "options"),
    [
        ("classical", {}),
        ("beginner", {}),
        ("hongkong", {}),
        ("american", {}),
        ("american", {"players": 3}),
    ],
)
def test_a_spectator_sees_only_what_every_seat_sees(
    rules: str, options: dict[str, Any], tmp_path: Path
) -> None:
    """Whole bot games watched: every state is the seats' common view, with no concealed tile
    of any seat, no wall order, no seed, and events without their private tiles."""
    storage = Storage(f"sqlite:///{tmp_path / 'db.sqlite3'}")
    try:
        states = asyncio.run(watched_game(storage, rules, 3, **options))
    finally:
        storage.close()
    assert states > 20


# --- leaving, ending and the grace time -----------------------------------------------------


def test_leaving_frees_a_seat_before_the_game_and_gives_it_to_a_bot_during_it(
    http: TestClient,
) -> None:
    table_id = new_table(http, "beginner")
    ann = join(http, table_id, "Ann")
    bob = join(http, table_id, "Bob")
    bad = {"position": bob["position"], "token": "nope"}
    assert http.post(f"/api/tables/{table_id}/leave", json=bad).status_code == 403
    assert http.post(f"/api/tables/{table_id}/leave", json={}).status_code == 400
    seat = {"position": bob["position"], "token": bob["token"]}
    left = http.post(f"/api/tables/{table_id}/leave", json=seat)
    assert left.status_code == 200
    assert [p["name"] for p in left.json()["table"]["players"]] == ["Ann"]
    bob = join(http, table_id, "Bob")
    assert bob["position"] == 1  # the seat was free again
    http.post(f"/api/tables/{table_id}/bots", json={"bot": "greedy"})
    with http.websocket_connect(f"/ws/{table_id}") as bob_socket:
        hello(bob_socket, bob)
        seat = {"position": 1, "token": bob["token"]}
        answer = http.post(f"/api/tables/{table_id}/leave", json=seat)
        assert answer.status_code == 200
        players = {p["position"]: p for p in answer.json()["table"]["players"]}
        assert players[1]["bot"] == "strong" and players[1]["name"] == "Strong bot 2"
        # Bob's socket is closed: his token is no longer a seat's.
        with pytest.raises(WebSocketDisconnect) as closed:
            until(bob_socket, lambda m: False)
        assert closed.value.code == 4401
    assert http.post(f"/api/tables/{table_id}/leave", json=seat).status_code == 403
    assert table_id in listed_ids(http)  # Ann still plays
    # Ann leaves too: nobody is left, so the table is finished at once.
    ann_seat = {"position": ann["position"], "token": ann["token"]}
    assert http.post(f"/api/tables/{table_id}/leave", json=ann_seat).status_code == 200
    assert table_id not in listed_ids(http)


def test_the_host_ends_a_table_and_its_finished_hands_are_saved(tmp_path: Path) -> None:
    timing = Timing(bot_delay=0, away_wait=0.05, hand_pause=60)
    with client(f"sqlite:///{tmp_path / 'db.sqlite3'}", timing) as http:
        ended_and_saved(http)


def ended_and_saved(http: TestClient) -> None:
    table_id = new_table(http, "beginner")
    ann = join(http, table_id, "Ann")
    bob = join(http, table_id, "Bob")
    http.post(f"/api/tables/{table_id}/bots", json={"bot": "greedy"})
    bob_seat = {"position": bob["position"], "token": bob["token"]}
    refused = http.post(f"/api/tables/{table_id}/end", json=bob_seat)
    assert refused.status_code == 403 and "host" in refused.json()["error"]
    with http.websocket_connect(f"/ws/{table_id}") as socket:
        first = hello(socket, ann)
        assert first["table"]["host"] == ann["position"]
        # One hand played to its end (Bob is away: a bot plays for him), then Ann ends it.
        play(socket, first=first, stop=lambda m: m["last_hand"] is not None, ready=False)
        ann_seat = {"position": ann["position"], "token": ann["token"]}
        ended = http.post(f"/api/tables/{table_id}/end", json=ann_seat)
        assert ended.status_code == 200 and ended.json()["table"]["status"] == "finished"
        final = until(socket, lambda m: m["standings"] is not None)
        assert final["table"]["status"] == "finished"
        assert sorted(row["name"] for row in final["standings"]) == sorted(
            p["name"] for p in final["table"]["players"]
        )
    assert table_id not in listed_ids(http)
    assert http.post(f"/api/tables/{table_id}/end", json=ann_seat).status_code == 409
    assert http.post(f"/api/tables/{table_id}/join", json={"name": "Cy"}).status_code == 409
    record = http.get(f"/api/games/{table_id}/record").json()
    assert len(record["hands"]) == 1
    assert [game["id"] for game in http.get("/api/games").json()["games"]] == [table_id]


def test_a_table_whose_people_have_gone_is_finished_after_the_grace_time(
    tmp_path: Path,
) -> None:
    timing = Timing(bot_delay=0, away_wait=0.05, hand_pause=0.05, grace=0.5)
    with client(f"sqlite:///{tmp_path / 'db.sqlite3'}", timing) as http:
        table_id = new_table(http, "beginner")
        ann = join(http, table_id, "Ann")
        http.post(f"/api/tables/{table_id}/bots", json={"bot": "greedy"})
        bots_only = new_table(http, "beginner", rounds=4)
        http.post(f"/api/tables/{bots_only}/bots", json={"bot": "random"})
        with http.websocket_connect(f"/ws/{table_id}") as socket:
            hello(socket, ann)
            time.sleep(0.8)  # longer than the grace time: Ann is here, the table plays on
            assert table_id in listed_ids(http)
        assert table_id in listed_ids(http)  # gone, but within the grace time
        wait_for(lambda: table_id not in listed_ids(http))
        assert http.app.state.lobby.tables[table_id].status == "finished"
        # A table of bots alone (seated so) plays on; it was never anyone's to leave.
        assert bots_only in listed_ids(http)


def test_a_person_back_within_the_grace_time_keeps_the_table(tmp_path: Path) -> None:
    timing = Timing(bot_delay=0.01, away_wait=60, hand_pause=60, grace=0.6)
    with client(f"sqlite:///{tmp_path / 'db.sqlite3'}", timing) as http:
        table_id = new_table(http, "beginner")
        ann = join(http, table_id, "Ann")
        http.post(f"/api/tables/{table_id}/bots", json={"bot": "greedy"})
        for _ in range(3):
            with http.websocket_connect(f"/ws/{table_id}") as socket:
                hello(socket, ann)
            time.sleep(0.3)
        assert table_id in listed_ids(http)


def test_an_open_table_left_by_everyone_is_finished_and_not_listed(tmp_path: Path) -> None:
    with client(f"sqlite:///{tmp_path / 'db.sqlite3'}", Timing(0, 60, 60, 0.2)) as http:
        table_id = new_table(http, "beginner")
        join(http, table_id, "Ann")
        assert table_id in listed_ids(http)
        wait_for(lambda: table_id not in listed_ids(http))
        assert http.get(f"/api/games/{table_id}/record").status_code == 404
        assert http.get("/api/games").json()["games"] == []


# --- the next hand --------------------------------------------------------------------------


def test_the_next_hand_waits_for_everyone_at_the_table_or_the_countdown(tmp_path: Path) -> None:
    timing = Timing(bot_delay=0, away_wait=0.05, hand_pause=60)
    with client(f"sqlite:///{tmp_path / 'db.sqlite3'}", timing) as http:
        table_id = new_table(http, "beginner")
        ann = join(http, table_id, "Ann")
        bob = join(http, table_id, "Bob")
        http.post(f"/api/tables/{table_id}/bots", json={"bot": "greedy"})
        with http.websocket_connect(f"/ws/{table_id}") as ann_socket:
            first = hello(ann_socket, ann)
            # Ann plays the hand; a bot plays for Bob, who comes back once it is over.
            ended = play(ann_socket, first=first, stop=ended_hand, ready=False)
            assert ended["table"]["next_deadline"] == pytest.approx(time.time() + 60, abs=5)
            assert ended["table"]["ready"] == []
            with http.websocket_connect(f"/ws/{table_id}") as bob_socket:
                assert ended_hand(hello(bob_socket, bob))
                send(ann_socket, type="next")
                waiting = until(bob_socket, lambda m: m["table"]["ready"] == [ann["position"]])
                assert ended_hand(waiting)  # Bob is at the table and has not pressed Next
                send(bob_socket, type="next")
                started = until(bob_socket, lambda m: not ended_hand(m))
                assert started["table"]["hand_number"] == ended["table"]["hand_number"] + 1
                assert started["table"]["next_deadline"] is None
                assert started["table"]["ready"] == []


def ended_hand(message: dict[str, Any]) -> bool:
    return message["view"] is not None and message["view"]["phase"] == "ended"


# --- the lobby's words, the rules pages and the small things -------------------------------


def test_every_rule_set_has_a_summary_a_rules_page_and_options_in_words(http: TestClient) -> None:
    rules = {entry["name"]: entry for entry in http.get("/api/rules").json()["rules"]}
    for rule_set in listed():
        entry = rules[rule_set.name]
        assert entry["summary"] == rule_set.summary and len(entry["summary"]) > 30
        page = http.get(entry["rules_page"])
        assert page.status_code == 200 and "text/html" in page.headers["content-type"]
        assert "<table>" in page.text and 'rel="icon"' in page.text
        for option, words in entry["words"].items():
            assert len(words) == len(entry["choices"][option])
            assert not {"true", "false", "True", "False"} & set(words)
    assert rules["hongkong"]["words"]["payout"][0].startswith("1, 2, 4, 8 points")
    assert rules["classical"]["words"]["roof_off"] == [
        OPTIONS["roof_off"].say(False),
        OPTIONS["roof_off"].say(True),
    ]
    assert rules["beginner"]["options"]["rounds"] == 1


def test_every_true_or_false_option_says_both_in_words() -> None:
    for option in OPTIONS.values():
        if option.choices and all(isinstance(c, bool) for c in option.choices):
            assert set(option.words) == {False, True}, option.name


def test_rules_pages_link_to_each_other_and_refuse_anything_else(http: TestClient) -> None:
    page = http.get("/rules/classical").text
    assert "<h1>Classical scoring" in page
    options = http.get("/rules/options")
    assert options.status_code == 200
    for bad in ("nope", "..%2Fweb", "Classical", "options.md"):
        assert http.get(f"/rules/{bad}").status_code == 404
    american = http.get("/rules/american").text
    assert 'href="../card.md"' not in american  # a file the app does not serve is no link


def test_a_new_table_starts_with_one_round_unless_it_says(http: TestClient) -> None:
    made = http.post("/api/tables", json={"rules": "classical"}).json()["table"]
    assert made["options"]["rounds"] == 1
    four = http.post("/api/tables", json={"rules": "classical", "options": {"rounds": 4}})
    assert four.json()["table"]["options"]["rounds"] == 4


def test_favicon_gzip_and_the_record_as_a_download(http: TestClient) -> None:
    icon = http.get("/favicon.ico")
    assert icon.status_code == 200 and icon.headers["content-type"].startswith("image/svg+xml")
    assert icon.text.startswith("<svg")
    for page in ("/", "/table/x", "/replay/x", "/watch/x", "/rules/beginner"):
        assert '<link rel="icon" href="/favicon.ico"' in http.get(page).text, page
    table_id = new_table(http, "american")
    http.post(f"/api/tables/{table_id}/bots", json={"bot": "greedy"})
    wait_for(lambda: http.get(f"/api/games/{table_id}/record").status_code == 200, 60)
    replay = http.get(f"/api/games/{table_id}/replay", headers={"Accept-Encoding": "gzip"})
    assert replay.headers["content-encoding"] == "gzip"
    size = len(json.dumps(replay.json()).encode())
    assert len(gzip.compress(json.dumps(replay.json()).encode())) < size / 5
    steps = [step for hand in replay.json()["hands"] for step in hand["steps"]]
    assert all(step["action"] != "pass" for step in steps)
    assert all(step["view"]["legal_actions"] == [] for step in steps)
    download = http.get(f"/api/games/{table_id}/record?download")
    assert download.headers["content-disposition"] == (
        f'attachment; filename="fourwinds-{table_id}.json"'
    )
    assert download.json() == http.get(f"/api/games/{table_id}/record").json()
    assert "content-disposition" not in http.get(f"/api/games/{table_id}/record").headers
