#!/usr/bin/env bash
# Makes sure the repository's ignored virtual environment (.venv/) holds open_spiel 2.0.2 from
# PyPI, installing it only when it is missing or another version; prints the venv's python.
# A lock keeps concurrent callers (parallel test binaries) from installing twice at once.
# TAPIS_OPENSPIEL_VENV=/some/dir uses another venv (e.g. to time a cold install).
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
venv="${TAPIS_OPENSPIEL_VENV:-$root/.venv}"
want="2.0.2"
ready() {
    [ -x "$venv/bin/python" ] &&
        [ "$("$venv/bin/python" -c 'import importlib.metadata as m, pyspiel; print(m.version("open_spiel"))' 2>/dev/null)" = "$want" ]
}
if ! ready; then
    exec 9>"${TMPDIR:-/tmp}/tapis-openspiel-venv.lock"
    flock 9
    if ! ready; then
        echo "openspiel_env: installing open_spiel==$want into $venv (once)" >&2
        python3 -m venv "$venv"
        "$venv/bin/pip" install --quiet --disable-pip-version-check "open_spiel==$want" >&2
        ready || { echo "openspiel_env: open_spiel $want did not install" >&2; exit 1; }
    fi
fi
echo "$venv/bin/python"
