"""1,000 seeded American games (issue 5 "Proof"): no tile is lost or made, hands keep their
size, jokers stand only in sets (never in a single, a pair or a mixed block; never passed, never
called from a discard), every action taken was legal, a refused action changes nothing, no view
shows a hidden tile, each record replays to the identical final state, and the counts the
deal keeps as it plays equal their plain definitions.

Most games are played by random bots (they call recklessly, so dead hands are common); one in
eight by card bots, which win most hands; some with three players or with Mah Jongg in error."""

from __future__ import annotations

import copy
import random

import pytest

from fourwinds.american.actions import EXCHANGE, AmericanAction
from fourwinds.american.bots import make_american_bot
from fourwinds.american.card import FLOWER, JOKERS, sample_card
from fourwinds.american.deal import AmericanDeal
from fourwinds.american.hand import AmericanHand, kind
from fourwinds.american.matcher import unseen_supply
from fourwinds.american.view import AmericanView
from fourwinds.engine.actions import IllegalAction
from fourwinds.engine.match import hand_seed
from fourwinds.record import deal_record, replay
from fourwinds.rules import AMERICAN_TILES, get_rules
from fourwinds.tiles import JOKER, KINDS

GAMES = 1000
CHUNKS = 4
WRONG = [
    AmericanAction.parse(text)
    for text in (
        "discard 5m",
        "discard J",
        "win",
        "pass",
        "vote yes",
        "courtesy 3",
        "pass-tiles 1m2m3m",
        "pass-tiles 1mJ5z",
        "pass-tiles blind 3",
        "call [555m]",
        "call [5mJJ]",
        "exchange 5m 2",
    )
]


def fingerprint(deal: AmericanDeal) -> object:
    return (
        [(s.concealed[:], s.exposures[:], s.discards[:], s.claimed[:], s.dead) for s in deal.seats],
        [stack[:] for stack in deal.wall.stacks],
        deal.phase,
        deal.stage,
        deal.current,
        deal.discard,
        dict(deal.choices),
        len(deal.history),
        deal.result,
    )


def check_sizes(deal: AmericanDeal) -> None:
    for seat, state in enumerate(deal.seats):
        size = state.tile_count() + sum(e.size for e in state.exposures)
        if not state.present:
            assert size == 0
        elif state.dead:
            assert size in (13, 14)
        else:
            holding = (
                seat == 0
                if deal.phase == "charleston"
                else (deal.phase == "turn" and seat == deal.current)
            )
            assert size == (14 if holding else 13), (seat, size, deal.phase)


def check_exposures(deal: AmericanDeal) -> None:
    """An exposure is 3 to 6 alike tiles with at least one natural; jokers only there."""
    for state in deal.seats:
        for exposure in state.exposures:
            assert exposure.naturals and 3 <= exposure.size <= 6
            assert len({kind(t) for t in exposure.naturals}) == 1 and JOKER not in exposure.naturals


def check_kept_counts(deal: AmericanDeal) -> None:
    """What the deal keeps up to date as it plays equals its plain definition: the tiles no
    seat sees on the table, the jokers thrown away and those exposed, the exposures as keys,
    the kinds each seat watches (``check_watch``), and the candidates for Mah Jongg of each
    seat that has them."""
    seats = deal.seats
    shown = [t for state in seats for e in state.exposures for t in e.naturals]
    thrown = [
        t for s in seats for t, claimed in zip(s.discards, s.claimed, strict=True) if not claimed
    ]
    assert deal.out_of_sight() == unseen_supply(shown + thrown)
    assert deal._jokers_gone == sum(state.discards.count(JOKER) for state in seats)
    offers = [action for natural, action in deal._exchange_offers if action.tiles == (natural,)]
    assert len(set(offers)) == len(offers) == len(deal._exchange_offers)
    assert set(offers) == {
        AmericanAction(EXCHANGE, (natural,), owner)
        for owner, state in enumerate(seats)
        for e in state.exposures
        if e.jokers
        for natural in (range(FLOWER, JOKER) if e.tile == FLOWER else (e.tile,))
    }
    for seat, state in enumerate(seats):
        assert state.keys == tuple((e.tile, e.size) for e in state.exposures)
        check_watch(deal, seat)
        candidates = deal._candidates[seat]
        assert candidates is None or candidates == deal.matcher.candidates(state.holding())


def check_watch(deal: AmericanDeal, seat: int) -> None:
    """A live seat with exposures watches the kinds of an instance around them that can still be
    made from what is out of sight: until one of them comes into sight it cannot die."""
    state = deal.seats[seat]
    if not state.playing() or not state.keys:
        return
    own_jokers = sum(e.jokers for e in state.exposures)
    jokers = JOKERS - deal.jokers_gone() - own_jokers
    unseen = deal.out_of_sight()
    watched = [n if state.watch >> tile & 1 else 0 for tile, n in enumerate(unseen)]
    assert deal.matcher.viable(state.keys, watched, jokers)


def check_winner(deal: AmericanDeal) -> None:
    """Independently of the matcher: the winning hand can be laid out as an instance of the
    winning line with jokers only in its sets and each exposure as one of its sets."""
    result = deal.result
    assert result is not None and result.winner is not None and result.line is not None
    hand: AmericanHand = result.hands[result.winner]
    line = deal.card.line(result.line)
    concealed = [kind(t) if t != JOKER else JOKER for t in hand.concealed_tiles()]
    exposed = sorted((e.tile, e.size) for e in hand.exposures)
    for variant in line.variants:
        for instance in variant.instances():
            if layout(instance, list(concealed), list(exposed), line.concealed):
                return
    raise AssertionError(f"{hand} cannot be laid out as {line}")


def layout(
    instance: tuple[tuple[tuple[int, ...], bool], ...],
    concealed: list[int],
    exposed: list[tuple[int, int]],
    concealed_line: bool,
) -> bool:
    if concealed_line and exposed:
        return False
    sets = []
    for tiles, is_set in instance:
        if is_set and (tiles[0], len(tiles)) in exposed:
            exposed.remove((tiles[0], len(tiles)))
        elif is_set:
            sets.append(tiles)
        else:  # singles, pairs and blocks: naturals only
            for tile in tiles:
                if tile not in concealed:
                    return False
                concealed.remove(tile)
    for tiles in sets:
        for tile in tiles:
            if tile in concealed:
                concealed.remove(tile)
            elif JOKER in concealed:
                concealed.remove(JOKER)
            else:
                return False
    return not concealed and not exposed


def check_view_hides(deal: AmericanDeal, rng: random.Random) -> None:
    """Swap a hidden tile of another seat with a tile in the wall: the viewer sees no change."""
    viewer = rng.randrange(4)
    before = AmericanView(deal, viewer).to_json()
    other = copy.deepcopy(deal)
    hidden = [s for s in range(4) if s != viewer and other.seats[s].tile_count()]
    stacks = [st for st in other.wall.stacks if st]
    if not hidden or not stacks:
        return
    state = other.seats[rng.choice(hidden)]
    tile = rng.choice(state.tiles())
    stack = rng.choice(stacks)
    level = rng.randrange(len(stack))
    if stack[level] == tile:
        return
    state.concealed[tile] -= 1
    state.concealed[stack[level]] += 1
    stack[level] = tile
    other.recount()
    other.choices = {seat: AmericanAction("pass-tiles") for seat in other.choices}
    assert AmericanView(other, viewer).to_json() == before


def check_refusal(deal: AmericanDeal, rng: random.Random) -> None:
    seat = rng.randrange(4)
    legal = deal.legal_actions(seat)
    wrong = [a for a in WRONG if a not in legal]
    before = fingerprint(deal)
    with pytest.raises(IllegalAction):
        deal.apply(seat, rng.choice(wrong))
    assert fingerprint(deal) == before


def card_bots(number: int) -> bool:
    """One game in eight, spread evenly over the chunks."""
    return number // CHUNKS % 8 == 0


def play_checked(number: int) -> AmericanDeal:
    seed = hand_seed(4321, number)
    options: dict[str, object] = {}
    if number % 10 == 3:
        options["players"] = 3
    if number % 10 == 7:
        options["mahjong_in_error"] = True
    deal = AmericanDeal(get_rules("american", **options), seed)
    bot = "greedy" if card_bots(number) else "random"
    bots = [make_american_bot(bot, seed + seat) for seat in range(4)]
    views = [AmericanView(deal, seat) for seat in range(4)]
    rng = random.Random(seed)
    spot_checks = {rng.randrange(150) for _ in range(2)}
    step = 0
    while deal.result is None:
        assert deal.counts_by_kind() == list(AMERICAN_TILES)
        check_sizes(deal)
        if step in spot_checks:
            check_refusal(deal, rng)
            if number % 4 == 1:
                check_view_hides(deal, rng)
        seat = deal.to_move()[0]
        action = bots[seat].choose(views[seat])
        assert action in deal.legal_actions(seat)
        assert action.kind != "pass-tiles" or JOKER not in action.tiles
        deal.apply(seat, action)
        check_exposures(deal)
        check_kept_counts(deal)
        step += 1
    assert deal.counts_by_kind() == list(AMERICAN_TILES)
    if deal.result.winner is not None:
        check_winner(deal)
        assert deal.result.settlement is not None and sum(deal.result.settlement.net) == 0
    else:
        assert deal.result.settlement is None
    assert all(AmericanView(deal, seat).seed == seed for seat in range(4))
    (replayed,) = replay(deal_record(deal))
    assert isinstance(replayed, AmericanDeal)
    assert fingerprint(replayed) == fingerprint(deal)
    return deal


@pytest.mark.parametrize("chunk", range(CHUNKS))
def test_seeded_games(chunk: int) -> None:
    wins = dead = card_games = 0
    for number in range(chunk, GAMES, CHUNKS):
        deal = play_checked(number)
        assert deal.result is not None
        wins += deal.result.winner is not None and card_bots(number)
        card_games += card_bots(number)
        dead += sum(bool(reason) for reason in deal.result.dead)
    assert wins > card_games // 2  # card bots finish most hands
    assert dead > 0


def test_views_hold_no_seed_and_no_other_hand_before_the_end() -> None:
    deal = AmericanDeal(get_rules("american"), 5)
    for seat in range(4):
        data = AmericanView(deal, seat).to_json()
        assert data["seed"] is None
        assert data["hand"] and all(isinstance(s["concealed"], int) for s in data["seats"])
    assert kind(JOKER - 1) != JOKER and KINDS == JOKER + 1 and sample_card().lines
