"""PettingZoo's and Gymnasium's own checks, for every game at 2, 4 and the largest table."""

import warnings

import pytest
from gymnasium.utils.env_checker import check_env
from pettingzoo.test import api_test, max_cycles_test, parallel_api_test, parallel_seed_test, seed_test

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
