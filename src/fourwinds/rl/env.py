"""One hand of any rule set as a PettingZoo AEC environment: the seats are the agents.

An episode is one hand. The agent to move is the first seat the deal waits for (in a claim
window or the Charleston several are asked; they answer one after the other, and no seat's view
shows another's pending answer). Each agent observes ``{"observation": uint8 array,
"action_mask": int8 array}`` from its own view only (``fourwinds.rl.encoding``; the fields are in
docs/rl.md). When the hand ends every agent is rewarded with the points it gains or loses under
the rule set's settlement (``Family.settlement``); under a rule set without scoring the winner
gets 1. ``reset(seed=s)`` plays the hand that ``fourwinds simulate --seed s`` plays first, and
later resets without a seed the hands after it, so a run is reproduced by its first seed.
"""

from __future__ import annotations

import json
import secrets
from pathlib import Path
from typing import Any, ClassVar

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv

from fourwinds.engine.actions import IllegalAction
from fourwinds.engine.match import hand_seed
from fourwinds.family import GameDeal, family_of
from fourwinds.record import deal_record
from fourwinds.rl.encoding import Array, Encoding, Mask
from fourwinds.rl.text import table_text
from fourwinds.rules import RuleSet, get_rules

AGENTS = ("seat_0", "seat_1", "seat_2", "seat_3")
"""The agents, by seat wind: ``seat_0`` is East (who plays first), 1 South, 2 West, 3 North."""

Observation = dict[str, Array | Mask]


def rule_set(rules: str | RuleSet, options: dict[str, Any] | None = None) -> RuleSet:
    """The rules by name (with options) or as given."""
    if isinstance(rules, str):
        return get_rules(rules, **(options or {}))
    return rules.with_options(**options) if options else rules


def payments(deal: GameDeal) -> list[float]:
    """What each seat gained or lost in a finished hand: the settlement's points, or under a
    rule set without scoring 1 for the winner."""
    assert deal.result is not None
    settlement = family_of(deal.rules).settlement(deal)
    if settlement is not None:
        return [float(points) for points in settlement.net]
    won = [0.0] * len(AGENTS)
    if not deal.rules.scoring and deal.result.winner is not None:
        won[deal.result.winner] = 1.0
    return won


class MahjongEnv(AECEnv):  # type: ignore[misc]  # pettingzoo ships no type information
    """The seats of one hand under ``rules`` (a name or a RuleSet, with ``options``) as agents.

    ``raw_view``: each agent's info also holds its view as JSON (``view``), what the server sends
    the seat, when the agent is to move and once the hand is over. ``records``: a folder where
    the record of every finished hand is written (replayed by ``fourwinds replay``);
    ``record()`` returns the last one in any case.
    """

    metadata: ClassVar[dict[str, Any]] = {
        "name": "fourwinds_v0",
        "render_modes": ["human", "ansi"],
        "is_parallelizable": False,
    }

    def __init__(
        self,
        rules: str | RuleSet = "hongkong",
        options: dict[str, Any] | None = None,
        raw_view: bool = False,
        records: str | Path | None = None,
        render_mode: str | None = None,
    ) -> None:
        super().__init__()
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ValueError(f"render_mode must be one of {self.metadata['render_modes']}")
        self.rules = rule_set(rules, options)
        self.family = family_of(self.rules)
        self.encoding: Encoding[Any, Any] = self.family.encoding(self.rules)
        self.raw_view = raw_view
        self.records = None if records is None else Path(records)
        if self.records is not None:
            self.records.mkdir(parents=True, exist_ok=True)
        self.render_mode = render_mode
        self.possible_agents = list(AGENTS[: self.rules.players])
        self.seat_of = {agent: seat for seat, agent in enumerate(AGENTS)}
        self._first_seed: int | None = None
        self._hands = 0
        self.deal: GameDeal | None = None

    def observation_space(self, agent: str) -> spaces.Dict:
        return self.encoding.observation_space

    def action_space(self, agent: str) -> spaces.Discrete:
        return self.encoding.action_space

    # ---------------------------------------------------------------- the AEC interface

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        if seed is not None:
            self._first_seed, self._hands = seed, 0
        elif self._first_seed is None:
            self._first_seed, self._hands = secrets.randbits(63), 0
        assert self._first_seed is not None
        deal = self.deal = self._next_deal(self._first_seed)
        while deal.is_over:  # over as dealt (eight bonus tiles, say): no one has a move
            deal = self.deal = self._next_deal(self._first_seed)
        self.views = {agent: self.family.view(deal, self.seat_of[agent]) for agent in AGENTS}
        self.agents = list(self.possible_agents)
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {agent: {} for agent in self.agents}
        self._after_move()

    def _next_deal(self, seed: int) -> GameDeal:
        self._hands += 1
        return self.family.deal(self.rules, hand_seed(seed, self._hands - 1))

    def observe(self, agent: str) -> Observation:
        view = self.views[agent]
        return {
            "observation": self.encoding.encode(view),
            "action_mask": self.encoding.mask(view.legal_actions, view.seat),
        }

    def step(self, action: int | np.integer[Any] | None) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        if action is None:
            raise IllegalAction(f"{agent} must choose an action: the hand is not over")
        self.play(self.move(int(action), self.seat_of[agent]))

    def play(self, action: Any) -> None:
        """Take the family action ``action`` for the agent to move (a bot's choice, say)."""
        deal, agent = self.deal, self.agent_selection
        assert deal is not None
        deal.apply(self.seat_of[agent], action)
        self._cumulative_rewards[agent] = 0.0
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._after_move()
        self._accumulate_rewards()

    def move(self, index: int, seat: int) -> Any:
        """The family action at ``index`` for ``seat``, if it is legal; otherwise IllegalAction
        with the rule it breaks, and nothing changes."""
        encoding, deal = self.encoding, self.deal
        assert deal is not None
        if not 0 <= index < len(encoding.actions):
            raise IllegalAction(
                f"no action {index}: the actions are 0 to {len(encoding.actions) - 1}"
            )
        chosen = encoding.action(index, seat, deal.legal_actions(seat))
        if chosen is None:
            canonical = encoding.canonical(index, seat)
            reason = deal.refusal(seat, canonical) or "it is not legal now"
            raise IllegalAction(f"action {index} ({encoding.names[index]}): {reason}")
        return chosen

    def _after_move(self) -> None:
        """Whose move it is now; at the end of the hand, the payments and the record."""
        deal = self.deal
        assert deal is not None
        if deal.result is None:
            self.agent_selection = AGENTS[deal.to_move()[0]]
            if self.raw_view:
                self.infos[self.agent_selection] = {
                    "view": self.views[self.agent_selection].to_json()
                }
            return
        points = self.payments()
        for agent in self.agents:
            self.rewards[agent] = points[self.seat_of[agent]]
        self.terminations = dict.fromkeys(self.agents, True)
        if self.raw_view:
            self.infos = {agent: {"view": self.views[agent].to_json()} for agent in self.agents}
        if self.agent_selection not in self.agents:
            self.agent_selection = self.agents[0]
        if self.records is not None:
            path = self.records / f"{self.rules.name}-{deal.seed}.json"
            path.write_text(json.dumps(self.record()))

    def payments(self) -> list[float]:
        """What each seat gained or lost in the finished hand (``payments``)."""
        assert self.deal is not None
        return payments(self.deal)

    def record(self) -> dict[str, Any]:
        """The record of the hand just finished (``fourwinds.record``), to replay or view."""
        if self.deal is None or self.deal.result is None:
            raise ValueError("no hand has finished yet")
        return deal_record(self.deal)

    # ---------------------------------------------------------------- showing

    def render(self) -> str | None:
        """The table as the seat to move sees it (every hand once it is over), as text."""
        if self.render_mode is None or self.deal is None:
            return None
        text = table_text(self.encoding, self.views[self.agent_selection])
        if self.deal.result is not None:
            hands = self.deal.result.hands
            text += "\nhands: " + " | ".join(str(hand) for hand in hands)
        if self.render_mode == "human":
            print(text)
            return None
        return text

    def close(self) -> None:
        """Nothing to release: the environment holds no process, file or window."""
