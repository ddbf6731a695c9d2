"""Bots as policies, and the arena with a Python policy at the table."""

import pytest

import tapis
import tapis.bots


@pytest.mark.parametrize("game", tapis.GAMES)
def test_bots_answer_a_legal_id_for_the_seat_asked(game):
    g = tapis.load_game(game, players=4 if game != "njet" else 3)
    state = g.new_initial_state(seed=1)
    bots = [tapis.bots.random(1), tapis.bots.heuristic(2), tapis.bots.ismcts(30, seed=3)]
    for step in range(120):
        if state.is_terminal():
            break
        bot = bots[step % 3]
        action = bot(state)
        assert action in state.legal_actions()
        state.apply_action(action)
    assert tapis.bots.ismcts(500).name == "ismcts:500"


def test_bot_actions_are_seeded():
    state = tapis.load_game("nantais", players=4).new_initial_state(seed=8)
    assert state.bot_action("ismcts:200", seed=4) == state.bot_action("ismcts:200", seed=4)


def first_legal(state):
    return state.legal_actions()[0]


def test_the_arena_seats_a_python_policy_beside_the_bots():
    report = tapis.arena("crazyeights", [first_legal, "random"], deals=20, seed=3)
    assert report["matches"] == 40  # 20 deals, two rotations each
    names = [b["bot"] for b in report["bots"]]
    assert names == ["python:first_legal", "random"]
    shares = sum(b["win_share"] for b in report["bots"])
    assert abs(shares - 1.0) < 1e-9
    # The same seed gives the same report.
    assert tapis.arena("crazyeights", [first_legal, "random"], deals=20, seed=3) == report


def test_the_arena_refuses_bad_lineups():
    with pytest.raises(ValueError, match="one per seat"):
        tapis.arena("nantais", [first_legal, "random"], players=4)
    with pytest.raises(ValueError, match="bot name or a callable"):
        tapis.arena("nantais", [3, "random"])
    with pytest.raises(ValueError, match="seating"):
        tapis.arena("nantais", ["random", "random"], seating="circles")


NO_POLICY = "the learned bot has no policy for Njet! yet (the games that have one: nurmut)"


def test_a_learned_bot_without_a_policy_for_the_game_is_refused_everywhere():
    # Njet! has no learned policy: every way of seating `learned` there says so, rather than
    # playing the heuristic under its name.
    import tapis.gym

    exact = "^" + NO_POLICY.replace("(", r"\(").replace(")", r"\)") + "$"
    game = tapis.load_game("njet", players=4)
    with pytest.raises(ValueError, match=exact):
        game.check_bot("learned")
    state = game.new_initial_state(seed=1)
    with pytest.raises(ValueError, match=exact):
        state.bot_action("learned")
    with pytest.raises(ValueError, match=exact):
        tapis.bots.Bot("learned")(state)
    with pytest.raises(ValueError, match=exact):
        state.bot_action("ismcts-learned:10")
    with pytest.raises(ValueError, match=exact):
        tapis.arena("njet", ["learned", "random", "random", "random"], deals=1)
    with pytest.raises(ValueError, match=exact):
        tapis.VectorEnv("njet", 2, players=4, opponents="learned")
    with pytest.raises(ValueError, match=exact):
        tapis.gym.make("njet", players=4, opponents="learned")
    # The agent's own seat is not a bot's: naming it `learned` is not refused.
    tapis.gym.make("njet", players=4, opponents=["learned", "random", "random", "random"], seat=0)
    # Nur Mut has one, trained at 4 players with the default options.
    tapis.load_game("nurmut", players=4).check_bot("learned")
    tapis.VectorEnv("nurmut", 2, players=4, opponents="learned")
    with pytest.raises(ValueError, match="^the learned bot's policy for Nur Mut was trained at 4 players"):
        tapis.load_game("nurmut", players=3).check_bot("learned")
