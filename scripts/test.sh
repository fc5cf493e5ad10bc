#!/usr/bin/env bash
# Every check and test of the project, in the order a failure is cheapest to find.
# Ends with one line of totals over all test runners: "N passed, N failed".
set -uo pipefail
cd "$(dirname "$0")/.."
failed_steps=()
step() {
  local name=$1
  shift
  echo "::: $name"
  if ! "$@"; then failed_steps+=("$name"); fi
}

step "install chromium" bash scripts/ensure-chromium.sh
step "content:check" npm run -s content:check
step "content:types is current" npx tsx scripts/content-types.ts --check
step "docs/api.md is current" npx tsx scripts/api-docs.ts --check
mkdir -p test-results
# The typecheck (one core) beside lint and the build (the other), its verdict read after them.
npx tsc --noEmit -p . > test-results/typecheck.log 2>&1 &
typecheck_pid=$!
step "lint" npm run -s lint
step "build" npm run -s build
echo "::: typecheck (ran beside lint and the build)"
cat test-results/typecheck.log
wait "$typecheck_pid" || failed_steps+=("typecheck")
rm -f test-results/vitest.json test-results/vitest-e2e.json test-results/vitest-postgres.json
# One folder for what both passes share (the site's render bundle, built once by the first test that needs it).
mkdir -p node_modules/.cache
TEST_SHARED_FOLDER=$(mktemp -d "$PWD/node_modules/.cache/northbeam-test-run-XXXXXX")
export TEST_SHARED_FOLDER
trap 'rm -rf "$TEST_SHARED_FOLDER"' EXIT
# The browser tests wait on Chromium and the server under test most of their time: they run beside the unit and API
# tests (one core each) instead of after them, their report written to a file of its own and shown at the end.
npx vitest run --project e2e --reporter=default --reporter=json --outputFile.json=test-results/vitest-e2e.json \
  > test-results/vitest-e2e.log 2>&1 &
e2e_pid=$!
step "vitest" npx vitest run --project web --project node \
  --reporter=default --reporter=json --outputFile.json=test-results/vitest.json
# The server's tests that touch a database again on PostgreSQL, in a private cluster made and removed for this run;
# the browser tests run once, on SQLite (`npx tsx scripts/postgres-test-files.ts --database-free` lists the others).
if postgres_files=$(npx tsx scripts/postgres-test-files.ts) && [ -n "$postgres_files" ]; then
  mapfile -t postgres_files <<< "$postgres_files"
  step "vitest on PostgreSQL" npx tsx scripts/with-postgres.ts -- npx vitest run --project node "${postgres_files[@]}" \
    --reporter=default --reporter=json --outputFile.json=test-results/vitest-postgres.json
else
  failed_steps+=("choosing the tests for PostgreSQL")
fi

echo "::: browser tests (ran beside the others)"
wait "$e2e_pid" || failed_steps+=("browser tests")
cat test-results/vitest-e2e.log

node -e '
  const fs = require("fs");
  let passed = 0, failed = 0;
  for (const file of ["test-results/vitest.json", "test-results/vitest-e2e.json", "test-results/vitest-postgres.json"]) {
    try {
      const r = JSON.parse(fs.readFileSync(file, "utf8"));
      passed += r.numPassedTests; failed += r.numFailedTests || (r.success ? 0 : 1);
    } catch { failed += 1; }
  }
  const steps = Number(process.argv[1]);
  console.log(`${passed} passed, ${failed + steps} failed`);
  process.exit(failed + steps > 0 ? 1 : 0);
' "${#failed_steps[@]}"
status=$?
if [ ${#failed_steps[@]} -gt 0 ]; then echo "failed steps: ${failed_steps[*]}" >&2; fi
exit $status
