"""VectorEnv: shapes, masks, auto-reset, determinism, refusals, bots inside the call."""

import numpy as np
import pytest

import tapis
from conftest import TABLES, table_id


def first_legal(mask):
    return mask.argmax(axis=1).astype(np.int64)


@pytest.mark.parametrize("table", TABLES, ids=table_id)
def test_vector_env_plays_every_table(table):
    game, players, options = table
    g = tapis.load_game(game, players=players, **options)
    env = tapis.VectorEnv(game, 16, players=players, opponents="random", seed=3, reward="win", **options)
    obs, mask = env.reset()
    assert obs.shape == (16, g.observation_tensor_size()) and obs.dtype == np.float32
    assert mask.shape == (16, g.num_distinct_actions()) and mask.dtype == np.int8
    rng = np.random.default_rng(0)
    dones = 0
    for _ in range(600):
        assert (mask.sum(axis=1) > 0).all()
        u = rng.random(mask.shape) + mask
        out = env.step(u.argmax(axis=1))
        # The same arrays every time, written in place.
        assert out[0] is obs and out[1] is mask
        reward, done = out[2], out[3]
        assert reward.dtype == np.float32 and done.dtype == np.bool_
        dones += int(done.sum())
        # With reward="win", a reward comes only with the end of a match.
        assert (reward[~done] == 0).all()
        assert ((reward[done] >= 0) & (reward[done] <= 1)).all()
    episodes, steps, returns = env.totals()
    assert episodes == dones and steps == 600 * 16
    assert dones > 0 or game == "nantais"


def test_vector_env_is_deterministic_for_a_seed():
    runs = []
    for _ in range(2):
        env = tapis.VectorEnv("nantais", 32, players=4, opponents="heuristic", seed=9)
        obs, mask = env.reset()
        trace = []
        for _ in range(300):
            obs, mask, reward, done = env.step(first_legal(mask))
            trace.append((obs.copy(), mask.copy(), reward.copy(), done.copy()))
        runs.append(trace)
    for a, b in zip(*runs):
        for x, y in zip(a, b):
            assert np.array_equal(x, y)


def test_an_illegal_action_is_refused_and_changes_nothing():
    env = tapis.VectorEnv("crazyeights", 8, players=4, seed=1)
    twin = tapis.VectorEnv("crazyeights", 8, players=4, seed=1)
    obs, mask = env.reset()
    twin.reset()
    actions = first_legal(mask)
    bad = actions.copy()
    bad[5] = int(np.flatnonzero(mask[5] == 0)[0])
    with pytest.raises(ValueError, match="env 5"):
        env.step(bad)
    with pytest.raises(ValueError, match="not an action id"):
        env.step(np.full(8, 10_000, dtype=np.int64))
    with pytest.raises(ValueError, match="8 envs"):
        env.step(actions[:3])
    # Writing into the returned mask does not make an illegal action legal.
    mask[5, bad[5]] = 1
    with pytest.raises(ValueError):
        env.step(bad)
    mask[5, bad[5]] = 0
    a = [x.copy() for x in env.step(actions)]
    b = [x.copy() for x in twin.step(actions)]
    for x, y in zip(a, b):
        assert np.array_equal(x, y)


def test_a_finished_match_is_dealt_anew_in_the_same_step():
    env = tapis.VectorEnv("crazyeights", 4, players=2, opponents="heuristic", seed=2, reward="win")
    obs, mask = env.reset()
    for _ in range(2000):
        obs, mask, reward, done = env.step(first_legal(mask))
        if done.any():
            i = int(np.flatnonzero(done)[0])
            # The next match's first decision: a full hand of 7 cards again (2 players).
            hand = obs[i, : 52 * 2].reshape(52, 2)[:, 1].sum()
            assert hand == 7
            assert mask[i].sum() > 0
            return
    pytest.fail("no match ended")


@pytest.mark.parametrize("opponents", ["heuristic", "ismcts:30", "random,heuristic,ismcts:20,random"])
def test_bots_play_inside_the_call(opponents):
    env = tapis.VectorEnv("njet", 4, players=4, opponents=opponents, seat=2, seed=4)
    obs, mask = env.reset()
    for _ in range(50):
        obs, mask, reward, done = env.step(first_legal(mask))
    assert env.totals()[1] == 200


def test_the_agent_beats_nobody_by_playing_first_legal_but_gets_rewards():
    env = tapis.VectorEnv("crazyeights", 64, players=2, opponents="random", seed=5, reward="win")
    obs, mask = env.reset()
    total = 0.0
    for _ in range(400):
        obs, mask, reward, done = env.step(first_legal(mask))
        total += float(reward.sum())
    episodes, _, returns = env.totals()
    assert episodes > 50
    assert abs(total - returns) < 1e-3


def test_vector_env_refuses_bad_setups():
    with pytest.raises(ValueError, match="seat 4"):
        tapis.VectorEnv("nantais", 2, players=4, seat=4)
    with pytest.raises(ValueError, match="unknown bot"):
        tapis.VectorEnv("nantais", 2, players=4, opponents="genius")
    with pytest.raises(ValueError, match="num_envs"):
        tapis.VectorEnv("nantais", 0)
    with pytest.raises(ValueError, match="joker_drw"):
        tapis.VectorEnv("nantais", 2, joker_drw=5)
