#!/usr/bin/env bash
# The inner loop (`npm run test:fast`): for what changed since main (committed or not, new files too), the typecheck of
# the changed modules and of those that import them, and the unit and API tests, on SQLite, of the changed modules
# (their own test files and those that import them directly: scripts/lib/fast-test-files.ts), without the build, the
# browser or PostgreSQL. `npm test` runs everything else. Another base: `npm run test:fast -- BRANCH`.
# The typecheck runs beside the tests, one core each, instead of before them.
set -uo pipefail
cd "$(dirname "$0")/.."
base=${1:-main}
mkdir -p node_modules/.cache
project=node_modules/.cache/test-fast.tsconfig.json
typecheck_log=$(mktemp)
source scripts/lib/test-temporary-folder.sh
use_memory_for_temporary_files
trap 'rm -f "$typecheck_log"; remove_memory_temporary_folder' EXIT
mapfile -t files < <(npx tsx scripts/fast-test-files.ts "$base" --tsconfig "$project")
if [ -f "$project" ]; then
  npx tsgo --noEmit -p "$project" > "$typecheck_log" 2>&1 &
  typecheck=$!
else
  typecheck=
fi
tests=0
if [ ${#files[@]} -gt 0 ]; then
  echo "::: ${#files[@]} test files of what changed since $base (the typecheck runs beside them)"
  printf '  %s\n' "${files[@]}"
  npx vitest run --project web --project web-mocks --project node "${files[@]}"
  tests=$?
else
  echo "::: no unit or API test file is about what changed since $base"
fi
checked=0
if [ -n "$typecheck" ]; then
  echo "::: typecheck of the changed modules and their importers"
  wait "$typecheck"
  checked=$?
  cat "$typecheck_log"
  [ "$checked" -eq 0 ] && echo "typecheck: no errors"
fi
[ "$tests" -eq 0 ] && [ "$checked" -eq 0 ]
