"""PettingZoo environments: ``tapis.pettingzoo.env(game, players=4, **options)`` (AEC) and
``tapis.pettingzoo.parallel_env(...)``.

Agents are ``player_0`` … ``player_{n-1}`` (seat numbers). Each observation is
``{"observation": float32 tensor, "action_mask": int8 mask}`` built from that seat's view only.

**Who is selected.** In the AEC environment the agent selected is the seat the match asks now
(``turn_order="asked"``, the default): reaction windows and simultaneous phases are made
sequential by the package (``docs/python.md``), and in a window a seat may decline. With
``turn_order="cycle"`` every agent is selected once per cycle in seat order, as the parallel
environment steps them; an agent not asked has only the *wait* id (the last id of the
PettingZoo action space: ``game.num_distinct_actions()``, one past the game's own ids).

**The parallel environment** steps one cycle per call: every live agent gives an action, the
seat asked now has its action applied, the others must give the wait id (anything else is
ignored too). It fits a game where one seat acts at a time, which the package makes every game.

**An illegal id** from the agent asked (an unmasked sample) is replaced by its first legal id,
and ``infos[agent]["illegal_action"]`` is set; nothing is raised.

**Ends.** A match ends when its rules end it (terminations) or at the decision limit
(``max_decisions``, truncations). ``max_cycles`` truncates after ``max_cycles × agents`` AEC
steps (in cycle order, exactly ``max_cycles`` cycles), or ``max_cycles`` parallel steps.
Rewards are the seats' rewards (``reward="win"``: the win shared by the winners at the end).
"""

from __future__ import annotations

import functools
import types

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv, ParallelEnv

from . import load_game

_BOUND = np.float32(1e6)


class _Table:
    """What both environments share: the game, the spaces, the match."""

    def __init__(self, game, players, wait_id, options):
        self.game = load_game(game, players=players, **options)
        self.n = self.game.num_players()
        self.num_actions = self.game.num_distinct_actions()
        self.wait_id = self.num_actions if wait_id else None
        size = self.num_actions + (1 if wait_id else 0)
        self.possible_agents = [f"player_{i}" for i in range(self.n)]
        self.seat_of = {a: i for i, a in enumerate(self.possible_agents)}
        self.observation_spaces = {
            a: spaces.Dict(
                {
                    "observation": spaces.Box(
                        low=-_BOUND, high=_BOUND, shape=(self.game.observation_tensor_size(),), dtype=np.float32
                    ),
                    "action_mask": spaces.Box(low=0, high=1, shape=(size,), dtype=np.int8),
                }
            )
            for a in self.possible_agents
        }
        self.action_spaces = {a: spaces.Discrete(size) for a in self.possible_agents}
        self.size = size
        self.state = None
        self._entropy = np.random.SeedSequence()

    def new_state(self, seed):
        if seed is None:
            seed = int(self._entropy.generate_state(1, dtype=np.uint64)[0])
            self._entropy = self._entropy.spawn(1)[0]
        self.state = self.game.new_initial_state(seed=int(seed) & (2**64 - 1))

    def observe(self, seat, asked):
        mask = np.zeros(self.size, dtype=np.int8)
        if asked:
            mask[self.state.legal_actions(seat)] = 1
        elif self.wait_id is not None and not self.state.is_terminal():
            mask[self.wait_id] = 1
        return {
            "observation": np.asarray(self.state.observation_tensor(seat), dtype=np.float32),
            "action_mask": mask,
        }

    def apply(self, seat, action):
        """Applies `action` for `seat`, asked now; returns whether it had to be replaced."""
        legal = self.state.legal_actions(seat)
        illegal = action is None or int(action) not in legal
        self.state.apply_action(legal[0] if illegal else int(action))
        return illegal


class _Spaces:
    """The spaces and names both environments take from their table."""

    def _adopt(self, table, game, render_mode):
        self.table = table
        self.render_mode = render_mode
        self.possible_agents = list(table.possible_agents)
        self.observation_spaces = table.observation_spaces
        self.action_spaces = table.action_spaces
        self.metadata = dict(self.metadata, name=f"tapis_{game}_v0")

    def observation_space(self, agent):
        return self.observation_spaces[agent]

    def action_space(self, agent):
        return self.action_spaces[agent]


class raw_env(_Spaces, AECEnv):
    metadata = {"name": "tapis_v0", "render_modes": ["ansi", "human"], "is_parallelizable": False}

    def __init__(self, game="crazyeights", players=None, max_cycles=None, turn_order="asked", render_mode=None, **options):
        super().__init__()
        if turn_order not in ("asked", "cycle"):
            raise ValueError(f"turn_order {turn_order!r}: write 'asked' or 'cycle'")
        self._adopt(_Table(game, players, turn_order == "cycle", options), game, render_mode)
        self.turn_order = turn_order
        self.max_cycles = max_cycles

    def _asked(self):
        player = self.table.state.current_player()
        return None if player < 0 else self.possible_agents[player]

    def observe(self, agent):
        seat = self.table.seat_of[agent]
        return self.table.observe(seat, agent == self._asked())

    def reset(self, seed=None, options=None):
        self.table.new_state(seed)
        self.agents = list(self.possible_agents)
        self.rewards = {a: 0.0 for a in self.agents}
        self._cumulative_rewards = {a: 0.0 for a in self.agents}
        self.terminations = {a: False for a in self.agents}
        self.truncations = {a: False for a in self.agents}
        self.infos = {a: {} for a in self.agents}
        self.steps = 0
        self._cycle_at = 0
        self.agent_selection = self._next_selection()

    def _next_selection(self):
        if self.turn_order == "asked":
            return self._asked()
        agent = self.agents[self._cycle_at % len(self.agents)]
        self._cycle_at += 1
        return agent

    def step(self, action):
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        seat = self.table.seat_of[agent]
        self._cumulative_rewards[agent] = 0.0
        self.infos = {a: {} for a in self.agents}
        state = self.table.state
        if agent == self._asked():
            if self.table.apply(seat, action):
                self.infos[agent]["illegal_action"] = True
            rewards = state.rewards()
            self.rewards = {a: float(rewards[self.table.seat_of[a]]) for a in self.agents}
        else:
            self.rewards = {a: 0.0 for a in self.agents}
        self.steps += 1
        self._accumulate_rewards()
        over = state.is_terminal()
        limit = self.max_cycles is not None and self.steps >= self.max_cycles * len(self.possible_agents)
        if over or limit:
            truncated = state.is_truncated() or not over
            for a in self.agents:
                self.terminations[a] = over and not truncated
                self.truncations[a] = truncated
            self.agent_selection = self.agents[0]
        else:
            self.agent_selection = self._next_selection()
        if self.render_mode == "human":
            self.render()

    def render(self):
        if self.render_mode is None:
            return None
        text = str(self.table.state)
        if self.render_mode == "human":
            print(text)
        return text

    def close(self):
        pass


def env(game="crazyeights", players=None, **kwargs):
    """The AEC environment of a game (see the module's docs)."""
    return raw_env(game, players, **kwargs)


class parallel_env(_Spaces, ParallelEnv):
    metadata = {"name": "tapis_v0", "render_modes": ["ansi", "human"]}

    def __init__(self, game="crazyeights", players=None, max_cycles=None, render_mode=None, **options):
        self._adopt(_Table(game, players, True, options), game, render_mode)
        self.max_cycles = max_cycles

    def _observations(self):
        player = self.table.state.current_player()
        return {a: self.table.observe(self.table.seat_of[a], self.table.seat_of[a] == player) for a in self.agents}

    def reset(self, seed=None, options=None):
        self.table.new_state(seed)
        self.agents = list(self.possible_agents)
        self.steps = 0
        return self._observations(), {a: {} for a in self.agents}

    def step(self, actions):
        state = self.table.state
        infos = {a: {} for a in self.agents}
        player = state.current_player()
        rewards = {a: 0.0 for a in self.agents}
        if player >= 0:
            agent = self.possible_agents[player]
            if self.table.apply(player, actions.get(agent)):
                infos[agent]["illegal_action"] = True
            seat_rewards = state.rewards()
            rewards = {a: float(seat_rewards[self.table.seat_of[a]]) for a in self.agents}
        self.steps += 1
        over = state.is_terminal()
        limit = self.max_cycles is not None and self.steps >= self.max_cycles
        truncated = (over and state.is_truncated()) or (limit and not over)
        terminations = {a: over and not truncated for a in self.agents}
        truncations = {a: truncated for a in self.agents}
        observations = self._observations()
        if over or limit:
            self.agents = []
        if self.render_mode == "human":
            print(str(state))
        return observations, rewards, terminations, truncations, infos

    def render(self):
        return str(self.table.state) if self.render_mode else None

    def close(self):
        pass


def module(game, players=None, **options):
    """A module-like object with this table's ``env`` and ``parallel_env`` (what PettingZoo's
    ``max_cycles_test`` takes); its ``env`` selects agents in cycle order."""
    return types.SimpleNamespace(
        env=functools.partial(env, game, players, turn_order="cycle", **options),
        parallel_env=functools.partial(parallel_env, game, players, **options),
    )
