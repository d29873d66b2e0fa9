#!/usr/bin/env bash
# `npm start`: install what is missing, build, and serve the viewer on 127.0.0.1 with the demo open.
set -euo pipefail
cd "$(dirname "$0")/.."
if [ ! -d node_modules ] || [ package-lock.json -nt node_modules/.package-lock.json ]; then
  SEQSCOPE_SKIP_BROWSER=1 bash scripts/setup.sh
fi
npx tsc -p tsconfig.json
npx vite build
echo "Seqscope: http://127.0.0.1:4173/"
exec npx vite preview --host 127.0.0.1 --port "${PORT:-4173}" --strictPort
