"""crazyeights against OpenSpiel's own crazy_eights (pyspiel 2.0.2): over 1,000 seeded matches,
the same seat to act, the same legal ids in the same order, the same observation tensors for
every seat, the same returns. OpenSpiel's chance outcomes are handed to tapis as a deal
(`docs/crazyeights.md`), so both play the very same cards."""

import random

import numpy as np
import pytest

import tapis

pyspiel = pytest.importorskip("pyspiel")

RANKS = "23456789TJQKA"
SUITS = "CDHS"
CARD = [RANKS[i // 4] + SUITS[i % 4] for i in range(52)]

SETS = [
    {"players": 2},
    {"players": 4},
    {"players": 4, "use_special_cards": True, "reshuffle": True},
    {"players": 7},
]
MATCHES = 250  # per set: 1,000 in all


def openspiel_match(game, rng):
    """A random match of pyspiel: its dealer, chance cards and decision nodes."""
    state = game.new_initial_state()
    dealer, chance, nodes = None, [], []
    while not state.is_terminal():
        player = state.current_player()
        if player == pyspiel.PlayerId.CHANCE:
            actions, weights = zip(*state.chance_outcomes())
            action = rng.choices(actions, weights)[0]
            if action >= 52:
                dealer = action - 52
            else:
                chance.append(CARD[action])
        else:
            legal = state.legal_actions()
            tensors = [state.observation_tensor(p) for p in range(game.num_players())]
            action = legal[rng.randrange(len(legal))]
            nodes.append((player, legal, tensors, action))
        state.apply_action(action)
    return dealer, chance, nodes, state.returns()


@pytest.mark.parametrize("params", SETS, ids=lambda p: ",".join(f"{k}={v}" for k, v in p.items()))
def test_crazyeights_ids_legal_lists_and_tensors_equal_openspiels(params):
    game = pyspiel.load_game("crazy_eights", params)
    options = {k: v for k, v in params.items() if k != "players"}
    table = tapis.load_game("crazyeights", players=params["players"], **options)
    assert table.num_distinct_actions() == game.num_distinct_actions()
    assert table.observation_tensor_shape() == game.observation_tensor_shape()
    for match in range(MATCHES):
        rng = random.Random(match)
        dealer, chance, nodes, returns = openspiel_match(game, rng)
        state = table.new_initial_state(seed=match, deal={"dealer": dealer, "chance": chance})
        for step, (player, legal, tensors, action) in enumerate(nodes):
            where = f"match {match}, step {step}"
            assert state.current_player() == player, where
            assert state.legal_actions() == legal, where
            for seat, tensor in enumerate(tensors):
                assert np.array_equal(state.observation_tensor(seat), np.asarray(tensor, dtype=np.float32)), (
                    f"{where}, seat {seat}"
                )
            state.apply_action(action)
        assert state.is_terminal(), f"match {match}"
        assert state.returns() == returns, f"match {match}"
