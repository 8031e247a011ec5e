"""The pages in a real browser: Playwright drives Debian's Chromium against `fourwinds serve`.

Skipped only when /usr/bin/chromium is missing outside CI; in CI (CI set) they must run.
"""

from __future__ import annotations

import os
import re
import socket
import subprocess
import sys
import time
import urllib.request
from collections.abc import Iterator
from itertools import pairwise
from pathlib import Path

import pytest
from playwright.sync_api import Browser, BrowserContext, Page, expect, sync_playwright
from playwright.sync_api import TimeoutError as PlaywrightTimeoutError
from rig import give
from serving import fixed_seed
from web_rig import rig_server

CHROMIUM = Path("/usr/bin/chromium")
CHROMIUM_ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]
SCREENSHOT = Path(__file__).resolve().parents[1] / "docs" / "images" / "table.png"
"""The README picture, retaken when FOURWINDS_SCREENSHOT=1 (a plain test run changes no file)."""
HAND_SECONDS = 180

pytestmark = pytest.mark.skipif(
    not CHROMIUM.exists() and not os.environ.get("CI"),
    reason="Debian's chromium is not installed (.ci/run installs it; in CI these tests run)",
)


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """`fourwinds serve` on a free port over a fresh SQLite file; bots move at once."""
    port = free_port()
    database = tmp_path_factory.mktemp("web") / "fourwinds.sqlite"
    command = [sys.executable, "-m", "fourwinds", "serve", "--port", str(port)]
    command += ["--database-url", f"sqlite:///{database}", "--bot-delay", "0"]
    command += ["--away-wait", "10", "--hand-pause", "120"]
    command += ["--tables-per-client", "1000", "--tables-per-minute", "1000"]
    command += ["--messages-per-second", "1000"]
    process = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
    url = f"http://127.0.0.1:{port}"
    deadline = time.monotonic() + 30
    while True:
        try:
            urllib.request.urlopen(url + "/api/rules", timeout=1).close()
            break
        except OSError:
            if process.poll() is not None or time.monotonic() > deadline:
                process.kill()
                output = process.stdout.read().decode() if process.stdout else ""
                pytest.fail(f"fourwinds serve did not start:\n{output}")
            time.sleep(0.2)
    yield url
    process.terminate()
    process.wait(timeout=10)


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


def watch_errors(page: Page) -> list[str]:
    """Collect the page's script errors, so that a test can insist there were none."""
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    return errors


def create_table(page: Page, server: str, name: str, bots: bool) -> None:
    """From the lobby: a one-round Classical table, seated as ``name``."""
    page.goto(server + "/")
    page.get_by_label("Your name").fill(name)
    page.locator("#rules").select_option("classical")
    page.locator("[data-option=rounds]").select_option("1")
    page.get_by_label("Fill the other seats with bots").set_checked(bots)
    page.get_by_role("button", name="Create the table and sit down").click()
    page.wait_for_url(re.compile(r"/table/[^#]+#position=\d&token="))


def click_if_there(page: Page, selector: str) -> bool:
    """Click the last element matching ``selector``; False when there is none, or when it went
    away before the click (the table moved on)."""
    target = page.locator(selector)
    if not target.count():
        return False
    try:
        target.last.click(timeout=2000)
    except PlaywrightTimeoutError:
        return False
    page.wait_for_timeout(100)
    return True


def play_one_move(page: Page) -> bool:
    """Click what a simple player would: win when offered, else pass a claim, else discard the
    tile just drawn (or the last tile). False when there was nothing to do."""
    return (
        click_if_there(page, '#actions button[data-action="win"]')
        or click_if_there(page, '#actions button[data-action="pass"]')
        or click_if_there(page, '#hand .tile:not([aria-disabled="true"])')
    )


def my_discards(page: Page) -> int:
    return page.locator("#me .discards .tile").count()


def test_three_bots_a_whole_hand_by_clicking_and_its_score_sheet(
    context: BrowserContext, server: str
) -> None:
    page = context.new_page()
    errors = watch_errors(page)
    create_table(page, server, "Ann", bots=True)
    expect(page.locator("#hand .tile").first).to_be_visible()
    # Three bots sit down: the other seats are named and marked as bots.
    expect(page.locator(".seat:not(.me) .seat-name .tag", has_text="bot")).to_have_count(3)
    deadline = time.monotonic() + HAND_SECONDS
    moves = 0
    while page.locator("#end").is_hidden():
        assert time.monotonic() < deadline, "the hand did not end: " + page.inner_text("main")
        if play_one_move(page):
            moves += 1
            if moves == 12:
                shot = page.screenshot()
                assert shot.startswith(b"\x89PNG")
                if os.environ.get("FOURWINDS_SCREENSHOT"):
                    SCREENSHOT.write_bytes(shot)
        else:
            page.wait_for_timeout(100)
    assert moves > 0
    end = page.locator("#end")
    expect(end.locator("#end-heading")).to_have_text("End of hand 1")
    how = end.locator(".how").inner_text()
    assert re.search(r"won|wall game", how), how
    # Every hand revealed, East first, and a score sheet item by item with its total.
    expect(end.locator(".end-seat h3")).to_have_count(4)
    if not how.startswith("A wall game"):
        sheets = end.locator("table.sheet")
        assert sheets.count() >= 1
        winner_sheet = sheets.filter(has=page.locator("tbody tr"))
        assert winner_sheet.count() >= 1
        total = winner_sheet.first.locator("tfoot .total").inner_text()
        assert int(total) > 0
        expect(end.locator(".payments li").first).to_contain_text("pay")
    expect(end).to_contain_text("Running totals")
    assert errors == []


def test_keyboard_discard_and_labels(context: BrowserContext, server: str) -> None:
    page = context.new_page()
    errors = watch_errors(page)
    create_table(page, server, "Kim", bots=True)
    deadline = time.monotonic() + HAND_SECONDS
    while not page.locator('#hand .tile:not([aria-disabled="true"])').count():
        assert time.monotonic() < deadline, "no turn came"
        if page.locator('#actions button[data-action="pass"]').count():
            page.keyboard.press("x")
        page.wait_for_timeout(100)
    labels = page.locator("#hand .tile").evaluate_all("tiles => tiles.map(t => t.ariaLabel)")
    pattern = r"(Discard )?(\d of (characters|dots|bamboo)|\w+ (wind|dragon))(, just drawn)?"
    assert all(re.fullmatch(pattern, label) for label in labels), labels
    before = my_discards(page)
    # Everything the live region says from now on (each state replaces what it said before).
    page.evaluate(
        """() => {
        window.said = [];
        new MutationObserver(() => window.said.push(document.getElementById("announce")
          .textContent)).observe(document.getElementById("announce"), { childList: true });
    }"""
    )
    page.keyboard.press("d")
    page.keyboard.press("ArrowLeft")
    focused = page.evaluate("document.activeElement.ariaLabel")
    assert focused.startswith("Discard ")
    page.keyboard.press("Enter")
    expect(page.locator("#me .discards .tile")).to_have_count(before + 1)
    tile = focused.removeprefix("Discard ")
    # The discard may be claimed at once, and then says so.
    discarded = re.compile(re.escape(tile) + r"( \(claimed\))?")
    expect(page.locator("#me .discards .tile").last).to_have_attribute("aria-label", discarded)
    expect(page.locator("#announce")).not_to_be_empty()
    # Announced from the events of each state: this discard, then the bots' play.
    page.wait_for_function("window.said.some((s) => / discards /.test(s))")
    said = page.evaluate("window.said")
    assert any(f"You discard {tile}." in text for text in said), said
    assert errors == []


def test_leave_and_come_back_to_the_same_seat(
    browser: Browser, context: BrowserContext, server: str
) -> None:
    page = context.new_page()
    create_table(page, server, "Lee", bots=True)
    link = page.url
    deadline = time.monotonic() + HAND_SECONDS
    while not page.locator('#hand .tile:not([aria-disabled="true"])').count():
        assert time.monotonic() < deadline, "no turn came"
        if not play_one_move(page):
            page.wait_for_timeout(100)
    # It is Lee's turn: nothing changes at the table until Lee acts (or the away wait ends).
    hand = page.locator("#hand .tile").evaluate_all("tiles => tiles.map(t => t.ariaLabel)")
    heading = page.locator("#me-heading").inner_text()
    page.close()

    # The same link in the same browser, without the fragment: the seat comes from storage.
    again = context.new_page()
    again.goto(link.split("#")[0])
    expect(again.locator("#hand .tile").first).to_be_visible()
    assert again.locator("#me-heading").inner_text() == heading
    assert again.locator("#hand .tile").evaluate_all("ts => ts.map(t => t.ariaLabel)") == hand
    assert again.url == link
    again.close()

    # The full link in another browser: the same seat and hand.
    other = browser.new_context()
    elsewhere = other.new_page()
    elsewhere.goto(link)
    expect(elsewhere.locator("#hand .tile").first).to_be_visible()
    assert elsewhere.locator("#me-heading").inner_text() == heading
    assert elsewhere.locator("#hand .tile").evaluate_all("ts => ts.map(t => t.ariaLabel)") == hand
    before = my_discards(elsewhere)
    elsewhere.locator('#hand .tile:not([aria-disabled="true"])').last.click()
    expect(elsewhere.locator("#me .discards .tile")).to_have_count(before + 1)
    other.close()


def test_two_players_at_one_table(browser: Browser, context: BrowserContext, server: str) -> None:
    ann = context.new_page()
    ann_errors = watch_errors(ann)
    create_table(ann, server, "Ann", bots=False)
    expect(ann.locator("#waiting")).to_be_visible()
    invite = ann.locator("#invite").input_value()
    assert "#" not in invite

    bob_context = browser.new_context(viewport={"width": 390, "height": 844})
    bob = bob_context.new_page()
    bob_errors = watch_errors(bob)
    bob.goto(invite)
    bob.get_by_label("Your name").fill("Bob")
    bob.get_by_role("button", name="Sit down").click()
    expect(bob.locator("#waiting-seats")).to_contain_text("Bob (you)")
    expect(ann.locator("#waiting-seats")).to_contain_text("Bob")

    ann.get_by_role("button", name="Fill the empty seats with bots").click()
    for page, other in ((ann, "Bob"), (bob, "Ann")):
        expect(page.locator("#hand .tile").first).to_be_visible()
        seat = page.locator(".seat:not(.me)", has_text=other)
        expect(seat).to_have_count(1)
        # The other player's concealed tiles are only backs.
        assert seat.locator(".concealed .tile.back").count() >= 13
        assert seat.locator(".concealed .tile:not(.back)").count() == 0

    # Both play by clicking until each has discarded twice (or the hand ends).
    deadline = time.monotonic() + HAND_SECONDS
    while min(my_discards(ann), my_discards(bob)) < 2 and ann.locator("#end").is_hidden():
        assert time.monotonic() < deadline, "the two players could not both play"
        if not (play_one_move(ann) or play_one_move(bob)):
            ann.wait_for_timeout(100)
    assert ann_errors == [] and bob_errors == []
    bob_context.close()


def test_a_bot_level_for_each_other_seat(context: BrowserContext, server: str) -> None:
    """The lobby offers a bot per other seat, the rule set's strongest chosen; the table gets the
    bots chosen, at the other positions in order. Another rule set offers its family's bots
    afresh, its strongest chosen."""
    page = context.new_page()
    errors = watch_errors(page)
    page.goto(server + "/")
    page.get_by_label("Your name").fill("Ann")
    page.locator("#rules").select_option("hongkong")
    selects = page.locator("#bot-levels select[data-bot-seat]")
    expect(selects).to_have_count(3)
    words = ["strong", "easy (greedy)", "random (practice)"]
    for seat in (2, 3, 4):
        select = page.get_by_label(f"Seat {seat}")
        expect(select).to_have_attribute("data-bot-seat", str(seat))
        expect(select).to_have_value("strong")
        expect(select.locator("option")).to_have_text(words)
        assert select.locator("option").evaluate_all("os => os.map(o => o.value)") == [
            "strong",
            "greedy",
            "random",
        ]
    # Side by side (or one under another on a narrow screen), never on top of each other.
    boxes = [select.bounding_box() for select in selects.all()]
    for before, after in pairwise(boxes):
        assert before and after
        assert before["x"] + before["width"] <= after["x"] or (
            before["y"] + before["height"] <= after["y"]
        ), boxes
    # American: its own bots (the same levels), the strongest chosen again.
    page.get_by_label("Seat 2").select_option("random")
    page.locator("#rules").select_option("american")
    expect(selects).to_have_count(3)
    for select in selects.all():
        expect(select.locator("option")).to_have_text(words)
        expect(select).to_have_value("strong")
    # Back to Hong Kong, strong by default again; seat 3 easy, seat 4 random.
    page.locator("#rules").select_option("hongkong")
    expect(page.get_by_label("Seat 2")).to_have_value("strong")
    page.get_by_label("Seat 3").select_option(label="easy (greedy)")
    page.get_by_label("Seat 4").select_option("random")
    page.get_by_role("button", name="Create the table and sit down").click()
    page.wait_for_url(re.compile(r"/table/[^#]+#position=\d&token="))
    table_id, position = re.findall(r"/table/([^#]+)#position=(\d)", page.url)[0]
    expect(page.locator(".seat:not(.me) .seat-name .tag", has_text="bot")).to_have_count(3)
    tables = page.request.get(server + "/api/tables").json()["tables"]
    (table,) = [t for t in tables if t["id"] == table_id]
    assert table["rules"] == "hongkong"
    players = sorted(table["players"], key=lambda p: p["position"])
    assert [p["position"] for p in players] == [0, 1, 2, 3]
    others = [p for p in players if p["position"] != int(position)]
    assert [p["bot"] for p in others] == ["strong", "greedy", "random"]
    assert [p["bot"] for p in players if p["position"] == int(position)] == [None]
    assert errors == []


def test_game_history_and_replay(context: BrowserContext, server: str) -> None:
    page = context.new_page()
    errors = watch_errors(page)
    created = page.request.post(
        server + "/api/tables", data={"rules": "beginner", "options": {"rounds": 1}}
    )
    game_id = created.json()["table"]["id"]
    page.request.post(f"{server}/api/tables/{game_id}/bots", data={"bot": "greedy"})
    deadline = time.monotonic() + HAND_SECONDS
    games = server + "/api/games"
    while not any(g["id"] == game_id for g in page.request.get(games).json()["games"]):
        assert time.monotonic() < deadline, "the bots did not finish their game"
        time.sleep(0.2)

    # The lobby's history links to the replay.
    page.goto(server + "/")
    page.locator(f'#games a[href="/replay/{game_id}"]').click()
    page.wait_for_url(re.compile(f"/replay/{game_id}$"))
    step = page.locator("#step")
    expect(step).to_contain_text("Hand 1, step 0")
    expect(step).to_contain_text("The deal")
    # Every hand is visible: four rows of concealed tiles, face up.
    expect(page.locator("#board .seat .hand")).to_have_count(4)
    assert page.locator("#board .seat .hand .tile.back").count() == 0
    page.keyboard.press("ArrowRight")
    expect(step).to_contain_text("step 1 of")
    page.get_by_role("button", name="Back").click()
    expect(step).to_contain_text("step 0 of")
    page.keyboard.press("End")
    expect(page.locator("#end")).to_be_visible()
    expect(page.locator("#end .end-seat")).to_have_count(4)
    page.keyboard.press("PageDown")
    expect(step).to_contain_text("Hand 2, step 0")
    assert errors == []


def test_a_standing_hand_is_named_and_marked(context: BrowserContext, server: str) -> None:
    """The words for the Standing Hand action and the mark on a seat that declared one (seed 004
    rule 9), from fixed data."""
    page = context.new_page()
    errors = watch_errors(page)
    page.goto(server + "/")
    drawn = page.evaluate(
        """async () => {
        const board = await import("/static/js/board.js");
        const classical = await import("/static/js/families/classical-style.js");
        const heading = board.seatHeading(1, { name: "Bob", bot: true }, 980,
          { standing: true });
        const plain = board.seatHeading(2, { name: "Cy" }, 1000, {});
        return { words: classical.actionWords("standing 7z"),
          tags: [...heading.querySelectorAll(".tag")].map((t) => t.textContent),
          plainTags: [...plain.querySelectorAll(".tag")].map((t) => t.textContent) };
    }"""
    )
    assert drawn["words"] == "declare a standing hand, discarding Red dragon"
    assert drawn["tags"] == ["bot", "standing hand"]
    assert drawn["plainTags"] == []
    assert errors == []


def test_a_hint_gives_each_wait_with_what_it_pays(
    context: BrowserContext, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A Classical hand one discard from ready: the hint names the waits, each with what a win on
    it pays by discard and self-drawn (docs/web.md, Hints). The server runs in this process so that
    the test can give East its tiles before anyone moves."""
    fixed_seed(monkeypatch, 21)
    with rig_server(tmp_path) as rig:
        page = context.new_page()
        errors = watch_errors(page)
        # East's position, so that nobody moves before East's first discard
        table, link = rig.east_table(page, "classical")
        give(table.match.deal, 0, "111m 456m 789m 23p 55p 9s")  # discarding 9s leaves 1p or 4p
        page.goto(link)
        expect(page.locator('#hand .tile:not([aria-disabled="true"])')).to_have_count(14)
        page.keyboard.press("h")
        hint = page.locator("#hint")
        expect(hint).to_contain_text("Waits:")
        text = hint.inner_text()
        assert text.startswith("Your hand is ready (one tile from a win). Waits: "), text
        pays = r"(pays \d+ by discard, \d+ self-drawn|no legal win)"
        assert re.search(rf"Waits: 1 of dots \({pays}\), 4 of dots \({pays}\)\.", text), text
        assert re.search(r"\(pays [1-9]\d* by discard, [1-9]\d* self-drawn\)", text), text
        assert re.search(
            r"Suggested: (discard|declare a standing hand, discarding) 9 of bamboo", text
        ), text
        # The whole hint is on the page: nothing cut off.
        assert hint.evaluate("h => h.scrollWidth <= h.clientWidth + 1 || h.clientWidth === 0")
        # The suggested tile cannot be missed: raised above the others, a thick frame and a
        # "hint" label over it, not a faint glow.
        suggested = page.locator("#hand .tile.suggested")
        expect(suggested).to_have_count(1)
        expect(suggested).to_have_attribute("data-tile", "9s")
        look = suggested.evaluate(
            """t => { const frame = getComputedStyle(t.querySelector("svg"));
            const label = getComputedStyle(t, "::after");
            const other = t.parentElement.querySelector(".tile:not(.suggested)");
            return { width: parseFloat(frame.outlineWidth), style: frame.outlineStyle,
              label: label.content, display: label.display,
              raised: other.getBoundingClientRect().top - t.getBoundingClientRect().top }; }"""
        )
        assert look["width"] >= 3 and look["style"] == "solid", look
        assert look["label"] == '"hint"' and look["display"] != "none", look
        assert look["raised"] >= 4, look
        page.screenshot(path=tmp_path / "hint.png")
        assert errors == []
