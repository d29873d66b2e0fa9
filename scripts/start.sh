#!/usr/bin/env bash
# `npm start [-- DIR] [--port N]`: install what is missing, build when the sources changed, and serve
# the viewer on 127.0.0.1 (with the demo open; with DIR, the folder too, read-only: `seqscope serve`).
# Port 4173, or the next free one when it is taken; `--port N` (or PORT=N) is strict. See scripts/start.mts.
set -euo pipefail
cd "$(dirname "$0")/.."
if [ ! -d node_modules ] || [ package-lock.json -nt node_modules/.package-lock.json ]; then
  SEQSCOPE_SKIP_BROWSER=1 bash scripts/setup.sh
fi
exec node --import tsx scripts/start.mts "$@"
