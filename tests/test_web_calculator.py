"""The score calculator page (issue 16) in a real browser, at desktop size and on a phone
(390x844): hands tapped in and typed, scored and settled by the server as the command and the
library score them, the evening's sheet, its CSV and its record, offline, and axe-core."""

from __future__ import annotations

import csv
import io
import json
import os
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from axe_playwright_python.sync_playwright import Axe
from click.testing import CliRunner
from playwright.sync_api import Browser, Page, expect
from test_web_browser import browser, server  # noqa: F401  (fixtures)

from fourwinds.cli import main
from fourwinds.family import CalculatorError, HandReport, HowWon, family_of
from fourwinds.rules import RULES, get_rules

SEED_000 = "[555z] [1111m] 444p 23s 77z 8f +4s"
SOUTH_32 = "[222m] 333s 555p 678m 9p +9p"
"""A hand worth 32 to South: Andy's hand in seed 000's "Paying each other"."""
SIZES = {"desktop": {"width": 1280, "height": 900}, "phone": {"width": 390, "height": 844}}
SCREENSHOT = Path(__file__).resolve().parents[1] / "docs" / "images" / "calculator.png"
"""The README picture, retaken when FOURWINDS_SCREENSHOT=1."""
SHOTS = Path(os.environ.get("FOURWINDS_SHOTS", "/tmp/fourwinds-calculator-shots"))


@pytest.fixture(params=list(SIZES))
def page(request: pytest.FixtureRequest, browser: Browser, server: str) -> Iterator[Page]:  # noqa: F811
    """A fresh page (nothing kept from another test) at one of the two sizes."""
    context = browser.new_context(viewport=SIZES[request.param], accept_downloads=True)
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.goto(server + "/calculator/")
    expect(page.locator("#rules option").first).to_be_attached()
    page.size = request.param  # type: ignore[attr-defined]
    yield page
    context.close()
    assert errors == []


def library_score(rules: str, hand: str, **how: Any) -> dict[str, Any]:
    data: dict[str, Any] = (
        family_of(get_rules(rules)).calculator.score(get_rules(rules), hand, HowWon(**how)).data
    )
    return data


def tap(page: Page, mode: str, *tiles: str) -> None:
    page.locator("#modes button", has_text=mode).click()
    for tile in tiles:
        page.get_by_role("button", name=f"Add {tile}", exact=True).click()


def scored(page: Page) -> None:
    """Wait until the page has scored what was last entered (the result is no longer busy)."""
    expect(page.locator("#result")).to_have_attribute("aria-busy", "false")


def total(page: Page) -> str:
    scored(page)
    return page.locator(".scored .sheet .total").inner_text()


def choose_rules(page: Page, rules: str) -> None:
    page.locator("#rules").select_option(rules)


def shot(page: Page, name: str) -> None:
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / f"{name}-{page.size}.png"), full_page=True)  # type: ignore[attr-defined]


def name_players(page: Page, *names: str) -> None:
    for i, name in enumerate(names):
        page.locator(f"[data-player='{i}']").fill(name)


def enter_seed_000_payment(page: Page) -> None:
    """Seed 000 "Paying each other": Andy (South) wins with 32; Brett (West) has 16, Chuck
    (East) 8 and Dave (North) 8."""
    page.locator("#seat-wind").select_option("1")
    page.locator("#notation").fill(SOUTH_32)
    page.locator("[data-seat='2']").fill("16")
    page.locator("[data-seat='0']").fill("8")
    page.locator("[data-seat='3']").fill("8")
    scored(page)
    expect(page.locator(".payments li")).to_have_count(5)


def test_seed_000_tapped_in_scores_100_and_settles_as_the_seed(page: Page) -> None:
    choose_rules(page, "classical")
    tap(page, "Exposed pung", "White dragon")
    tap(page, "Exposed kong", "1 of characters")
    tap(
        page,
        "Concealed tile",
        "4 of dots",
        "4 of dots",
        "4 of dots",
        "2 of bamboo",
        "3 of bamboo",
        "Red dragon",
        "Red dragon",
    )
    tap(page, "Bonus tile", "Season 4")
    tap(page, "Winning tile", "4 of bamboo")
    expect(page.locator("#notation")).to_have_value(SEED_000)
    # seed 000 "Figuring your Basic Points": 50 points and one double, 100.
    expect(page.locator(".scored .sheet .total")).to_have_text("100")
    assert int(total(page)) == library_score("classical", SEED_000)["total"] == 100
    sheet = page.locator(".scored .sheet")
    expect(sheet.locator("tfoot")).to_contain_text("50 points x 2^1 = 100")
    expect(sheet.locator("tbody tr")).to_have_count(7)
    expect(sheet).to_contain_text("mah_jong")
    shot(page, "seed-000")
    if os.environ.get("FOURWINDS_SCREENSHOT") and page.size == "desktop":  # type: ignore[attr-defined]
        scored(page)
        expect(page.locator(".payments li")).to_have_count(3)
        page.evaluate("window.scrollTo(0, 0)")
        page.screenshot(path=str(SCREENSHOT))
    # The seed's settlement: 1128 / 992 / 920 / 960 from 1000 each.
    name_players(page, "Chuck", "Andy", "Brett", "Dave")
    enter_seed_000_payment(page)
    expect(page.locator(".scored .sheet .total")).to_have_text("32")
    scored(page)
    payments = page.locator(".payments").inner_text()
    assert "East (Chuck) pays South (Andy) 64" in payments
    assert "East (Chuck) pays West (Brett) 16" in payments
    assert "North (Dave) pays West (Brett) 8" in payments
    assert "the winner's 32, x 2 = 64: East pays double" in payments
    page.get_by_role("button", name="Add to the evening").click()
    totals = page.locator("#evening tfoot td").all_inner_texts()
    assert totals == ["920", "1128", "992", "960"]
    expect(page.locator("#evening-now")).to_contain_text("Andy is East")


def test_hong_kong_and_american_hands_give_the_commands_totals(page: Page) -> None:
    choose_rules(page, "hongkong")
    hand = "123m 456m 789m 111z 9m +9m"
    page.locator("#notation").fill(hand)
    page.locator("#source").select_option("2")  # West's discard
    scored(page)
    expect(page.locator(".payments li")).to_have_count(3)
    code, out = run("score", "--rules", "hongkong", "--json", hand)
    assert code == 0 and total(page) == str(json.loads(out)["total"])
    code, out = run(
        "settle",
        "--rules",
        "hongkong",
        "--winner",
        "E",
        "--discarder",
        "W",
        "--scores",
        f"E={json.loads(out)['total']},S=0,W=0,N=0",
        "--json",
    )
    net = json.loads(out)["net"]
    assert changes(page) == [net[seat] for seat in "ESWN"]
    expect(page.locator(".payments")).to_contain_text("the discarder pays double")
    shot(page, "hongkong")

    choose_rules(page, "american")
    page.get_by_role("button", name="Clear").click()
    tap(page, "Exposure (tap each tile)", "7 of bamboo", "7 of bamboo", "Joker")
    tap(
        page,
        "Concealed tile",
        "Flower 1",
        "Flower 2",
        "Flower 3",
        "Flower 4",
        "North wind",
        "North wind",
        "North wind",
        "North wind",
        "Green dragon",
        "Joker",
    )
    tap(page, "Winning tile", "Green dragon")
    american = "[77sJ] 44446z 1234f J +6z"
    expect(page.locator("#notation")).to_have_value(american)
    page.locator("#source").select_option("wall")
    scored(page)
    expect(page.locator(".payments li")).to_have_count(3)
    code, out = run("score", "--rules", "american", "--self-drawn", "--json", american)
    data = json.loads(out)
    assert code == 0 and total(page) == str(data["pays"])
    expect(page.locator(".scored")).to_contain_text(f"Line {data['line']}")
    expect(page.locator(".scored")).to_contain_text(data["section"])
    code, out = run(
        "settle",
        "--rules",
        "american",
        "--winner",
        "E",
        "--self-drawn",
        "--hand",
        f"E={american}",
        "--json",
    )
    net = json.loads(out.splitlines()[-1])["net"]
    assert changes(page) == [net[seat] for seat in "ESWN"]
    expect(page.locator(".payments")).to_contain_text("self-picked: all pay double")
    shot(page, "american")


OWN_CARD = """title: a card of our club
section: pairs
P1 NN EE 11a 11b 11c 99a 99b ; C 50
K1 111a 222a 333a 444a 55a ; X 30
"""
"""A card of the players' own in the card language (docs/card.md)."""


def test_an_american_hand_on_your_own_card_scores_as_the_command(
    page: Page, tmp_path: Path
) -> None:
    choose_rules(page, "american")
    page.get_by_label("My own card").check()
    page.get_by_label("The card, in the card language").fill(OWN_CARD)
    hand = "1199m 119p 11s 1144z +9p"
    page.locator("#notation").fill(hand)
    page.locator("#source").select_option("wall")
    scored(page)
    card = tmp_path / "own.card"
    card.write_text(OWN_CARD)
    code, out = run(
        "score", "--rules", "american", "--card", str(card), "--self-drawn", "--json", hand
    )
    data = json.loads(out)
    assert code == 0 and data["line"] == "P1" and data["jokerless"]
    assert total(page) == str(data["pays"])
    result = page.locator(".scored")
    expect(result).to_contain_text("Line P1")
    expect(result).to_contain_text(data["section"])
    expect(result).to_contain_text(f"yes: doubled to {data['pays']}")
    code, out = run(
        "settle",
        "--rules",
        "american",
        "--card",
        str(card),
        "--winner",
        "E",
        "--self-drawn",
        "--hand",
        f"E={hand}",
        "--json",
    )
    net = json.loads(out.splitlines()[-1])["net"]
    assert code == 0 and changes(page) == [net[seat] for seat in "ESWN"]
    expect(page.locator(".payments")).to_contain_text("jokerless doubles")
    # The sample card has no such line; a card that does not read is refused by its line.
    page.get_by_label("The sample card").check()
    scored(page)
    expect(page.locator(".scored")).to_contain_text("Completes no line of the card")
    page.get_by_label("My own card").check()
    page.get_by_label("The card, in the card language").fill("title: x\nbogus")
    expect(page.locator("#card-error")).to_contain_text("card: line")


def test_how_it_was_won_and_the_prevailing_wind_move_the_score_and_the_evening(
    page: Page,
) -> None:
    page.on("dialog", lambda dialog: dialog.accept())
    choose_rules(page, "hongkong")
    hand = "123m 456m 789m 111z 9m +9m"
    page.locator("#notation").fill(hand)
    page.locator("#source").select_option("wall")
    page.get_by_label("Last tile of the wall").check()
    code, out = run("score", "--rules", "hongkong", "--self-drawn", "--last-tile", "--json", hand)
    assert code == 0 and total(page) == str(json.loads(out)["total"])
    expect(page.locator(".scored .sheet")).to_contain_text("Last draw from the wall")
    points = json.loads(out)["total"]
    expect(page.locator(".scored .sheet tfoot")).to_contain_text(
        re.compile(rf"\d+ faan; faan to points: \d+ faan = {points} points")
    )
    # Four hands won by South: the deal passes each time, and after four passes the
    # prevailing wind moves on to South.
    choose_rules(page, "classical")
    name_players(page, "Chuck", "Andy", "Brett", "Dave")
    for _ in range(4):
        expect(page.locator("#prevailing-wind")).to_have_value("0")
        page.locator("#seat-wind").select_option("1")
        page.locator("#notation").fill(SOUTH_32)
        scored(page)
        page.get_by_role("button", name="Add to the evening").click()
    expect(page.locator("#evening tbody tr")).to_have_count(4)
    expect(page.locator("#evening-now")).to_contain_text("South round")
    expect(page.locator("#prevailing-wind")).to_have_value("1")
    expect(page.locator("#evening-now")).to_contain_text("Chuck is East")


def test_a_chow_and_a_concealed_kong_tapped_in(page: Page) -> None:
    choose_rules(page, "classical")
    tap(page, "Concealed kong", "9 of dots")
    tap(page, "Exposed chow", "1 of bamboo")
    tap(page, "Concealed tile", "4 of characters", "5 of characters", "6 of characters")
    tap(page, "Concealed tile", "7 of characters", "8 of characters", "9 of characters")
    tap(page, "Concealed tile", "Red dragon")
    tap(page, "Winning tile", "Red dragon")
    hand = "{9999p} [123s] 456789m 7z +7z"
    expect(page.locator("#notation")).to_have_value(hand)
    assert int(total(page)) == library_score("classical", hand)["total"]
    expect(page.locator(".scored .sheet")).to_contain_text("Concealed kong")


def test_a_hand_over_the_limit_says_so(page: Page) -> None:
    choose_rules(page, "classical")
    hand = "{5555z} {6666z} {1111m} 999p 2z +2z"
    page.locator("#notation").fill(hand)
    code, out = run("score", "--rules", "classical", "--json", hand)
    assert code == 0 and total(page) == str(json.loads(out)["total"]) == "500"
    sheet = page.locator(".scored")
    expect(sheet.locator("tfoot")).to_contain_text("126 points x 2^4 = 2016, limit 500")
    expect(sheet).to_contain_text("The limit: 500 points — the limit applies to this hand")


def test_on_a_phone_a_bar_leads_from_the_palette_to_the_score(page: Page) -> None:
    choose_rules(page, "classical")
    bar = page.locator("#score-bar")
    page.locator("#notation").fill(SEED_000)
    expect(page.locator(".scored .sheet .total")).to_have_text("100")
    if page.size == "desktop":  # type: ignore[attr-defined]
        expect(bar).to_be_hidden()  # two columns: the score is beside the hand
        return
    page.evaluate("window.scrollTo(0, 0)")
    expect(bar).to_have_text("Mah Jongg: 100 — the score sheet ↓")
    expect(bar).to_be_in_viewport()
    bar.click()
    expect(page.locator(".scored .sheet .total")).to_be_in_viewport()
    expect(bar).to_be_hidden()  # the sheet is in sight
    page.locator("#notation").fill("[555z] [1111m] 444p 23s 7z 8f +4s")
    expect(page.locator("#notation-error")).not_to_be_empty()
    page.evaluate("window.scrollTo(0, 0)")
    expect(bar).to_be_hidden()  # no score to lead to


def test_a_wrong_tile_count_is_refused_with_its_message(page: Page) -> None:
    choose_rules(page, "classical")
    hand = "[555z] [1111m] 444p 23s 7z 8f +4s"
    page.locator("#notation").fill(hand)
    with pytest.raises(CalculatorError) as refused:
        library_score("classical", hand)
    error = page.locator("#notation-error")
    expect(error).to_contain_text(str(refused.value))
    _, _, stderr = cli_streams("score", hand)
    assert stderr == f"error: {refused.value}\n"
    # The caret stands under the column the message names.
    column = int(str(refused.value).split("at column ")[1].split(":")[0])
    assert error.locator(".caret").inner_text().splitlines() == [hand, " " * (column - 1) + "^"]
    expect(page.locator("#notation")).to_have_attribute("aria-invalid", "true")
    expect(page.get_by_role("button", name="Add to the evening")).to_be_disabled()
    shot(page, "wrong-count")


def test_an_evening_of_three_hands_exports_a_csv_that_adds_up(page: Page) -> None:
    page.on("dialog", lambda dialog: dialog.accept())
    choose_rules(page, "classical")
    play_three_hands(page)
    with page.expect_download() as download:
        page.get_by_role("button", name="Export CSV").click()
    rows = list(csv.reader(io.StringIO(Path(download.value.path()).read_text())))
    names = ["Chuck", "Andy", "Brett", "Dave"]
    header, *hands, last = rows
    assert header[5:] == [f"{n} change" for n in names] + [f"{n} total" for n in names]
    running = [1000] * 4
    for row in hands:
        change = [int(n) for n in row[5:9]]
        assert sum(change) == 0
        running = [a + b for a, b in zip(running, change, strict=True)]
        assert [int(n) for n in row[9:13]] == running
    assert len(hands) == 3 and last[0] == "total" and [int(n) for n in last[9:]] == running
    assert [int(t) for t in page.locator("#evening tfoot td").all_inner_texts()] == running
    # The deal moved on by the rule set: South won (the deal passes), then a wall game.
    rules = RULES["classical"]
    second = names[1]
    third = second if not rules.rotate_on_draw else names[2]
    assert [row[2] for row in hands] == [names[0], second, third]
    shot(page, "evening")


def test_the_record_of_the_evening_reads_back_and_scores_as_the_library(page: Page) -> None:
    page.on("dialog", lambda dialog: dialog.accept())
    choose_rules(page, "classical")
    play_three_hands(page)
    with page.expect_download() as download:
        page.get_by_role("button", name="Export record").click()
    text = Path(download.value.path()).read_text()
    record = json.loads(text)
    assert (record["format"], record["version"]) == ("fourwinds-scored-hands", 1)
    rules = get_rules(record["rules"], **record["options"])
    calculator = family_of(rules).calculator
    for hand in record["hands"]:
        if hand["winner"] is None:
            assert hand["payments"] == [] and hand["net"] == [0, 0, 0, 0]
            continue
        how = HowWon(**hand["how"])
        assert (
            calculator.score(rules, hand["hand"], how).data["total"]
            == (hand["values"][hand["winner"]])
        )
        values = dict(enumerate(hand["values"]))
        report = HandReport(hand["winner"], hand["discarder"], hand["self_drawn"], values, {})
        assert calculator.settle(rules, report).settlement.net == hand["net"]
    before = page.locator("#evening").inner_text()
    page.get_by_role("button", name="New evening").click()
    expect(page.locator("#evening tbody tr")).to_have_count(0)
    page.locator("#import-record").set_input_files(download.value.path())
    expect(page.locator("#evening tbody tr")).to_have_count(3)
    assert page.locator("#evening").inner_text() == before
    with page.expect_download() as again:
        page.get_by_role("button", name="Export record").click()
    assert json.loads(Path(again.value.path()).read_text()) == record
    # A file that is no such record is refused, and the sheet stays.
    broken = dict(record, hands=[dict(record["hands"][0], net=[1, 0, 0, 0])])
    page.locator("#import-record").set_input_files(
        files=[
            {
                "name": "bad.json",
                "mimeType": "application/json",
                "buffer": json.dumps(broken).encode(),
            }
        ]
    )
    expect(page.locator("#evening-error")).to_contain_text("net is not its payments")
    expect(page.locator("#evening tbody tr")).to_have_count(3)


def test_offline_the_page_and_the_evening_still_open(page: Page) -> None:
    choose_rules(page, "classical")
    name_players(page, "Chuck", "Andy", "Brett", "Dave")
    enter_seed_000_payment(page)
    page.get_by_role("button", name="Add to the evening").click()
    expect(page.locator("#notation")).to_have_value("")
    page.locator("#notation").fill(SOUTH_32)
    page.evaluate("navigator.serviceWorker.ready.then(() => true)")
    page.wait_for_function("navigator.serviceWorker.controller !== null")
    page.context.set_offline(True)
    try:
        page.reload()
        expect(page.locator("#evening tfoot td").first).to_have_text("920")
        expect(page.locator("#notation")).to_have_value(SOUTH_32)
        page.locator("#notation").fill(SEED_000)
        expect(page.locator("#result-error")).to_contain_text("The server cannot be reached")
        expect(page.locator("#link-status")).to_have_text("offline")
        shot(page, "offline")
    finally:
        page.context.set_offline(False)


def test_axe_finds_no_serious_violations(page: Page) -> None:
    choose_rules(page, "classical")
    name_players(page, "Chuck", "Andy", "Brett", "Dave")
    enter_seed_000_payment(page)
    page.get_by_role("button", name="Add to the evening").click()
    page.locator("#notation").fill("[555z] [1111m] 444p 23s 7z 8f +4s")
    expect(page.locator("#notation-error")).not_to_be_empty()
    results = Axe().run(page)
    serious = [v for v in results.response["violations"] if v["impact"] in ("serious", "critical")]
    assert serious == [], results.generate_report()


def play_three_hands(page: Page) -> None:
    """Seed 000's payment (South wins), a wall game, then the 100-point hand won by West off
    North's discard, East's hand scored beside it."""
    name_players(page, "Chuck", "Andy", "Brett", "Dave")
    enter_seed_000_payment(page)
    page.get_by_role("button", name="Add to the evening").click()
    page.get_by_role("button", name="Wall game").click()
    expect(page.locator("#evening tbody tr")).to_have_count(2)
    page.locator("#seat-wind").select_option("2")
    page.locator("#notation").fill(SEED_000)
    page.locator("#source").select_option("3")
    page.locator("[data-seat='0']").fill("234m 567p 12378s 22z")
    page.locator("[data-seat='1']").fill("4")
    page.locator("[data-seat='3']").fill("")
    scored(page)
    expect(page.locator(".payments li")).to_have_count(5)
    page.get_by_role("button", name="Add to the evening").click()
    expect(page.locator("#evening tbody tr")).to_have_count(3)


def changes(page: Page) -> list[int]:
    scored(page)
    return [int(t) for t in page.locator(".net td").all_inner_texts()]


def run(*args: str) -> tuple[int, str]:
    result = CliRunner().invoke(main, list(args))
    return result.exit_code, result.stdout


def cli_streams(*args: str) -> tuple[int, str, str]:
    result = CliRunner().invoke(main, list(args))
    return result.exit_code, result.stdout, result.stderr
