"""Thousands of seeded games per rule set and bot: no tile is lost or duplicated, hands keep
their size, every action taken was legal, no view shows a hidden tile, a refused action changes
nothing, and the record replays to the identical final state."""

from __future__ import annotations

import copy
import random

import pytest

from fourwinds.bots import make_bot
from fourwinds.engine.actions import Action, IllegalAction
from fourwinds.engine.deal import Deal
from fourwinds.engine.match import hand_seed
from fourwinds.engine.view import View
from fourwinds.record import deal_record, replay
from fourwinds.rules import get_rules
from fourwinds.tiles import JOKER, PLAIN_KINDS

GAMES = 1000
CHUNKS = 4  # split so that parallel workers share the load


def fingerprint(deal: Deal) -> object:
    return (
        [
            (s.concealed[:], list(s.melds), s.bonus[:], s.discards[:], s.claimed[:])
            for s in deal.seats
        ],
        [stack[:] for stack in deal.wall.stacks],
        deal.phase,
        deal.current,
        deal.discard,
        len(deal.history),
        deal.result,
    )


def check_sizes(deal: Deal) -> None:
    for seat, state in enumerate(deal.seats):
        size = state.tile_count() + 3 * len(state.melds)
        holding = deal.phase == "turn" and seat == deal.current
        assert size == (14 if holding else 13), (seat, size, deal.phase)


def check_view_hides(deal: Deal, rng: random.Random) -> None:
    """Counterfactual: swap a hidden tile of another seat with a tile in the wall; what the
    viewer sees must not change. Any leak of another hand or of the wall order would show."""
    viewer = rng.randrange(4)
    before = View(deal, viewer).to_json()
    other = copy.deepcopy(deal)
    hidden = [s for s in range(4) if s != viewer and other.seats[s].tile_count()]
    stacks = [st for st in other.wall.stacks if st]
    if not hidden or not stacks:
        return
    seat = rng.choice(hidden)
    held = [t for t in range(PLAIN_KINDS) if other.seats[seat].concealed[t]]
    tile = rng.choice(held)
    stack = rng.choice(stacks)
    level = rng.randrange(len(stack))
    if stack[level] >= PLAIN_KINDS or stack[level] == tile:
        return
    other.seats[seat].concealed[tile] -= 1
    other.seats[seat].concealed[stack[level]] += 1
    stack[level] = tile
    rng.shuffle(stacks)  # and the wall order
    after = View(other, viewer).to_json()
    assert before == after


def check_refusal(deal: Deal, rng: random.Random) -> None:
    seat = rng.randrange(4)
    legal = deal.legal_actions(seat)
    wrong = [Action("discard", t) for t in range(PLAIN_KINDS)] + [Action("win"), Action("pass")]
    wrong = [a for a in wrong if a not in legal]
    before = fingerprint(deal)
    with pytest.raises(IllegalAction):
        deal.apply(seat, rng.choice(wrong))
    assert fingerprint(deal) == before


def play_checked(name: str, bot: str, seed: int) -> Deal:
    rules = get_rules(name)
    deal = Deal(rules, seed)
    rng = random.Random(seed)
    bots = [make_bot(bot, seed + s) for s in range(4)]
    views = [View(deal, s) for s in range(4)]
    total = list(rules.tile_counts[:JOKER])
    spot_checks = {rng.randrange(60) for _ in range(3)}
    step = 0
    while deal.result is None:
        assert deal.counts_by_kind() == total
        check_sizes(deal)
        if step in spot_checks:
            check_view_hides(deal, rng)
            check_refusal(deal, rng)
        seat = deal.to_move()[0]
        action = bots[seat].choose(views[seat])
        assert action in deal.legal_actions(seat)
        deal.apply(seat, action)
        step += 1
    assert deal.counts_by_kind() == total
    for seat in range(4):  # the seed shows only once the hand is over
        assert View(deal, seat).seed == seed
    (replayed,) = replay(deal_record(deal))
    assert fingerprint(replayed) == fingerprint(deal)
    return deal


@pytest.mark.parametrize("chunk", range(CHUNKS))
@pytest.mark.parametrize("bot", ["random", "greedy"])
@pytest.mark.parametrize("name", ["classical", "hongkong", "beginner"])
def test_seeded_games(name: str, bot: str, chunk: int) -> None:
    wins = 0
    for number in range(chunk, GAMES, CHUNKS):
        deal = play_checked(name, bot, hand_seed(1234, number))
        wins += deal.result is not None and deal.result.winner is not None
    if bot == "greedy":  # greedy bots finish many hands, even under a minimum faan
        assert wins > GAMES // CHUNKS // 10


def test_a_view_before_the_end_holds_no_seed() -> None:
    deal = Deal(get_rules("classical"), 77)
    assert all(View(deal, seat).seed is None for seat in range(4))
    assert all(View(deal, seat).to_json()["seed"] is None for seat in range(4))


def test_private_events_are_hidden_from_other_seats() -> None:
    deal = Deal(get_rules("classical"), 5)
    for event in deal.events:
        if event.private:
            assert event.for_seat(event.seat).tiles == event.tiles
            other = (event.seat + 1) % 4
            assert event.for_seat(other).tile is None and event.for_seat(other).tiles == ()
