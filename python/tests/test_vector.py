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


def agreeing_twin(game, players, options, seed, k):
    """The sequential match a VectorEnv deals as its `k`-th with `seed`."""
    return tapis.load_game(game, players=players, **options).new_initial_state(seed=tapis.game_seed(seed, k))


@pytest.mark.parametrize("table", TABLES, ids=table_id)
def test_self_play_rows_are_the_sequential_matches(table):
    """Every seat the agent's: each row is the seat asked in that match, seen from it, exactly as
    the sequential State of the same deal shows it (windows the seat could only decline are
    declined for it), and a finished match gives every seat its return."""
    game, players, options = table
    env = tapis.VectorEnv(game, 1, players=players, opponents="agent", seed=5, **options)
    assert env.seats == ["agent"] * players and env.agent_seats == list(range(players))
    obs, mask = env.reset()
    dealt = 0
    twin = agreeing_twin(game, players, options, 5, dealt)
    rng = np.random.default_rng(1)
    for _ in range(600):
        while twin.legal_actions() == [twin.get_game().decline_action]:
            twin.apply_action(twin.get_game().decline_action)
        seat = twin.current_player()
        assert env.current_player[0] == seat
        assert np.array_equal(obs[0], twin.observation_tensor(seat))
        assert mask[0].tolist() == twin.legal_actions_mask(seat)
        action = int(rng.choice(np.flatnonzero(mask[0])))
        obs, mask, reward, done = env.step(np.array([action]))
        assert reward.shape == (1, players)
        twin.apply_action(action)
        if done[0]:
            while not twin.is_terminal():
                twin.apply_action(twin.get_game().decline_action)
            assert np.allclose(reward[0], twin.returns())
            assert env.truncated[0] == twin.is_truncated()
            dealt += 1
            twin = agreeing_twin(game, players, options, 5, dealt)
        else:
            assert np.allclose(reward[0], twin.rewards())
    # Matches of these games are shorter than the run: the end of a match was checked too.
    assert dealt > 0 or game not in ("crazyeights", "njet")


def test_the_agent_may_hold_some_seats():
    env = tapis.VectorEnv("nantais", 16, players=4, opponents=["agent", "heuristic", "agent", "random"], seed=2)
    assert env.agent_seats == [0, 2] and env.seats == ["agent", "heuristic", "agent", "random"]
    obs, mask = env.reset()
    seen = set()
    finished = 0
    for _ in range(1500):
        seen |= set(env.current_player.tolist())
        obs, mask, reward, done = env.step(first_legal(mask))
        assert reward.shape == (16, 4)
        # A win is shared: every finished match gives out exactly one.
        assert np.allclose(reward[done].sum(axis=1), 1.0)
        finished += int(done.sum())
    assert seen == {0, 2} and finished > 0
    stats = env.stats()
    assert stats["episodes"] == finished and stats["agent_steps"] == 1500 * 16
    assert abs(sum(stats["seat_returns"]) - finished) < 1e-6
    assert abs(env.totals()[2] - stats["seat_returns"][0] - stats["seat_returns"][2]) < 1e-6
    # One name per seat, all bots but the agent's seat: the list the docs promise.
    single = tapis.VectorEnv("gum", 4, players=4, opponents=["random"] * 4, seat=1)
    assert single.agent_seats == [1] and single.seats == ["random", "agent", "random", "random"]
    obs, mask = single.reset()
    assert (single.current_player == 1).all()
    _, _, reward, _ = single.step(first_legal(mask))
    assert reward.shape == (4,)


def test_the_seats_are_checked():
    with pytest.raises(ValueError, match="seat 1 is not one of the seats"):
        tapis.VectorEnv("nantais", 2, players=4, opponents=["agent", "random", "random", "random"], seat=1)
    with pytest.raises(ValueError, match="3 opponents for 4 seats"):
        tapis.VectorEnv("nantais", 2, players=4, opponents=["random"] * 3)
    with pytest.raises(ValueError, match="unknown bot"):
        tapis.VectorEnv("nantais", 2, players=4, opponents=["agent", "genius", "random", "random"])


def test_a_match_that_no_longer_progresses_ends_as_a_flagged_draw():
    """Battle GUM's players who always play their first legal id hand the pile back and forth for
    ever: each match is stopped as a draw long before the decision limit, and flagged."""
    env = tapis.VectorEnv("gum", 8, players=2, opponents="agent", seed=3)
    obs, mask = env.reset()
    stalled = 0
    for step in range(3000):
        obs, mask, reward, done = env.step(first_legal(mask))
        assert (env.stalled <= env.truncated).all() and (env.truncated <= done).all()
        for i in np.flatnonzero(env.stalled):
            assert np.allclose(reward[i], [0.5, 0.5])
            stalled += 1
    assert stalled >= 8
    stats = env.stats()
    assert stats["stalled"] == stalled == stats["truncated"] == stats["episodes"]
    # The sequential State stops the same match in the same way.
    state = tapis.load_game("gum", players=2).new_initial_state(seed=tapis.game_seed(3, 0))
    while not state.is_terminal():
        state.apply_action(state.legal_actions()[0])
    assert state.is_truncated() and state.stalled() == "repetition"
    assert len(state.history()) < 3000 and state.returns() == [0.5, 0.5]
    # Off, the watch stops nothing before the decision limit.
    off = tapis.load_game("gum", players=2, no_progress=0, max_decisions=5000).new_initial_state(seed=tapis.game_seed(3, 0))
    while not off.is_terminal():
        off.apply_action(off.legal_actions()[0])
    assert off.is_truncated() and off.stalled() is None and len(off.history()) == 5000


def test_a_vector_env_pickles_mid_run():
    import pickle

    env = tapis.VectorEnv("nainjaune", 8, players=4, opponents=["agent", "heuristic", "agent", "ismcts:10"], seed=6)
    obs, mask = env.reset()
    for _ in range(30):
        obs, mask, reward, done = env.step(first_legal(mask))
    twin = pickle.loads(pickle.dumps(env))
    assert twin.seats == env.seats and twin.num_envs == 8
    for _ in range(200):
        actions = first_legal(mask)
        out = env.step(actions)
        again = twin.step(actions)
        for x, y in zip(out, again):
            assert np.array_equal(x, y)
        assert np.array_equal(env.current_player, twin.current_player)
        mask = out[1]
    assert env.stats() == twin.stats()
