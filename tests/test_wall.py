"""The wall, the dice, the break and the deal, per rule text."""

from __future__ import annotations

import copy
import random
from dataclasses import replace

import pytest

from fourwinds.engine.deal import Deal
from fourwinds.rules import get_rules
from fourwinds.tiles import FIRST_FLOWER, JOKER, PLAIN_KINDS, is_bonus
from fourwinds.wall import BeginnerLayout, HongKongLayout, Wall

SEEDS = range(40)


def dealt(deal: Deal, seat: int) -> list[int]:
    """The suit and honour tiles a seat was dealt (its bonus tiles are shown separately)."""
    return sorted(next(e.tiles for e in deal.events if e.kind == "deal" and e.seat == seat))


@pytest.mark.parametrize(
    ("name", "tiles", "stacks"),
    [("classical", 144, 18), ("hongkong", 144, 18), ("beginner", 136, 17)],
)
def test_tile_sets_and_walls(name: str, tiles: int, stacks: int) -> None:
    """Seed 000: 144 tiles, walls of eighteen pairs; seed 002: four walls 18 wide and 2 high;
    seed 003: 136 tiles, no bonus tiles, walls 17 tiles across and 2 high."""
    rules = get_rules(name)
    assert sum(rules.tile_counts) == tiles
    assert rules.stacks_per_wall == stacks
    assert all(rules.tile_counts[k] == 4 for k in range(PLAIN_KINDS))
    assert rules.has_bonus_tiles == (tiles == 144)
    assert rules.tile_counts[JOKER] == 0
    wall = Wall.build(rules, random.Random(1))
    assert len(wall.stacks) == 4 * stacks
    assert sum(wall.heights()) == tiles
    kinds = sorted(t for stack in wall.stacks for t in stack)
    assert kinds == sorted(k for k in range(JOKER) for _ in range(rules.tile_counts[k]))


@pytest.mark.parametrize("seed", SEEDS)
def test_classical_break(seed: int) -> None:
    """Seed 000 step two: East's two dice, counted from East as one counter-clockwise, pick the
    dealer; the dealer adds his two dice to East's and counts that many stacks from the left of
    his wall round the corner; that stack becomes the two loose tiles, laid left of the opening,
    and with the tiles to its left makes the fourteen-tile kong box."""
    wall = Wall.build(get_rules("classical"), random.Random(seed))
    east, dealer_roll = wall.break_.dice
    assert len(east) == 2 and len(dealer_roll) == 2
    assert wall.break_.dealer == (sum(east) - 1) % 4
    position = (wall.break_.dealer * 18 + sum(east) + sum(dealer_roll) - 1) % 72
    assert (wall.break_.side, wall.break_.stack) == (position // 18, position % 18 + 1)
    heights = wall.heights()
    assert heights[position] == 0  # the stack lifted for the loose tiles
    assert heights[(position - 1) % 72] == heights[(position - 2) % 72] == 3
    assert wall.replacements_left() == 14
    assert wall.live_left() == 130


def test_classical_break_worked_example() -> None:
    """Seed 000: "if the dice shows Ten ... making the South Player the Dealer ... this time
    they show a Five ... fifteen. He takes the fifteenth pair of Tiles from his left"."""
    for seed in range(2000):
        wall = Wall.build(get_rules("classical"), random.Random(seed))
        east, dealer_roll = wall.break_.dice
        if sum(east) == 10 and sum(dealer_roll) == 5:
            assert wall.break_.dealer == 1  # South
            assert (wall.break_.side, wall.break_.stack) == (1, 15)
            return
    raise AssertionError("no seed rolled 10 then 5")  # pragma: no cover


@pytest.mark.parametrize("name", ["hongkong", "beginner"])
@pytest.mark.parametrize("seed", SEEDS)
def test_three_dice_pick_the_wall(name: str, seed: int) -> None:
    """Seed 002: "East rolls 3d6; count that many seats around the table. That player counts
    that many tiles from the edge of their wall". Seed 003: counting East as one,
    counter-clockwise; "if East rolled 12, then they would break North's wall", counting stacks
    from the right side of that wall."""
    rules = get_rules(name)
    wall = Wall.build(rules, random.Random(seed))
    (dice,) = wall.break_.dice
    assert len(dice) == 3
    total = sum(dice)
    size = rules.stacks_per_wall
    position = ((total - 1) % 4 * size + size - total) % (4 * size)
    assert (wall.break_.side, wall.break_.stack) == (position // size, position % size + 1)
    if total == 12:
        assert wall.break_.side == 3


def test_hong_kong_dead_wall_is_fourteen() -> None:
    """Seed 002: "The last 14 tiles of the wall (7 columns) are the dead wall. It's always 14
    tiles long no matter how many tiles you've drawn from it"."""
    wall = Wall.build(get_rules("hongkong"), random.Random(2))
    assert wall.live_left() == 130
    wall.draw_replacement()
    assert wall.live_left() == 129  # the dead wall was refilled from the live wall
    while wall.live_left():
        wall.draw()
    assert sum(wall.heights()) == 14
    with pytest.raises(IndexError):
        wall.draw()


def test_beginner_every_tile_may_be_drawn() -> None:
    """Seed 003: a draw only when "there are no more tiles to take from the wall"."""
    wall = Wall.build(get_rules("beginner"), random.Random(4))
    taken = 0
    while wall.live_left():
        (wall.draw_replacement if taken % 9 == 0 else wall.draw)()
        taken += 1
    assert taken == 136 and sum(wall.heights()) == 0


def test_draws_take_the_top_tile_first() -> None:
    """Seed 003: "If the next stack in the wall is two tiles high, take the top tile"."""
    wall = Wall.build(get_rules("beginner"), random.Random(9))
    before = copy.deepcopy(wall.stacks)
    first = wall.draw()
    changed = [i for i, (a, b) in enumerate(zip(before, wall.stacks, strict=True)) if a != b]
    assert len(changed) == 1 and first == before[changed[0]][-1]


@pytest.mark.parametrize("name", ["classical", "hongkong", "beginner", "american"])
def test_drawing_a_few_tiles_at_once_is_drawing_them_one_by_one(name: str) -> None:
    """``draw_tiles`` (the deal) takes what as many draws would."""
    rules = get_rules(name)
    one, many = (Wall.build(rules, random.Random(5)) for _ in range(2))
    for count in (4, 4, 1, 3, 0, 2):
        assert many.draw_tiles(count) == [one.draw() for _ in range(count)]
        assert many.live_left() == one.live_left() and many.heights() == one.heights()
    with pytest.raises(IndexError):
        many.draw_tiles(many.live_left() + 1)
    assert many.heights() == one.heights()


def front_tiles(rules_name: str, seed: int, n: int) -> list[int]:
    """The first n tiles of the live wall, read from a fresh copy of the deal's wall."""
    wall = Wall.build(get_rules(rules_name), random.Random(seed))
    return [wall.draw() for _ in range(n)]


@pytest.mark.parametrize(("name", "take"), [("classical", 4), ("hongkong", 2)])
@pytest.mark.parametrize("seed", range(10))
def test_deal_order(name: str, take: int, seed: int) -> None:
    """Seed 000: "two pairs of Tiles (four total) from the right of the Break ... to the East
    Player ... until each Player has twelve Tiles. Then ... one more tile, starting with East";
    seed 002: "two tiles at a time, starting with East, until everyone has 12; then one more".
    Then East draws the next tile from the wall."""
    deal = Deal(get_rules(name), seed)
    front = front_tiles(name, seed, 53)
    expected: list[list[int]] = [[], [], [], []]
    index = 0
    for _ in range(12 // take):
        for seat in range(4):
            expected[seat] += front[index : index + take]
            index += take
    for seat in range(4):
        expected[seat].append(front[index])
        index += 1
    for seat in range(4):
        shown = [e.tile for e in deal.events if e.kind == "bonus" and e.seat == seat]
        received = [t for t in expected[seat] if not is_bonus(t)]
        assert sorted(received) == dealt(deal, seat)
        dealt_bonus = [t for t in expected[seat] if is_bonus(t)]
        assert dealt_bonus == shown[: len(dealt_bonus)]
    if is_bonus(front[52]):
        assert front[52] in [e.tile for e in deal.events if e.kind == "bonus" and e.seat == 0]
    else:
        assert [e.tile for e in deal.events if e.kind == "draw"] == [front[52]]


@pytest.mark.parametrize("seed", range(10))
def test_beginner_deal_and_easts_jump(seed: int) -> None:
    """Seed 003: four tiles at a time until each has twelve, then "East takes his two tiles,
    then South takes one, West takes one, and North takes one. After this step, east should
    have 14 tiles" — the jump: East the tops of the first and third stacks."""
    deal = Deal(get_rules("beginner"), seed)
    wall = Wall.build(get_rules("beginner"), random.Random(seed))
    stacks = copy.deepcopy(wall.stacks)
    order = []  # stack positions in deal order
    for position in wall._front:
        if position not in order:
            order.append(position)
    expected: list[list[int]] = [[], [], [], []]
    for block in range(3):
        for seat in range(4):
            for position in order[(block * 4 + seat) * 2 : (block * 4 + seat) * 2 + 2]:
                expected[seat] += stacks[position][::-1]
    a, b, c = (stacks[p] for p in order[24:27])
    expected[0] += [a[1], c[1]]
    expected[1].append(a[0])
    expected[2].append(b[1])
    expected[3].append(b[0])
    for seat in range(4):
        assert sorted(expected[seat]) == dealt(deal, seat)
    assert [deal.seats[s].tile_count() for s in range(4)] == [14, 13, 13, 13]
    assert deal.phase == "turn" and deal.current == 0 and deal.drawn is None
    assert deal.wall.draw() == c[0]  # the next draw is the bottom tile of the third stack


@pytest.mark.parametrize("seed", range(30))
def test_bonus_tiles_are_shown_and_replaced(seed: int) -> None:
    """Seed 000 step three and seed 004 rule 6: flowers and seasons are exposed and replaced
    from the loose tiles / kong box, again while the replacement is a bonus tile."""
    deal = Deal(get_rules("classical"), seed)
    shown = [e for e in deal.events if e.kind == "bonus"]
    assert deal.wall.replacements_left() == 14 - len(shown)  # one loose tile per bonus tile
    for seat in range(4):
        assert deal.seats[seat].bonus == [e.tile for e in shown if e.seat == seat]
    for seat in range(4):
        assert not any(is_bonus(t) for t in range(PLAIN_KINDS) if deal.seats[seat].concealed[t])
        assert all(FIRST_FLOWER <= t < JOKER for t in deal.seats[seat].bonus)
    sizes = [deal.seats[s].tile_count() for s in range(4)]
    assert sizes == [14, 13, 13, 13]


def test_tiles_kept_back() -> None:
    """What the table shows beside the live wall: the kong box (seed 000: 14 tiles, used up by
    loose tiles), the dead wall (seed 002: always 14 while tiles remain), none (seed 003)."""
    classical = Wall.build(get_rules("classical"), random.Random(1))
    classical.draw_replacement()
    assert classical.kept_back() == 13
    hongkong = Wall.build(get_rules("hongkong"), random.Random(1))
    hongkong.draw_replacement()
    assert hongkong.kept_back() == 14
    assert Wall.build(get_rules("beginner"), random.Random(1)).kept_back() == 0


@pytest.mark.parametrize("seed", range(5))
def test_the_rule_set_s_layout_breaks_the_wall(seed: int) -> None:
    """The layout is the rule set's object, not its name: Beginner's tiles with Hong Kong's
    layout are broken as seed 002 breaks them (the same dice and break as a Hong Kong wall of
    the same size), and keep a dead wall."""
    beginner = get_rules("beginner")
    rules = replace(beginner, wall_layout=HongKongLayout(), replacement_tiles=14)
    assert beginner.wall_layout == BeginnerLayout() != rules.wall_layout
    wall = Wall.build(rules, random.Random(seed))
    plain = Wall.build(beginner, random.Random(seed))
    assert wall.break_ == plain.break_  # three dice both: the same rolls, the same break
    assert wall.kept_back_name == "dead wall" and plain.kept_back_name is None
    assert wall.live_left() == 136 - 14
