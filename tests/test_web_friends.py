"""Friends, the lobby's words and the replay's sharing in a real browser (docs/web.md, Friends).

The server runs in this process (uvicorn on a free port) so that a test can read a table's deal
and arrange a hand; Playwright drives Debian's Chromium as in tests/test_web_browser.py, and
axe-core (axe-playwright-python) checks the pages for serious or critical violations.
"""

from __future__ import annotations

import json
import re
import socket
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import uvicorn
from axe_playwright_python.sync_playwright import Axe
from playwright.sync_api import Browser, BrowserContext, Page, expect, sync_playwright
from rig import give
from serving import ROOMY
from test_server_leaks import hidden_texts
from test_web_browser import CHROMIUM, CHROMIUM_ARGS, watch_errors

from fourwinds.family import family_of
from fourwinds.record import deal_record
from fourwinds.rules import get_rules
from fourwinds.server.app import create_app
from fourwinds.server.table import Table, Timing
from fourwinds.simulate import play as sim_play

pytestmark = pytest.mark.skipif(
    not CHROMIUM.exists(), reason="Debian's chromium is not installed (.ci/run installs it)"
)

TIMING = Timing(bot_delay=0, away_wait=0.5, hand_pause=120, grace=120)
"""Bots at once, a bot for a person gone half a second, and a long pause between hands."""
QUICK_GAMES = Timing(bot_delay=0, away_wait=0.05, hand_pause=0.05, grace=600)
"""For whole games with a person a bot plays for: no pause between hands."""
PATIENT = Timing(bot_delay=0, away_wait=60, hand_pause=120, grace=120)
"""For a person who sits down before her page opens: no bot takes her turn meanwhile."""


class Served:
    """The app on a free port, with its lobby at hand."""

    def __init__(self, folder: Path, timing: Timing = TIMING) -> None:
        # roomy limits: this module's tests make more tables a minute than a client may
        self.app = create_app(f"sqlite:///{folder / 'fourwinds.sqlite'}", timing, ROOMY)
        self.listener = socket.socket()
        self.listener.bind(("127.0.0.1", 0))
        self.url = f"http://127.0.0.1:{self.listener.getsockname()[1]}"
        self.server = uvicorn.Server(uvicorn.Config(self.app, log_level="warning"))
        self.thread = threading.Thread(
            target=self.server.run, kwargs={"sockets": [self.listener]}, daemon=True
        )

    def start(self) -> None:
        self.thread.start()
        deadline = time.monotonic() + 30
        while not self.server.started:
            assert time.monotonic() < deadline and self.thread.is_alive(), "no server"
            time.sleep(0.05)

    def stop(self) -> None:
        self.server.should_exit = True
        self.thread.join(timeout=10)

    def table(self, table_id: str) -> Table:
        table: Table = self.app.state.lobby.tables[table_id]
        return table


@pytest.fixture(scope="module")
def served(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Served]:
    served = Served(tmp_path_factory.mktemp("friends"))
    served.start()
    yield served
    served.stop()


@pytest.fixture
def games(tmp_path: Path) -> Iterator[Served]:
    """A server whose games go from hand to hand at once."""
    served = Served(tmp_path, QUICK_GAMES)
    served.start()
    yield served
    served.stop()


@pytest.fixture
def patient(tmp_path: Path) -> Iterator[Served]:
    """A server that waits a minute before a bot plays for a person without a page."""
    served = Served(tmp_path, PATIENT)
    served.start()
    yield served
    served.stop()


@pytest.fixture(scope="module")
def browser() -> Iterator[Browser]:
    with sync_playwright() as playwright:
        chromium = playwright.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS)
        yield chromium
        chromium.close()


@pytest.fixture
def context(browser: Browser) -> Iterator[BrowserContext]:
    context = browser.new_context(viewport={"width": 1200, "height": 860})
    yield context
    context.close()


def create_in_lobby(page: Page, url: str, name: str, rules: str = "classical") -> str:
    """A table made in the lobby with its defaults and three bots; returns its id."""
    page.goto(url + "/")
    page.get_by_label("Your name").fill(name)
    page.locator("#rules").select_option(rules)
    page.get_by_role("button", name="Create the table and sit down").click()
    page.wait_for_url(re.compile(r"/table/[^#]+#position=\d&token="))
    expect(page.locator("#hand .tile").first).to_be_visible()
    return re.findall(r"/table/([^#]+)#", page.url)[0]


def serious(page: Page) -> list[str]:
    """axe-core's serious and critical violations on the page, with the elements at fault."""
    violations = Axe().run(page).response["violations"]
    return [
        f"{v['id']}: {[node['target'] for node in v['nodes']]}"
        for v in violations
        if v["impact"] in ("serious", "critical")
    ]


def finished_game(served: Served, page: Page, rules: str = "beginner") -> str:
    """A one-round game of Ann (away: a bot plays for her) and three bots, played out."""
    made = page.request.post(served.url + "/api/tables", data={"rules": rules})
    table_id: str = made.json()["table"]["id"]
    page.request.post(f"{served.url}/api/tables/{table_id}/join", data={"name": "Ann"})
    page.request.post(f"{served.url}/api/tables/{table_id}/bots", data={"bot": "greedy"})
    deadline = time.monotonic() + 120
    while page.request.get(f"{served.url}/api/games/{table_id}/record").status != 200:
        assert time.monotonic() < deadline, "the game did not finish"
        time.sleep(0.2)
    return table_id


# --- friends --------------------------------------------------------------------------------


def test_a_friend_opening_the_link_mid_game_takes_over_a_bot_seat(
    browser: Browser, context: BrowserContext, served: Served
) -> None:
    ann = context.new_page()
    ann_errors = watch_errors(ann)
    table_id = create_in_lobby(ann, served.url, "Ann")
    # The invitation link is on the table page while the game is played.
    invite = ann.locator("#friends-invite")
    expect(invite).to_be_visible()
    assert invite.input_value() == f"{served.url}/table/{table_id}"

    phone = browser.new_context(viewport={"width": 390, "height": 844})
    bob = phone.new_page()
    bob_errors = watch_errors(bob)
    bob.goto(invite.input_value())
    offered = bob.locator("#join-seats label")
    expect(offered).to_have_count(4)
    expect(offered.nth(0)).to_have_text(re.compile(r"Seat 1: Ann"))
    expect(bob.locator("#join-seats input").nth(0)).to_be_disabled()
    expect(offered.nth(1)).to_have_text(re.compile(r"Seat 2: take over from Strong bot 2"))
    expect(bob.get_by_role("link", name="watch this table")).to_be_visible()
    bob.get_by_label("Your name").fill("Bob")
    bob.get_by_label(re.compile("Seat 3: take over")).check()
    bob.get_by_role("button", name="Sit down").click()
    expect(bob.locator("#hand .tile").first).to_be_visible()
    expect(bob.locator("#me-heading")).to_contain_text("Bob")
    # Ann sees Bob where the bot sat, no longer a bot.
    bob_seat = ann.locator(".seat:not(.me)", has_text="Bob")
    expect(bob_seat).to_have_count(1)
    expect(bob_seat.locator(".tag", has_text="bot")).to_have_count(0)
    table = served.table(table_id)
    assert table.players[2] is not None and table.players[2].name == "Bob"
    assert table.players[2].bot is None and 2 not in table.away
    assert ann_errors == [] and bob_errors == []
    phone.close()


NO_CLIPBOARD = "Object.defineProperty(Navigator.prototype, 'clipboard', { get: () => undefined })"
"""A page without the clipboard API, as a phone opens an address over plain http other than
localhost (the API is given to secure contexts only)."""


def test_copying_the_invitation_gives_the_link_with_or_without_a_clipboard(
    browser: Browser, served: Served
) -> None:
    phone = browser.new_context(viewport={"width": 390, "height": 844}, is_mobile=True)
    phone.add_init_script(NO_CLIPBOARD)
    ann = phone.new_page()
    errors = watch_errors(ann)
    table_id = create_in_lobby(ann, served.url, "Ann")
    link = f"{served.url}/table/{table_id}"
    # A phone hides the link in the bar to keep its first screen for the hand; with no
    # clipboard to copy to, Copy shows the link in words instead of claiming it was copied.
    expect(ann.locator("#friends-invite")).to_be_hidden()
    ann.get_by_role("button", name="Copy invitation").click()
    status = ann.locator("#friends-status")
    expect(status).to_have_text(f"Invitation link: {link}")
    expect(status).to_be_visible()
    assert ann.evaluate("document.documentElement.scrollWidth") <= 390
    assert errors == []
    phone.close()
    # With a clipboard, the link is copied there.
    desk = browser.new_context()
    desk.grant_permissions(["clipboard-read", "clipboard-write"], origin=served.url)
    bob = desk.new_page()
    bob.goto(link)
    bob.get_by_label("Your name").fill("Bob")
    bob.get_by_label(re.compile("Seat 2: take over")).check()
    bob.get_by_role("button", name="Sit down").click()
    expect(bob.locator("#hand .tile").first).to_be_visible()
    bob.get_by_role("button", name="Copy invitation").click()
    expect(bob.locator("#friends-status")).to_have_text("Invitation link copied.")
    assert bob.evaluate("navigator.clipboard.readText()") == link
    desk.close()


def test_a_spectator_sees_no_hidden_tile(context: BrowserContext, served: Served) -> None:
    ann = context.new_page()
    table_id = create_in_lobby(ann, served.url, "Ann", "hongkong")
    watcher = context.new_page()
    errors = watch_errors(watcher)
    frames: list[dict[str, Any]] = []
    watcher.on(
        "websocket",
        lambda ws: ws.on("framereceived", lambda payload: frames.append(json.loads(payload))),
    )
    watcher.goto(f"{served.url}/watch/{table_id}")
    expect(watcher.locator("#board .seat")).to_have_count(4)
    expect(watcher.locator("#board .seat", has_text="Ann")).to_have_count(1)
    # Every seat's concealed tiles are backs; no face is shown but the exposed ones.
    backs = watcher.locator("#board .concealed .tile.back")
    expect(backs.first).to_be_visible()
    assert watcher.locator("#board .concealed .tile:not(.back)").count() == 0
    assert backs.count() >= 4 * 13 - 12
    # What came over the socket: states with no seat of their own and no private tile.
    states = [frame for frame in frames if frame["type"] == "state"]
    assert states
    deal = served.table(table_id).match.deal
    for state in states:
        assert state["table"]["position"] is None
        view = state["view"]
        assert "hand" not in view and "hints" not in view and view.get("drawn") is None
        assert all("tile" not in e for e in state["events"] if e["event"] == "draw")
        text = json.dumps(state)
        for seat in range(4):
            for hidden in hidden_texts(deal, seat):
                assert hidden not in text
    # Ann's table says someone watches.
    expect(ann.locator("#friends-watchers")).to_have_text("1 watching")
    assert serious(watcher) == []
    assert errors == []


def test_leaving_and_ending_a_table(
    browser: Browser, context: BrowserContext, served: Served
) -> None:
    ann = context.new_page()
    table_id = create_in_lobby(ann, served.url, "Ann")
    other = browser.new_context()
    bob = other.new_page()
    bob.goto(f"{served.url}/table/{table_id}")
    bob.get_by_label("Your name").fill("Bob")
    bob.get_by_role("button", name="Sit down").click()
    expect(bob.locator("#hand .tile").first).to_be_visible()
    expect(ann.locator(".seat:not(.me)", has_text="Bob")).to_have_count(1)
    # Only the host may end the table: Bob is offered Leave alone.
    expect(bob.locator("#end-button")).to_be_hidden()
    bob.get_by_role("button", name="Leave the table").click()
    bob.wait_for_url(f"{served.url}/")
    expect(ann.locator(".seat:not(.me)", has_text="Bob")).to_have_count(0)
    expect(ann.locator(".seat:not(.me)", has_text="Strong bot 2")).to_have_count(1)
    other.close()

    end = ann.get_by_role("button", name="End the table")
    end.click()
    expect(ann.locator("#friends-status")).to_contain_text("finishes the game now")
    ann.get_by_role("button", name="Yes, end it for everyone").click()
    expect(ann.locator("#end-heading")).to_have_text("The game is over")
    expect(ann.locator("#friends-status")).to_have_text(re.compile("over|ended"))
    expect(ann.locator("#leave-button")).to_be_hidden()
    listed = ann.request.get(served.url + "/api/tables").json()["tables"]
    assert table_id not in [table["id"] for table in listed]
    lobby = ann.context.new_page()
    lobby.goto(served.url + "/")
    expect(lobby.locator("#tables")).not_to_contain_text(table_id)


def test_the_next_hand_shows_a_countdown_and_starts_when_all_are_ready(
    context: BrowserContext, patient: Served
) -> None:
    page = context.new_page()
    errors = watch_errors(page)
    made = page.request.post(patient.url + "/api/tables", data={"rules": "classical"})
    table = patient.table(made.json()["table"]["id"])
    # Sit at East's position, whose hand is made complete: East may declare at once.
    east = table.family.match(table.rules, table.seed).east
    seat = page.request.post(
        f"{patient.url}/api/tables/{table.id}/join", data={"name": "Ann", "position": east}
    ).json()
    page.request.post(f"{patient.url}/api/tables/{table.id}/bots", data={"bot": "greedy"})
    assert table.match is not None
    give(table.match.deal, 0, "111m 234m 567m 789m 55p")
    page.goto(patient.url + seat["url"])
    page.locator('#actions button[data-action="win"]').click()
    expect(page.locator("#end")).to_be_visible()
    countdown = page.locator("#next-countdown")
    expect(countdown).to_have_text(re.compile(r"Next hand in 1[01]\d s: waiting for you\."))
    first = int(re.findall(r"in (\d+) s", countdown.inner_text())[0])
    page.wait_for_timeout(1600)
    assert int(re.findall(r"in (\d+) s", countdown.inner_text())[0]) < first  # it counts down
    page.get_by_role("button", name="Next hand").click()
    # Ann is the only person at the table: her Next starts the next hand.
    expect(page.locator("#round")).to_contain_text("hand 2")
    expect(countdown).to_have_count(0)
    assert errors == []


# --- the lobby ------------------------------------------------------------------------------


def test_the_lobby_speaks_plain_words_and_links_each_rule_set_to_its_rules(
    context: BrowserContext, served: Served
) -> None:
    page = context.new_page()
    errors = watch_errors(page)
    page.goto(served.url + "/")
    rules = page.request.get(served.url + "/api/rules").json()["rules"]
    for entry in rules:
        page.locator("#rules").select_option(entry["name"])
        expect(page.locator("#rules-summary")).to_have_text(entry["summary"])
        expect(page.locator("#rules-link")).to_have_attribute("href", entry["rules_page"])
        options = page.locator("#options select option").all_inner_texts()
        assert options and not {"true", "false", "seed-002", "half-spicy"} & set(options)
    page.locator("#rules").select_option("hongkong")
    expect(page.get_by_label("Rounds")).to_have_value("1")  # one round to start
    expect(page.locator("[data-option=rounds] option:checked")).to_have_text(
        "1 round (at least 4 hands)"
    )
    expect(page.locator("[data-option=payout] option:checked")).to_contain_text(
        "1, 2, 4, 8 points to 3 faan"
    )
    expect(page.locator("#help-payout")).to_be_visible()
    # A table in the list is told in words.
    made = page.request.post(served.url + "/api/tables", data={"rules": "classical"})
    table_id = made.json()["table"]["id"]
    item = page.locator("#tables li", has=page.locator(f'a[href="/table/{table_id}"]'))
    expect(item).to_contain_text("Rounds: 1 round (at least 4 hands)")
    expect(item).to_contain_text("No limit (roof off): hands capped at the limit")
    assert "false" not in item.inner_text()
    assert serious(page) == []
    page.locator("#rules").select_option("hongkong")
    page.locator("#rules-link").click()
    page.wait_for_url(served.url + "/rules/hongkong")
    expect(page.get_by_role("heading", level=1)).to_contain_text("Hong Kong Old Style scoring")
    expect(page.locator("main table").first).to_be_visible()
    assert serious(page) == []
    assert errors == []


def test_every_page_has_the_favicon(context: BrowserContext, served: Served) -> None:
    page = context.new_page()
    for path in ("/", "/table/none", "/replay/none", "/watch/none", "/rules/options"):
        page.goto(served.url + path)
        icon = page.locator('link[rel="icon"]')
        expect(icon).to_have_attribute("href", "/favicon.ico")
    answer = page.request.get(served.url + "/favicon.ico")
    assert answer.ok and answer.headers["content-type"].startswith("image/svg+xml")


# --- the replay -----------------------------------------------------------------------------


def test_a_replay_is_downloaded_linked_at_a_step_and_labelled_right(
    context: BrowserContext, games: Served, tmp_path: Path
) -> None:
    served = games
    page = context.new_page()
    errors = watch_errors(page)
    game_id = finished_game(served, page)
    replay = page.request.get(f"{served.url}/api/games/{game_id}/replay").json()
    # A link opens the viewer at a hand and a step.
    page.goto(f"{served.url}/replay/{game_id}#hand=2&step=5")
    step = page.locator("#step")
    expect(step).to_contain_text("Hand 2, step 5 of")
    page.keyboard.press("ArrowRight")
    expect(step).to_contain_text("Hand 2, step 6 of")
    assert page.url.endswith("#hand=2&step=6")
    expect(page.locator("#step-link")).to_have_attribute("href", "#hand=2&step=6")
    # Ann, a person, is not shown as away in a finished game.
    expect(page.locator("#board .seat", has_text="Ann")).to_have_count(1)
    expect(page.locator("#board .tag.away")).to_have_count(0)
    # No step is a pass; the winner's declaration is among the last discard's answers (another
    # seat's claim that Mah Jongg beats may be answered after it, as the bots answer in turn).
    hand = replay["hands"][1]
    texts = []
    for index in range(len(hand["steps"])):
        page.goto(f"{served.url}/replay/{game_id}#hand=2&step={index}")
        expect(step).to_contain_text(f"step {index} of")
        texts.append(step.inner_text())
    assert not any(re.search(r": pass$", text) for text in texts), texts
    result = hand["steps"][-1]["view"]["result"]
    if result["winner"] is not None:
        winner = replay["table"]["players"][(hand["east"] + result["winner"]) % 4]["name"]
        answers = texts[max(i for i, text in enumerate(texts) if ": discard " in text) + 1 :]
        assert any(re.search(rf"{re.escape(winner)} \(\w+\): ", text) for text in answers), answers
    assert serious(page) == []
    # The record as a file.
    with page.expect_download() as download:
        page.get_by_role("link", name="Download the record").click()
    saved = tmp_path / "record.json"
    download.value.save_as(saved)
    assert download.value.suggested_filename == f"fourwinds-{game_id}.json"
    record = page.request.get(f"{served.url}/api/games/{game_id}/record").json()
    assert json.loads(saved.read_text()) == record
    assert errors == []


def test_a_replayed_hand_ends_with_every_number_and_its_reason(
    context: BrowserContext, games: Served
) -> None:
    served = games
    page = context.new_page()
    errors = watch_errors(page)
    game_id = finished_game(served, page, "classical")
    replay = page.request.get(f"{served.url}/api/games/{game_id}/replay").json()
    number, hand = next(
        (n, h) for n, h in enumerate(replay["hands"], 1) if h["payments"] and h["sheets"]
    )
    page.goto(f"{served.url}/replay/{game_id}#hand={number}&step={len(hand['steps']) - 1}")
    end = page.locator("#end")
    expect(end).to_be_visible()
    # Each payment with its rule, as at the table.
    payments = end.locator(".hand-payments li")
    expect(payments).to_have_count(len(hand["payments"]))
    for text, reason in zip(payments.all_inner_texts(), hand["payment_reasons"], strict=True):
        assert reason and text.endswith(f"({reason})"), (text, reason)
    # The winner's arithmetic; the losers' sheets say what they do; each seat's change.
    expect(end.locator("table.sheet.winning tr.arithmetic")).to_contain_text("points x 2^")
    expect(end.locator("table.sheet.losing .sheet-part")).to_have_count(3)
    expect(end.locator(".hand-net li")).to_have_count(4)
    assert serious(page) == []
    assert errors == []


def test_the_lobby_lists_a_finished_game_with_its_download_and_no_table(
    context: BrowserContext, games: Served
) -> None:
    served = games
    page = context.new_page()
    game_id = finished_game(served, page)
    page.goto(served.url + "/")
    expect(page.locator(f'#games a[href="/replay/{game_id}"]')).to_be_visible()
    download = page.locator(f'#games a[href="/api/games/{game_id}/record?download"]')
    expect(download).to_have_attribute("download", f"fourwinds-{game_id}.json")
    expect(page.locator(f'#tables a[href="/table/{game_id}"]')).to_have_count(0)


def test_a_record_file_opens_in_the_replay_viewer(
    context: BrowserContext, served: Served, tmp_path: Path
) -> None:
    """A hand's record as ``fourwinds.record.deal_record`` writes it, picked as a file on
    /replay/file, steps to its end, which names the winner."""
    rules = get_rules("beginner")
    family = family_of(rules)
    for seed in range(20):  # the first seed whose hand somebody wins
        deal = family.deal(rules, seed)
        result = sim_play(deal, [family.bot("greedy", seed + seat) for seat in range(4)])
        if result.winner is not None:
            break
    assert result.winner is not None
    path = tmp_path / "hand.json"
    path.write_text(json.dumps(deal_record(deal)))
    page = context.new_page()
    errors = watch_errors(page)
    page.goto(f"{served.url}/")
    page.get_by_role("link", name="Open a record file").click()
    expect(page).to_have_url(f"{served.url}/replay/file")
    expect(page.locator("#controls")).to_be_hidden()
    page.get_by_label("A record file").set_input_files(path)
    step = page.locator("#step")
    steps = sum(str(action) != "pass" for _, action in deal.history)
    # the record is replayed on the server first: give a busy machine time
    expect(step).to_contain_text(f"Hand 1, step 0 of {steps}: The deal", timeout=20_000)
    expect(page.locator("#title")).to_contain_text("hand.json")
    # Links to this game's record or steps do not apply to a file in the page.
    expect(page.locator("#share")).to_be_hidden()
    page.get_by_role("button", name="Last").click()
    wind = ("East", "South", "West", "North")[result.winner]
    expect(step).to_contain_text(f"step {steps} of {steps}: {wind} ({wind}): ")
    expect(page.locator("#end")).to_be_visible()
    expect(page.locator("#end")).to_contain_text(wind)
    page.screenshot(path=str(tmp_path / "replay-file.png"), full_page=True)
    assert serious(page) == []
    # A file that is not a record is refused in words, and the page stays usable.
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps({**deal_record(deal), "format": "other"}))
    page.get_by_label("A record file").set_input_files(bad)
    expect(page.locator("#error")).to_contain_text("bad.json: not a fourwinds-record record")
    assert errors == []
