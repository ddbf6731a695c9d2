#!/usr/bin/env bash
# The Python package's tests: makes sure the repository's ignored virtual environment (.venv/,
# shared with the OpenSpiel differential test) holds the pinned requirements
# (python/requirements.txt: maturin, numpy, pettingzoo, gymnasium, pytest, open_spiel), builds
# the package into it with maturin (the tests' profile `checked`, the workspace's target/), builds
# the `tapis` binary the referee test replays records with (same profile: target/checked/tapis),
# and runs pytest on python/tests. Arguments go to pytest.
# TAPIS_VENV=/some/dir uses another venv (a fresh one, to check an install from nothing).
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
venv="${TAPIS_VENV:-$root/.venv}"
requirements="$root/python/requirements.txt"
stamp="$venv/.tapis-requirements"
# One install at a time: the OpenSpiel differential test installs into the same venv.
exec 9>"${TMPDIR:-/tmp}/tapis-openspiel-venv.lock"
flock 9
if [ ! -x "$venv/bin/python" ]; then
    echo "python_tests: creating $venv" >&2
    python3 -m venv "$venv"
fi
if ! cmp -s "$requirements" "$stamp"; then
    echo "python_tests: installing python/requirements.txt into $venv" >&2
    "$venv/bin/pip" install --quiet --disable-pip-version-check -r "$requirements"
    cp "$requirements" "$stamp"
fi
flock -u 9
echo "== building the tapis package (maturin develop --profile checked)" >&2
(cd "$root/python" && VIRTUAL_ENV="$venv" "$venv/bin/maturin" develop --profile checked --quiet)
# The binary as the test command builds it (`cargo build -p tapis` alone would resolve other
# features for shared crates, and compile them all again): nothing to do after `cargo test`.
cargo test --workspace --profile checked --no-run --quiet --manifest-path "$root/Cargo.toml"
cd "$root/python/tests"
exec "$venv/bin/python" -m pytest -p no:cacheprovider "$@"
