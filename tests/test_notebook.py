"""The notebook face (fourwinds.tile_art): hands, melds, views and score sheets draw themselves
as SVG and HTML from the very drawings the web app draws its tiles from (web/js/tiles.json), and
a view's drawing holds no tile its seat may not see."""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterator
from pathlib import Path

import pytest
import test_web_browser
from playwright.sync_api import Browser, BrowserContext

from fourwinds import AmericanHand, Hand, deal
from fourwinds.family import family_of
from fourwinds.hand import Context
from fourwinds.rules import get_rules
from fourwinds.scoring import score
from fourwinds.tile_art import _element, faces, tile_label, tiles_svg
from fourwinds.tiles import KINDS, format_tiles, parse_tiles, tile_name

server = test_web_browser.server  # the fixtures: a server started for the module, and Chromium
browser = test_web_browser.browser
WEB = Path(__file__).resolve().parents[1] / "src" / "fourwinds" / "web" / "js"
LABEL = re.compile(r'aria-label="([^"]+)"')


def labels(svg: str) -> list[str]:
    return LABEL.findall(svg)


def test_every_tile_and_the_back_have_a_drawing() -> None:
    assert set(faces()) == {tile_name(tile) for tile in range(KINDS)} | {"back"}
    for tile in range(KINDS):
        drawn = tiles_svg([[tile]])
        assert "".join(map(_element, faces()[tile_name(tile)])) in drawn


def test_the_pages_draw_from_the_same_file() -> None:
    """tiles.js keeps no drawing of its own: it reads tiles.json beside it."""
    script = (WEB / "tiles.js").read_text()
    assert 'fetch(new URL("./tiles.json", import.meta.url))' in script
    assert "circle" not in script and "M13 42" not in script


@pytest.fixture
def page_context(browser: Browser) -> Iterator[BrowserContext]:
    context = browser.new_context(viewport={"width": 1200, "height": 860})
    yield context
    context.close()


def test_the_browser_draws_each_tile_from_the_file(
    page_context: BrowserContext, server: str
) -> None:
    """In the lobby, every tile the page drew is the file's drawing, element for element."""
    page = page_context.new_page()
    page.goto(server + "/")
    page.wait_for_selector(".tile[data-tile] svg")
    drawn = page.evaluate(
        """() => {
          const data = (node) => {
            const attrs = {};
            for (const a of node.attributes) attrs[a.name] = a.value;
            const kids = [...node.children];
            if (kids.length) return [node.tagName, attrs, kids.map(data)];
            const text = node.textContent;
            return text ? [node.tagName, attrs, text] : [node.tagName, attrs];
          };
          return [...document.querySelectorAll(".tile[data-tile]")].map(
            (tile) => [tile.dataset.tile, [...tile.querySelector("svg").children].map(data)]);
        }"""
    )
    assert drawn
    for tile, elements in drawn:
        assert elements == faces()[tile]


def test_a_hand_draws_its_melds_tiles_bonus_and_winning_tile() -> None:
    hand = Hand.parse("[555z] 123m 456p 789s 1m 1f +1m")
    names = [*parse_tiles("555z123m456p789s1m1f1m")]
    assert labels(hand._repr_svg_()) == [tile_label(tile) for tile in names]
    american = AmericanHand.parse("[5JJ5m] 2m5z2m6m 1234f J +6m")
    shown = labels(american._repr_svg_())
    assert shown[:4] == ["5 of characters", "5 of characters", "Joker", "Joker"]
    assert shown[-1] == "6 of characters" and len(shown) == 14
    assert labels(hand.melds[0]._repr_svg_()) == ["White dragon"] * 3


def test_a_score_sheet_shows_each_item_and_the_total() -> None:
    hand = Hand.parse("[777z] 123m 456p 789s 1m +1m")
    sheet = score(hand, Context(0, 0, self_drawn=True), get_rules("classical"))
    html = sheet._repr_html_()
    for item in sheet.items:
        assert item.name in html
    assert f"Total: {sheet.scale.total_line(sheet)}" in html


@pytest.mark.parametrize("name", ["classical", "beginner", "american"])
def test_a_view_draws_only_what_its_seat_may_see(name: str) -> None:
    """Every tile face in a view's drawing is the seat's own or on the table (melds, bonus
    tiles, discards); the others' concealed tiles are backs, as many as they hold."""
    played = deal(name, seed=3)
    family = family_of(played.rules)
    for _ in range(40):
        if played.is_over:
            break
        seat = played.to_move()[0]
        played.apply(seat, family.bot("greedy", seat).choose(family.view(played, seat)))
    for seat in range(4):
        view = family.view(played, seat)
        state = view.to_json()
        public = list(view.hand)
        for shown in state["seats"]:
            public += [t for d in shown["discards"] for t in parse_tiles(d["tile"])]
            for meld in shown.get("melds", []):
                public += parse_tiles(meld["tiles"] or "")
            public += parse_tiles(shown.get("bonus", ""))
            for exposure in shown.get("exposures", []):
                public += AmericanHand.parse(exposure["text"]).exposures[0].tiles()
        drawn = Counter(labels(view._repr_html_()))
        backs = drawn.pop("face-down tile", 0)
        assert drawn == Counter(tile_label(tile) for tile in public), format_tiles(public)
        hidden = sum(s["concealed"] for i, s in enumerate(state["seats"]) if i != seat)
        face_down = sum(4 for s in state["seats"] for m in s.get("melds", []) if m["tiles"] is None)
        assert backs == hidden + face_down
