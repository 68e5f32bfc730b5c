#!/usr/bin/env bash
# Starts the product as a vendor deploys it, once: the built server and web app (npm run build) laid out in a fresh
# folder by scripts/install-production.sh (the same script the Dockerfile runs: npm ci --omit=dev, no TypeScript,
# tsx or build tools) and started by its scripts/start-production.sh (the image's command), on the embedded
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

bash scripts/install-production.sh "$dir"

port=$(node -e 'const s=require("net").createServer();s.listen(0,"127.0.0.1",()=>{console.log(s.address().port);s.close()})')
env PORT="$port" HOST=127.0.0.1 DATA_DIR="$dir/data" LOG_LEVEL=warn "$dir/start-production.sh" >"$dir/server.log" 2>&1 &
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
