#!/usr/bin/env python3
"""The Python package's speed, side by side in one run (scripts/bench_python.sh pins it to one
core): figures for README.md and docs/python.md.

1. A plain Python loop over states, random legal actions, the very same code for `pyspiel`'s
   crazy_eights and for tapis (crazyeights and every game), 4 players: decisions per second
   (chance nodes, OpenSpiel's only, are sampled but not counted).
2. The same loop reading every decision's observation tensor and legal-actions mask.
3. `tapis.VectorEnv` with 1,024 matches, 4 players: the agent's actions drawn in numpy uniformly
   among the legal ids of each mask; observations, masks, rewards and done flags written into
   its numpy arrays: agent steps per second in self-play (every seat the agent's, every step
   an agent step), then with the agent at seat 0 against random opponents and against
   heuristic ones.
Each figure is timed with the wall clock over `--seconds`; `uptime`'s load is printed beside, and
VectorEnv's figures also per second of the process's CPU time, the better guide when other work
shares the core.
"""
import argparse
import os
import random
import time

import numpy as np

import tapis

GAMES = ["nantais", "nurmut", "gum", "nainjaune", "njet", "crazyeights"]


def load():
    return os.getloadavg()[0]


def loop(new_state, seconds, read=False):
    """Random play over whole matches: decisions per second."""
    rng = random.Random(1)
    decisions = 0
    start = time.perf_counter()
    seed = 0
    while time.perf_counter() - start < seconds:
        state = new_state(seed)
        seed += 1
        while not state.is_terminal():
            if state.is_chance_node():
                actions, weights = zip(*state.chance_outcomes())
                state.apply_action(rng.choices(actions, weights)[0])
                continue
            player = state.current_player()
            if read:
                state.observation_tensor(player)
                state.legal_actions_mask(player)
            state.apply_action(rng.choice(state.legal_actions()))
            decisions += 1
    return decisions / (time.perf_counter() - start)


def sample(mask, rng):
    """Uniform among each row's legal ids: 16 raw random bits per id (one 64-bit draw of the
    generator gives four), forced odd, masked, the largest taken (ties between two legal ids,
    about 1 in 65,536, go to the lower id)."""
    bits = rng.bit_generator.random_raw((mask.size + 3) // 4).view(np.uint16)[: mask.size].reshape(mask.shape)
    bits |= np.uint16(1)
    bits *= mask.view(np.uint8)
    return bits.argmax(axis=1)


def vector(game, opponents, seconds, envs=1024, players=4):
    """Agent steps per second of wall clock, and per second of this process's CPU time (what
    one core would give it alone, when other work shares the core). `opponents="agent"`: self-play."""
    env = tapis.VectorEnv(game, envs, players=players, opponents=opponents, seed=1)
    obs, mask = env.reset()
    rng = np.random.default_rng(1)
    steps = 0
    start, cpu = time.perf_counter(), time.process_time()
    while time.perf_counter() - start < seconds:
        obs, mask, reward, done = env.step(sample(mask, rng))
        steps += envs
    wall, cpu = time.perf_counter() - start, time.process_time() - cpu
    return steps / wall, steps / cpu, env.totals()[0]


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=5.0)
    parser.add_argument("--games", default=",".join(GAMES))
    args = parser.parse_args()
    games = args.games.split(",")
    print(f"# one core, {args.seconds:g} s per figure")
    import pyspiel

    spiel = pyspiel.load_game("crazy_eights", {"players": 4})
    rows = []
    for read in (False, True):
        what = "loop reading tensors and masks" if read else "plain loop"
        value = loop(lambda seed: spiel.new_initial_state(), args.seconds, read)
        rows.append((f"pyspiel crazy_eights, {what}", value, load()))
        print(f"{rows[-1][0]}: {value:,.0f} decisions/s (load {rows[-1][2]:.2f})", flush=True)
        for game in games:
            g = tapis.load_game(game, players=4)
            value = loop(lambda seed: g.new_initial_state(seed=seed), args.seconds, read)
            rows.append((f"tapis {game}, {what}", value, load()))
            print(f"{rows[-1][0]}: {value:,.0f} decisions/s (load {rows[-1][2]:.2f})", flush=True)
    for opponents in ("agent", "random", "heuristic"):
        for game in games:
            value, per_cpu, episodes = vector(game, opponents, args.seconds)
            who = "self-play" if opponents == "agent" else f"{opponents} opponents"
            print(
                f"VectorEnv {game}, 1,024 matches, 4 players, {who}: {value:,.0f} agent steps/s "
                f"({per_cpu:,.0f} per CPU second; {episodes:,} matches finished; load {load():.2f})",
                flush=True,
            )


if __name__ == "__main__":
    main()
