#!/usr/bin/env python3
"""OpenSpiel's own C++ game loop on crazy_eights: pyspiel.evaluate_bots with uniform random bots,
for a number of seconds (of OpenSpiel's own time). Prints {"games", "decisions", "chance", "seconds"} as JSON, where the
actions are read from each finished state's history (decisions plus chance events)."""
import json
import sys
import time

import pyspiel


def main():
    params = json.loads(sys.argv[1]) if len(sys.argv) > 1 else {}
    seconds = float(sys.argv[2]) if len(sys.argv) > 2 else 3.0
    game = pyspiel.load_game("crazy_eights", params)
    players = game.num_players()
    bots = [pyspiel.make_uniform_random_bot(p, 1000 + p) for p in range(players)]
    games = decisions = chance = 0
    timed = 0.0
    # Only OpenSpiel's own work is timed (the initial state and the C++ loop); counting the
    # history in Python afterwards is left out, so OpenSpiel gets its best figure.
    while timed < seconds:
        for _ in range(64):
            start = time.perf_counter()
            state = game.new_initial_state()
            pyspiel.evaluate_bots(state, bots, games)
            timed += time.perf_counter() - start
            for item in state.full_history():
                if item.player < 0:
                    chance += 1
                else:
                    decisions += 1
            games += 1
    elapsed = timed
    print(json.dumps({"games": games, "decisions": decisions, "chance": chance, "seconds": round(elapsed, 3)}))


if __name__ == "__main__":
    main()
