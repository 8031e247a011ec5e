"""The single-seat Gymnasium environment (fourwinds.rl.single): Gymnasium's checker, bots by
name, import path or factory in the other seats, rewards that are the learner's payments, and
the vector of environments over processes."""

from __future__ import annotations

import gymnasium
import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env

from fourwinds.bots.random_bot import RandomBot
from fourwinds.family import family_of
from fourwinds.rl.single import SingleSeatEnv


@pytest.mark.parametrize(
    ("name", "seat"), [("hongkong", 0), ("classical", None), ("beginner", 2), ("american", 1)]
)
def test_gymnasium_checker(name: str, seat: int | None) -> None:
    check_env(SingleSeatEnv(rules=name, seat=seat))


def play(env: SingleSeatEnv, seed: int) -> float:
    observation, _ = env.reset(seed=seed)
    rng = np.random.default_rng(seed)
    total, over = 0.0, False
    while not over:
        action = rng.choice(np.flatnonzero(observation["action_mask"]))
        observation, reward, over, truncated, info = env.step(action)
        assert not truncated and "illegal" not in info
        total += reward
    return total


@pytest.mark.parametrize("opponents", ["greedy", "fourwinds.bots.strong:StrongBot", RandomBot])
def test_the_reward_is_the_learners_payment(opponents: object) -> None:
    env = SingleSeatEnv(rules="classical", seat=None, opponents=opponents)  # type: ignore[arg-type]
    paid = 0
    for seed in range(12):
        total = play(env, seed)
        deal = env.table.deal
        settlement = family_of(deal.rules).settlement(deal)
        learner = env._learner
        assert total == (0.0 if settlement is None else float(settlement.net[learner]))
        paid += settlement is not None
    assert paid


def test_bots_see_only_their_seat() -> None:
    """Each bot is asked with its own seat's view."""
    seen: list[tuple[int, int]] = []

    class Watching(RandomBot):
        def choose(self, view):  # type: ignore[no-untyped-def]
            seen.append((view.seat, env.table.seat_of[env.table.agent_selection]))
            return super().choose(view)

    env = SingleSeatEnv(rules="classical", opponents=Watching, seat=1)
    play(env, 3)
    assert seen and all(mine == moving for mine, moving in seen)
    assert {seat for seat, _ in seen} == {0, 2, 3}


def test_an_illegal_action_ends_the_hand() -> None:
    env = SingleSeatEnv(rules="hongkong", illegal_reward=-10)
    observation, _ = env.reset(seed=1)
    illegal = int(np.flatnonzero(observation["action_mask"] == 0)[0])
    _, reward, over, _, info = env.step(illegal)
    assert (reward, over) == (-10, True)
    name = env.table.encoding.names[illegal]
    assert info["illegal"] == f"action {illegal} ({name}): {name}: that tile is not in the hand"


def test_bad_arguments_are_refused() -> None:
    with pytest.raises(ValueError, match="3 opponents are needed, not 2"):
        SingleSeatEnv(opponents=["greedy", "random"])
    with pytest.raises(ValueError, match="seat must be 0 to 2"):
        SingleSeatEnv(rules="american", options={"players": 3}, seat=3)


def make() -> SingleSeatEnv:
    return SingleSeatEnv(rules="hongkong", opponents="random")


def test_vector_of_environments_over_processes() -> None:
    """Gymnasium's AsyncVectorEnv runs one environment in each process."""
    envs = gymnasium.vector.AsyncVectorEnv([make, make])
    try:
        observations, _ = envs.reset(seed=[1, 2])
        assert observations["observation"].shape[0] == 2
        for _ in range(30):
            # a finished hand's mask is empty: its next action is ignored, as it is reset
            masks = observations["action_mask"]
            actions = np.array([np.argmax(mask) for mask in masks])
            observations, rewards, _, _, _ = envs.step(actions)
            assert rewards.shape == (2,)
    finally:
        envs.close()
