#!/bin/sh
# Starts the installed product (scripts/install-production.sh lays it out beside this script): the image's command,
# and what CI's production smoke test runs. Settings come from the environment (README, "Configuration").
cd "$(dirname "$0")"
exec node --enable-source-maps apps/server/dist/main.js
