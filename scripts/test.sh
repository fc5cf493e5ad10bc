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
mkdir -p test-results
step "build" npm run -s build
rm -f test-results/vitest.json test-results/vitest-e2e.json test-results/vitest-postgres.json
# One folder for what both passes share (the site's render bundle, built once by the first test that needs it).
mkdir -p node_modules/.cache
TEST_SHARED_FOLDER=$(mktemp -d "$PWD/node_modules/.cache/northbeam-test-run-XXXXXX")
export TEST_SHARED_FOLDER
source scripts/lib/test-temporary-folder.sh
use_memory_for_temporary_files
trap 'rm -rf "$TEST_SHARED_FOLDER"; remove_memory_temporary_folder' EXIT
# Three passes, two at a time, each writing its report and log to files of its own, shown in this order at the end:
# the browser tests (which wait on Chromium and the server under test most of their time) beside the unit and API
# tests on SQLite, and the PostgreSQL pass as soon as either of them is done, so that neither core idles while one
# pass runs alone (docs/decisions/0022). The SQLite and PostgreSQL passes have two workers each: most of their time
# is importing and setting up files, which two cores do side by side while the browser tests wait.
pass_status=test-results/passes
rm -rf "$pass_status"
mkdir -p "$pass_status"
run_pass() {
  local name=$1
  shift
  "$@" > "$pass_status/$name.log" 2>&1
  echo $? > "$pass_status/$name.status"
}
# Under .ci/run better-sqlite3 may still be compiling: NATIVE_BUILD_STATUS names the file its status will be in. The
# passes wait for it; the checks below need no native code and run meanwhile.
native_build_ready() {
  [ -n "${NATIVE_BUILD_STATUS:-}" ] || return 0
  while [ ! -s "$NATIVE_BUILD_STATUS" ]; do sleep 1; done
  [ "$(cat "$NATIVE_BUILD_STATUS")" = 0 ]
}
passes() {
  if ! native_build_ready; then
    for pass in vitest postgres e2e; do
      echo 1 > "$pass_status/$pass.status"
      echo "better-sqlite3 did not compile: see test-results/native-build.log" > "$pass_status/$pass.log"
    done
    return
  fi
  BROWSER_WORKERS=2 run_pass e2e npx vitest run --project e2e --reporter=default --reporter=json \
    --outputFile.json=test-results/vitest-e2e.json &
  run_pass vitest npx vitest run --project web --project web-mocks --project node --maxWorkers=2 \
    --reporter=default --reporter=json --outputFile.json=test-results/vitest.json &
  wait -n
  # The server's tests that touch a database again on PostgreSQL, in a private cluster made and removed for this run;
  # the browser tests run once, on SQLite (`npx tsx scripts/postgres-test-files.ts --database-free` lists the others).
  local postgres_files
  if postgres_files=$(npx tsx scripts/postgres-test-files.ts) && [ -n "$postgres_files" ]; then
    mapfile -t postgres_files <<< "$postgres_files"
    run_pass postgres npx tsx scripts/with-postgres.ts -- npx vitest run --project node --maxWorkers=2 \
      "${postgres_files[@]}" --reporter=default --reporter=json --outputFile.json=test-results/vitest-postgres.json &
  else
    echo 1 > "$pass_status/postgres.status"
    echo "Could not choose the tests for PostgreSQL." > "$pass_status/postgres.log"
  fi
  wait
}
passes &
passes_pid=$!
# The checks that no test needs (ESLint, the typecheck, knip, the cycle and doc-reference checks, Prettier) run one
# after another beside the passes instead of before them: on two cores a check before the tests left one core idle
# while it ran alone (docs/decisions/0028-the-native-typecheck.md).
step "lint: ESLint" npx eslint .
step "typecheck" bash -c 'npm run -s typecheck && echo "typecheck: no errors"'
step "lint: the project's checks" npm run -s lint:project
# The API's document is generated from the running app's routes, which open the database: it waits for the native build.
if native_build_ready; then
  step "docs/api.md is current" npx tsx scripts/api-docs.ts --check
else
  failed_steps+=("docs/api.md is current")
fi
wait "$passes_pid"
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
