#!/usr/bin/env bash
# The inner loop (`npm run test:fast`): the typecheck, and the unit and API tests, on SQLite, of what changed since
# main (committed or not; `vitest --changed` follows the imports), without the build, the browser or PostgreSQL.
# Another base: `npm run test:fast -- BRANCH`.
# The typecheck is incremental (its state kept in node_modules/.cache: after the first run it checks what changed and
# what depends on it), and runs beside the tests, one core each, instead of before them.
set -uo pipefail
cd "$(dirname "$0")/.."
base=${1:-main}
mkdir -p node_modules/.cache
typecheck_log=$(mktemp)
trap 'rm -f "$typecheck_log"' EXIT
npx tsc --noEmit -p . --incremental --tsBuildInfoFile node_modules/.cache/test-fast.tsbuildinfo > "$typecheck_log" 2>&1 &
typecheck=$!
echo "::: unit and API tests of what changed since $base (the typecheck runs beside them)"
npx vitest run --project web --project node --changed "$base" --passWithNoTests
tests=$?
echo "::: typecheck"
wait "$typecheck"
checked=$?
cat "$typecheck_log"
[ "$checked" -eq 0 ] && echo "typecheck: no errors"
[ "$tests" -eq 0 ] && [ "$checked" -eq 0 ]
