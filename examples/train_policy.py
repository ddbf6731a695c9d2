#!/usr/bin/env python3
"""Trains the `learned` bot's policy for one game, numpy only, and writes its weights file.

    python examples/train_policy.py nurmut                # about 25 minutes on a 2-core machine
    python examples/train_policy.py nurmut --resume       # goes on from the last checkpoint

The policy is a multilayer perceptron over the package's observation tensor (two hidden layers
of 128 ReLU units) with one logit per action id; it plays the legal id of highest logit. It is
trained in two stages, each split into rounds that end in a checkpoint:

1. **Imitating the search** (DAgger, Ross et al. 2011). In each round, matches are played at the
   table the policy is for (4 players, default options): one seat, in turn, is the student, the
   others play the game's heuristic bot. At every decision of the student, the teacher
   (ISMCTS, `--teacher`) says what it would play; the student plays that in the first round,
   then its own move with a growing probability, so that later rounds show it the positions its
   own mistakes lead to. The network learns, by cross-entropy over the legal ids, the teacher's
   moves from every round's positions together.
2. **Playing for the win** (PPO, Schulman et al. 2017), with the package's `VectorEnv`: the
   policy holds one seat of each match (every seat in turn) against the heuristic bot, the
   reward is the match's win (1/k to each of k winners), and a value head is the baseline.
   `--ppo-updates 0` skips it.

Everything is seeded: the matches of round r are dealt from (seed, r), the generators of each
stage from (seed, stage, round), and numpy runs on one thread (its sums then come in one
order), so the same seed and the same rounds give the same weights on this machine. A stop at
any point loses at most the round under way: `--resume` goes on from the checkpoint
(`--checkpoint`, default `target/train/<game>`) and ends with the same weights as a run never
stopped. `--minutes` stops cleanly when the time is up (a later `--resume` finishes the work).

The weights file (`crates/bots/weights/<game>.policy` by default; its format is described in
`crates/bots/src/learned.rs`) is compiled into tapis: rebuild, and `tapis arena <game> --bots
learned,...` plays it. `scripts/ladder.sh` measures it against the other bots.
"""

import os

# One thread: the same sums in the same order on every run, and the other core left free.
for _var in ("OPENBLAS_NUM_THREADS", "OMP_NUM_THREADS", "MKL_NUM_THREADS"):
    os.environ.setdefault(_var, "1")

import argparse  # noqa: E402
import json  # noqa: E402
import struct  # noqa: E402
import sys  # noqa: E402
import time  # noqa: E402
from pathlib import Path  # noqa: E402

import numpy as np  # noqa: E402

import tapis  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent
HIDDEN = 128


# ----- the network -----------------------------------------------------------------------------


def init_params(obs_len, num_ids, rng):
    """He-initialised layers: two hidden, a policy head and a value head."""

    def dense(n_in, n_out, gain=2.0):
        return rng.normal(0.0, np.sqrt(gain / n_in), (n_in, n_out)).astype(np.float32), np.zeros(n_out, np.float32)

    w1, b1 = dense(obs_len, HIDDEN)
    w2, b2 = dense(HIDDEN, HIDDEN)
    wp, bp = dense(HIDDEN, num_ids, gain=0.01)
    wv, bv = dense(HIDDEN, 1, gain=0.01)
    return {"w1": w1, "b1": b1, "w2": w2, "b2": b2, "wp": wp, "bp": bp, "wv": wv, "bv": bv}


def forward(p, x):
    """Logits, values and what the backward pass needs."""
    z1 = x @ p["w1"] + p["b1"]
    h1 = np.maximum(z1, 0.0)
    z2 = h1 @ p["w2"] + p["b2"]
    h2 = np.maximum(z2, 0.0)
    logits = h2 @ p["wp"] + p["bp"]
    value = (h2 @ p["wv"] + p["bv"])[:, 0]
    return logits, value, (x, h1, h2)


def backward(p, cache, d_logits, d_value):
    """Gradients of the parameters given those of the logits and the values."""
    x, h1, h2 = cache
    g = {"wp": h2.T @ d_logits, "bp": d_logits.sum(0), "wv": h2.T @ d_value[:, None], "bv": d_value.sum(keepdims=True)}
    d_h2 = (d_logits @ p["wp"].T + d_value[:, None] @ p["wv"].T) * (h2 > 0)
    g["w2"], g["b2"] = h1.T @ d_h2, d_h2.sum(0)
    d_h1 = (d_h2 @ p["w2"].T) * (h1 > 0)
    g["w1"], g["b1"] = x.T @ d_h1, d_h1.sum(0)
    return g


def masked_log_softmax(logits, mask):
    z = np.where(mask > 0, logits, -1e9)
    z = z - z.max(axis=1, keepdims=True)
    return z - np.log(np.exp(z).sum(axis=1, keepdims=True))


class Adam:
    def __init__(self, params, lr):
        self.lr, self.t = lr, 0
        self.m = {k: np.zeros_like(v) for k, v in params.items()}
        self.v = {k: np.zeros_like(v) for k, v in params.items()}

    def step(self, params, grads, clip=1.0):
        norm = np.sqrt(sum(float((g * g).sum()) for g in grads.values()))
        scale = min(1.0, clip / (norm + 1e-12))
        self.t += 1
        for k, g in grads.items():
            g = g * scale
            self.m[k] = 0.9 * self.m[k] + 0.1 * g
            self.v[k] = 0.999 * self.v[k] + 0.001 * g * g
            m_hat = self.m[k] / (1 - 0.9**self.t)
            v_hat = self.v[k] / (1 - 0.999**self.t)
            params[k] -= (self.lr * m_hat / (np.sqrt(v_hat) + 1e-8)).astype(np.float32)

    def state(self):
        out = {f"m_{k}": v for k, v in self.m.items()}
        out.update({f"v_{k}": v for k, v in self.v.items()})
        out["t"] = np.array(self.t)
        return out

    def load(self, data):
        self.m = {k: data[f"m_{k}"] for k in self.m}
        self.v = {k: data[f"v_{k}"] for k in self.v}
        self.t = int(data["t"])


def greedy(p, obs, mask):
    logits, _, _ = forward(p, obs[None, :])
    return int(np.where(mask > 0, logits[0], -np.inf).argmax())


# ----- the weights file ------------------------------------------------------------------------


def write_policy(path, game, players, p):
    """The file `crates/bots/src/learned.rs` reads: the hidden layers and the policy head."""
    layers = [(p["w1"], p["b1"]), (p["w2"], p["b2"]), (p["wp"], p["bp"])]
    obs_len, num_ids = p["w1"].shape[0], p["wp"].shape[1]
    out = bytearray(b"TAPISPOL")
    out += struct.pack("<I", 1)
    out += struct.pack("<I", len(game)) + game.encode()
    out += struct.pack("<IIII", players, obs_len, num_ids, len(layers))
    for w, b in layers:
        out += struct.pack("<II", *w.shape)
        out += np.ascontiguousarray(w, dtype="<f4").tobytes() + np.ascontiguousarray(b, dtype="<f4").tobytes()
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_suffix(".tmp")
    tmp.write_bytes(bytes(out))
    tmp.replace(path)


# ----- checkpoints -----------------------------------------------------------------------------


class Checkpoint:
    """`progress.json` (what is done), `params.npz` (network and optimiser), `data-<r>.npz`
    (each imitation round's positions). Each file is written aside and renamed into place, so
    a stop while writing leaves the last whole checkpoint."""

    def __init__(self, folder):
        self.folder = Path(folder)
        self.folder.mkdir(parents=True, exist_ok=True)

    def _save_npz(self, name, arrays):
        tmp = self.folder / f"{name}.tmp.npz"
        np.savez_compressed(tmp, **arrays)
        tmp.replace(self.folder / f"{name}.npz")

    def save(self, progress, params, opt):
        arrays = dict(params)
        arrays.update({f"opt_{k}": v for k, v in opt.state().items()})
        self._save_npz("params", arrays)
        tmp = self.folder / "progress.tmp"
        tmp.write_text(json.dumps(progress, indent=1))
        tmp.replace(self.folder / "progress.json")

    def load(self, params, opt):
        progress = json.loads((self.folder / "progress.json").read_text())
        with np.load(self.folder / "params.npz") as data:
            for k in params:
                params[k] = data[k]
            opt.load({k[4:]: data[k] for k in data.files if k.startswith("opt_")})
        return progress

    def save_round(self, r, obs, mask, label):
        self._save_npz(f"data-{r}", {"obs": obs, "mask": mask, "label": label})

    def load_round(self, r):
        with np.load(self.folder / f"data-{r}.npz") as data:
            return data["obs"], data["mask"], data["label"]


# ----- stage 1: imitating the search -----------------------------------------------------------


def match_seed(seed, stage, r, m):
    return int(np.random.SeedSequence([seed, stage, r, m]).generate_state(1, np.uint64)[0])


def collect(game, params, args, r, rng):
    """One DAgger round's matches: the student's positions with the teacher's moves."""
    players = game.num_players()
    own_share = 0.0 if r == 0 else min(0.8, 0.3 * r)
    obs_rows, mask_rows, labels = [], [], []
    for m in range(args.matches):
        state = game.new_initial_state(seed=match_seed(args.seed, 1, r, m))
        student = m % players
        decision = 0
        while not state.is_terminal():
            seat = state.current_player()
            ask_seed = match_seed(args.seed, 2, r, m * 100_003 + decision)
            decision += 1
            if seat != student:
                state.apply_action(state.bot_action("heuristic", ask_seed))
                continue
            legal = state.legal_actions()
            if len(legal) == 1:
                state.apply_action(legal[0])
                continue
            obs = state.observation_array(seat)
            mask = np.zeros(game.num_distinct_actions(), np.int8)
            mask[legal] = 1
            label = state.bot_action(args.teacher, ask_seed)
            obs_rows.append(obs)
            mask_rows.append(mask)
            labels.append(label)
            own = rng.random() < own_share
            state.apply_action(greedy(params, obs, mask) if own else label)
    return np.array(obs_rows, np.float32), np.array(mask_rows, np.int8), np.array(labels, np.int64)


def fit(params, opt, obs, mask, label, epochs, rng):
    """Cross-entropy on the teacher's moves; returns the last epoch's loss and agreement."""
    n = len(label)
    for _ in range(epochs):
        order = rng.permutation(n)
        loss_sum, agree = 0.0, 0
        for start in range(0, n, 256):
            i = order[start : start + 256]
            logits, value, cache = forward(params, obs[i])
            logp = masked_log_softmax(logits, mask[i])
            rows = np.arange(len(i))
            loss_sum += float(-logp[rows, label[i]].sum())
            agree += int((np.where(mask[i] > 0, logits, -np.inf).argmax(1) == label[i]).sum())
            d_logits = np.exp(logp)
            d_logits[rows, label[i]] -= 1.0
            d_logits /= len(i)
            grads = backward(params, cache, d_logits.astype(np.float32), np.zeros(len(i), np.float32))
            grads = {k: v for k, v in grads.items() if k not in ("wv", "bv")}
            opt.step(params, grads)
    return loss_sum / n, agree / n


# ----- stage 2: playing for the win ------------------------------------------------------------


def ppo_update(params, opt, batch, args, rng):
    obs, mask, act, old_logp, adv, ret = batch
    n = len(act)
    for _ in range(args.ppo_epochs):
        order = rng.permutation(n)
        for start in range(0, n, args.ppo_batch):
            i = order[start : start + args.ppo_batch]
            logits, value, cache = forward(params, obs[i])
            logp_all = masked_log_softmax(logits, mask[i])
            rows = np.arange(len(i))
            logp = logp_all[rows, act[i]]
            ratio = np.exp(logp - old_logp[i])
            a = adv[i]
            clipped = (ratio < 1 - args.clip) & (a < 0) | (ratio > 1 + args.clip) & (a > 0)
            # d(-min(r a, clip(r) a))/d logp = -r a where the ratio is not clipped.
            d_logp = np.where(clipped, 0.0, -ratio * a) / len(i)
            probs = np.exp(logp_all)
            d_logits = -probs * d_logp[:, None]
            d_logits[rows, act[i]] += d_logp
            # Entropy bonus: -c * H, H = -sum p log p over the legal ids.
            ent_grad = probs * (logp_all + (-(probs * np.where(mask[i] > 0, logp_all, 0)).sum(1, keepdims=True)))
            d_logits += args.entropy * np.where(mask[i] > 0, ent_grad, 0.0) / len(i)
            d_value = args.value_coef * (value - ret[i]) / len(i)
            grads = backward(params, cache, d_logits.astype(np.float32), d_value.astype(np.float32))
            opt.step(params, grads)


def rollout(params, envs, states, args, rng):
    """`args.ppo_steps` steps of every env: PPO's batch with GAE advantages (gamma 1)."""
    buf = {k: [] for k in ("obs", "mask", "act", "logp", "value", "reward", "done")}
    for _ in range(args.ppo_steps):
        obs = np.concatenate([s[0] for s in states])
        mask = np.concatenate([s[1] for s in states])
        logits, value, _ = forward(params, obs)
        logp_all = masked_log_softmax(logits, mask)
        probs = np.exp(logp_all)
        act = (probs.cumsum(1) > rng.random((len(probs), 1))).argmax(1)
        act = np.where(mask[np.arange(len(act)), act] > 0, act, np.where(mask > 0, logits, -np.inf).argmax(1))
        rewards, dones = [], []
        at = 0
        for k, env in enumerate(envs):
            n = env.num_envs
            o, m, r, d = env.step(act[at : at + n].astype(np.int64))
            states[k] = (o.copy(), m.copy())
            rewards.append(r.copy())
            dones.append(d.copy())
            at += n
        for key, val in zip(buf, (obs, mask, act, logp_all[np.arange(len(act)), act], value,
                                   np.concatenate(rewards), np.concatenate(dones))):
            buf[key].append(val)
    last_value = forward(params, np.concatenate([s[0] for s in states]))[1]
    adv = np.zeros_like(buf["value"][0])
    advs = []
    for t in reversed(range(args.ppo_steps)):
        nxt = last_value if t == args.ppo_steps - 1 else buf["value"][t + 1]
        nonterminal = 1.0 - buf["done"][t]
        delta = buf["reward"][t] + nonterminal * nxt - buf["value"][t]
        adv = delta + args.lam * nonterminal * adv
        advs.append(adv)
    advs.reverse()
    adv = np.concatenate(advs)
    ret = adv + np.concatenate(buf["value"])
    adv = (adv - adv.mean()) / (adv.std() + 1e-8)
    cat = lambda k: np.concatenate(buf[k])  # noqa: E731
    return (cat("obs"), cat("mask"), cat("act"), cat("logp"), adv.astype(np.float32), ret.astype(np.float32))


# ----- the run ---------------------------------------------------------------------------------


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("game", choices=tapis.GAMES)
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--teacher", default="ismcts:1000", help="the bot imitated (default ismcts:1000)")
    parser.add_argument("--rounds", type=int, default=4, help="imitation rounds")
    parser.add_argument("--matches", type=int, default=100, help="matches per imitation round")
    parser.add_argument("--epochs", type=int, default=6, help="passes over the positions after each round")
    parser.add_argument("--lr", type=float, default=1e-3)
    parser.add_argument("--ppo-updates", type=int, default=0, help="PPO updates after imitating (0: none)")
    parser.add_argument("--ppo-envs", type=int, default=32, help="matches per seat stepped together")
    parser.add_argument("--ppo-steps", type=int, default=64)
    parser.add_argument("--ppo-epochs", type=int, default=2)
    parser.add_argument("--ppo-block", type=int, default=10, help="PPO updates between checkpoints")
    parser.add_argument("--ppo-batch", type=int, default=1024)
    parser.add_argument("--ppo-lr", type=float, default=1e-4)
    parser.add_argument("--clip", type=float, default=0.2)
    parser.add_argument("--entropy", type=float, default=0.001)
    parser.add_argument("--value-coef", type=float, default=0.5)
    parser.add_argument("--lam", type=float, default=0.95)
    parser.add_argument("--checkpoint", help="folder of the checkpoint (default target/train/<game>)")
    parser.add_argument("--resume", action="store_true", help="go on from the checkpoint")
    parser.add_argument("--minutes", type=float, default=60.0, help="stop cleanly after this long")
    parser.add_argument("--out", help="weights file (default crates/bots/weights/<game>.policy)")
    args = parser.parse_args()

    start = time.perf_counter()
    game = tapis.load_game(args.game, players=args.players)
    obs_len, num_ids = game.observation_tensor_size(), game.num_distinct_actions()
    params = init_params(obs_len, num_ids, np.random.default_rng([args.seed, 0]))
    opt = Adam(params, args.lr)
    ckpt = Checkpoint(args.checkpoint or ROOT / "target" / "train" / args.game)
    out = Path(args.out) if args.out else ROOT / "crates" / "bots" / "weights" / f"{args.game}.policy"
    progress = {"game": args.game, "players": args.players, "seed": args.seed, "rounds_done": 0,
                "ppo_done": 0, "seconds": 0.0, "log": []}
    if args.resume:
        if not (ckpt.folder / "progress.json").exists():
            sys.exit(f"no checkpoint in {ckpt.folder} to resume from")
        progress = ckpt.load(params, opt)
        if (progress["game"], progress["players"], progress["seed"]) != (args.game, args.players, args.seed):
            sys.exit(f"the checkpoint in {ckpt.folder} is of another run: {progress['game']}, "
                     f"{progress['players']} players, seed {progress['seed']}")
        print(f"resuming: {progress['rounds_done']} imitation rounds and {progress['ppo_done']} PPO updates done")
    before = progress["seconds"]

    def elapsed():
        return before + time.perf_counter() - start

    def out_of_time():
        if time.perf_counter() - start > args.minutes * 60:
            print(f"{args.minutes:g} minutes are up: stopped at the last checkpoint ({ckpt.folder}); "
                  f"--resume goes on", flush=True)
            return True
        return False

    def note(line):
        progress["log"].append(line)
        print(f"[{elapsed() / 60:5.1f} min] {line}", flush=True)

    print(f"{args.game} at {args.players} players: observation {obs_len}, {num_ids} ids; "
          f"teacher {args.teacher}", flush=True)
    for r in range(progress["rounds_done"], args.rounds):
        if out_of_time():
            return
        round_rng = np.random.default_rng([args.seed, 1, r])
        opt.lr = args.lr
        obs, mask, label = collect(game, params, args, r, round_rng)
        ckpt.save_round(r, obs, mask, label)
        data = [ckpt.load_round(k) for k in range(r + 1)]
        all_obs, all_mask, all_label = (np.concatenate([d[i] for d in data]) for i in range(3))
        loss, agree = fit(params, opt, all_obs, all_mask, all_label, args.epochs, round_rng)
        progress["rounds_done"] = r + 1
        progress["seconds"] = elapsed()
        note(f"imitation round {r + 1}/{args.rounds}: {len(label)} new positions, {len(all_label)} in all; "
             f"loss {loss:.3f}, the policy plays the teacher's move at {agree:.1%} of them")
        ckpt.save(progress, params, opt)
        write_policy(out, args.game, args.players, params)

    # PPO runs in blocks of `--ppo-block` updates, each on matches dealt afresh from (seed,
    # block): a checkpoint falls between blocks, and a resumed run deals what it would have.
    blocks = -(-args.ppo_updates // args.ppo_block)
    for block in range(progress["ppo_done"] // args.ppo_block, blocks):
        if out_of_time():
            return
        opt.lr = args.ppo_lr
        envs = [tapis.VectorEnv(args.game, args.ppo_envs, players=args.players, opponents="heuristic", seat=s,
                                seed=match_seed(args.seed, 3, block, s), reward="win")
                for s in range(args.players)]
        states = [tuple(a.copy() for a in env.reset()) for env in envs]
        last = min(args.ppo_updates, (block + 1) * args.ppo_block)
        for u in range(block * args.ppo_block, last):
            rng = np.random.default_rng([args.seed, 3, u])
            batch = rollout(params, envs, states, args, rng)
            ppo_update(params, opt, batch, args, rng)
        episodes = sum(env.totals()[0] for env in envs)
        wins = sum(env.totals()[2] for env in envs)
        progress["ppo_done"] = last
        progress["seconds"] = elapsed()
        note(f"PPO updates {last}/{args.ppo_updates}: the sampled policy won {wins / max(episodes, 1):.1%} "
             f"of the block's {episodes} matches against the heuristic bot")
        ckpt.save(progress, params, opt)
        write_policy(out, args.game, args.players, params)
    write_policy(out, args.game, args.players, params)
    print(f"weights: {out} ({out.stat().st_size:,} bytes); {elapsed() / 60:.1f} minutes in all")


if __name__ == "__main__":
    main()
