#!/usr/bin/env bash
# Runs scripts/openspiel_trace.py with OpenSpiel 2.0.2 (installed into .venv/ on first use).
# Example: scripts/openspiel_trace.sh --params '{"players": 2}' --games 100 --out /tmp/c8.jsonl
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
python="$("$here/openspiel_env.sh")"
exec "$python" "$here/openspiel_trace.py" "$@"
