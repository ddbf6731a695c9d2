"""PettingZoo's and Gymnasium's own checks, for every game at 2, 4 and the largest table."""

import warnings

import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env
from pettingzoo.test import api_test, max_cycles_test, parallel_api_test, parallel_seed_test, seed_test

import tapis
import tapis.gym
import tapis.pettingzoo
from conftest import TABLES, WINDOW_TABLES, table_id

ALL = TABLES + WINDOW_TABLES


@pytest.fixture(autouse=True)
def quiet():
    # PettingZoo warns about every Dict observation (the action-mask convention it recommends).
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        yield


@pytest.mark.parametrize("table", ALL, ids=table_id)
def test_pettingzoo_api(table):
    game, players, options = table
    api_test(tapis.pettingzoo.env(game, players, **options), num_cycles=200)


@pytest.mark.parametrize("table", ALL, ids=table_id)
def test_pettingzoo_seed(table):
    game, players, options = table
    seed_test(lambda: tapis.pettingzoo.env(game, players, **options), num_cycles=200)


@pytest.mark.parametrize("table", TABLES, ids=table_id)
def test_pettingzoo_max_cycles(table):
    game, players, options = table
    max_cycles_test(tapis.pettingzoo.module(game, players, **options))


@pytest.mark.parametrize("table", TABLES, ids=table_id)
def test_pettingzoo_parallel(table):
    game, players, options = table
    parallel_api_test(tapis.pettingzoo.parallel_env(game, players, **options), num_cycles=200)
    parallel_seed_test(lambda: tapis.pettingzoo.parallel_env(game, players, **options), num_cycles=100)


@pytest.mark.parametrize("table", ALL, ids=table_id)
def test_gymnasium_check_env(table):
    game, players, options = table
    check_env(tapis.gym.make(game, players=players, opponents="heuristic", **options), skip_render_check=True)


def test_gymnasium_env_plays_whole_matches_against_bots():
    env = tapis.gym.make("crazyeights", players=4, opponents=["random", "heuristic", "random", "ismcts:20"])
    obs, _ = env.reset(seed=5)
    finished = 0
    for _ in range(2000):
        legal = obs["action_mask"].nonzero()[0]
        assert len(legal) > 0
        obs, reward, terminated, truncated, info = env.step(int(legal[0]))
        assert "illegal_action" not in info
        if terminated or truncated:
            finished += 1
            obs, _ = env.reset()
    assert finished > 3
    # An unmasked id is replaced by the first legal one and said so.
    obs, _ = env.reset(seed=1)
    illegal = int((obs["action_mask"] == 0).nonzero()[0][0])
    _, _, _, _, info = env.step(illegal)
    assert info == {"illegal_action": True}


@pytest.mark.parametrize("game", tapis.GAMES)
def test_gymnasium_make_finds_every_game(game):
    import gymnasium

    players = 3 if game == "njet" else 4
    env = gymnasium.make(f"tapis/{game}-v0", players=players, opponents=["random"] * players)
    assert env.unwrapped.game.id == game and env.unwrapped.n == players
    check_env(env.unwrapped, skip_render_check=True)
    obs, _ = env.reset(seed=1)
    obs, reward, terminated, truncated, info = env.step(int(obs["action_mask"].argmax()))
    assert "illegal_action" not in info


def test_environments_pickle_mid_match():
    import pickle

    import gymnasium

    envs = [
        gymnasium.make("tapis/nantais-v0", opponents="heuristic"),
        tapis.pettingzoo.env("njet", 4),
        tapis.pettingzoo.parallel_env("gum", 3),
    ]
    for env in envs:
        env.reset(seed=3)
    gym_env, aec, par = envs
    for _ in range(10):
        gym_env.step(int(gym_env.unwrapped._observe()["action_mask"].argmax()))
        aec.step(int(aec.observe(aec.agent_selection)["action_mask"].argmax()))
    twins = [pickle.loads(pickle.dumps(env)) for env in envs]
    for _ in range(40):
        a = int(gym_env.unwrapped._observe()["action_mask"].argmax())
        first, second = gym_env.step(a), twins[0].step(a)
        assert all(np.array_equal(x, y) for x, y in zip(first[0].values(), second[0].values()))
        assert first[1:4] == second[1:4]
        if first[2] or first[3]:
            break
        agent = aec.agent_selection
        assert twins[1].agent_selection == agent
        if aec.terminations[agent] or aec.truncations[agent]:
            break
        action = int(aec.observe(agent)["action_mask"].argmax())
        aec.step(action)
        twins[1].step(action)
        assert aec.rewards == twins[1].rewards
    assert par.table.state.serialize() == twins[2].table.state.serialize()
