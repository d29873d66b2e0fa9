#!/usr/bin/env bash
# `npm test`: typecheck, lint, unit tests, build, e2e and 100 browser fuzz cases; ends with one line "N passed, N failed".
set -uo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh || exit 1
rm -rf reports && mkdir -p reports
rc=0
echo "== typecheck"; npx tsc -p tsconfig.json && npx tsc -p tsconfig.node.json || { rc=1; echo "typecheck failed" > reports/typecheck.failed; }
echo "== lint"; npm run -s lint || { rc=1; echo "lint failed" > reports/lint.failed; }
echo "== unit"; npx vitest run || rc=1
echo "== e2e (builds the app)"; npx playwright test || rc=1
echo "== browser fuzz (reuses that build): 100 fixed cases"; npm run -s fuzz -- --browser --cases 100 --seed 1 --report reports/fuzz-browser.json || rc=1
node scripts/summary.mjs || rc=1
exit $rc
