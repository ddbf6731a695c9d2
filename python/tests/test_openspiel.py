"""Every tapis game inside OpenSpiel (tapis.openspiel): registered with pyspiel, and OpenSpiel's
own code running on it unchanged: rl_environment with its DQN agent, evaluate_bots with pyspiel's
bots, Python MCTS and ISMCTS, pickling and serialization."""

import math
import os
import pickle
import random

import numpy as np
import pyspiel
import pytest
from open_spiel.python import rl_environment
from open_spiel.python.algorithms import evaluate_bots, ismcts, mcts
from open_spiel.python.observation import make_observation

import tapis
import tapis.openspiel

NAMES = [f"tapis_{game}" for game in tapis.GAMES]

# The DQN test compiles a small network per game with XLA: its fastest compilation is plenty.
os.environ.setdefault("XLA_FLAGS", "--xla_backend_optimization_level=0 --xla_llvm_disable_expensive_passes=true")


def seats_for(name):
    """The default table, but three seats for Njet! (which seats 3 or 4) so that tests vary."""
    return 3 if name == "tapis_njet" else 4


def test_every_game_is_registered_with_its_type():
    assert tapis.openspiel.GAMES == tuple(NAMES)
    assert set(NAMES) <= set(pyspiel.registered_names())
    for name in NAMES:
        game = pyspiel.load_game(name)
        kind = game.get_type()
        assert kind.short_name == name
        assert kind.dynamics == pyspiel.GameType.Dynamics.SEQUENTIAL
        assert kind.chance_mode == pyspiel.GameType.ChanceMode.SAMPLED_STOCHASTIC
        assert kind.information == pyspiel.GameType.Information.IMPERFECT_INFORMATION
        assert kind.provides_information_state_string and kind.provides_information_state_tensor
        assert kind.provides_observation_string and kind.provides_observation_tensor
        table = game.tapis_game
        low, high = tapis.player_counts(table.id)
        assert (kind.min_num_players, kind.max_num_players) == (low, high)
        assert game.num_players() == table.num_players()
        assert game.num_distinct_actions() == table.num_distinct_actions()
        assert game.observation_tensor_shape() == table.observation_tensor_shape()
        assert game.information_state_tensor_shape() == table.information_state_tensor_shape()
        assert game.max_game_length() == table.max_game_length()
        assert game.max_chance_outcomes() == 0
        spec = kind.parameter_specification
        assert {"players", "reward", "max_decisions", "no_progress", "rng_seed"} <= set(spec)
        if table.reward == "win":
            assert kind.utility == pyspiel.GameType.Utility.CONSTANT_SUM
            assert kind.reward_model == pyspiel.GameType.RewardModel.TERMINAL
            assert (game.min_utility(), game.max_utility(), game.utility_sum()) == (0.0, 1.0, 1.0)
    # Scored, a game of several rounds rewards as the score moves.
    scored = pyspiel.load_game("tapis_nainjaune(reward=score)").get_type()
    assert scored.utility == pyspiel.GameType.Utility.GENERAL_SUM
    assert scored.reward_model == pyspiel.GameType.RewardModel.REWARDS


def test_parameters_are_openspiels():
    game = pyspiel.load_game("tapis_nantais(players=5,joker_draw=5,queen_swap=True,combos=king_eight+carre)")
    assert game.num_players() == 5
    options = game.tapis_game.get_parameters()
    assert options["joker_draw"] == 5 and options["queen_swap"] is True
    assert options["combos"] == ["king_eight", "carre"]
    assert game.get_parameters()["combos"] == "king_eight+carre"
    assert tapis.openspiel.load_game("gum", players=3).num_players() == 3
    assert tapis.openspiel.load_game("nantais", combos=["seven_joker"]).tapis_game.get_parameters()["combos"] == [
        "seven_joker"
    ]
    with pytest.raises(pyspiel.SpielError, match="joker_drw"):
        pyspiel.load_game("tapis_nantais", {"joker_drw": 5})
    with pytest.raises(ValueError, match="joker_draw"):
        pyspiel.load_game("tapis_nantais(joker_draw=17)")
    with pytest.raises(ValueError, match="players"):
        pyspiel.load_game("tapis_nantais(players=12)")
    with pytest.raises(ValueError, match="reward"):
        pyspiel.load_game("tapis_gum(reward=points)")


def test_crazyeights_has_openspiels_sizes_and_bounds():
    for players in (2, 4, 6):
        theirs = pyspiel.load_game("crazy_eights", {"players": players})
        ours = pyspiel.load_game(f"tapis_crazyeights(players={players})")
        assert ours.num_distinct_actions() == theirs.num_distinct_actions()
        assert ours.observation_tensor_shape() == theirs.observation_tensor_shape()
        assert ours.max_game_length() == theirs.max_game_length() == 10_000
        # OpenSpiel declares -544, less than a hand can cost (the whole deck costs 952): tapis
        # gives the true bound.
        assert ours.max_utility() == theirs.max_utility() == 0.0
        assert ours.min_utility() == (-952.0 if players <= 5 else -1904.0) <= theirs.min_utility()
        assert ours.get_type().utility == theirs.get_type().utility == pyspiel.GameType.Utility.GENERAL_SUM
        assert ours.get_type().reward_model == theirs.get_type().reward_model
    assert tapis.load_game("crazyeights").max_game_length() == 10_000


def hands(state, seats):
    return [state.observation_string(seat) for seat in range(seats)]


def test_a_state_without_a_seed_is_a_new_deal():
    table = tapis.load_game("gum", players=4)
    assert hands(table.new_initial_state(), 4) != hands(table.new_initial_state(), 4)
    game = pyspiel.load_game("tapis_gum")
    assert hands(game.new_initial_state(), 4) != hands(game.new_initial_state(), 4)
    # A seeded stream deals the same matches in the same order, whatever is cloned or
    # deserialized meanwhile.
    runs = []
    for cloning in (False, True):
        seeded = pyspiel.load_game("tapis_gum(rng_seed=7)")
        deals = []
        for _ in range(3):
            state = seeded.new_initial_state()
            if cloning:
                state.clone()
                seeded.deserialize_state(state.serialize())
                pickle.loads(pickle.dumps(state))
            deals.append(hands(state, 4))
        runs.append(deals)
    assert runs[0] == runs[1]
    assert len({str(d) for d in runs[0]}) == 3
    assert hands(tapis.load_game("gum", rng_seed=7).new_initial_state(), 4) == runs[0][0]


def play_uniform(state, rng):
    while not state.is_terminal():
        state.apply_action(rng.choice(state.legal_actions()))
    return state


@pytest.mark.parametrize("name", NAMES)
def test_evaluate_bots_with_pyspiel_bots(name):
    game = pyspiel.load_game(f"{name}(players={seats_for(name)},rng_seed=1)")
    n = game.num_players()
    bots = [pyspiel.make_uniform_random_bot(seat, 10 + seat) for seat in range(n)]
    state = game.new_initial_state()
    returns = evaluate_bots.evaluate_bots(state, bots, np.random.RandomState(0))
    assert state.is_terminal() and not state.is_truncated()
    assert len(returns) == n
    assert all(game.min_utility() <= r <= game.max_utility() for r in returns)
    if game.utility_sum() is not None:
        assert math.isclose(sum(returns), game.utility_sum())
    assert returns == state.returns() == state.tapis_state.returns()
    assert len(state.history()) == len(state.tapis_state.history())


@pytest.mark.parametrize("name", NAMES)
def test_python_mcts_and_ismcts_play_whole_matches(name):
    """OpenSpiel's Python MCTSBot (which searches the full state) and ISMCTSBot (which resamples
    the hidden cards at every simulation) at two seats, uniform players elsewhere, over a match
    stopped at 30 decisions (rollouts are whole matches)."""
    game = pyspiel.load_game(f"{name}(players={seats_for(name)},max_decisions=30,rng_seed=2)")
    evaluator = mcts.RandomRolloutEvaluator(1, np.random.RandomState(1))
    searchers = {
        0: mcts.MCTSBot(game, 2.0, 8, evaluator, random_state=np.random.RandomState(2)),
        1: ismcts.ISMCTSBot(game, evaluator, 2.0, 8, random_state=np.random.RandomState(3)),
    }
    rng = random.Random(4)
    state = game.new_initial_state()
    searched = 0
    while not state.is_terminal():
        seat = state.current_player()
        legal = state.legal_actions()
        if seat in searchers:
            action = searchers[seat].step(state)
            searched += 1
        else:
            action = rng.choice(legal)
        assert action in legal
        state.apply_action(action)
    assert searched >= 2
    assert state.is_truncated() or state.tapis_state.is_terminal()
    assert all(game.min_utility() <= r <= game.max_utility() for r in state.returns())


def dqn_table(name):
    return pyspiel.load_game(f"{name}(players={seats_for(name)},max_decisions=40,rng_seed=3)")


@pytest.fixture(scope="module")
def dqn_agent():
    """One OpenSpiel DQN (JAX) for every game, its inputs as wide as the widest game's
    information state and its outputs as many as the most ids: XLA compiles it once, where a
    network per game would cost seconds of compilation each."""
    from open_spiel.python.jax import dqn

    games = [dqn_table(name) for name in NAMES]
    width = max(game.information_state_tensor_size() for game in games)
    ids = max(game.num_distinct_actions() for game in games)
    agent = dqn.DQN(
        0, width, ids, hidden_layers_sizes=[16], replay_buffer_capacity=256, batch_size=16,
        min_buffer_size_to_learn=32, learn_every=32, seed=5,
    )
    return agent, width


@pytest.mark.parametrize("name", NAMES)
def test_rl_environment_with_openspiels_dqn(name, dqn_agent):
    """OpenSpiel's DQN through rl_environment at every seat of a short table, a hundred steps: it
    reads information-state tensors of the game's size (padded with zeros to the network's
    width), only ever picks legal ids, gets rewards in the utility range, and learns (its loss
    is finite)."""
    agent, width = dqn_agent
    game = dqn_table(name)
    env = rl_environment.Environment(game, seed=1)
    size = game.information_state_tensor_size()
    assert env.observation_spec()["info_state"] == (size,)
    assert env.action_spec()["num_actions"] == game.num_distinct_actions()

    def padded(ts):
        infos = [np.pad(np.asarray(info, np.float32), (0, width - size)) for info in ts.observations["info_state"]]
        return ts._replace(observations={**ts.observations, "info_state": infos})

    steps, episodes = 0, 0
    while steps < 100:
        ts = env.reset()
        while not ts.last():
            seat = ts.observations["current_player"]
            assert len(ts.observations["info_state"][seat]) == size
            agent.player_id = seat
            action = agent.step(padded(ts)).action
            assert action in ts.observations["legal_actions"][seat]
            ts = env.step([action])
            steps += 1
        for seat in range(game.num_players()):
            agent.player_id = seat
            agent.step(padded(ts))
        assert all(game.min_utility() <= r <= game.max_utility() for r in ts.rewards)
        if game.utility_sum() is not None:
            assert math.isclose(sum(ts.rewards), game.utility_sum())
        episodes += 1
    assert episodes >= 2
    assert agent.loss is not None and np.isfinite(float(agent.loss))


def test_information_states():
    game = pyspiel.load_game("tapis_nantais(players=4,rng_seed=11)")
    state = game.new_initial_state()
    rng = random.Random(5)
    strings = []
    for _ in range(40):
        seat = state.current_player()
        text = state.information_state_string()
        assert text == state.information_state_string(seat)
        assert text.startswith(state.observation_string(seat))
        tensor = np.asarray(state.information_state_tensor(seat))
        assert tensor.shape == tuple(game.information_state_tensor_shape())
        assert np.array_equal(tensor[: game.observation_tensor_size()], state.observation_tensor(seat))
        strings.append(text)
        action = rng.choice(state.legal_actions())
        state.apply_action(action)
        # The seat saw its own action: its string grew by it; its tensor counts it.
        assert f"seat {seat}: {state.action_to_string(seat, action)}" in state.information_state_string(seat)
        own = np.asarray(state.information_state_tensor(seat))[game.observation_tensor_size() :]
        if state.tapis_state.round() == 1:
            assert own[action] > 0 and own[game.num_distinct_actions() + action] == 1.0
    assert len(set(strings)) == len(strings)
    # The seats' strings differ (each its own hand), and each is unchanged by resampling what
    # that seat cannot see, as is its tensor; the sample knows nothing of the others' hands.
    for seat in range(4):
        sample = state.resample_from_infostate(seat, pyspiel.UniformProbabilitySampler(0.0, 1.0))
        assert sample.information_state_string(seat) == state.information_state_string(seat)
        assert sample.information_state_tensor(seat) == state.information_state_tensor(seat)
        assert sample.history() == state.history()
        other = (seat + 1) % 4
        dealt = [line for line in state.information_state_string(other).splitlines() if line.startswith("dealt:")]
        assert dealt and all(line not in sample.information_state_string(other) for line in dealt)
    assert len({state.information_state_string(seat) for seat in range(4)}) == 4
    # What OpenSpiel's C++ reads (through the game's observers) agrees with the Python side.
    assert pyspiel.State.observation_tensor(state, 2) == state.observation_tensor(2)
    assert pyspiel.State.observation_string(state, 3) == state.observation_string(3)
    assert pyspiel.State.information_state_tensor(state, 1) == state.information_state_tensor(1)
    assert pyspiel.State.information_state_string(state, 0) == state.information_state_string(0)
    public = make_observation(
        game, pyspiel.IIGObservationType(perfect_recall=False, private_info=pyspiel.PrivateInfoType.NONE)
    )
    public.set_from(state, 0)
    assert np.array_equal(public.tensor, state.tapis_state.observation_tensor(spectator=True))
    assert public.string_from(state, 1) == state.tapis_state.observation_string(spectator=True)
    with pytest.raises(ValueError, match="ALL_PLAYERS"):
        make_observation(game, pyspiel.IIGObservationType(perfect_recall=False, private_info=pyspiel.PrivateInfoType.ALL_PLAYERS))


@pytest.mark.parametrize("name", ["tapis_gum", "tapis_njet", "tapis_crazyeights"])
def test_pickling_and_serialization_round_trip(name):
    game = pyspiel.load_game(f"{name}(rng_seed=4)")
    state = game.new_initial_state()
    play = random.Random(6)
    for _ in range(25):
        state.apply_action(play.choice(state.legal_actions()))
    copies = [
        pickle.loads(pickle.dumps(state)),
        game.deserialize_state(state.serialize()),
        state.clone(),
    ]
    again = pickle.loads(pickle.dumps(game))
    assert str(again) == str(game) and again.get_type().short_name == name
    # The unpickled game goes on dealing where the seeded stream was.
    assert hands(again.new_initial_state(), game.num_players()) == hands(game.new_initial_state(), game.num_players())
    rest = random.Random(7)
    moves = []
    while not state.is_terminal():
        moves.append(rest.choice(state.legal_actions()))
        state.apply_action(moves[-1])
    for copy in copies:
        assert isinstance(copy, tapis.openspiel.TapisState)
        for move in moves:
            copy.apply_action(move)
        assert copy.history() == state.history()
        assert copy.returns() == state.returns()
        assert copy.information_state_string(0) == state.information_state_string(0)
