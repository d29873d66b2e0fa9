#!/usr/bin/env bash
# `npm test`: typecheck, lint, unit tests, build, e2e and 100 browser fuzz cases; ends with one line "N passed, N failed".
set -uo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh || exit 1
rm -rf reports && mkdir -p reports
rc=0
# each phase's wall time, printed at the end (the budget is 15 minutes on two cores)
times=""; t0=$SECONDS; lap() { times="$times $1 $((SECONDS - t0))s"; t0=$SECONDS; }
# typecheck and lint side by side (each is one single-threaded process), their output printed in turn
( npx tsc -p tsconfig.json && npx tsc -p tsconfig.node.json ) > reports/typecheck.log 2>&1 & tc=$!
npm run -s lint > reports/lint.log 2>&1 & li=$!
wait $tc || echo "typecheck failed" > reports/typecheck.failed
wait $li || echo "lint failed" > reports/lint.failed
echo "== typecheck"; cat reports/typecheck.log; [ ! -f reports/typecheck.failed ] || { rc=1; cat reports/typecheck.failed; }
echo "== lint"; cat reports/lint.log; [ ! -f reports/lint.failed ] || { rc=1; cat reports/lint.failed; }
lap typecheck+lint
echo "== unit"; npx vitest run || rc=1
lap unit
echo "== e2e (builds the app)"; npx playwright test || rc=1
lap e2e
echo "== browser fuzz (reuses that build): 100 fixed cases"; npm run -s fuzz -- --browser --cases 100 --seed 1 --report reports/fuzz-browser.json || rc=1
lap fuzz
echo "== phases:$times"
node scripts/summary.mjs || rc=1
exit $rc
