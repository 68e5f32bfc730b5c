#!/usr/bin/env bash
# Lays out the product as it runs in production, in TARGET: the package manifests, the built server
# (apps/server/dist) and web app (apps/web/dist) from this repository (run `npm run build` first), and a production
# install (npm ci --omit=dev: no TypeScript, tsx or build tools). The image's build (Dockerfile) and CI's
# production smoke test (scripts/production-smoke.sh) both run this script, so CI proves what the image holds.
set -euo pipefail
target=${1:?usage: install-production.sh TARGET}
cd "$(dirname "$0")/.."

for built in apps/server/dist/main.js apps/web/dist/index.html; do
  [ -f "$built" ] || { echo "install-production: $built is missing: run npm run build first" >&2; exit 1; }
done
mkdir -p "$target"
for manifest in package.json package-lock.json packages/contracts/package.json apps/server/package.json \
  apps/web/package.json e2e/package.json bench/package.json; do
  mkdir -p "$target/$(dirname "$manifest")"
  cp "$manifest" "$target/$manifest"
done
rm -rf "$target/apps/server/dist" "$target/apps/web/dist"
cp -r apps/server/dist "$target/apps/server/dist"
cp -r apps/web/dist "$target/apps/web/dist"
cp scripts/start-production.sh "$target/start-production.sh"

(cd "$target" && npm ci --omit=dev --no-audit --no-fund)
for tool in tsx esbuild vite; do
  if [ -e "$target/node_modules/$tool/package.json" ]; then
    echo "install-production: $tool is in the production install" >&2
    exit 1
  fi
done
echo "install-production: production install is $(du -sh "$target/node_modules" | cut -f1)"
