#!/usr/bin/env bash
# The Debian package of `tapis` from a binary already built: stages the tree the package installs
# (the binary, the service and its backup timer, /etc/default/tapis, the hosting guide) and builds
# it with dpkg-deb, in seconds. `cargo deb -p tapis` builds the same package from the metadata in
# crates/cli/Cargo.toml, for those who have cargo-deb.
# Usage: scripts/build_deb.sh [BINARY] [OUTDIR]   (default: target/release/tapis, target/debian)
set -euo pipefail
cd "$(dirname "$0")/.."
binary="${1:-target/release/tapis}"
out="${2:-target/debian}"
version="$(sed -n 's/^version = "\(.*\)"/\1/p' Cargo.toml | head -1)"
arch="$(dpkg --print-architecture)"
stage="$(mktemp -d)"
trap 'rm -rf "$stage"' EXIT
install -D -m 0755 "$binary" "$stage/usr/bin/tapis"
strip --strip-debug "$stage/usr/bin/tapis" 2>/dev/null || true
install -D -m 0644 packaging/tapis.service "$stage/lib/systemd/system/tapis.service"
install -D -m 0644 packaging/tapis-backup.service "$stage/lib/systemd/system/tapis-backup.service"
install -D -m 0644 packaging/tapis-backup.timer "$stage/lib/systemd/system/tapis-backup.timer"
install -D -m 0644 packaging/default "$stage/etc/default/tapis"
# The README and the pages it links to, as in the repository, so that its links resolve.
install -D -m 0644 README.md "$stage/usr/share/doc/tapis/README.md"
for page in docs/*.md; do
  install -D -m 0644 "$page" "$stage/usr/share/doc/tapis/$page"
done
install -d "$stage/DEBIAN"
install -m 0755 packaging/debian/postinst packaging/debian/prerm packaging/debian/postrm "$stage/DEBIAN/"
echo /etc/default/tapis > "$stage/DEBIAN/conffiles"
size="$(du -sk --exclude=DEBIAN "$stage" | cut -f1)"
cat > "$stage/DEBIAN/control" <<CONTROL
Package: tapis
Version: $version
Architecture: $arch
Maintainer: tapis <tapis@example.invalid>
Installed-Size: $size
Depends: libc6 (>= 2.34), passwd
Section: games
Priority: optional
Homepage: https://example.invalid/tapis
Description: five French card games to play together online, and to study
 tapis serves Nur Mut, Le 8 Nantais, Battle GUM, Le Nain Jaune and Njet! to
 browsers, with bots at the table, HTTPS on its own (ACME), backups and
 Prometheus metrics. The tapis service runs it as its own user, with its data
 in /var/lib/tapis; its flags are in /etc/default/tapis.
CONTROL
mkdir -p "$out"
deb="$out/tapis_${version}_${arch}.deb"
dpkg-deb -Zgzip --root-owner-group --build "$stage" "$deb" >/dev/null
echo "$deb"
