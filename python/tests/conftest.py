"""Shared tables: every game at 2 players (3 for Njet!, which seats 3 or 4; Le Nain Jaune's
two-player variant), 4, and its largest table with the default options."""

import random

import pytest

TABLES = [
    ("nantais", 2, {}),
    ("nantais", 4, {}),
    ("nantais", 7, {}),
    ("nurmut", 2, {}),
    ("nurmut", 4, {}),
    ("nurmut", 6, {}),
    ("gum", 2, {}),
    ("gum", 4, {}),
    ("gum", 5, {}),
    ("nainjaune", 2, {"two_players": True}),
    ("nainjaune", 4, {}),
    ("nainjaune", 8, {}),
    ("njet", 3, {}),
    ("njet", 4, {}),
    ("crazyeights", 2, {}),
    ("crazyeights", 4, {}),
    ("crazyeights", 10, {}),
]

# Tables where seats may act at once with a decline, and options no test above reaches.
WINDOW_TABLES = [
    ("gum", 4, {"ninja_interrupt": True, "complete_pair_burn": True}),
    ("nainjaune", 4, {"manual_claim": True}),
    ("nantais", 10, {"decks": 2, "queen_swap": True, "queen_swap_mode": "named"}),
    ("nantais", 4, {"queen_swap": True, "queen_swap_mode": "target_chooses"}),
    ("crazyeights", 4, {"use_special_cards": True, "reshuffle": True}),
]


def table_id(table):
    game, players, options = table
    extra = ",".join(f"{k}={v}" for k, v in options.items())
    return f"{game}-{players}" + (f"-{extra}" if extra else "")


def play_random(state, rng, steps):
    """Applies up to `steps` random legal ids; returns the ids applied."""
    applied = []
    for _ in range(steps):
        if state.is_terminal():
            break
        action = rng.choice(state.legal_actions())
        state.apply_action(action)
        applied.append(action)
    return applied


@pytest.fixture
def rng():
    return random.Random(20261126)
