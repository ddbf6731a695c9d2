"""Every tapis game inside OpenSpiel: ``import tapis.openspiel`` registers them with ``pyspiel``.

    import pyspiel, tapis.openspiel
    game = pyspiel.load_game("tapis_nantais(players=4,joker_draw=5)")

Each game of ``tapis.games()`` is registered as ``tapis_<id>`` (``tapis_nantais``,
``tapis_nurmut``, ``tapis_gum``, ``tapis_nainjaune``, ``tapis_njet``, ``tapis_crazyeights``): a
Python ``pyspiel.Game`` whose states are ``pyspiel.State`` objects, so that OpenSpiel's own code
runs on them unchanged (``rl_environment`` and its agents, ``evaluate_bots`` with pyspiel's bots,
Python ``MCTSBot`` and ``ISMCTSBot``, policies, ``pyspiel.serialize_game_and_state``, pickling).

**Parameters** are OpenSpiel's: ``players``, every option of the rulebook with its default (an
option holding a list is a string of its items joined by ``+``, as ``combos=king_eight+carre``:
OpenSpiel's game strings separate parameters with commas), and four of the package's:
``reward`` (``win`` or ``score``), ``max_decisions`` and ``no_progress`` (the limits that stop a
match as a draw), and ``rng_seed`` (``-1``, the default, deals from the operating system's
entropy; ``n >= 0`` deals the ``k``-th state used from ``game_seed(n, k)``).

**Chance is sampled inside the engine** (``ChanceMode.SAMPLED_STOCHASTIC``): tapis deals, draws
and shuffles inside its steps, from the match's own seeded generator, and a state is never a
chance node. Algorithms that sample (MCTS, ISMCTS, reinforcement learning, ``evaluate_bots``)
are unaffected; those that must enumerate chance outcomes (CFR and its kin, exact best
responses, ``get_all_states``) need ``EXPLICIT_STOCHASTIC`` and refuse these games, which are
far too large for them anyway. A clone keeps the generator, so a search from a full state (Python
``MCTSBot``) sees the same future draws as the state itself: it plays with every card open, as
OpenSpiel's MCTS does on any game with hidden information; ``ISMCTSBot`` resamples the hidden
cards and the generator from what the player has seen (``resample_from_infostate``).

**Observations** are tapis's (from the seat's view alone, seats counted from the observer);
**information states** are the observation followed by the seat's own history this round
(tensor), and everything the seat has seen in order (string, perfect recall); see
``docs/python.md``. The **utility** is the win (constant-sum, 1 shared by the winners, a match
stopped as a draw shared by all: terminal rewards) or the score in the game's unit
(general-sum; rewards as the score moves, but for one-round games).
"""

from __future__ import annotations

import numpy as np
import pyspiel

import tapis

PREFIX = "tapis_"
_NO_SEED = -1


def _parameter(value):
    """An option's value as an OpenSpiel parameter (a list becomes its items joined by +)."""
    if isinstance(value, list):
        return "+".join(str(v) for v in value)
    return value


def _option(default, value):
    """An OpenSpiel parameter back as the option's value."""
    if isinstance(default, list):
        return [v for v in str(value).split("+") if v]
    return value


class _Entry:
    """What registration needs of one game: its names, its seats and its parameters."""

    def __init__(self, info):
        self.id = info["id"]
        self.name = info["name"]
        self.players = tuple(info["players"])
        self.defaults = {key: spec["default"] for key, spec in info["options"].items()}
        table = tapis.load_game(self.id)
        self.parameters = {"players": table.num_players()}
        self.parameters.update({key: _parameter(value) for key, value in self.defaults.items()})
        self.parameters.update(
            reward=table.reward,
            max_decisions=int(table.max_decisions),
            no_progress=int(table.no_progress),
            rng_seed=_NO_SEED,
        )

    def game_type(self, utility=pyspiel.GameType.Utility.CONSTANT_SUM, terminal=True):
        return pyspiel.GameType(
            short_name=PREFIX + self.id,
            long_name=f"tapis: {self.name}",
            dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
            chance_mode=pyspiel.GameType.ChanceMode.SAMPLED_STOCHASTIC,
            information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
            utility=utility,
            reward_model=(
                pyspiel.GameType.RewardModel.TERMINAL if terminal else pyspiel.GameType.RewardModel.REWARDS
            ),
            max_num_players=self.players[1],
            min_num_players=self.players[0],
            provides_information_state_string=True,
            provides_information_state_tensor=True,
            provides_observation_string=True,
            provides_observation_tensor=True,
            parameter_specification=self.parameters,
        )


class TapisGame(pyspiel.Game):
    """A tapis table as an OpenSpiel game; ``tapis_game`` is the table itself. Each game has its
    own subclass, which OpenSpiel makes from the parameters alone."""

    _entry: _Entry = None

    def __init__(self, params):
        entry = self._entry
        params = dict(params)
        unknown = sorted(set(params) - set(entry.parameters))
        if unknown:
            raise ValueError(
                f"{PREFIX}{entry.id}: unknown parameter {', '.join(unknown)}; "
                f"the parameters are: {', '.join(entry.parameters)}"
            )
        params = {**entry.parameters, **params}
        options = {key: _option(default, params[key]) for key, default in entry.defaults.items()}
        rng_seed = int(params["rng_seed"])
        table = tapis.load_game(
            entry.id,
            players=int(params["players"]),
            reward=str(params["reward"]),
            max_decisions=int(params["max_decisions"]),
            no_progress=int(params["no_progress"]),
            rng_seed=None if rng_seed < 0 else rng_seed,
            **options,
        )
        fixed_sum = table.utility_sum()
        utility = pyspiel.GameType.Utility.CONSTANT_SUM if fixed_sum is not None else pyspiel.GameType.Utility.GENERAL_SUM
        info = pyspiel.GameInfo(
            num_distinct_actions=table.num_distinct_actions(),
            max_chance_outcomes=0,
            num_players=table.num_players(),
            min_utility=table.min_utility(),
            max_utility=table.max_utility(),
            utility_sum=fixed_sum,
            max_game_length=table.max_game_length(),
        )
        super().__init__(entry.game_type(utility, table.reward_model == "terminal"), info, params)
        self.tapis_game = table

    def new_initial_state(self, seed=None):
        """A new state: dealt from the game's stream when first used, or from ``seed`` (an
        integer, or its digits: OpenSpiel's ``new_initial_state(str)``)."""
        if seed is None:
            return TapisState(self, _Deal(self.tapis_game))
        try:
            seed = int(seed)
        except (TypeError, ValueError):
            raise ValueError(f"new_initial_state takes a seed (an integer), not {seed!r}") from None
        return TapisState(self, _Deal(self.tapis_game, self.tapis_game.new_initial_state(seed=seed)))

    def make_py_observer(self, iig_obs_type=None, params=None):
        return _Observer(self.tapis_game, iig_obs_type, params)

    def observation_tensor_shape(self):
        return [self.tapis_game.observation_tensor_size()]

    def observation_tensor_size(self):
        return self.tapis_game.observation_tensor_size()

    def information_state_tensor_shape(self):
        return [self.tapis_game.information_state_tensor_size()]

    def information_state_tensor_size(self):
        return self.tapis_game.information_state_tensor_size()

    def __reduce__(self):
        # OpenSpiel pickles a game by ``Game::Serialize``, which for a sampled-stochastic game
        # asks the game's generator state (``GetRNGState``), not offered to Python games: the
        # game is rebuilt from its name instead, and its stream of deals from the table's pickle.
        return (_restore_game, (str(self), self.tapis_game))


def _restore_game(name, table):
    game = pyspiel.load_game(name)
    game.tapis_game = table
    return game


def _restore_state(game, text):
    return game.deserialize_state(text)


class _Deal:
    """The tapis match of an OpenSpiel state, dealt when first read.

    OpenSpiel makes a new initial state for every clone and every deserialized state before
    copying the original's attributes over it; dealing only when a match is first read keeps
    those from drawing seeds, so that with ``rng_seed`` the ``k``-th state actually played is
    always dealt from ``game_seed(rng_seed, k)``. Copying a match that was never read deals it
    first: the copy and the original are the same match.
    """

    __slots__ = ("table", "state")

    def __init__(self, table, state=None):
        self.table = table
        self.state = state

    def get(self):
        if self.state is None:
            self.state = self.table.new_initial_state()
        return self.state

    def __deepcopy__(self, memo):
        return _Deal(self.table, self.get().clone())

    def __reduce__(self):
        return (_Deal, (self.table, self.get()))


class TapisState(pyspiel.State):
    """A tapis match as an OpenSpiel state; ``tapis_state`` is the match itself (with
    ``record()``, ``scores()``, ``view()``..., also reachable as attributes of this state)."""

    def __init__(self, game: TapisGame, deal: _Deal):
        super().__init__(game)
        self._deal = deal

    @property
    def tapis_state(self):
        return self._deal.state or self._deal.get()

    def __getattr__(self, name):
        # Only what this class and pyspiel.State do not have: the match's own methods.
        if name.startswith("_"):
            raise AttributeError(name)
        return getattr(self.tapis_state, name)

    # What OpenSpiel's C++ asks of a Python state.
    def current_player(self):
        return self.tapis_state.current_player()

    def _legal_actions(self, player):
        return self.tapis_state.legal_actions(player)

    def _apply_action(self, action):
        self.tapis_state.apply_action(action)

    def _action_to_string(self, player, action):
        return self.tapis_state.action_to_string(action)

    def chance_outcomes(self):
        return []

    def is_terminal(self):
        return self.tapis_state.is_terminal()

    def returns(self):
        return self.tapis_state.returns()

    def rewards(self):
        return self.tapis_state.rewards()

    def __str__(self):
        return self.tapis_state.observation_string(spectator=True)

    # What Python code calls, answered without a round trip through C++.
    def legal_actions(self, player=None):
        return self.tapis_state.legal_actions(player)

    def legal_actions_mask(self, player=None):
        return self.tapis_state.legal_actions_mask(player)

    def observation_tensor(self, player=None):
        return self.tapis_state.observation_tensor(player)

    def observation_string(self, player=None):
        return self.tapis_state.observation_string(player)

    def information_state_tensor(self, player=None):
        return self.tapis_state.information_state_tensor(player)

    def information_state_string(self, player=None):
        return self.tapis_state.information_state_string(player)

    def __reduce__(self):
        # ``State::Serialize`` (the history, then this object's attributes pickled) read back by
        # ``Game::DeserializeState``; pyspiel's own pickling of states goes through
        # ``SerializeGameAndState``, which needs the game's generator state (see the game's).
        return (_restore_state, (self.get_game(), self.serialize()))

    def resample_from_infostate(self, player_id, probability_sampler=None):
        """A state consistent with all ``player_id`` has seen, the cards hidden from it re-dealt
        from ``probability_sampler`` (OpenSpiel's sampler, or a seed)."""
        sample = self.clone()
        sample._deal = _Deal(self._deal.table, self.tapis_state.resample_from_infostate(player_id, probability_sampler))
        return sample


class _Observer:
    """OpenSpiel's observer of a tapis game: the observation (``private_info`` of one player),
    the spectator's (no private information) or the information state (``perfect_recall``)."""

    def __init__(self, table, iig_obs_type, params):
        if params:
            raise ValueError(f"tapis observers take no parameters; given {params}")
        kind = iig_obs_type or pyspiel.IIGObservationType(perfect_recall=False)
        private = kind.private_info
        if private == pyspiel.PrivateInfoType.ALL_PLAYERS:
            raise ValueError("tapis observes from one seat's view: private_info=ALL_PLAYERS is not offered")
        if not kind.public_info:
            raise ValueError("tapis observations always hold the public information (public_info=True)")
        if kind.perfect_recall and private != pyspiel.PrivateInfoType.SINGLE_PLAYER:
            raise ValueError("the information state is a player's: perfect_recall needs private_info=SINGLE_PLAYER")
        self._info = kind.perfect_recall
        self._spectator = private == pyspiel.PrivateInfoType.NONE
        size = table.information_state_tensor_size() if self._info else table.observation_tensor_size()
        self.tensor = np.zeros(size, np.float32)
        self.dict = {"info_state" if self._info else "observation": self.tensor}

    def set_from(self, state, player):
        if player < 0:
            # OpenSpiel asks a pseudo-player only to learn the tensor's shape.
            self.tensor.fill(0.0)
            return
        match = state.tapis_state
        if self._info:
            self.tensor[:] = match.information_state_tensor(player)
        elif self._spectator:
            self.tensor[:] = match.observation_tensor(spectator=True)
        else:
            self.tensor[:] = match.observation_tensor(player)

    def string_from(self, state, player):
        match = state.tapis_state
        if self._info:
            return match.information_state_string(player)
        if self._spectator:
            return match.observation_string(spectator=True)
        return match.observation_string(player)


_CLASSES = {}


def _register():
    for info in tapis.games():
        entry = _Entry(info)
        # A class per game, as OpenSpiel's own Python games register theirs: the registry keeps
        # it until the very end, which a closure would not survive (freed without the
        # interpreter's lock when the process exits).
        cls = type(f"Tapis_{entry.id}", (TapisGame,), {"_entry": entry, "__module__": __name__})
        _CLASSES[entry.id] = cls
        if PREFIX + entry.id not in pyspiel.registered_names():
            pyspiel.register_game(entry.game_type(), cls)
    return tuple(PREFIX + game for game in _CLASSES)


#: The OpenSpiel names of the tapis games, registered on import.
GAMES = _register()


def load_game(game: str, **parameters) -> TapisGame:
    """``pyspiel.load_game("tapis_<game>", parameters)``: ``load_game("gum", players=4)``."""
    name = game if game.startswith(PREFIX) else PREFIX + game
    return pyspiel.load_game(name, {key: _parameter(value) for key, value in parameters.items()})
