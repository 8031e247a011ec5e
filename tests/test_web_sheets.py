"""Every number with its reason, in a real browser: the end of a hand as the scoring code
explains it (docs/web.md, End of hand).

Hands played by bots in this process give real end-of-hand summaries (the server's own
``hand_summary``) for Classical, a league preset, Hong Kong, American and Beginner; the page's
family modules draw them, and the test reads back each sheet's arithmetic, what a loser's sheet
does, and each payment with its rule. Then live tables end a hand by clicking: Classical's sheet
and payments come from the server, Beginner ranks by hands won, and axe-core finds no serious
or critical violation at the end of a hand.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
import test_web_browser as web
from playwright.sync_api import Browser, Page, expect
from rig import give
from serving import fixed_seed
from test_web_browser import watch_errors
from test_web_table_feel import IMAGES, serious
from web_rig import Rig, rig_server

from fourwinds.american.card import sample_card
from fourwinds.family import family_of
from fourwinds.rules import get_rules
from fourwinds.rules.payouts import PAYOUTS
from fourwinds.server.protocol import hand_summary
from fourwinds.simulate import play

browser = web.browser
pytestmark = web.pytestmark

Summary = dict[str, Any]


def won_hand(name: str, wanted: Callable[[Summary], bool]) -> Summary:
    """The first hand of bot games of ``name`` that ``wanted`` accepts, as the server sums it."""
    rules = get_rules(name, rounds=1)
    family = family_of(rules)
    for seed in range(200):
        match = family.match(rules, seed)
        bots = [family.bot("greedy", seed * 4 + seat) for seat in range(rules.seats)]
        play(match.deal, bots)
        summary = hand_summary(family, match.next_hand(), match.scores)
        if summary["winner"] is not None and wanted(summary):
            return json.loads(json.dumps(summary))
    raise AssertionError(f"no such hand of {name} in 200 games")


def card_json() -> dict[str, Any]:
    """The sample card as GET /api/tables/{id}/card gives it."""
    card = sample_card()
    lines = [
        {
            "id": line.id,
            "section": line.section,
            "text": str(variant),
            "value": line.value,
            "concealed": line.concealed,
            "caption": line.caption,
        }
        for line in card.lines
        for variant in line.variants
    ]
    return {"title": card.title, "year": card.year, "lines": lines}


NAMES = ["Ann", "Bob", "Cy", "Di"]


def drawn_end(page: Page, summary: Summary) -> dict[str, Any]:
    """The end of a hand as the page's family module draws it, read back."""
    result: dict[str, Any] = page.evaluate(
        """async ([end, card, names]) => {
        const families = await import("/static/js/families/index.js");
        const cards = await import("/static/js/card.js");
        const family = end.line ? families.families.american : families.families["classical-style"];
        const node = family.endElement(end, (s) => names[s], (id) => cards.winningLine(card, id));
        document.querySelector("main").replaceChildren(node);
        const texts = (selector) => [...node.querySelectorAll(selector)].map((n) => n.textContent);
        return { arithmetic: texts("table.sheet tr.arithmetic td"),
          winning: texts("table.sheet.winning tr.arithmetic td"),
          parts: texts("table.sheet.losing .sheet-part"),
          payments: texts(".hand-payments li"), net: texts(".hand-net li"),
          noScoring: texts(".no-scoring"),
          line: [...(node.querySelector(".winning-line .printed")?.children || [])]
            .map((n) => n.textContent),
          lineValue: texts(".winning-line .line-value"), how: texts(".how") };
    }""",
        [summary, card_json(), NAMES],
    )
    return result


def check_payments(drawn: dict[str, Any], summary: Summary) -> list[str]:
    """Each payment drawn with its reason, whose last amount is what is paid; the reasons."""
    reasons: list[str] = summary["payment_reasons"]
    assert len(reasons) == len(summary["payments"]) > 0
    for text, (payer, payee, amount), reason in zip(
        drawn["payments"], summary["payments"], reasons, strict=True
    ):
        assert text == f"{NAMES[payer]} pays {NAMES[payee]} {amount} ({reason})", text
        rule = reason.split(" (jokerless")[0]
        assert int(re.findall(r"\d+", rule)[-1]) == amount, reason
    return reasons


@pytest.fixture
def page(browser: Browser, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Page]:
    """A page of the app (for its modules and style sheet)."""
    fixed_seed(monkeypatch, 21)
    with rig_server(tmp_path) as rig:
        context = browser.new_context(viewport={"width": 1200, "height": 860})
        page = context.new_page()
        page.goto(rig.url + "/")
        yield page
        context.close()


@pytest.mark.parametrize("name", ["classical", "classical-dmjl"])
def test_classical_sheets_show_points_doubles_and_east_doubling(page: Page, name: str) -> None:
    errors = watch_errors(page)
    # A win on a discard in which East is a loser: East pays double, the losers settle.
    summary = won_hand(name, lambda s: not s["self_drawn"] and s["winner"] != 0)
    drawn = drawn_end(page, summary)
    sheets = summary["sheets"]
    assert drawn["arithmetic"] == [sheet["arithmetic"] for sheet in sheets]
    winner = sheets[summary["winner"]]
    (arithmetic,) = drawn["winning"]
    found = re.fullmatch(r"(\d+) points x 2\^(\d+) = (\d+)(, limit (\d+))?", arithmetic)
    assert found, arithmetic
    points, doubles, value = (int(found[i]) for i in (1, 2, 3))
    assert (points, doubles) == (winner["points"], winner["doubles"])
    assert value == points << doubles and winner["total"] == min(value, int(found[5] or value))
    # Under Classical a loser's sheet counts: the losers pay each other the difference.
    assert (
        drawn["parts"]
        == ["This sheet counts: the losers pay each other the difference of their scores."] * 3
    )
    reasons = check_payments(drawn, summary)
    for (payer, payee, amount), reason in zip(summary["payments"], reasons, strict=True):
        east = 0 in (payer, payee)
        assert ("x 2 =" in reason) == east, reason
        if payer == 0:
            assert reason.endswith("East pays double")
        if payee == summary["winner"]:
            assert reason.startswith(f"the winner's {winner['total']}")
        else:
            low, high = sheets[payer]["total"], sheets[payee]["total"]
            assert reason.startswith(f"the difference, {high} - {low} = {high - low}")
            assert amount == (high - low) * (2 if east else 1)
    assert errors == []


def test_hong_kong_sheets_show_faan_to_points_and_who_pays_double(page: Page) -> None:
    errors = watch_errors(page)
    payout = PAYOUTS[get_rules("hongkong").payout]
    for self_drawn in (False, True):
        summary = won_hand("hongkong", lambda s, d=self_drawn: s["self_drawn"] == d)
        drawn = drawn_end(page, summary)
        (arithmetic,) = drawn["winning"]
        found = re.search(r"faan to points: (\d+) faan = (\d+) points?$", arithmetic)
        assert found, arithmetic
        faan, points = int(found[1]), int(found[2])
        assert points == payout[faan] == summary["sheets"][summary["winner"]]["total"]
        # Losers' sheets are there to read, and say they play no part in payment.
        assert (
            drawn["parts"]
            == ["This sheet plays no part in payment: only the winner's hand is paid."] * 3
        )
        reasons = check_payments(drawn, summary)
        for (payer, _, _), reason in zip(summary["payments"], reasons, strict=True):
            if self_drawn:
                assert reason == f"self-drawn: all pay double, {points} x 2 = {2 * points}"
            elif payer == summary["discarder"]:
                assert reason == f"the discarder pays double: {points} x 2 = {2 * points}"
            else:
                assert reason == f"pays single: {points}"
    assert errors == []


def test_american_shows_the_winning_line_and_the_payment_rule(page: Page) -> None:
    errors = watch_errors(page)
    for wanted in (
        lambda s: not s["self_drawn"] and not s["jokerless"],
        lambda s: s["jokerless"],
    ):
        summary = won_hand("american", wanted)
        drawn = drawn_end(page, summary)
        line = sample_card().line(summary["line"])
        # The line as printed on the card, with its value and X or C.
        assert drawn["line"], drawn
        first = str(line.variants[0]).split(" ; ")[0].replace("{year}", "2026")
        assert re.sub(r"[abc](?=\s|$)", "", first).split() == drawn["line"], drawn["line"]
        kind = "C" if line.concealed else "X"
        assert drawn["lineValue"][0] == f"{kind} {line.value}"
        reasons = check_payments(drawn, summary)
        value = summary["value"]
        for (payer, _, _), reason in zip(summary["payments"], reasons, strict=True):
            if summary["self_drawn"]:
                assert reason.startswith(f"self-picked: all pay double, {value} x 2")
            elif payer == summary["discarder"]:
                assert reason.startswith(f"the discarder pays double: {value} x 2")
            else:
                assert reason.startswith(f"the others pay the value: {value}")
            if summary["jokerless"]:
                assert reason.endswith(
                    f"(jokerless doubles: the line's {line.value} x 2 = {value})"
                )
    assert errors == []


def test_beginner_counts_wins_not_points(page: Page) -> None:
    errors = watch_errors(page)
    summary = won_hand("beginner", lambda s: True)
    assert summary["ranked_by"] == "wins" and summary["payment_reasons"] == []
    drawn = drawn_end(page, summary)
    assert drawn["noScoring"] == [
        "No points are kept at this table: nobody pays, and players are ranked by hands won."
    ]
    assert drawn["net"] == [] and drawn["payments"] == []
    assert errors == []


def end_the_hand_by_winning(page: Page, rig: Rig, rules: str) -> None:
    """East (you) is dealt a complete hand and declares it."""
    table, link = rig.east_table(page, rules)
    assert table.match is not None
    give(table.match.deal, 0, "111m 456m 789m 234p 55p")
    page.goto(link)
    page.get_by_role("button", name="Win").click()
    expect(page.locator("#end")).to_be_visible()


def test_live_end_of_hand_classical_and_beginner(
    browser: Browser, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    fixed_seed(monkeypatch, 21)
    with rig_server(tmp_path) as rig:
        context = browser.new_context(viewport={"width": 1200, "height": 900})
        page = context.new_page()
        errors = watch_errors(page)
        end_the_hand_by_winning(page, rig, "classical")
        end = page.locator("#end")
        expect(end.locator(".how")).to_have_text("You won, self-drawn.")
        expect(end.locator("table.sheet.winning tr.arithmetic")).to_contain_text("limit hand")
        expect(end.locator("table.sheet.losing .sheet-part")).to_have_count(3)
        # Each loser pays the winner first (then the losers settle between them).
        payments = end.locator(".hand-payments li")
        assert payments.count() >= 3
        for text in payments.all_inner_texts()[:3]:
            assert re.fullmatch(
                r".+ pays You \d+ \(the winner's \d+, x 2 = \d+: East receives "
                r"double\)",
                text,
            ), text
        # Running totals ranked, the leader first (by seat, You were third).
        expect(end.locator("#standings h3")).to_have_text("Running totals")
        expect(end.locator("#standings li").first).to_have_text(re.compile(r"You: [1-9]\d*"))
        if web.os.environ.get("FOURWINDS_SCREENSHOT"):
            end.screenshot(path=IMAGES / "end-of-hand.png")
        assert serious(page) == []
        assert errors == []

        end_the_hand_by_winning(page, rig, "beginner")
        expect(end.locator(".no-scoring")).to_be_visible()
        expect(end.locator(".hand-net")).to_have_count(0)
        expect(end.locator("#standings h3")).to_have_text("Hands won so far")
        totals = end.locator("#standings li").all_inner_texts()
        assert totals[0] == "You: 1" and len(totals) == 4, totals
        assert all(text.endswith(": 0") for text in totals[1:]), totals
        assert serious(page) == []
        assert errors == []
        context.close()
