#!/usr/bin/env bash
# Installs what Seqscope needs: Debian's Chromium and its headless shell (the browser the e2e
# tests and the fuzzer drive; the benches use Chromium itself) and the npm packages. Idempotent.
set -euo pipefail
cd "$(dirname "$0")/.."
if [ "${SEQSCOPE_SKIP_BROWSER:-}" != "1" ] && { ! command -v chromium >/dev/null 2>&1 || ! command -v chromium-headless-shell >/dev/null 2>&1; }; then
  SUDO=""; [ "$(id -u)" = "0" ] || SUDO="sudo"
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq --no-install-recommends chromium chromium-headless-shell
fi
command -v chromium >/dev/null 2>&1 && chromium --version 2>/dev/null || true
if [ ! -d node_modules ] || [ package-lock.json -nt node_modules/.package-lock.json ]; then
  npm ci --no-audit --no-fund
fi
