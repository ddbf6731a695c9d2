#!/usr/bin/env bash
# The package and the container, tested as far as this machine allows (issue 40, point 5):
# - the .deb (scripts/build_deb.sh, from the binary the tests built) installs with dpkg -i: its
#   user exists, its units pass `systemd-analyze verify`; systemd does not run here (no PID 1), so
#   the unit's command is run by hand as the package's user (setpriv), on the unit's data folder:
#   it serves the page and a room, the backup timer's command writes a backup as that user, and
#   SIGTERM stops it cleanly; then the package is purged, user and data with it.
# - the container file builds an image with podman and the image serves the page. This machine
#   reaches no image registry, so the base image is made here from the host's own glibc, CA roots
#   and a nonroot user (what distroless/cc holds), imported with `podman import`; podman runs
#   with runc and lowered limits (crun cannot set them in this sandbox).
# Needs root (dpkg -i, podman); run as another user it says so and stops.
# Usage: scripts/package_test.sh [BINARY]   (default: target/checked/tapis)
set -euo pipefail
cd "$(dirname "$0")/.."
binary="$(realpath "${1:-target/checked/tapis}")"
if [ "$(id -u)" != 0 ]; then
    echo "scripts/package_test.sh needs root (dpkg -i, podman): not checked"
    exit 0
fi
work="$(mktemp -d)"
server=""
cleanup() {
    [ -n "$server" ] && kill "$server" 2>/dev/null || true
    dpkg --purge tapis >/dev/null 2>&1 || true
    podman rm -f tapis-package-test >/dev/null 2>&1 || true
    podman rmi -f localhost/tapis-package-test localhost/tapis-package-test-base >/dev/null 2>&1 || true
    rm -rf "$work"
}
trap cleanup EXIT
fail() { echo "FAILED: $*" >&2; exit 1; }
passed=0
ok() { echo "ok: $*"; passed=$((passed + 1)); }

# Waits for the first line of a server's output in FILE; prints the address after PREFIX.
address() {
    local file="$1" prefix="$2"
    for _ in $(seq 100); do
        if grep -q "^$prefix" "$file"; then
            sed -n "s#^$prefix##p" "$file" | head -1
            return
        fi
        sleep 0.1
    done
    fail "no line '$prefix' from the server: $(cat "$file")"
}

deb="$(scripts/build_deb.sh "$binary" "$work")"
# Read whole before grep: `cmd | grep -q` under pipefail fails when grep stops reading first.
info="$(dpkg-deb --info "$deb")"
grep -q "Package: tapis" <<<"$info" || fail "the package has no control file"
dpkg -i "$deb" >/dev/null || fail "dpkg -i $deb"
ok "dpkg -i $(basename "$deb") ($(du -h "$deb" | cut -f1))"

[ "$(getent passwd tapis | cut -d: -f7)" = /usr/sbin/nologin ] || fail "no system user tapis"
[ "$(stat -c '%U %a' /var/lib/tapis)" = "tapis 750" ] || fail "/var/lib/tapis: $(stat -c '%U %a' /var/lib/tapis)"
ok "the user tapis, and /var/lib/tapis its own"

units=(/lib/systemd/system/tapis.service /lib/systemd/system/tapis-backup.service /lib/systemd/system/tapis-backup.timer)
verified="$(systemd-analyze verify "${units[@]}" 2>&1)" || fail "systemd-analyze verify: $verified"
# Only what comes of systemd not running here may be said (it runs no manager to ask).
unexpected="$(printf '%s\n' "$verified" | grep -v -e '^$' -e 'Failed to connect to bus' -e 'System has not been booted with systemd' || true)"
[ -z "$unexpected" ] || fail "systemd-analyze verify said: $unexpected"
security="$(systemd-analyze security --offline=true /lib/systemd/system/tapis.service 2>/dev/null | tail -1 || true)"
ok "systemd-analyze verify: the service, the backup and its timer${security:+ ($security)}"

# The unit's command, as its user, on its data folder (the address made free for the test).
flags="$(sed -n 's#^ExecStart=/usr/bin/tapis serve \(.*\) \$TAPIS_SERVE$#\1#p' /lib/systemd/system/tapis.service)"
[ "$flags" = "--data /var/lib/tapis" ] || fail "the unit's ExecStart changed: $flags"
as_tapis=(setpriv --reuid=tapis --regid=tapis --init-groups --no-new-privs --inh-caps=-all)
(cd /var/lib/tapis && "${as_tapis[@]}" /usr/bin/tapis serve $flags --addr 127.0.0.1:0 >"$work/out" 2>"$work/err") &
server=$!
addr="$(address "$work/out" 'listening on http://')"
page="$(curl -sf "http://$addr/")" || fail "no page at http://$addr/"
grep -q '<html' <<<"$page" || fail "the page at http://$addr/"
room="$(curl -sf -X POST "http://$addr/api/rooms" -d '{"game":"nainjaune","players":4,"seats":["human","bot:easy","bot:easy","bot:easy"]}')"
[[ "$room" == '{"room":"'* ]] || fail "a room: $room"
[ "$(ps -o user= -p "$(pgrep -P "$server" -x tapis || echo "$server")" | tr -d ' ')" = tapis ] || fail "the server does not run as tapis"
ok "tapis serve runs as tapis and serves the page and a room ($addr)"

backup="$(sed -n "s#^ExecStart=/bin/sh -c 'exec \(.*\)'\$#\1#p" /lib/systemd/system/tapis-backup.service)"
[ -n "$backup" ] || fail "no backup command in tapis-backup.service"
"${as_tapis[@]}" /bin/sh -c "exec ${backup//%%/%}" >"$work/backup" || fail "the backup timer's command: $(cat "$work/backup")"
grep -q "^backed up 1 room" "$work/backup" || fail "backup: $(cat "$work/backup")"
[ "$(stat -c %U /var/backups/tapis/tapis-*.sqlite3)" = tapis ] || fail "the backup is not the user's"
ok "the backup timer's command, as tapis, while it serves: $(cat "$work/backup")"

kill -TERM "$(pgrep -P "$server" -x tapis || echo "$server")"
wait "$server" || fail "tapis serve did not stop cleanly on SIGTERM: $(cat "$work/err")"
server=""
[ "$(stat -c %U /var/lib/tapis/tapis.sqlite3)" = tapis ] || fail "the database is not the user's"
ok "SIGTERM stops it cleanly; its database is the user's"

dpkg --purge tapis >/dev/null || fail "dpkg --purge"
! getent passwd tapis >/dev/null || fail "the user is still there after purge"
[ ! -e /usr/bin/tapis ] && [ ! -e /var/lib/tapis ] || fail "files left after purge"
ok "dpkg --purge takes the binary, the data and the user away"

# The container.
if ! command -v podman >/dev/null; then
    fail "podman is missing (.ci/run installs it)"
fi
base="$work/base"
mkdir -p "$base/etc" "$base/usr/bin" "$base/data"
for lib in $(ldd "$binary" | grep -o '/[^ ]*'); do
    install -D "$lib" "$base$lib"
done
install -D /etc/ssl/certs/ca-certificates.crt "$base/etc/ssl/certs/ca-certificates.crt"
printf 'root:x:0:0:root:/root:/sbin/nologin\nnonroot:x:65532:65532:nonroot:/home/nonroot:/sbin/nologin\n' >"$base/etc/passwd"
printf 'root:x:0:\nnonroot:x:65532:\n' >"$base/etc/group"
chown 65532:65532 "$base/data"
tar -C "$base" -cf "$work/base.tar" .
podman import -q "$work/base.tar" localhost/tapis-package-test-base >/dev/null
mkdir -p "$work/image"
cp "$binary" "$work/image/tapis"
strip --strip-debug "$work/image/tapis"
podman build -q --build-arg BASE=localhost/tapis-package-test-base -f packaging/Containerfile \
    -t localhost/tapis-package-test "$work/image" >/dev/null || fail "podman build"
size="$(podman image inspect localhost/tapis-package-test --format '{{.Size}}')"
[ "$size" -lt $((120 * 1024 * 1024)) ] || fail "the image is $size bytes"
ok "podman build: an image of $((size / 1024 / 1024)) MiB"
port="$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])')"
podman --runtime runc run -d --name tapis-package-test --network host \
    --ulimit nofile=4096:4096 --ulimit nproc=4096:4096 \
    localhost/tapis-package-test --addr "127.0.0.1:$port" >/dev/null || fail "podman run"
for _ in $(seq 100); do curl -sf "http://127.0.0.1:$port/api/health" >/dev/null && break; sleep 0.1; done
page="$(curl -sf "http://127.0.0.1:$port/")" || fail "no page from the container"
grep -q '<html' <<<"$page" || fail "the container's page: $(podman logs tapis-package-test 2>&1 | tail -3)"
[ "$(podman top tapis-package-test user | tail -1 | tr -d ' ')" != root ] || fail "the container runs as root"
podman stop -t 10 tapis-package-test >/dev/null
[ "$(podman inspect tapis-package-test --format '{{.State.ExitCode}}')" = 0 ] || fail "the container did not stop cleanly"
ok "the image serves the page as a nonroot user, and stops cleanly on SIGTERM"
echo "$passed passed, 0 failed"
