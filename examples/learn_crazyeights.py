#!/usr/bin/env python3
"""A policy that learns Crazy Eights from tapis.VectorEnv and beats the random bot: numpy only.

The agent holds seat 0 of 512 two-player matches stepped together in Rust against the random
bot; its policy is a softmax over the legal action ids of a linear function of the observation
tensor (OpenSpiel's, 213 floats), with a linear value function as baseline (advantage
actor-critic on rollouts of 32 steps, the reward being the win at the end). Every few updates
the policy plays 2,000 fresh matches against the random bot; the win rates are written
as a learning curve (SVG) and a CSV.

    python examples/learn_crazyeights.py                 # 2.5 M agent steps, 150 updates
    python examples/learn_crazyeights.py --updates 60 --out /tmp/curve.svg
"""
import argparse
import time
from pathlib import Path

import numpy as np

import tapis

GAME, PLAYERS = "crazyeights", 2


def masked_softmax(logits, mask):
    logits = np.where(mask > 0, logits, -1e9)
    logits -= logits.max(axis=1, keepdims=True)
    p = np.exp(logits) * (mask > 0)
    return p / p.sum(axis=1, keepdims=True)


def evaluate(w, b, matches, seed, greedy=False):
    """Win share of the policy (sampled, or its most likely legal id with `greedy`) against
    the random bot over `matches` new matches."""
    env = tapis.VectorEnv(GAME, 500, players=PLAYERS, opponents="random", seed=seed, reward="win")
    rng = np.random.default_rng(seed)
    obs, mask = env.reset()
    while env.totals()[0] < matches:
        if greedy:
            actions = np.where(mask > 0, obs @ w + b, -1e9).argmax(axis=1)
        else:
            probs = masked_softmax(obs @ w + b, mask)
            actions = (probs.cumsum(axis=1) > rng.random((len(probs), 1))).argmax(axis=1)
        obs, mask, reward, done = env.step(actions)
    episodes, _, wins = env.totals()
    return wins / episodes, episodes


def svg(points, baseline, path):
    """The learning curve as a small SVG: win share against agent steps."""
    width, height, pad = 640, 360, 50
    xs = [p[0] for p in points]
    x_max = max(xs) or 1
    sx = lambda x: pad + (width - 2 * pad) * x / x_max  # noqa: E731
    sy = lambda y: height - pad - (height - 2 * pad) * y  # noqa: E731
    line = " ".join(f"{sx(x):.1f},{sy(y):.1f}" for x, y in points)
    grid = "".join(
        f'<line x1="{pad}" x2="{width - pad}" y1="{sy(v):.1f}" y2="{sy(v):.1f}" stroke="#ddd"/>'
        f'<text x="{pad - 8}" y="{sy(v) + 4:.1f}" text-anchor="end" font-size="12">{int(v * 100)}%</text>'
        for v in (0, 0.25, 0.5, 0.75, 1.0)
    )
    ticks = "".join(
        f'<text x="{sx(x):.1f}" y="{height - pad + 18}" text-anchor="middle" font-size="12">{x / 1e6:.1f} M</text>'
        for x in np.linspace(0, x_max, 5)
    )
    dots = "".join(f'<circle cx="{sx(x):.1f}" cy="{sy(y):.1f}" r="3" fill="#1f5fbf"/>' for x, y in points)
    Path(path).parent.mkdir(parents=True, exist_ok=True)
    Path(path).write_text(
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" font-family="sans-serif">'
        f'<rect width="100%" height="100%" fill="white"/>{grid}{ticks}'
        f'<line x1="{pad}" x2="{width - pad}" y1="{sy(baseline):.1f}" y2="{sy(baseline):.1f}" '
        f'stroke="#c33" stroke-dasharray="6 4"/>'
        f'<text x="{width - pad}" y="{sy(baseline) - 6:.1f}" text-anchor="end" font-size="12" fill="#c33">'
        f"untrained policy</text>"
        f'<polyline points="{line}" fill="none" stroke="#1f5fbf" stroke-width="2"/>{dots}'
        f'<text x="{width / 2}" y="{height - 10}" text-anchor="middle" font-size="13">agent steps</text>'
        f'<text x="{width / 2}" y="24" text-anchor="middle" font-size="14">Crazy Eights, 2 players: the '
        f"policy's win share against the random bot (2,000 matches each)</text></svg>\n"
    )


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--updates", type=int, default=150)
    parser.add_argument("--envs", type=int, default=512)
    parser.add_argument("--steps", type=int, default=32, help="rollout length per update")
    parser.add_argument("--lr", type=float, default=2.0)
    parser.add_argument("--eval-every", type=int, default=15)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--out", default="docs/python/learning-curve.svg")
    args = parser.parse_args()
    start = time.perf_counter()
    rng = np.random.default_rng(args.seed)
    env = tapis.VectorEnv(GAME, args.envs, players=PLAYERS, opponents="random", seed=args.seed, reward="win")
    obs, mask = env.reset()
    d, a = obs.shape[1], mask.shape[1]
    w, b = np.zeros((d, a)), np.zeros(a)  # policy
    v, c = np.zeros(d), 0.0  # value baseline
    # Untrained, the policy is uniform among the legal ids: the random bot itself.
    random_share, _ = evaluate(w, b, 2000, seed=10_000)
    points = [(0, random_share)]
    print(f"untrained (uniform) policy against the random bot: {random_share:.1%}")
    agent_steps = 0
    for update in range(1, args.updates + 1):
        buf_obs, buf_mask, buf_act, buf_rew, buf_done = [], [], [], [], []
        for _ in range(args.steps):
            probs = masked_softmax(obs @ w + b, mask)
            actions = (probs.cumsum(axis=1) > rng.random((len(probs), 1))).argmax(axis=1)
            buf_obs.append(obs.copy())
            buf_mask.append(mask.copy())
            buf_act.append(actions)
            obs, mask, reward, done = env.step(actions)
            buf_rew.append(reward.copy())
            buf_done.append(done.copy())
            agent_steps += args.envs
        # Returns, bootstrapped by the value of the last observation.
        ret = obs @ v + c
        returns = []
        for r, dn in zip(reversed(buf_rew), reversed(buf_done)):
            ret = r + np.where(dn, 0.0, ret)
            returns.append(ret)
        returns.reverse()
        x = np.concatenate(buf_obs)
        mk = np.concatenate(buf_mask)
        act = np.concatenate(buf_act)
        g = np.concatenate(returns)
        value = x @ v + c
        adv = g - value
        adv = (adv - adv.mean()) / (adv.std() + 1e-8)
        probs = masked_softmax(x @ w + b, mk)
        grad = -probs
        grad[np.arange(len(act)), act] += 1.0
        grad *= adv[:, None]
        # Steps scaled by the inputs' squared norm, the bias counted as an input of 1 (about 56
        # ones in all: each card's count is one-hot), as normalised least mean squares does.
        scale = args.lr / (len(act) * (1.0 + np.mean((x * x).sum(axis=1))))
        w += scale * (x.T @ grad)
        b += scale * grad.sum(axis=0)
        err = g - value
        v += scale * (x.T @ err)
        c += scale * err.sum()
        if update % args.eval_every == 0 or update == args.updates:
            share, _ = evaluate(w, b, 2000, seed=10_000 + update)
            points.append((agent_steps, share))
            print(
                f"update {update:4d}, {agent_steps / 1e6:5.2f} M agent steps, {time.perf_counter() - start:6.1f} s: "
                f"the policy wins {share:.1%} against the random bot",
                flush=True,
            )
    final, n = evaluate(w, b, 10_000, seed=99_999)
    greedy, _ = evaluate(w, b, 10_000, seed=99_998, greedy=True)
    print(
        f"final: the policy wins {final:.1%} of {n:,} new matches against the random bot, its greedy "
        f"version {greedy:.1%} (the untrained policy {random_share:.1%}); {time.perf_counter() - start:.0f} s in all"
    )
    svg(points, random_share, args.out)
    Path(args.out).with_suffix(".csv").write_text(
        "agent_steps,win_share\n" + "".join(f"{x},{y:.4f}\n" for x, y in points)
    )
    print(f"learning curve: {args.out}")


if __name__ == "__main__":
    main()
