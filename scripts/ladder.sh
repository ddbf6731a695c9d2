#!/usr/bin/env bash
# The bots' ladder of every game, written into docs/ladder.md between its markers: builds tapis
# (the tests' profile, release speed), then runs `tapis ladder` for each game under `nice -n 19`
# and notes beside each table how long it took and the machine's load average before and after.
#   scripts/ladder.sh                          # every game, the default deals
#   scripts/ladder.sh nurmut --deals 200       # one game; later arguments go to `tapis ladder`
# Each game's table replaces its own section of docs/ladder.md; the others are left as they are.
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$root"
games=(nurmut nantais gum nainjaune njet crazyeights)
if [ $# -gt 0 ] && [[ "$1" != -* ]]; then
    games=("$1")
    shift
fi
cargo build --profile checked -p tapis --quiet
doc="$root/docs/ladder.md"
for game in "${games[@]}"; do
    echo "== ladder of $game" >&2
    load_before="$(cut -d' ' -f1-3 /proc/loadavg)"
    start=$(date +%s)
    table="$(nice -n 19 "$root/target/checked/tapis" ladder "$game" "$@")"
    minutes=$(( ($(date +%s) - start + 59) / 60 ))
    load_after="$(cut -d' ' -f1-3 /proc/loadavg)"
    section="$(printf '<!-- ladder:%s -->\n%s\nRun on %s in %s minutes on %s cores; load average %s before, %s after.\n<!-- /ladder:%s -->' \
        "$game" "$table" "$(date -u +%Y-%m-%d)" "$minutes" "$(nproc)" "$load_before" "$load_after" "$game")"
    SECTION="$section" GAME="$game" python3 - "$doc" <<'PY'
import os, re, sys
path, game, section = sys.argv[1], os.environ["GAME"], os.environ["SECTION"]
text = open(path).read()
pattern = re.compile(rf"<!-- ladder:{game} -->.*?<!-- /ladder:{game} -->", re.S)
if pattern.search(text):
    text = pattern.sub(lambda _: section, text)
else:
    text = text.rstrip("\n") + "\n\n" + section + "\n"
open(path, "w").write(text)
PY
    echo "   written into docs/ladder.md ($minutes min)" >&2
done
