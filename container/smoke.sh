#!/usr/bin/env bash
# Starts the image of `intake serve` and checks that it answers: health, readiness, and a create taken
# with the credentials given. With podman where containers can run here; else with buildah's chroot
# isolation (on the host's network), which needs no namespaces or cgroups.
#   bash container/smoke.sh [image]
set -euo pipefail
image=${1:-localhost/intake-serve:latest}
port=$(node -e "const s=require('net').createServer().listen(0,'127.0.0.1',()=>{console.log(s.address().port);s.close()})")
key=AKSMOKE0001
secret=smoke-secret-0001-abcdefghij
stop=()
log=$(mktemp -t intake-smoke-XXXXXX.log)
cleanup() {
  local status=$?
  for action in "${stop[@]}"; do eval "$action" >/dev/null 2>&1 || true; done
  # The service's own lines are shown when the smoke test fails, and removed either way.
  if [ "$status" != 0 ]; then cat "$log" >&2; fi
  rm -f "$log"
}
trap cleanup EXIT

if command -v podman >/dev/null && podman run --rm --entrypoint /usr/local/bin/node "$image" -e 0 >/dev/null 2>&1; then
  name=intake-smoke-$$
  podman run -d --name "$name" -p "127.0.0.1:$port:8080" -e INTAKE_SERVE_SECRET_ACCESS_KEY="$secret" \
    "$image" --access-key-id "$key" --apply-delay 0 >/dev/null
  stop+=("podman rm -f $name")
  how="podman run"
else
  container=$(buildah from "$image")
  stop+=("buildah rm $container")
  buildah run --isolation chroot --env INTAKE_SERVE_SECRET_ACCESS_KEY="$secret" "$container" -- \
    /usr/local/bin/node /app/bin/intake.js serve --host 127.0.0.1 --port "$port" --access-key-id "$key" \
    --apply-delay 0 >"$log" 2>&1 &
  stop+=("kill $!")
  how="buildah run (chroot)"
fi

base=http://127.0.0.1:$port
for _ in $(seq 1 100); do curl -fs "$base/api/v1/health/" >/dev/null 2>&1 && break; sleep 0.2; done
curl -fsS "$base/api/v1/health/" | grep -q '"available"'
curl -fsS "$base/local/ready" | grep -q '"ready":true'
auth=$(printf '%s:%s' "$key" "$secret" | base64)
created=$(curl -s -o /dev/null -w '%{http_code}' -X POST "$base/api/v1/products/" -H "authorization: Basic $auth" \
  -H 'content-type: application/json' -d '{"id":"P-SMOKE","name":"smoke","image_url":"https://shop.example.com/p.jpg"}')
[ "$created" = 202 ] || { echo "a product create answered $created" >&2; exit 1; }
echo "the image answers ($how): health, readiness, a create taken"
