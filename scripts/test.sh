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

step "content:check" npm run -s content:check
step "content:types is current" npx tsx scripts/content-types.ts --check
step "docs/api.md is current" npx tsx scripts/api-docs.ts --check
mkdir -p test-results
rm -f test-results/vitest.json test-results/vitest-e2e.json test-results/vitest-postgres.json
# One folder for what both passes share (the site's render bundle, built once by the first test that needs it).
mkdir -p node_modules/.cache
TEST_SHARED_FOLDER=$(mktemp -d "$PWD/node_modules/.cache/northbeam-test-run-XXXXXX")
export TEST_SHARED_FOLDER
trap 'rm -rf "$TEST_SHARED_FOLDER"' EXIT
# Everything after the content checks runs side by side, each writing its log to a file of its own, shown in a fixed
# order at the end (docs/decisions/0022), so that neither core idles while one step waits:
# - the unit and API tests on SQLite start at once (they need no build), on two workers;
# - beside them the build, then the browser tests that need it (which wait on Chromium and the server under test most
#   of their time);
# - lint and then the typecheck, in the gaps the others leave;
# - the PostgreSQL pass as soon as the SQLite pass or the browser tests are done.
pass_status=test-results/passes
rm -rf "$pass_status"
mkdir -p "$pass_status"
run_pass() {
  local name=$1
  shift
  "$@" > "$pass_status/$name.log" 2>&1
  echo $? > "$pass_status/$name.status"
}
browser_pass() {
  run_pass chromium bash scripts/ensure-chromium.sh
  run_pass build npm run -s build
  if [ "$(cat "$pass_status/build.status")" != 0 ]; then
    echo 1 > "$pass_status/e2e.status"
    echo "Not run: the build failed (see its log above)." > "$pass_status/e2e.log"
    return
  fi
  run_pass e2e npx vitest run --project e2e --reporter=default --reporter=json \
    --outputFile.json=test-results/vitest-e2e.json
}
checks() {
  run_pass lint npm run -s lint
  run_pass typecheck npx tsc --noEmit -p .
}
run_pass vitest npx vitest run --project web --project node --maxWorkers=2 \
  --reporter=default --reporter=json --outputFile.json=test-results/vitest.json &
sqlite_pid=$!
browser_pass &
browser_pid=$!
checks &
wait -n "$sqlite_pid" "$browser_pid"
# The server's tests that touch a database again on PostgreSQL, in a private cluster made and removed for this run,
# on two workers as on SQLite; the browser tests run once, on SQLite (`npx tsx scripts/postgres-test-files.ts
# --database-free` lists the others).
if postgres_files=$(npx tsx scripts/postgres-test-files.ts) && [ -n "$postgres_files" ]; then
  mapfile -t postgres_files <<< "$postgres_files"
  run_pass postgres npx tsx scripts/with-postgres.ts -- npx vitest run --project node --maxWorkers=2 \
    "${postgres_files[@]}" --reporter=default --reporter=json --outputFile.json=test-results/vitest-postgres.json &
else
  echo 1 > "$pass_status/postgres.status"
  echo "Could not choose the tests for PostgreSQL." > "$pass_status/postgres.log"
fi
wait
for step in "lint:lint" "typecheck:typecheck" "chromium:install chromium" "build:build"; do
  echo "::: ${step#*:}"
  cat "$pass_status/${step%%:*}.log"
  [ "$(cat "$pass_status/${step%%:*}.status")" = 0 ] || failed_steps+=("${step#*:}")
done
for pass in "vitest:vitest" "postgres:vitest on PostgreSQL" "e2e:browser tests"; do
  echo "::: ${pass#*:}"
  cat "$pass_status/${pass%%:*}.log"
  [ "$(cat "$pass_status/${pass%%:*}.status")" = 0 ] || failed_steps+=("${pass#*:}")
done

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
