#!/usr/bin/env bash
# Starts the product as a vendor deploys it, once: the built server and web app (npm run build) in a fresh folder
# with a production install (npm ci --omit=dev: no TypeScript, no tsx, no build tools), on the embedded
# PostgreSQL. Checks /api/health and a content page's server-rendered HTML, then stops it with SIGTERM and
# expects a clean exit. Used by .ci/run.
set -euo pipefail
cd "$(dirname "$0")/.."

npm run build
dir=$(mktemp -d /tmp/store-production-XXXXXX)
chmod 755 "$dir"
pid=
cleanup() {
  if [ -n "$pid" ] && kill -0 "$pid" 2>/dev/null; then kill -KILL "$pid" 2>/dev/null || true; fi
  rm -rf "$dir"
}
trap cleanup EXIT

for manifest in package.json package-lock.json packages/contracts/package.json apps/server/package.json \
  apps/web/package.json e2e/package.json bench/package.json; do
  mkdir -p "$dir/$(dirname "$manifest")"
  cp "$manifest" "$dir/$manifest"
done
mkdir -p "$dir/apps/web"
cp -r apps/server/dist "$dir/apps/server/dist"
cp -r apps/web/dist "$dir/apps/web/dist"

(cd "$dir" && npm ci --omit=dev --no-audit --no-fund)
for tool in tsx esbuild vite; do
  if [ -e "$dir/node_modules/$tool/package.json" ]; then
    echo "production-smoke: $tool is in the production install" >&2
    exit 1
  fi
done
echo "production-smoke: production install is $(du -sh "$dir/node_modules" | cut -f1)"

port=$(node -e 'const s=require("net").createServer();s.listen(0,"127.0.0.1",()=>{console.log(s.address().port);s.close()})')
(cd "$dir" && exec env PORT="$port" HOST=127.0.0.1 DATA_DIR="$dir/data" LOG_LEVEL=warn \
  node --enable-source-maps apps/server/dist/main.js) >"$dir/server.log" 2>&1 &
pid=$!

for _ in $(seq 1 120); do
  curl -sf "http://127.0.0.1:$port/api/health" >/dev/null 2>&1 && break
  kill -0 "$pid" 2>/dev/null || { cat "$dir/server.log"; echo "production-smoke: the server stopped" >&2; exit 1; }
  sleep 1
done
curl -sf "http://127.0.0.1:$port/api/health" | grep -q '"ok"'
page=$(curl -sf "http://127.0.0.1:$port/about")
if ! grep -q 'We are a small company of audio engineers' <<<"$page"; then
  echo "production-smoke: /about lacks its server-rendered content" >&2
  exit 1
fi

kill -TERM "$pid"
status=0
wait "$pid" || status=$?
pid=
if [ "$status" -ne 0 ]; then
  cat "$dir/server.log"
  echo "production-smoke: the server exited with $status on SIGTERM" >&2
  exit 1
fi
echo "production-smoke: the production build started, served /api/health and /about, and stopped cleanly"
