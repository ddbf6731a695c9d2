#!/usr/bin/env bash
# Every speed figure of the Python package (README.md, docs/python.md), side by side in one run,
# pinned to one core: plain Python loops over pyspiel's crazy_eights and over tapis, and
# tapis.VectorEnv against random and heuristic opponents. Builds the package into .venv/ first
# (scripts/python_tests.sh's venv). Usage: scripts/bench_python.sh [SECONDS] [CPU]
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
seconds="${1:-5}"
cpu="${2:-1}"
venv="${TAPIS_VENV:-$root/.venv}"
"$root/scripts/python_tests.sh" --co -q >/dev/null
echo "# $(date -u +%Y-%m-%dT%H:%M:%SZ), $(nproc) cores, pinned to CPU $cpu; before: $(uptime)"
taskset -c "$cpu" "$venv/bin/python" "$root/scripts/bench_python.py" --seconds "$seconds"
echo "# after: $(uptime)"
