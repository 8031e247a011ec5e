"""The strong bot: its pieces against plain definitions, legal and deterministic play, and
the arena's verdict where it is already clear (Hong Kong's minimum faan)."""

from __future__ import annotations

import itertools
import random

import pytest

from fourwinds.arena import arena
from fourwinds.bots import strong
from fourwinds.bots.strong import (
    DISCARDS_READ,
    MELDS_READ,
    PLANS,
    StrongBot,
    Table,
    collection,
    complete,
    plan_distance,
    pung_distance,
    ready_chance,
    shape_plans,
)
from fourwinds.engine.actions import CHOW, DISCARD, Action
from fourwinds.engine.deal import Deal
from fourwinds.engine.family import CLASSICAL_STYLE
from fourwinds.engine.view import View
from fourwinds.hand import Context, Hand, Meld, MeldKind
from fourwinds.rules import get_rules
from fourwinds.scoring import is_legal_win, score
from fourwinds.shapes import STANDARD, is_complete, standard_distance
from fourwinds.tiles import PLAIN_KINDS, format_tiles, parse_tile

WALL = [t for t in range(PLAIN_KINDS) for _ in range(4)]


def plain_pung_distance(counts: list[int], melds: int) -> int:
    """Every choice of the pair's kind and the pungs' kinds, the best kept."""
    best = 0
    for pair in range(PLAIN_KINDS):
        rest = sorted((min(n, 3) for k, n in enumerate(counts) if k != pair), reverse=True)
        best = max(best, min(counts[pair], 2) + sum(rest[: 4 - melds]))
    return 14 - 3 * melds - best


def random_counts(rng: random.Random, size: int) -> list[int]:
    counts = [0] * PLAIN_KINDS
    for tile in rng.sample(WALL, size):
        counts[tile] += 1
    if rng.random() < 0.5:  # crowd a kind: pungs and kongs
        kind = rng.randrange(PLAIN_KINDS)
        counts[kind] = min(4, counts[kind] + 2)
    return counts


def test_pung_distance_is_the_plain_one() -> None:
    rng = random.Random(4)
    for _ in range(5000):
        melds = rng.randrange(5)
        counts = random_counts(rng, 14 - 3 * melds - rng.randrange(2))
        assert pung_distance(counts, melds) == plain_pung_distance(counts, melds), counts


def test_a_plans_completion_is_complete_and_keeps_the_plan() -> None:
    rng = random.Random(5)
    nothing_seen = [0] * PLAIN_KINDS
    special = shape_plans(get_rules("classical-bmja").shapes) + shape_plans(
        get_rules("hongkong").shapes
    )
    for _ in range(300):
        counts = random_counts(rng, 13)
        for plan in (*PLANS, *special):
            hand = complete(plan, counts, 0, nothing_seen, range(PLAIN_KINDS))
            if hand is None:
                continue
            assert sum(hand) == 14 and max(hand) <= 4
            assert all(hand[t] == 0 for t in range(PLAIN_KINDS) if t not in plan.kinds)
            assert plan_distance(plan, hand, 0) == 0
            if plan.chows:
                assert standard_distance(hand, 0) == 0
            if plan.shape != STANDARD:
                assert is_complete(plan.shape, hand, 0)


@pytest.mark.parametrize("name", ["classical", "classical-bmja", "hongkong", "beginner"])
def test_four_strong_bots_play_legal_deterministic_hands(name: str) -> None:
    """Every choice is legal (the deal refuses anything else) and the same seed plays the same
    hand."""
    rules = get_rules(name)
    for seed in range(4):
        histories = []
        for _ in range(2):
            deal = Deal(rules, seed)
            bots = [StrongBot(seat) for seat in range(4)]
            while deal.result is None:
                seat = deal.to_move()[0]
                view = View(deal, seat)
                action = bots[seat].choose(view)
                assert action in view.legal_actions
                deal.apply(seat, action)
            histories.append(list(deal.history))
        assert histories[0] == histories[1]


def test_strong_beats_greedy_under_hong_kong_minimum() -> None:
    """Hong Kong's 3-faan minimum: greedy builds hands that may not win, strong does not."""
    report = arena(get_rules("hongkong"), ["strong", "greedy", "greedy", "greedy"], 40, seed=11)
    edge = report.to_json()["edge"]
    assert edge["low"] > 0, edge
    strong, *greedy = report.entrants
    assert strong.wins > max(other.wins for other in greedy)


def strong_turn(name: str, seed: int, turn: int) -> tuple[StrongBot, View]:
    """East's view at its ``turn``-th turn of a deal, East strong and the others greedy."""
    deal = Deal(get_rules(name), seed)
    bots = [StrongBot(0), *(CLASSICAL_STYLE.bot("greedy", seat) for seat in (1, 2, 3))]
    turns = 0
    while True:
        seat = deal.to_move()[0]
        view = View(deal, seat)
        if seat == 0 and view.phase == "turn":
            turns += 1
            if turns == turn:
                return bots[0], view
        deal.apply(seat, bots[seat].choose(view))


def test_the_docs_example_keeps_the_hand_that_pays() -> None:
    """docs/bots.md: Hong Kong deal 18, East's second turn. Greedy discards 9p, four tiles from
    a win below the minimum; strong discards 9m, four from a half flush that pays by discard."""
    bot, view = strong_turn("hongkong", 18, 2)
    assert format_tiles(view.hand) == "4446789m9p25s3447z" and view.live_left == 68
    assert bot.choose(view) == Action(DISCARD, parse_tile("9m"))
    assert CLASSICAL_STYLE.bot("greedy", 0).choose(view) == Action(DISCARD, parse_tile("9p"))


@pytest.mark.parametrize("name", ["classical", "hongkong", "beginner"])
def test_the_hint_prices_each_wait_by_the_rules(name: str) -> None:
    """The hint's waits each carry what a win on them pays: nothing exactly when the rule set
    refuses that win (Hong Kong's minimum), something for every win in Classical, no prices
    where nothing is scored."""
    rules = get_rules(name)
    priced = 0
    for seed in range(30):
        deal = Deal(rules, seed)
        bots = [StrongBot(seat) for seat in range(4)]
        while deal.result is None:
            seat = deal.to_move()[0]
            view = View(deal, seat)
            if deal.phase == "turn":
                hint = CLASSICAL_STYLE.hint(deal, seat)
                assert hint["suggestion"] in {str(action) for action in view.legal_actions}
                if not rules.scoring:
                    assert hint["wait_values"] == []
                else:
                    assert [w["tile"] for w in hint["wait_values"]] == hint["waits"]
                    for wait in hint["wait_values"]:
                        priced += 1
                        legal = _legal_after_hint(deal, seat, hint, parse_tile(wait["tile"]))
                        assert (wait["by_discard"] > 0) == legal, (hint, wait)
                        if name == "classical":
                            assert wait["by_discard"] > 0 and wait["self_drawn"] > 0
            deal.apply(seat, bots[seat].choose(view))
    assert priced or not rules.scoring


def _legal_after_hint(deal: Deal, seat: int, hint: dict[str, object], tile: int) -> bool:
    """Whether the hand the hint leaves wins legally on ``tile`` by discard (the scorer says)."""
    view = View(deal, seat)
    held = view.counts
    suggestion = hint["suggestion"]
    assert isinstance(suggestion, str)
    kind, _, text = suggestion.partition(" ")
    if kind in ("discard", "standing"):
        held[parse_tile(text)] -= 1
    standing = view.standing(seat) or kind == "standing"
    concealed = tuple(t for t in range(PLAIN_KINDS) for _ in range(held[t]))
    melds = tuple(
        Meld(MeldKind(m.kind), m.tile, m.exposed) for m in view.melds(seat) if m.tile is not None
    )
    hand = Hand(concealed, melds, tuple(view.bonus(seat)), tile)
    context = Context(seat, view.prevailing_wind, original_call=standing)
    return is_legal_win(hand, context, view.rule_set)


def test_ready_chance_grows_with_discards_and_melds() -> None:
    chances = [[ready_chance(discards, melds) for discards in range(25)] for melds in range(5)]
    for row in chances:
        assert all(0 < a < b < 1 for a, b in itertools.pairwise(row))
    for fewer, more in itertools.pairwise(chances):
        assert all(a < b for a, b in zip(fewer, more, strict=True))


def test_between_equal_discards_the_safer_goes(monkeypatch: pytest.MonkeyPatch) -> None:
    """Classical deal 139, East's ninth turn: 5p and 1s leave the same prospect. South and
    West have thrown away no bamboo in eight and nine discards, so a ready South or West likelier
    waits in bamboo, and the strong bot lets 5p go; reading nothing from the discards, it would
    throw 1s."""
    bot, view = strong_turn("classical", 139, 9)
    assert format_tiles(view.hand) == "678m5p112357s1144z"
    table = Table(view)
    pin, bamboo = parse_tile("5p"), parse_tile("1s")
    counts = list(table.counts)
    counts[pin] -= 1
    kept_bamboo = table.prospect(counts, table.melds)
    counts[pin], counts[bamboo] = counts[pin] + 1, counts[bamboo] - 1
    assert table.prospect(counts, table.melds) == kept_bamboo
    own, other, honours = DISCARDS_READ
    for seat in (1, 2):
        discards = [tile for tile, _ in view.discards(seat)]
        assert len(discards) >= 8 and not any(bamboo <= tile < bamboo + 9 for tile in discards)
        assert table.read[seat] == collection([], discards) == (other, other, own, honours)
    assert table.danger(pin) < table.danger(bamboo)
    assert bot.choose(view) == Action(DISCARD, pin)
    monkeypatch.setattr(strong, "collection", lambda faces, discards: None)
    assert Table(view).danger(bamboo) < Table(view).danger(pin)
    assert StrongBot(0).choose(view) == Action(DISCARD, bamboo)


def test_a_suit_is_read_from_melds_or_from_discards() -> None:
    """Two melds of one suit say its waits are not likelier there (its tiles are the shown
    ones); discards that keep a suit say they are; too few discards or two suits kept say
    nothing (``strong.collection``)."""
    shown = collection([("chow", 0), ("pung", 4)], [])
    assert shown == (MELDS_READ[0], MELDS_READ[1], MELDS_READ[1], MELDS_READ[2])
    assert collection([("chow", 0), ("pung", 13)], []) is None  # two suits
    kept = [0, 1, 2, 9, 10, 11, 27, 28]  # eight discards, no bamboo
    assert collection([], kept) == (DISCARDS_READ[1], DISCARDS_READ[1], *DISCARDS_READ[::2])
    assert DISCARDS_READ[0] > 1 > DISCARDS_READ[1]
    assert collection([], kept[:-1]) is None  # seven
    assert collection([], [0, 1, 2, 9, 27, 28, 29, 30]) is None  # one pin: two suits kept


def test_a_far_hand_folds_against_a_likely_ready_opponent(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Classical deal 25 with the bot folding from a 0.6 chance: at East's ninth turn South
    has three melds shown after eight discards (ready with the chance 0.61) and East is three
    tiles from a win, so it throws the safest tile, 8s (South threw one), where without folding
    it would discard for speed as the greedy bot does: 5z."""
    monkeypatch.setattr(strong, "FOLD_FAST", strong.Fold(0.6, 2))
    bot, view = strong_turn("classical", 25, 9)
    assert format_tiles(view.hand) == "689p1256789s5z"
    table = Table(view)
    assert 0.6 <= table.ready[1] == max(table.ready) and len(view.melds(1)) == 3
    assert standard_distance(table.counts, len(table.melds)) == strong.FAR
    safest = parse_tile("8s")
    assert all(table.danger(safest) < table.danger(tile) for tile in set(view.hand) - {safest})
    assert bot.choose(view) == Action(DISCARD, safest)
    monkeypatch.setattr(strong, "FOLD_FAST", strong.Fold(2.0, 2))  # never
    greedy = CLASSICAL_STYLE.bot("greedy", 0).choose(view)
    assert StrongBot(0).choose(view) == greedy == Action(DISCARD, parse_tile("5z"))


@pytest.mark.parametrize(
    ("name", "fast"),
    [
        ("classical", True),
        ("classical-dmjl", True),
        ("hongkong", False),
        ("classical-bmja", False),
        ("beginner", False),
    ],
)
def test_far_hands_discard_for_speed_where_any_hand_pays(name: str, fast: bool) -> None:
    """``strong.FAR``: only where any four sets and a pair win and pay (no minimum, chows
    allowed, wins scored) does a hand three tiles from a win play as the greedy bot does, and
    fold a little sooner (``strong.FOLD_FAST``)."""
    view = strong_turn(name, 3, 1)[1]
    table = Table(view)
    assert table.fast_when_far is fast
    assert table.fold == (strong.FOLD_FAST if fast else strong.FOLD)


def test_a_far_hand_claims_as_greedy_does() -> None:
    """``strong.FAR``: Classical deal 19, East's first claim. Holding 228m 689p 24577s 14z,
    three tiles or more from a win, East chows the 7p as the greedy bot does, 678p, where its
    plans would chow 789p."""
    deal = Deal(get_rules("classical"), 19)
    bots = [StrongBot(0), *(CLASSICAL_STYLE.bot("greedy", seat) for seat in (1, 2, 3))]
    while True:
        seat = deal.to_move()[0]
        view = View(deal, seat)
        if seat == 0 and view.phase != "turn" and len(view.legal_actions) > 1:
            break
        deal.apply(seat, bots[seat].choose(view))
    assert format_tiles(view.hand) == "228m689p24577s14z" and view.discard == parse_tile("7p")
    table = Table(view)
    assert standard_distance(table.counts, 0) >= strong.FAR
    greedy = CLASSICAL_STYLE.bot("greedy", 0).choose(view)
    assert StrongBot(0).choose(view) == greedy == Action(CHOW, parse_tile("6p"))
    assert StrongBot(0)._claim(view.legal_actions, table) == Action(CHOW, parse_tile("7p"))


def test_bmja_east_keeps_and_wins_a_triple_knitting_hand(monkeypatch: pytest.MonkeyPatch) -> None:
    """docs/bots.md: BMJA deal 9, East strong against greedy. At its first turn it keeps the
    tiles that pair across dots and bamboos (discarding 4z), where without the special-shape
    plans it would break them (5s); it wins with triple knitting, half the limit."""
    rules = get_rules("classical-bmja")
    deal = Deal(rules, 9)
    bots = [StrongBot(0), *(CLASSICAL_STYLE.bot("greedy", seat) for seat in (1, 2, 3))]
    turns = 0
    while deal.result is None:
        seat = deal.to_move()[0]
        view = View(deal, seat)
        action = bots[seat].choose(view)
        if seat == 0 and view.phase == "turn" and not turns:
            turns += 1
            assert format_tiles(view.hand) == "69m166789p13589s4z"
            assert action == Action(DISCARD, parse_tile("4z"))
            with monkeypatch.context() as plain:
                plain.setattr(strong, "shape_plans", lambda shapes: ())
                assert StrongBot(0).choose(view) == Action(DISCARD, parse_tile("5s"))
        deal.apply(seat, action)
    result = deal.result
    assert result.winner == 0 and result.context is not None
    items = [item.rule for item in score(result.hands[0], result.context, rules).items]
    assert "triple_knitting" in items
