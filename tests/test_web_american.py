"""American Mah Jongg in a real browser: the Charleston, a hand to the end, the card panel, a
card loaded in the lobby, and the replay of an American game (docs/web.md).

The server and the browser are test_web_browser.py's fixtures. Every table gets a fresh secret
seed, so these tests take whatever hand comes: they play it through and check what every hand
must show.
"""

from __future__ import annotations

import re
import time
from pathlib import Path

import test_web_browser as web
from playwright.sync_api import BrowserContext, Page, expect
from test_web_browser import HAND_SECONDS, click_if_there, watch_errors

# The same server, browser and contexts as test_web_browser.py, and the same skip.
server = web.server
browser = web.browser
context = web.context
pytestmark = web.pytestmark

SAMPLE_CARD = Path(__file__).resolve().parents[1] / "src/fourwinds/american/cards/sample.card"
BAD_CARD = "title: club card\nsection: odds\nL1  FF 13579a ; X 25\n"
"""Line 3, column 1: L1 has 7 tiles; a hand has 14."""


def create_american_table(page: Page, server: str, name: str) -> None:
    """From the lobby: a one-round American table with the sample card and three bots."""
    page.goto(server + "/")
    page.get_by_label("Your name").fill(name)
    page.locator("#rules").select_option("american")
    page.locator("[data-option=rounds]").select_option("1")
    expect(page.get_by_label("The sample card that comes with fourwinds")).to_be_checked()
    page.get_by_label("Fill the other seats with bots").set_checked(True)
    page.get_by_role("button", name="Create the table and sit down").click()
    page.wait_for_url(re.compile(r"/table/[^#]+#position=\d&token="))


def status(page: Page) -> str:
    return page.locator("#centre .status").inner_text()


def select_tiles(page: Page, count: int) -> None:
    """Click ``count`` tiles of the hand that are not selected yet (jokers cannot be)."""
    for _ in range(count):
        page.locator('#hand .tile[aria-pressed="false"]:not([aria-disabled="true"])').first.click()


def pass_tiles(page: Page, count: int, blind: int = 0, key: bool = False) -> None:
    """Select the tiles of one pass (``blind`` of them passed on unseen) and pass them."""
    actions = page.locator("#actions")
    button = actions.locator("button.pass-tiles")
    if blind:
        actions.get_by_role("radio", name=str(blind), exact=True).check()
    select_tiles(page, count - blind - 1)
    # One tile short: the pass is not legal yet, so the button is disabled.
    expect(button).to_be_disabled()
    expect(actions.locator(".count")).to_have_text(
        f"Selected {count - blind - 1} of {count - blind}"
    )
    select_tiles(page, 1)
    expect(page.locator('#hand .tile[aria-pressed="true"]')).to_have_count(count - blind)
    expect(button).to_be_enabled()
    # A fourth tile cannot be selected.
    more = page.locator('#hand .tile[aria-pressed="false"]:not([aria-disabled="true"])')
    if more.count():
        more.first.click()
        expect(page.locator('#hand .tile[aria-pressed="true"]')).to_have_count(count - blind)
    if key:
        page.locator('#hand .tile[aria-pressed="true"]').first.focus()
        page.keyboard.press("s")
    else:
        button.click()


def play_the_charleston(page: Page) -> list[str]:
    """Play every stage of the Charleston by clicking; the stages seen, in order."""
    seen: list[str] = []
    deadline = time.monotonic() + HAND_SECONDS
    blind_done = False
    while (now := status(page)).startswith("Charleston: "):
        assert time.monotonic() < deadline, "the Charleston did not end: " + now
        stage = now.removeprefix("Charleston: ")
        if seen and seen[-1] == stage:  # nothing for us to do: the others are choosing
            page.wait_for_timeout(100)
            continue
        seen.append(stage)
        actions = page.locator("#actions")
        if actions.get_by_role("button", name="Mah Jongg").count():  # East dealt a winning hand
            actions.get_by_role("button", name="Mah Jongg").click()
            break
        if stage == "first across":
            # The three tiles passed right came in from the left.
            expect(actions.locator(".received .tile")).to_have_count(3)
        if stage == "vote":
            # One of them was passed on blind: two tiles came in.
            expect(actions.locator(".received .tile")).to_have_count(2)
            actions.get_by_role("button", name="Yes, a second Charleston").click()
        elif stage == "courtesy offer":
            actions.get_by_role("button", name="Offer 2").click()
        elif actions.locator("button.pass-tiles").count():
            count = int(
                re.search(r"Pass (\d)", actions.locator("button.pass-tiles").inner_text())[1]
            )
            blind = 1 if not blind_done and actions.locator("fieldset.blind").count() else 0
            blind_done = blind_done or blind > 0
            pass_tiles(page, count, blind, key=stage == "first across")
        expect(page.locator("#centre .status")).not_to_have_text(now, timeout=30_000)
    assert blind_done or "first left" not in seen
    return seen


def check_card_panel(page: Page) -> None:
    """Every line of the sample card by section; the nearest lines listed first and marked."""
    panel = page.locator("#card-panel")
    expect(panel).to_be_visible()
    expect(panel.locator("#card-heading")).to_contain_text("fourwinds sample card")
    assert panel.locator(".card-sections .card-line").count() >= 50
    assert panel.locator(".card-section h3").count() == 9
    nearest = panel.locator("#nearest-lines li")
    expect(nearest).to_have_count(5)
    assert all(re.search(r"tiles? away|complete", text) for text in nearest.all_inner_texts())
    first = nearest.first.get_attribute("data-line")
    marked = panel.locator(".card-sections .card-line.near")
    assert first in marked.evaluate_all("lines => lines.map(l => l.dataset.line)")


def play_one_move(page: Page, calls: list[str]) -> bool:
    """Mah Jongg when offered, else call a discard (the first time), else pass a claim, else
    exchange for a joker, else discard the tile just drawn (or the last tile)."""
    actions = page.locator("#actions")
    call = actions.locator('button[data-action^="call "]')
    if not calls and call.count():
        calls.append(call.first.get_attribute("data-action") or "")
        if click_if_there(page, '#actions button[data-action^="call "]'):
            return True
    return (
        click_if_there(page, '#actions button[data-action="win"]')
        or click_if_there(page, '#actions button[data-action="pass"]')
        or click_if_there(page, '#actions button[data-action^="exchange "]')
        or click_if_there(page, '#hand .tile.drawn:not([aria-disabled="true"])')
        or click_if_there(page, '#hand .tile:not([aria-disabled="true"])')
    )


def test_the_charleston_and_a_hand_by_clicking(context: BrowserContext, server: str) -> None:
    page = context.new_page()
    errors = watch_errors(page)
    create_american_table(page, server, "Ann")
    expect(page.locator("#hand .tile").first).to_be_visible()
    expect(page.locator(".seat:not(.me) .seat-name .tag", has_text="bot")).to_have_count(3)
    check_card_panel(page)

    stages = play_the_charleston(page)
    if page.locator("#end").is_hidden():  # else East stopped the passing for Mah Jongg
        assert stages[:4] == ["first right", "first across", "first left", "vote"]
        second = stages[4:7] == ["second left", "second across", "second right"]
        assert stages[4 + 3 * second :][:1] == ["courtesy offer"], stages
        assert set(stages[5 + 3 * second :]) <= {"courtesy"}, stages
        assert page.locator("#hand .tile").count() in (13, 14)

    deadline = time.monotonic() + HAND_SECONDS
    calls: list[str] = []
    moves = 0
    hinted = False
    while page.locator("#end").is_hidden():
        assert time.monotonic() < deadline, "the hand did not end: " + page.inner_text("main")
        if not hinted and page.locator('#hand .tile:not([aria-disabled="true"])').count():
            page.keyboard.press("h")
            expect(page.locator("#hint")).to_contain_text(re.compile("Nearest lines|No line"))
            hinted = True
        if play_one_move(page, calls):
            moves += 1
        else:
            page.wait_for_timeout(100)
    assert moves > 0

    end = page.locator("#end")
    expect(end.locator("#end-heading")).to_have_text("End of hand 1")
    how = end.locator(".how").inner_text()
    assert re.fullmatch(
        r"A wall game: nobody won\.|.+ won with line \w+ \(\d+(, jokerless)?\)"
        r"(, self-picked|, the Heavenly hand| on .+ discard)\.",
        how,
    ), how
    expect(end.locator(".end-seat")).to_have_count(4)
    for seat in end.locator(".end-seat").all():
        assert seat.locator(".revealed .tile").count() >= 13
    if not how.startswith("A wall game"):
        # The winning line with its text from the card, and who paid whom.
        expect(end.locator(".winning-line")).to_contain_text(re.compile(r"Line \w+: \S+"))
        expect(end.locator(".hand-payments li").first).to_contain_text(re.compile(r"pays? .+ \d+"))
        net = [int(li.split(": ")[1]) for li in end.locator(".hand-net li").all_inner_texts()]
        assert sum(net) == 0 and max(net) > 0
    expect(end).to_contain_text("Running totals")
    assert errors == []


def test_a_bad_card_in_the_lobby_names_line_and_column(
    context: BrowserContext, server: str
) -> None:
    page = context.new_page()
    errors = watch_errors(page)
    page.goto(server + "/")
    page.get_by_label("Your name").fill("Cy")
    expect(page.locator("#card-choice")).to_be_hidden()
    page.locator("#rules").select_option("american")
    expect(page.locator("#card-choice")).to_be_visible()
    page.get_by_label("Fill the other seats with bots").set_checked(True)
    page.get_by_label("Load a card file").set_input_files(
        files=[{"name": "club.card", "mimeType": "text/plain", "buffer": BAD_CARD.encode()}]
    )
    expect(page.get_by_label("My own card")).to_be_checked()
    expect(page.locator("#card-text")).to_have_value(BAD_CARD)
    page.get_by_role("button", name="Create the table and sit down").click()
    error = page.locator("#card-error")
    expect(error).to_contain_text("line 3, column 1")
    expect(error).to_contain_text("14")
    assert page.url.rstrip("/") == server
    expect(page.locator("#card-text")).to_be_focused()
    expect(page.locator("#card-text")).to_have_attribute("aria-invalid", "true")

    # The player's own card, written in the box: the table plays it.
    own = SAMPLE_CARD.read_text().replace("title: fourwinds sample card", "title: club card")
    page.locator("#card-text").fill(own)
    page.get_by_role("button", name="Create the table and sit down").click()
    page.wait_for_url(re.compile(r"/table/[^#]+#position=\d&token="))
    expect(page.locator("#card-heading")).to_contain_text("club card")
    assert errors == []


def test_exposures_jokers_and_dead_hands_are_drawn(context: BrowserContext, server: str) -> None:
    """The drawing of an American seat and of a hand's end, from fixed data."""
    page = context.new_page()
    errors = watch_errors(page)
    page.goto(server + "/")
    drawn = page.evaluate(
        """async () => {
        const american = await import("/static/js/families/american.js");
        const seat = { present: true, concealed: 10, dead: "wrong exposure: no line",
          exposures: [{ text: "[55mJ]", tile: "5m", size: 3, jokers: 1 },
                      { text: "[13fJJ]", tile: "1f", size: 4, jokers: 2 }],
          discards: [{ tile: "3p", claimed: true }, { tile: "J", claimed: false }] };
        const box = document.createElement("div");
        box.append(...american.americanSeatTiles(seat));
        const names = ["Ann", "Bob", "Cy", "Di"];
        const end = american.americanEndElement({ winner: 1, discarder: 2, self_drawn: false,
          line: "L1", value: 30, jokerless: false, heavenly: false,
          hands: ["[555mJ] 1122p", "[777zJ] 1234f 4444z 6zJ +6z", "1m", "2m"],
          dead: ["", "", "wrong exposure", ""], payments: [[0, 1, 30], [2, 1, 60], [3, 1, 30]],
          net: [-30, 120, -60, -30] }, (s) => names[s], () => "FFF 555a ; like 5");
        const words = ["pass-tiles 3m4p5z", "pass-tiles 3m blind 2", "pass-tiles blind 3",
          "vote yes", "courtesy 2", "call [55mJ]", "exchange 5m 2", "discard J", "win"]
          .map((a) => american.americanActionWords(a, (s) => names[s]));
        return { exposures: [...box.querySelectorAll(".exposure")].map((e) => e.ariaLabel),
          jokers: box.querySelectorAll(".exposure .tile.joker").length,
          dead: box.querySelector(".dead-note").textContent,
          claimed: box.querySelector(".discards .tile").ariaLabel,
          how: end.querySelector(".how").textContent,
          line: end.querySelector(".winning-line").textContent,
          deadSeats: [...end.querySelectorAll(".end-seat .dead-note")].map((n) => n.textContent),
          payments: [...end.querySelectorAll(".hand-payments li")].map((n) => n.textContent),
          words };
    }"""
    )
    assert drawn["exposures"] == [
        "pung of 5 of characters with 1 joker",
        "kong of flowers with 2 jokers",
    ]
    assert drawn["jokers"] == 3
    assert drawn["dead"] == "Dead hand: wrong exposure: no line"
    assert drawn["claimed"] == "3 of dots (called)"
    assert drawn["how"] == "Bob won with line L1 (30) on Cy's discard."
    assert drawn["line"] == "Line L1: FFF 555a ; like 5"
    assert drawn["deadSeats"] == ["Dead hand: wrong exposure"]
    assert drawn["payments"] == ["Ann pays Bob 30", "Cy pays Bob 60", "Di pays Bob 30"]
    assert drawn["words"] == [
        "pass 3 of characters, 4 of dots and White dragon",
        "pass 3 of characters and 2 received tiles blind",
        "pass 3 received tiles blind",
        "vote for a second Charleston",
        "offer 2 for the courtesy pass",
        "call for a pung of 5 of characters with 1 joker",
        "exchange 5 of characters for a joker from Cy's exposure",
        "discard Joker",
        "Mah Jongg",
    ]
    assert errors == []


def test_replay_of_an_american_game_of_three(context: BrowserContext, server: str) -> None:
    page = context.new_page()
    errors = watch_errors(page)
    created = page.request.post(
        server + "/api/tables",
        data={"rules": "american", "options": {"rounds": 1, "players": 3}},
    )
    game_id = created.json()["table"]["id"]
    page.request.post(f"{server}/api/tables/{game_id}/bots", data={"bot": "greedy"})
    deadline = time.monotonic() + HAND_SECONDS
    games = server + "/api/games"
    while not any(g["id"] == game_id for g in page.request.get(games).json()["games"]):
        assert time.monotonic() < deadline, "the bots did not finish their game"
        time.sleep(0.2)

    page.goto(f"{server}/replay/{game_id}")
    step = page.locator("#step")
    expect(step).to_contain_text("Hand 1, step 0")
    expect(page.locator("#hand-select option")).to_have_count(3)
    # Three hands face up, North's seat empty.
    expect(page.locator("#board .seat .hand")).to_have_count(3)
    expect(page.locator("#board .seat.left")).to_contain_text("empty seat")
    expect(page.locator("#board .seat.left")).to_have_attribute("aria-label", "North: empty seat")
    assert page.locator("#board .seat .hand .tile.back").count() == 0
    page.keyboard.press("ArrowRight")
    expect(step).to_contain_text("step 1 of")
    expect(step).not_to_contain_text("undefined")
    page.keyboard.press("End")
    end = page.locator("#end")
    expect(end).to_be_visible()
    expect(end.locator(".end-seat")).to_have_count(3)
    expect(end.locator(".how")).to_have_text(
        re.compile(r"A wall game: nobody won\.|.+ won with line \w+ \(\d+.*\)")
    )
    # A won hand's line as printed on the card, each payment with its rule.
    replay = page.request.get(f"{server}/api/games/{game_id}/replay").json()
    for number, hand in enumerate(replay["hands"], 1):
        page.goto(f"{server}/replay/{game_id}#hand={number}&step={len(hand['steps']) - 1}")
        expect(end).to_be_visible()
        if hand["line"] is None:
            continue
        expect(end.locator(".winning-line .printed .group").first).to_be_visible()
        expect(end.locator(".winning-line .line-value").first).to_have_text(re.compile(r"[XC] \d+"))
        payments = end.locator(".hand-payments li").all_inner_texts()
        assert len(payments) == len(hand["payment_reasons"]) > 0
        for text, reason in zip(payments, hand["payment_reasons"], strict=True):
            assert text.endswith(f"({reason})"), (text, reason)
    assert errors == []
