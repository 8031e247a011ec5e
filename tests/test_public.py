"""The public face: ``import fourwinds`` is enough, reprs read back, the README's examples run."""

from __future__ import annotations

import doctest
import re
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

import fourwinds
from fourwinds.american.deal import AmericanDeal
from fourwinds.engine.deal import Deal
from fourwinds.family import family_of
from fourwinds.hand import WINNING_SIZE
from fourwinds.scoring.settlement import WINDS
from fourwinds.tiles import format_tiles

README = Path(__file__).parent.parent / "README.md"
_BLOCK = re.compile(r"^```(\w*)\n(.*?)^```$", re.MULTILINE | re.DOTALL)


def test_every_public_name_is_there() -> None:
    namespace: dict[str, Any] = {}
    exec("from fourwinds import *", namespace)
    assert set(fourwinds.__all__) <= set(namespace)


@pytest.mark.parametrize(
    "module", ["fourwinds.engine.calculator", "fourwinds.tiles", "fourwinds.american.deal"]
)
def test_any_module_imports_first(module: str) -> None:
    """Importing the package's face must not make a cycle with whichever module comes first."""
    subprocess.run([sys.executable, "-c", f"import {module}"], check=True)


def test_deal_and_match_by_name_or_rule_set() -> None:
    beginner = fourwinds.get_rules("beginner", thirteen_orphans=True)
    by_name = fourwinds.deal("beginner", seed=3, thirteen_orphans=True)
    by_rules = fourwinds.deal(fourwinds.RULES["beginner"], seed=3, thirteen_orphans=True)
    assert by_name.rules == by_rules.rules == beginner
    assert by_name.legal_actions(0) == Deal(beginner, 3).legal_actions(0)
    assert isinstance(fourwinds.deal("american", seed=3), AmericanDeal)
    game = fourwinds.match("hongkong", seed=3)
    assert game.rules.name == "hongkong" and game.seed == 3


def _played(rules: str, seed: int) -> tuple[Any, list[Any]]:
    """A hand played by greedy bots, and every action that was legal on the way."""
    deal = fourwinds.deal(rules, seed)
    bots = [fourwinds.bot(rules, "greedy", seat) for seat in range(4)]
    views = [fourwinds.view(deal, seat) for seat in range(4)]
    seen: list[Any] = []
    while not deal.is_over:
        seat = deal.to_move()[0]
        seen += deal.legal_actions(seat)
        deal.apply(seat, bots[seat].choose(views[seat]))
    return deal, seen


def _reads_back(value: object) -> bool:
    return bool(eval(repr(value), vars(fourwinds)) == value)


@pytest.mark.parametrize("rules", ["classical", "hongkong", "beginner", "american"])
def test_actions_read_back(rules: str) -> None:
    for seed in range(4):
        _, seen = _played(rules, seed)
        assert all(_reads_back(action) for action in set(seen))


@pytest.mark.parametrize("rules", ["classical", "hongkong", "beginner"])
def test_hands_and_melds_read_back(rules: str) -> None:
    hands = []
    for seed in range(12):
        deal, _ = _played(rules, seed)
        hands += deal.result.hands
    # A loser holding a fourteenth tile is no hand the notation can write.
    written = [
        hand for hand in hands if hand.winning_tile is not None or hand.size() < WINNING_SIZE
    ]
    assert len(written) > 40
    assert all(_reads_back(hand) for hand in written)
    assert all(_reads_back(meld) for hand in hands for meld in hand.melds)
    assert _reads_back(fourwinds.Meld.parse("55z")) and _reads_back(fourwinds.Meld.parse("[55z]"))


def test_american_hands_and_exposures_read_back() -> None:
    hands = []
    for seed in range(6):
        deal, _ = _played("american", seed)
        hands += deal.result.hands
    assert all(_reads_back(hand) for hand in hands)
    assert any(hand.exposures for hand in hands)
    assert all(_reads_back(exposure) for hand in hands for exposure in hand.exposures)


@pytest.mark.parametrize("text", ["1111m", "{555z}", "[124m]", "[1f1f1f]", "[555z", "5z"])
def test_a_malformed_meld_is_refused(text: str) -> None:
    with pytest.raises(fourwinds.NotationError):
        fourwinds.Meld.parse(text)


@pytest.mark.parametrize("rules", ["classical", "american"])
def test_a_view_shows_only_what_its_seat_sees(rules: str) -> None:
    """The repr is made of the seat's own tiles and what the table knows, nothing else."""
    deal = fourwinds.deal(rules, seed=5)
    for seat in range(4):
        view: Any = family_of(deal.rules).view(deal, seat)
        text = repr(view)
        assert text.startswith(f"<{type(view).__name__} of seat {seat} ({WINDS[seat]}), {rules}, ")
        assert text.endswith(f": {format_tiles(view.hand)}>")


def test_readme_examples_pass_as_doctests() -> None:
    """Every Python example of the README is a doctest, and passes."""
    text = README.read_text()
    blocks = [m for m in _BLOCK.finditer(text) if m.group(1) == "python"]
    assert blocks and all(m.group(2).startswith(">>> ") for m in blocks)
    # Only the examples, at their own line numbers, so that a failure points into the README.
    kept = ["" for _ in text.splitlines()]
    for m in blocks:
        first = text.count("\n", 0, m.start(2))
        for offset, line in enumerate(m.group(2).splitlines()):
            kept[first + offset] = line
    test = doctest.DocTestParser().get_doctest("\n".join(kept), {}, "README.md", str(README), 0)
    runner = doctest.DocTestRunner()
    report: list[str] = []
    runner.run(test, out=report.append)
    assert runner.failures == 0, "".join(report)
