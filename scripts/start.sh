#!/usr/bin/env bash
# `npm start [-- DIR]`: install what is missing, build, and serve the viewer on 127.0.0.1 (with the
# demo open; with DIR, the folder too, read-only: `seqscope serve`).
set -euo pipefail
cd "$(dirname "$0")/.."
if [ ! -d node_modules ] || [ package-lock.json -nt node_modules/.package-lock.json ]; then
  SEQSCOPE_SKIP_BROWSER=1 bash scripts/setup.sh
fi
npm run -s build
exec node bin/seqscope.js serve --port "${PORT:-4173}" "$@"
