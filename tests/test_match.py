"""A whole game: who is East, dealer rotation, the prevailing wind and the end of the game."""

from __future__ import annotations

import random

import pytest

from fourwinds.bots import make_bot
from fourwinds.engine.match import Match
from fourwinds.engine.view import View
from fourwinds.rules import get_rules


def play_hand(match: Match) -> None:
    deal = match.deal
    bots = [make_bot("greedy", seat) for seat in range(4)]
    views = [View(deal, seat) for seat in range(4)]
    while deal.result is None:
        seat = deal.to_move()[0]
        deal.apply(seat, bots[seat].choose(views[seat]))


@pytest.mark.parametrize("seed", range(60))
def test_classical_seating_by_dice(seed: int) -> None:
    """Seed 000: "Each player will roll a die. The highest number will be the East Player ... If
    there are any ties for East, then re-roll the tie"."""
    match = Match(get_rules("classical"), seed)
    contenders = [0, 1, 2, 3]
    for rolls in match.seating_rolls:
        assert len(rolls) == len(contenders)
        contenders = [p for p, r in zip(contenders, rolls, strict=True) if r == max(rolls)]
    assert contenders == [match.east]


@pytest.mark.parametrize("name", ["classical", "hongkong", "beginner"])
def test_rotation_and_rounds(name: str) -> None:
    """Seed 000: East keeps the deal while he wins, "Otherwise the Player who was the South
    Player becomes the East Player"; the prevailing wind changes once the first East is East
    again; a game is four rounds (one as an option). Seed 002: after a win the East position
    moves on, after a tie it stays. Seed 003: the dealer keeps the deal on a win, and after a
    draw "All players keep their current seat winds"."""
    rules = get_rules(name, rounds=1)
    match = Match(rules, 5)
    first_east = match.east
    seen_draw = seen_east_win = seen_other_win = False
    while not match.is_over:
        play_hand(match)
        east, wind = match.east, match.prevailing_wind
        outcome = match.next_hand()
        winner = outcome.result.winner
        if winner is None:
            seen_draw = True
            rotate = rules.rotate_on_draw
        elif winner == 0:
            seen_east_win = True
            rotate = rules.rotate_on_dealer_win
        else:
            seen_other_win = True
            rotate = True
        assert match.east == ((east + 1) % 4 if rotate else east)
        assert outcome.east == east and outcome.deal.prevailing_wind == wind
    assert match.east == first_east and match.prevailing_wind == 1
    assert match.rotations == 4
    assert (seen_east_win and seen_other_win) or seen_draw
    with pytest.raises(ValueError, match="over"):
        match.next_hand()


def test_rotation_table() -> None:
    """The rotation data of each rule set, as its seed states it."""
    assert not get_rules("classical").rotate_on_dealer_win
    assert get_rules("classical").rotate_on_draw
    assert get_rules("hongkong").rotate_on_dealer_win
    assert not get_rules("hongkong").rotate_on_draw
    assert not get_rules("beginner").rotate_on_dealer_win
    assert not get_rules("beginner").rotate_on_draw
    assert get_rules("classical").rounds == 4


def test_next_hand_needs_a_finished_hand() -> None:
    match = Match(get_rules("beginner"), 1)
    with pytest.raises(ValueError, match="still being played"):
        match.next_hand()


def test_hand_seeds_differ_and_repeat() -> None:
    a, b = Match(get_rules("classical"), 9), Match(get_rules("classical"), 9)
    assert a.deal.seed == b.deal.seed and a.east == b.east
    seeds = set()
    for _ in range(3):
        play_hand(a)
        seeds.add(a.next_hand().deal.seed)
    assert len(seeds) == 3
    assert random.Random(a.deal.seed).random() != random.Random(9).random()


@pytest.mark.parametrize("name", ["classical", "hongkong"])
def test_every_hand_is_scored_and_paid(name: str) -> None:
    """Issue 3, in play: the match scores every hand, pays, and keeps running totals; the
    payments only move points between players."""
    rules = get_rules(name, rounds=1)
    match = Match(rules, 8)
    totals = list(match.scores)
    assert totals == [rules.starting_points] * 4
    while not match.is_over:
        play_hand(match)
        outcome = match.next_hand()
        if outcome.result.winner is None:
            assert outcome.settlement is None and outcome.sheets == ()
            continue
        assert outcome.settlement is not None and len(outcome.sheets) == 4
        winner_sheet = outcome.sheets[outcome.result.winner]
        assert winner_sheet.won and winner_sheet.total > 0
        for seat, change in enumerate(outcome.settlement.net):
            totals[(outcome.east + seat) % 4] += change
        assert sum(outcome.settlement.net) == 0
        assert match.scores == totals


def test_hong_kong_ends_when_a_player_runs_out() -> None:
    """Seed 002: the game "ends immediately if any player runs out of points completely"."""
    match = Match(get_rules("hongkong"), 2)
    match.scores = [1, 1, 1, 1]
    hands = 0
    while not match.is_over:
        play_hand(match)
        match.next_hand()
        hands += 1
    assert min(match.scores) <= 0
    assert match.prevailing_wind < 4  # long before the four rounds were played
    assert match.outcomes[-1].result.winner is not None


def test_beginner_has_no_scores() -> None:
    """Seed 003 points to Hong Kong scoring and gives none of its own: a Beginner match reports
    winners and wall games only."""
    match = Match(get_rules("beginner", rounds=1), 1)
    play_hand(match)
    outcome = match.next_hand()
    assert outcome.sheets == () and outcome.settlement is None
    assert match.scores == [0, 0, 0, 0]


def test_a_game_ends_after_the_most_hands_even_mid_round(monkeypatch: pytest.MonkeyPatch) -> None:
    """``HANDS_AT_MOST`` (200) bounds a game whose deal would not pass; here made 3, fewer than
    one round's four, and the game ends after its third hand."""
    monkeypatch.setattr("fourwinds.engine.match.HANDS_AT_MOST", 3)
    match = Match(get_rules("classical", rounds=1), 5)
    while not match.is_over:
        play_hand(match)
        match.next_hand()
    assert match.hand_number == 3 and match.prevailing_wind == 0
