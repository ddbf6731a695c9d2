"""Gymnasium single-agent environments: ``gymnasium.make("tapis/<game>-v0", players=4,
opponents="heuristic", seat=0, **options)`` (``import tapis`` registers every game), or
``tapis.gym.make(game, ...)``.

The agent holds ``seat``; built-in bots (``random``, ``heuristic``, ``ismcts:N``; one name for
all, or a list with one per seat) hold the others and play inside ``step`` until the agent's
next decision. Observations are ``{"observation": float32 tensor, "action_mask": int8 mask}``
from the agent's view only; the reward is the agent's (``reward="win"``: the win, shared by the
winners, at the end). An illegal id (an unmasked sample) is replaced by the agent's first legal
id and ``info["illegal_action"]`` is set. A match stopped as a draw (the decision limit, or no
progress: ``docs/python.md``) is truncated. The environment pickles mid-match.
"""

from __future__ import annotations

import gymnasium
import numpy as np
from gymnasium import spaces

from . import Bot, load_game

_BOUND = np.float32(1e6)


class TapisEnv(gymnasium.Env):
    metadata = {"render_modes": ["ansi", "human"]}

    def __init__(self, game="crazyeights", players=None, opponents="heuristic", seat=0, render_mode=None, **options):
        self.game = load_game(game, players=players, **options)
        self.n = self.game.num_players()
        if not 0 <= seat < self.n:
            raise ValueError(f"seat {seat} is not a seat of this table (0..{self.n})")
        names = [opponents] * self.n if isinstance(opponents, str) else list(opponents)
        if len(names) != self.n:
            raise ValueError(f"{len(names)} opponents for {self.n} seats: give one name, or one per seat")
        for k, name in enumerate(names):
            if k != seat:
                self.game.check_bot(name)
        self.names = names
        self.seat = seat
        self.render_mode = render_mode
        size = self.game.num_distinct_actions()
        self.observation_space = spaces.Dict(
            {
                "observation": spaces.Box(
                    low=-_BOUND, high=_BOUND, shape=(self.game.observation_tensor_size(),), dtype=np.float32
                ),
                "action_mask": spaces.Box(low=0, high=1, shape=(size,), dtype=np.int8),
            }
        )
        self.action_space = spaces.Discrete(size)
        self.state = None

    def _observe(self):
        mask = np.zeros(self.action_space.n, dtype=np.int8)
        if self.state.current_player() == self.seat:
            mask[self.state.legal_actions(self.seat)] = 1
        obs = np.asarray(self.state.observation_tensor(self.seat), dtype=np.float32)
        return {"observation": obs, "action_mask": mask}

    def _play_bots(self):
        """Plays the bots until the agent is asked or the match ends; the agent's reward meanwhile."""
        reward = 0.0
        state = self.state
        while not state.is_terminal() and state.current_player() != self.seat:
            seat = state.current_player()
            state.apply_action(self.bots[seat](state))
            reward += state.rewards()[self.seat]
        return reward

    def reset(self, seed=None, options=None):
        super().reset(seed=seed)
        match_seed = int(self.np_random.integers(0, 2**63))
        self.state = self.game.new_initial_state(seed=match_seed)
        self.bots = [Bot(name, match_seed + 1 + i) for i, name in enumerate(self.names)]
        self._play_bots()
        return self._observe(), {}

    def step(self, action):
        state = self.state
        legal = state.legal_actions(self.seat)
        info = {}
        if action is None or int(action) not in legal:
            info["illegal_action"] = True
            action = legal[0]
        state.apply_action(int(action))
        reward = state.rewards()[self.seat] + self._play_bots()
        terminated = state.is_terminal() and not state.is_truncated()
        truncated = state.is_truncated()
        if self.render_mode == "human":
            print(str(state))
        return self._observe(), float(reward), terminated, truncated, info

    def render(self):
        if self.render_mode is None:
            return None
        return self.state.observation_string(self.seat)


def make(game="crazyeights", players=None, opponents="heuristic", seat=0, **options) -> TapisEnv:
    """A single-agent environment against built-in bots (see the module's docs)."""
    return TapisEnv(game, players=players, opponents=opponents, seat=seat, **options)
