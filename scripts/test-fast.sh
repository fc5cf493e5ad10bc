#!/usr/bin/env bash
# The inner loop (`npm run test:fast`): the typecheck, then the unit and API tests, on SQLite, of what changed since
# main (committed or not; `vitest --changed` follows the imports), without the build, the browser or PostgreSQL.
# Another base: `npm run test:fast -- BRANCH`.
set -uo pipefail
cd "$(dirname "$0")/.."
base=${1:-main}
echo "::: typecheck"
npx tsc --noEmit -p . || exit 1
echo "::: unit and API tests of what changed since $base"
exec npx vitest run --project web --project node --changed "$base" --passWithNoTests
