#!/usr/bin/env bash
# Side-by-side speed of OpenSpiel 2.0.2's crazy_eights (its C++ loop, pyspiel.evaluate_bots with
# uniform random bots) and tapis's crazyeights (random self-play, examples/bench.rs), on the same
# parameter sets, both pinned to CPU 0, in one run. Actions = decisions + chance events (the
# dealer choice, each dealt or turned card, each drawn card), as OpenSpiel's history counts them.
# Usage: scripts/bench_openspiel.sh [SECONDS per side and set, default 5]
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
seconds="${1:-5}"
python="$("$root/scripts/openspiel_env.sh")"
export CARGO_TARGET_DIR="${CARGO_TARGET_DIR:-$root/target}"
cargo build --release --quiet -p tapis-crazyeights --example bench --manifest-path "$root/Cargo.toml"
tapis="$CARGO_TARGET_DIR/release/examples/bench"
sets=(
    '{"players": 2}'
    '{"players": 5}'
    '{"players": 4, "use_special_cards": true, "reshuffle": true}'
    '{"players": 2, "max_turns": 10000, "reshuffle": true}'
)
printf '| parameters | OpenSpiel games/s | tapis games/s | OpenSpiel actions/s | tapis actions/s | actions per game | ratio (actions/s) |\n'
printf '|---|---:|---:|---:|---:|---:|---:|\n'
for params in "${sets[@]}"; do
    os="$(taskset -c 0 "$python" "$root/scripts/openspiel_bench.py" "$params" "$seconds")"
    tp="$(taskset -c 0 "$tapis" "$params" "$seconds")"
    "$python" - "$params" "$os" "$tp" <<'PY'
import json, sys
params, os_run, tp_run = sys.argv[1], json.loads(sys.argv[2]), json.loads(sys.argv[3])
def rates(r):
    actions = r["decisions"] + r["chance"]
    return r["games"] / r["seconds"], actions / r["seconds"], actions / r["games"]
og, oa, oper = rates(os_run)
tg, ta, tper = rates(tp_run)
print(f"| `{params}` | {og:,.0f} | {tg:,.0f} | {oa:,.0f} | {ta:,.0f} | {oper:.0f} / {tper:.0f} | **{ta / oa:.1f}×** |")
PY
done
