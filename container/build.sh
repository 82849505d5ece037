#!/usr/bin/env bash
# Builds the image of `intake serve` (Containerfile) as localhost/intake-serve, with podman or buildah.
# The context is assembled here: the built package with its production dependencies only (copied from
# this checkout's node_modules and pruned, so the native SQLite binding already built is kept and
# nothing is fetched), and this machine's Node with the shared libraries it links to.
#   INTAKE_IMAGE=name:tag bash container/build.sh
set -euo pipefail
cd "$(dirname "$0")/.."
image=${INTAKE_IMAGE:-localhost/intake-serve:latest}
engine=$(command -v podman || command -v buildah || true)
[ -n "$engine" ] || { echo "neither podman nor buildah is installed (apt-get install buildah)" >&2; exit 2; }
[ -f dist/bundle/main.js ] || npm run build >/dev/null

context=$(mktemp -d)
trap 'rm -rf "$context"' EXIT
root=$context/rootfs
mkdir -p "$root/app" "$root/usr/local/bin" "$root/tmp" "$root/data"
chmod 1777 "$root/tmp"
cp -a package.json package-lock.json bin dist presets assets data "$root/app/"
cp -a node_modules "$root/app/"
(cd "$root/app" && npm prune --omit=dev --ignore-scripts --no-audit --no-fund >/dev/null)
# What SQLite's binding needs at run time is its compiled module; its sources and build leftovers are not.
rm -rf "$root/app/node_modules/better-sqlite3/deps" "$root/app/node_modules/better-sqlite3/src" \
  "$root/app/node_modules/better-sqlite3/build/Release/obj" "$root/app/node_modules/better-sqlite3/build/Release/obj.target" \
  "$root/app/node_modules/better-sqlite3/build/deps" "$root/app/node_modules/better-sqlite3/build/Release/sqlite3.a" \
  "$root/app/node_modules/better-sqlite3/build/Release/test_extension.node"
node=$(command -v node)
cp -L "$node" "$root/usr/local/bin/node"
for lib in $(ldd "$node" "$root"/app/node_modules/better-sqlite3/build/Release/*.node | grep -o '/[^ ]*\.so[^ ]*' | sort -u); do
  mkdir -p "$root$(dirname "$lib")"
  cp -L "$lib" "$root$lib"
done
# Certificates, for a database reached over TLS.
[ -d /etc/ssl/certs ] && mkdir -p "$root/etc/ssl" && cp -rL /etc/ssl/certs "$root/etc/ssl/" 2>/dev/null || true
echo 'intake:x:1000:1000::/data:/sbin/nologin' >"$root/etc/passwd"

cp Containerfile "$context/"
case "$engine" in
*podman) podman build --format docker --quiet -t "$image" -f "$context/Containerfile" "$context" >/dev/null ;;
*buildah) buildah bud --format docker --quiet -t "$image" -f "$context/Containerfile" "$context" >/dev/null ;;
esac
echo "$image"
