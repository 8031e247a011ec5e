"""The PettingZoo environment (fourwinds.rl, docs/rl.md): PettingZoo's own checks for every rule
set, rewards that are the settlement's, records that replay, refusals that change nothing, and
observations that hold nothing the seat may not see."""

from __future__ import annotations

import copy
import json
import random
from pathlib import Path
from typing import Any

import numpy as np
import pytest
from pettingzoo.test import api_test, parallel_api_test, seed_test
from pettingzoo.utils.conversions import aec_to_parallel, turn_based_aec_to_parallel

from fourwinds import rl
from fourwinds.american.actions import AmericanAction
from fourwinds.american.deal import AmericanDeal
from fourwinds.engine.actions import IllegalAction
from fourwinds.family import GameDeal, family_of
from fourwinds.record import replay
from fourwinds.rl.env import MahjongEnv
from fourwinds.rules import RULES, get_rules
from fourwinds.tiles import PLAIN_KINDS

RULE_SETS = sorted(RULES)


def random_step(env: Any, rng: np.random.Generator) -> None:
    """Step the agent to move with a random legal action (None once it is done)."""
    observation, _, terminated, truncated, _ = env.last()
    if terminated or truncated:
        env.step(None)
        return
    legal = np.flatnonzero(observation["action_mask"])
    env.step(int(rng.choice(legal)))


def play_hand(env: Any, seed: int) -> None:
    env.reset(seed=seed)
    rng = np.random.default_rng(seed)
    while env.agents:
        random_step(env, rng)


@pytest.mark.parametrize("name", RULE_SETS)
def test_pettingzoo_api(name: str) -> None:
    api_test(rl.raw_env(rules=name), num_cycles=200)
    api_test(rl.env(rules=name), num_cycles=200)


@pytest.mark.parametrize("name", ["hongkong", "american"])
def test_pettingzoo_seeds(name: str) -> None:
    seed_test(lambda: rl.raw_env(rules=name), num_cycles=200)


@pytest.mark.parametrize("name", ["classical", "american"])
def test_turn_based_parallel_conversion(name: str) -> None:
    """Turns are taken one seat at a time, so the parallel API comes from PettingZoo's
    turn-based conversion; the plain one refuses an environment that is not parallelizable."""
    parallel_api_test(turn_based_aec_to_parallel(rl.raw_env(rules=name)), num_cycles=300)
    with pytest.raises(AssertionError, match="parallelizable"):
        aec_to_parallel(rl.raw_env(rules=name))


def test_three_players_have_three_agents() -> None:
    env = rl.raw_env(rules="american", options={"players": 3})
    env.reset(seed=2)
    assert env.agents == ["seat_0", "seat_1", "seat_2"]
    api_test(env, num_cycles=100)


@pytest.mark.parametrize("name", RULE_SETS)
def test_rewards_are_the_settlement(name: str, tmp_path: Path) -> None:
    """Over a few hands played by the family's greedy bot through the environment (until one
    is paid), each agent's total reward is what the settlement pays its seat (the winner's 1
    without scoring), and the hand's record replays to the same result."""
    paid_any = False
    for seed in range(60):
        if paid_any and seed >= 6:
            break
        env = rl.raw_env(rules=name, records=tmp_path)
        env.reset(seed=seed)
        totals = dict.fromkeys(env.agents, 0.0)
        bot = env.family.bot("greedy", seed)
        while env.agents:
            agent = env.agent_selection
            _, reward, terminated, _, _ = env.last()
            totals[agent] += reward
            view = env.views[agent]
            env.step(None if terminated else env.encoding.index(bot.choose(view), view.seat))
        deal = env.unwrapped.deal
        settlement = family_of(deal.rules).settlement(deal)
        if settlement is not None:
            expected = [float(points) for points in settlement.net]
            paid_any = True
        else:
            expected = [0.0] * 4
            if not deal.rules.scoring and deal.result.winner is not None:
                expected[deal.result.winner] = 1.0
                paid_any = True
        assert [totals[agent] for agent in sorted(totals)] == expected[: len(totals)]
        record = env.record()
        assert [d.result.to_json() for d in replay(record)] == [deal.result.to_json()]
        written = json.loads((tmp_path / f"{name}-{deal.seed}.json").read_text())
        assert written == record
    assert paid_any


def test_reset_seed_plays_the_hands_of_simulate() -> None:
    """``reset(seed=s)`` deals what ``simulate --seed s`` deals first, then the hands after it."""
    from fourwinds.engine.match import hand_seed

    env = rl.raw_env(rules="classical")
    env.reset(seed=9)
    assert env.deal.seed == hand_seed(9, 0)
    env.reset()
    assert env.deal.seed == hand_seed(9, 1)
    env.reset(seed=9)
    assert env.deal.seed == hand_seed(9, 0)


def test_illegal_action_is_refused_and_changes_nothing() -> None:
    env = rl.raw_env(rules="hongkong")
    env.reset(seed=4)
    observation, *_ = env.last()
    illegal = int(np.flatnonzero(observation["action_mask"] == 0)[0])
    history = list(env.deal.history)
    with pytest.raises(IllegalAction, match=r"action \d+ \(.*\): "):
        env.step(illegal)
    with pytest.raises(IllegalAction, match="no action 227"):
        env.step(227)
    assert env.deal.history == history
    again, *_ = env.last()
    assert np.array_equal(again["observation"], observation["observation"])


def test_wrapped_env_ends_the_hand_on_an_illegal_action() -> None:
    env = rl.env(rules="hongkong", illegal_reward=-5)
    env.reset(seed=4)
    agent = env.agent_selection
    observation, *_ = env.last()
    env.step(int(np.flatnonzero(observation["action_mask"] == 0)[0]))
    assert all(env.terminations.values())
    assert env.rewards[agent] == -5


@pytest.mark.parametrize("name", ["hongkong", "beginner", "american"])
def test_mask_is_exactly_the_legal_actions(name: str) -> None:
    """Every unmasked index is a legal action and every legal action has its index unmasked."""
    env = rl.raw_env(rules=name)
    env.reset(seed=3)
    encoding = env.encoding
    rng = np.random.default_rng(3)
    while env.agents:
        agent = env.agent_selection
        if not env.terminations[agent]:
            seat = env.seat_of[agent]
            legal = env.deal.legal_actions(seat)
            mask = env.observe(agent)["action_mask"]
            indices = {encoding.index(action, seat) for action in legal}
            assert set(np.flatnonzero(mask)) == indices
            for index in indices:
                assert encoding.action(index, seat, legal) in legal
        random_step(env, rng)


@pytest.mark.parametrize("rules", ["hongkong", "american"])
def test_observation_fields_read_back(rules: str) -> None:
    env = rl.raw_env(rules=rules)
    env.reset(seed=5)
    rng = np.random.default_rng(5)
    for _ in range(40):
        random_step(env, rng)
    agent = env.agent_selection
    view = env.views[agent]
    fields = env.encoding.unpack(env.observe(agent)["observation"])
    assert list(np.repeat(np.arange(43), fields["hand"])) == list(view.hand)
    for relative in range(4):
        seat = (view.seat + relative) % 4
        discards = [(t - 1, bool(c)) for t, c in fields["discards"][relative] if t]
        assert discards == list(view.discards(seat))
        assert fields["concealed"][relative] == view.concealed_count(seat)
    assert fields["table"][0] == view.seat
    assert fields["table"][2] == view.live_left


def test_render_shows_the_seat_to_move() -> None:
    env = rl.raw_env(rules="hongkong", render_mode="ansi")
    env.reset(seed=1)
    text = env.render()
    assert "Hong Kong" in text and "East may: discard" in text
    play_hand(env, 1)
    assert "hands:" in env.render()


def test_raw_view_is_the_seats_json_view() -> None:
    env = rl.raw_env(rules="hongkong", raw_view=True)
    env.reset(seed=1)
    agent = env.agent_selection
    assert env.infos[agent]["view"] == env.views[agent].to_json()


# ---------------------------------------------------------------- nothing hidden leaks


def swap_hidden_tile(deal: GameDeal, viewer: int, rng: random.Random) -> GameDeal | None:
    """A copy of the deal in which a concealed tile of another seat and a tile of the wall have
    changed places (None when there is none to swap)."""
    other: Any = copy.deepcopy(deal)
    hidden = [s for s in range(4) if s != viewer and other.seats[s].tile_count()]
    stacks = [stack for stack in other.wall.stacks if stack]
    if not hidden or not stacks:
        return None
    state = other.seats[rng.choice(hidden)]
    tile = rng.choice([t for t, n in enumerate(state.concealed) if n])
    stack = rng.choice(stacks)
    level = rng.randrange(len(stack))
    moved = stack[level]
    if moved == tile or (len(state.concealed) == PLAIN_KINDS and moved >= PLAIN_KINDS):
        return None
    state.concealed[tile] -= 1
    state.concealed[moved] += 1
    stack[level] = tile
    if isinstance(other, AmericanDeal):
        other.recount()
        # and what the others chose to pass, still hidden while the stage is open
        other.choices = {seat: AmericanAction("pass-tiles") for seat in other.choices}
    else:
        state.waits = None
    return other


@pytest.mark.parametrize("name", ["classical", "hongkong", "beginner", "american"])
def test_observations_hold_no_hidden_tile(name: str) -> None:
    """Counterfactual over the encoded observations: swap a hidden tile of another seat with a
    tile of the wall at random moments of random hands; no seat's observation changes."""
    rng = random.Random(name)
    checked = 0
    for seed in range(8):
        env = MahjongEnv(rules=get_rules(name))
        env.reset(seed=seed)
        step_rng = np.random.default_rng(seed)
        while env.agents:
            if rng.random() < 0.2 and env.deal.result is None:
                viewer = rng.randrange(4)
                swapped = swap_hidden_tile(env.deal, viewer, rng)
                if swapped is not None:
                    family = family_of(env.rules)
                    mine = env.encoding.encode(family.view(env.deal, viewer))
                    theirs = env.encoding.encode(family.view(swapped, viewer))
                    assert np.array_equal(mine, theirs)
                    checked += 1
            random_step(env, step_rng)
    assert checked > 50
