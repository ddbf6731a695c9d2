#!/usr/bin/env python3
"""Plays seeded random games of OpenSpiel's crazy_eights and writes every node as JSON lines.

One line per game:
  {"game": i, "params": {...}, "nodes": [[player, action, legal], ...], "returns": [...]}
where `player` is -1 for chance, `action` is in tapis notation ("play 7H", "draw", "pass",
"suit H" for decisions; "7H" for a chance card, "dealer 2" for the dealer choice) and `legal`
is the list of legal decisions in OpenSpiel's order (empty for chance nodes).
Decisions are uniform among the legal actions; chance follows OpenSpiel's outcome
probabilities. Game i uses random.Random(seed * 1_000_003 + i), so any game can be replayed.

Usage: openspiel_trace.py --params '{"players": 4, "use_special_cards": true}' --games 2000 \
           --seed 1 --out /tmp/trace.jsonl
"""
import argparse
import json
import random
import sys

import pyspiel

RANKS = "23456789TJQKA"
SUITS = "CDHS"  # OpenSpiel's suit order; tapis writes the same letters
CARD = [RANKS[i // 4] + SUITS[i % 4] for i in range(52)]
DECISION = ["play " + c for c in CARD] + ["draw", "pass"] + ["suit " + s for s in SUITS]


def chance_name(action):
    return CARD[action] if action < 52 else "dealer %d" % (action - 52)


def play(game, rng):
    state = game.new_initial_state()
    nodes = []
    while not state.is_terminal():
        player = state.current_player()
        if player == pyspiel.PlayerId.CHANCE:
            outcomes = state.chance_outcomes()
            actions = [a for a, _ in outcomes]
            weights = [p for _, p in outcomes]
            action = rng.choices(actions, weights)[0]
            nodes.append([-1, chance_name(action), []])
        else:
            legal = state.legal_actions()
            action = legal[rng.randrange(len(legal))]
            nodes.append([player, DECISION[action], [DECISION[a] for a in legal]])
        state.apply_action(action)
    return nodes, [int(r) for r in state.returns()]


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--params", default="{}", help="crazy_eights parameters as JSON")
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--out", default="-")
    args = parser.parse_args()
    params = json.loads(args.params)
    game = pyspiel.load_game("crazy_eights", params)
    out = sys.stdout if args.out == "-" else open(args.out, "w")
    for i in range(args.games):
        rng = random.Random(args.seed * 1_000_003 + i)
        nodes, returns = play(game, rng)
        out.write(json.dumps({"game": i, "params": params, "nodes": nodes, "returns": returns},
                             separators=(",", ":")))
        out.write("\n")
    out.close()


if __name__ == "__main__":
    main()
