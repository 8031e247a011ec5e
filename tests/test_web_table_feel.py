"""The table felt in a real browser: a bot's call seen (a call-out at its seat, the tile moving
to its meld unless the person prefers reduced motion) and heard, the tab's title on your turn,
the last discard marked, sound muted and remembered, notifications asked for; a phone's first
screen holding the hand and the choices; the American card drawn as printed with the hand's
tiles marked; and axe-core finding no serious or critical violation on a table in play
(docs/web.md).

The server runs in the test's process (web_rig.py) so that each test arranges the deal first.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

import american_rig
import pytest
import test_web_browser as web
from axe_playwright_python.sync_playwright import Axe
from playwright.sync_api import Browser, Page, expect, sync_playwright
from rig import give, next_draws
from serving import fixed_seed
from test_web_browser import CHROMIUM, CHROMIUM_ARGS, watch_errors
from web_rig import Rig, rig_server

pytestmark = web.pytestmark

IMAGES = Path(__file__).resolve().parents[1] / "docs" / "images"
PHONE = {"width": 390, "height": 844}


@pytest.fixture(scope="module")
def browser() -> Iterator[Browser]:
    """Chromium that may play sounds without a click first (the page still waits for one)."""
    with sync_playwright() as playwright:
        chromium = playwright.chromium.launch(
            executable_path=str(CHROMIUM),
            args=[*CHROMIUM_ARGS, "--autoplay-policy=no-user-gesture-required"],
        )
        yield chromium
        chromium.close()


@pytest.fixture
def rig(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Rig]:
    fixed_seed(monkeypatch, 21)
    with rig_server(tmp_path) as started:
        yield started


def serious(page: Page) -> list[str]:
    """axe-core's serious and critical violations on the page, in words."""
    results = Axe().run(page)
    return [
        f"{v['id']} ({v['impact']}): {v['help']} at {[n['target'] for n in v['nodes']][:3]}"
        for v in results.response["violations"]
        if v["impact"] in ("serious", "critical")
    ]


def watch_flying(page: Page) -> None:
    """Record every tile that flies across the table (the claimed tile moving to a meld)."""
    page.evaluate(
        """() => {
        window.flown = 0;
        new MutationObserver((changes) => { for (const change of changes) for (const node of
          change.addedNodes) if (node.classList?.contains("flying")) window.flown += 1; })
          .observe(document.body, { childList: true });
    }"""
    )


@pytest.mark.parametrize("motion", ["no-preference", "reduce"])
def test_a_bot_pung_is_seen_and_heard(browser: Browser, rig: Rig, motion: str) -> None:
    context = browser.new_context(viewport={"width": 1200, "height": 860}, reduced_motion=motion)
    page = context.new_page()
    errors = watch_errors(page)
    table, link = rig.east_table(page, "classical")
    assert table.match is not None
    deal = table.match.deal
    # You (East) discard the Red dragon; South holds a pair of them and pungs it.
    give(deal, 0, "111p 456p 789p 23s 55s 7z")
    give(deal, 1, "111m 456m 789m 77z 2p 9s", keep=frozenset({0}))
    page.goto(link)
    expect(page.locator('#hand .tile:not([aria-disabled="true"])')).to_have_count(14)
    # Your turn is in the tab's title.
    expect(page).to_have_title("(Your turn) fourwinds: Classical")
    page.locator("#title").click()  # a click lets the page sound
    page.wait_for_function("import('/static/js/sound.js').then((s) => s.ready())")
    watch_flying(page)
    page.get_by_role("button", name="Discard Red dragon").click()

    callout = page.locator('.callout[data-seat="seat-right"]')
    expect(callout).to_have_text("Pung!")
    expect(callout).to_have_attribute("aria-hidden", "true")  # the live region says it in words
    expect(page.locator("#seat-right .melds .meld")).to_have_count(1)
    flown = page.evaluate("window.flown")
    assert flown == (1 if motion == "no-preference" else 0), flown
    heard = page.evaluate("import('/static/js/sound.js').then((s) => [...s.heard])")
    assert "discard" in heard and "call" in heard, heard
    expect(page.locator("#history-list")).to_contain_text("Greedy bot")
    expect(page.locator("#history-list")).to_contain_text("pung Red dragon")

    # The bots play on until the table waits for you again: your turn or a claim.
    expect(page).to_have_title(re.compile(r"^\((Your turn|Claim open)\) fourwinds: Classical$"))
    last = page.locator(".discards .tile.last-discard")
    expect(last).to_have_count(1)
    expect(last).to_have_attribute("aria-label", re.compile(r", the last discard$"))
    assert last.evaluate("t => t === t.parentElement.lastElementChild")
    assert serious(page) == []
    if motion == "no-preference" and web.os.environ.get("FOURWINDS_SCREENSHOT"):
        page.screenshot(path=IMAGES / "table-mid-hand.png")
    assert errors == []
    context.close()


HIDDEN_TAB = """
window.notes = [];
window.tabHidden = false;
Object.defineProperty(Document.prototype, "hidden", { get: () => window.tabHidden });
window.Notification = class {
  static permission = "granted";
  static requestPermission() { return Promise.resolve("granted"); }
  constructor(title, options) { window.notes.push(`${title}: ${options.body}`); }
};
window.titles = [];
document.addEventListener("DOMContentLoaded", () => new MutationObserver(
  () => window.titles.push(document.title)).observe(document.querySelector("title"),
  { childList: true, characterData: true, subtree: true }));
"""
"""A tab the test can hide, notifications recorded instead of shown, and the tab's titles."""


def test_a_claim_open_changes_the_title_sounds_and_notifies_a_hidden_tab(
    browser: Browser, rig: Rig
) -> None:
    context = browser.new_context(viewport={"width": 1200, "height": 860})
    context.add_init_script(HIDDEN_TAB)
    page = context.new_page()
    errors = watch_errors(page)
    table, link = rig.east_table(page, "classical")
    assert table.match is not None
    deal = table.match.deal
    # You (East) discard the Red dragon, which nobody can claim; South draws the East wind
    # and discards it or the West wind: you hold a pair of each, so a claim is open for you.
    give(deal, 0, "111p 456p 789p 11z 33z 7z")
    give(deal, 1, "111m 456m 789m 999s 3z", keep=frozenset({0}))
    give(deal, 2, "222m 333m 555p 666p 7s", keep=frozenset({0, 1}))
    give(deal, 3, "444s 555s 666s 888s 2m", keep=frozenset({0, 1, 2}))
    next_draws(deal, "1z")
    page.goto(link)
    expect(page.locator('#hand .tile:not([aria-disabled="true"])')).to_have_count(14)
    expect(page).to_have_title("(Your turn) fourwinds: Classical")
    page.get_by_label("Notify me in another tab").check()
    page.locator("#title").click()  # a click lets the page sound
    page.wait_for_function("import('/static/js/sound.js').then((s) => s.ready())")
    page.evaluate("window.tabHidden = true")
    page.get_by_role("button", name="Discard Red dragon").click()
    expect(page).to_have_title("(Claim open) fourwinds: Classical")
    expect(page.locator("#actions button", has_text="Pung")).to_be_visible()
    heard = page.evaluate("import('/static/js/sound.js').then((s) => [...s.heard])")
    assert heard[-1] == "claim", heard
    assert page.evaluate("window.notes") == ["fourwinds: Claim open: Classical"]
    # Passing closes the claim: the title says nothing until the table waits for you again.
    page.evaluate("window.tabHidden = false")
    seen = page.evaluate("window.titles.length")
    page.locator("#actions button", has_text="Pass").click()
    page.wait_for_function(
        f"window.titles.slice({seen}).some((title) => !title.includes('Claim open'))"
    )
    assert page.evaluate("window.notes") == ["fourwinds: Claim open: Classical"]  # shown tab
    assert errors == []
    context.close()


def test_sound_can_be_muted_and_notifications_asked_for(browser: Browser, rig: Rig) -> None:
    context = browser.new_context()
    context.grant_permissions(["notifications"])
    page = context.new_page()
    errors = watch_errors(page)
    _, link = rig.east_table(page, "beginner")
    page.goto(link)
    mute = page.locator("#mute")
    expect(mute).to_have_attribute("aria-pressed", "false")
    mute.click()
    expect(mute).to_have_attribute("aria-pressed", "true")
    expect(mute).to_have_text("Sound off")
    page.locator("#title").click()
    page.wait_for_function("import('/static/js/sound.js').then((s) => s.ready())")
    played = page.evaluate("import('/static/js/sound.js').then((s) => s.play('turn'))")
    assert played is False  # muted: nothing sounds
    page.get_by_label("Notify me in another tab").check()
    expect(page.get_by_label("Notify me in another tab")).to_be_checked()
    # Both choices are remembered.
    page.reload()
    expect(page.locator("#hand .tile").first).to_be_visible()
    expect(page.locator("#mute")).to_have_attribute("aria-pressed", "true")
    expect(page.get_by_label("Notify me in another tab")).to_be_checked()
    assert errors == []
    context.close()


def inside_first_screen(page: Page, selector: str) -> None:
    """Every element matching ``selector`` is drawn within the first 390 x 844 screen."""
    boxes = [
        box
        for box in page.locator(selector).evaluate_all(
            "nodes => nodes.map((n) => { const r = n.getBoundingClientRect(); "
            "return [r.left, r.top, r.right, r.bottom]; })"
        )
    ]
    assert boxes, selector
    for left, top, right, bottom in boxes:
        assert left >= 0 and right <= PHONE["width"] + 0.5, (selector, boxes)
        assert top >= 0 and bottom <= PHONE["height"], (selector, boxes)


def test_a_phone_shows_the_hand_and_the_choices_first(browser: Browser, rig: Rig) -> None:
    context = browser.new_context(viewport=PHONE, is_mobile=True, has_touch=True)
    page = context.new_page()
    errors = watch_errors(page)
    table, link = rig.east_table(page, "classical")
    assert table.match is not None
    give(table.match.deal, 0, "1111p 456p 789p 23s 5s 7z")  # a concealed kong to declare
    page.goto(link)
    expect(page.get_by_role("button", name="concealed kong 1 of dots")).to_be_visible()
    assert page.evaluate("scrollY") == 0
    inside_first_screen(page, "#hand .tile")
    inside_first_screen(page, "#actions button")
    inside_first_screen(page, "#hint-button")
    # The history folds away on a phone.
    expect(page.locator("#history")).not_to_have_attribute("open", "")
    if web.os.environ.get("FOURWINDS_SCREENSHOT"):
        page.screenshot(path=IMAGES / "phone.png")
    assert serious(page) == []
    assert errors == []
    context.close()


SPAN_OF_A_CALL_OUT = """async ([id]) => {
  const callouts = await import("/static/js/callouts.js");
  callouts.callOut(document.getElementById(id), "Mah Jongg!", "win");
  const bubble = [...document.querySelectorAll(".callout")].pop();
  let [left, right, wide] = [Infinity, -Infinity, 0];
  for (const start = performance.now(); performance.now() - start < 700;) {
    const at = bubble.getBoundingClientRect();
    left = Math.min(left, at.left);
    right = Math.max(right, at.right);
    wide = Math.max(wide, document.documentElement.scrollWidth);
    await new Promise(requestAnimationFrame);
  }
  bubble.remove();
  return [left, right, wide];
}"""
"""Where a call-out at a seat reaches while it pops up and shows, and how wide the page is."""


def test_a_call_out_stays_within_a_phones_screen(browser: Browser, rig: Rig) -> None:
    context = browser.new_context(viewport=PHONE, is_mobile=True, has_touch=True)
    page = context.new_page()
    errors = watch_errors(page)
    table, link = rig.east_table(page, "classical")
    assert table.match is not None
    give(table.match.deal, 0, "111p 456p 789p 23s 55s 7z")
    give(table.match.deal, 1, "111m 456m 789m 77z 2p 9s", keep=frozenset({0}))
    page.goto(link)
    page.get_by_role("button", name="Discard Red dragon").click()
    expect(page.locator('.callout[data-seat="seat-right"]')).to_have_text("Pung!")
    inside_first_screen(page, ".callout")
    # The widest call-out, at every seat of the screen: never past its edges, the page
    # never wider than the phone.
    for seat in ("seat-right", "seat-left", "seat-top", "me"):
        left, right, wide = page.evaluate(SPAN_OF_A_CALL_OUT, [seat])
        assert left >= 0 and right <= PHONE["width"] and wide <= PHONE["width"], (seat, left, right)
    assert errors == []
    context.close()


def test_the_american_card_as_printed_with_your_tiles(browser: Browser, rig: Rig) -> None:
    # On a phone: the Charleston's choices and the hand first, the card folded.
    phone = browser.new_context(viewport=PHONE, is_mobile=True, has_touch=True)
    page = phone.new_page()
    errors = watch_errors(page)
    _, link = rig.east_table(page, "american")
    page.goto(link)
    expect(page.locator("#actions .action.pass-tiles")).to_be_visible()
    inside_first_screen(page, "#hand .tile")
    inside_first_screen(page, "#actions .action.pass-tiles")
    expect(page.locator("#card-fold")).not_to_have_attribute("open", "")
    expect(page.locator("#card-fold > summary")).to_be_visible()
    assert errors == []
    phone.close()

    # On a desktop the card is open beside the table.
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    page = context.new_page()
    errors = watch_errors(page)
    page.goto(link)
    nearest = page.locator("#nearest-lines li")
    expect(nearest).to_have_count(5)
    # Each nearest line: as printed, its value with X or C, and the nearest way to make it in
    # tile pictures, 14 tiles, those of your hand marked and as many missing as it is away.
    for line in nearest.all():
        expect(line.locator(".printed .group").first).to_be_visible()
        assert line.locator(".xc").inner_text() in ("X", "C")
        away = line.locator(".away").inner_text()
        missing = 0 if away == "complete" else int(away.split()[0])
        assert line.locator(".on-line .tile").count() == 14
        assert line.locator(".on-line .tile.missing").count() == missing
        assert line.locator(".on-line .tile.held").count() == 14 - missing
    # Every line of the card by its printed groups, coloured by suit, notes apart from tiles.
    sections = page.locator(".card-sections")
    assert sections.locator(".card-line .printed").count() >= 50
    assert sections.locator(".group.suit-a").count() > 0
    assert sections.locator(".group.suit-c").count() > 0
    texts = sections.locator(".printed").all_inner_texts()
    assert not any(";" in text or "like" in text for text in texts), texts
    like = sections.locator(".card-line", has_text="like 5").first
    expect(like.locator(".line-note")).to_contain_text("like 5")
    y1 = sections.locator('.card-line[data-line="Y1"]')
    expect(y1.locator(".printed")).to_have_text(re.compile(r"NN\s*2026\s*2222\s*66\s*SS"))
    expect(y1.locator(".line-value")).to_have_text("X 30")
    if web.os.environ.get("FOURWINDS_SCREENSHOT"):
        page.locator("#card-panel").screenshot(path=IMAGES / "american-card.png")
    assert serious(page) == []
    assert errors == []
    context.close()


def test_a_spectator_sees_the_winning_line_as_printed(browser: Browser, rig: Rig) -> None:
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    page = context.new_page()
    table, link = rig.east_table(page, "american")
    assert table.match is not None
    # East is dealt line Y1 of the sample card (NN 2026 2222 66 SS, X 30) and declares it.
    american_rig.give(table.match.deal, 0, "226m 2222p 66s 22445z")
    watcher = context.new_page()
    errors = watch_errors(watcher)
    watcher.goto(f"{rig.url}/watch/{table.id}")
    expect(watcher.locator("#board .seat")).to_have_count(4)
    page.goto(link)
    page.locator('#actions button[data-action="win"]').click()
    end = watcher.locator("#end")
    expect(end).to_be_visible()
    line = end.locator(".winning-line")
    expect(line.locator(".printed").first).to_have_text(re.compile(r"NN\s*2026\s*2222\s*66\s*SS"))
    expect(line.locator(".line-value").first).to_have_text("X 30")
    payments = end.locator(".hand-payments li")
    expect(payments.first).to_be_visible()
    assert all(re.search(r"\(.+\)$", text) for text in payments.all_inner_texts())
    assert serious(watcher) == []
    assert errors == []
    context.close()
