#!/usr/bin/env bash
# `npm test`: every suite, in the order that fails fastest. CI (.ci/run) calls exactly this.
# Each step prints its wall time; the run ends with a table (step, seconds, tests) and the line CI
# reads ("N passed, N failed").
set -euo pipefail
cd "$(dirname "$0")/.."

log_dir=$(mktemp -d /tmp/salesfield-test.XXXXXX)
trap 'rm -rf "$log_dir"' EXIT
# The test databases' PGlite templates, made once for every step of this run (tests/support/database-templates.ts).
export TEST_PGLITE_TEMPLATES="$log_dir/templates"
run_start=$SECONDS
names=()
seconds=()
counts=()
passed=0
failed=0

# step "name" command…: runs the command, tees its output, records its time and its test count
# (vitest's "Tests  N passed" line; steps that are not test runners count 0). Stops the run on failure.
step() {
  local name=$1
  shift
  local log="$log_dir/${#names[@]}.log"
  printf '\n\033[1m== %s ==\033[0m\n' "$name"
  local start=$SECONDS status=0
  "$@" 2>&1 | tee "$log" || status=$?
  local took=$((SECONDS - start))
  local tests_passed tests_failed
  tests_passed=$(tally "$log" passed)
  tests_failed=$(tally "$log" failed)
  names+=("$name")
  seconds+=("$took")
  counts+=("$tests_passed")
  passed=$((passed + tests_passed))
  failed=$((failed + tests_failed))
  printf '\033[1m-- %s: %ss --\033[0m\n' "$name" "$took"
  if [ "$status" -ne 0 ]; then
    [ "$tests_failed" -gt 0 ] || failed=$((failed + 1))
    summary
    exit "$status"
  fi
}

# together "command" "command": both at once (each uses one core), their outputs printed one after
# the other; fails when either fails.
together() {
  local first second status_first=0 status_second=0
  first=$(mktemp)
  second=$(mktemp)
  bash -c "$1" >"$first" 2>&1 &
  local pid_first=$!
  bash -c "$2" >"$second" 2>&1 &
  local pid_second=$!
  wait "$pid_first" || status_first=$?
  wait "$pid_second" || status_second=$?
  printf '$ %s\n' "$1"
  cat "$first"
  printf '$ %s\n' "$2"
  cat "$second"
  rm -f "$first" "$second"
  [ "$status_first" -eq 0 ] && [ "$status_second" -eq 0 ]
}

# tally log passed|failed: the sum of vitest's "Tests  … N passed | N failed" lines in a step's log.
tally() {
  sed 's/\x1b\[[0-9;]*m//g' "$1" | awk -v word="$2" '
    /^ +Tests +/ { for (i = 2; i <= NF; i++) if ($i == word) sum += $(i - 1) }
    END { print sum + 0 }'
}

summary() {
  printf '\n%-72s %8s %6s\n' "step" "seconds" "tests"
  local i
  for i in "${!names[@]}"; do
    printf '%-72s %8s %6s\n' "${names[$i]}" "${seconds[$i]}" "${counts[$i]}"
  done
  printf '%-72s %8s %6s\n' "whole run" "$((SECONDS - run_start))" "$passed"
  printf '\n%s passed, %s failed\n' "$passed" "$failed"
}

step "Chromium (Debian package)" bash scripts/ensure-chromium.sh
step "Type check and lint, side by side" together "npm run typecheck" "npm run lint"
step "Lint fixtures: each layering rule broken once" npx vitest run --project lint
step "Unit tests (contract, client on fake-indexeddb)" npx vitest run --project unit --project unit-isolated
step "Server integration tests on PGlite" npx vitest run --project server
step "Server integration tests on a throwaway PostgreSQL 15 cluster" bash scripts/with-pg.sh npx vitest run --project server
step "Reads from a hot standby (PostgreSQL primary and streaming replica)" bash scripts/with-pg-replica.sh npx vitest run --project replica
step "Build" npx vite build
step "Browser end-to-end tests (Chromium, served from PostgreSQL 15)" bash scripts/with-pg.sh npx vitest run --project e2e
step "Fault campaign, route fuzzing, tenant isolation, crash safety" npx vitest run --project faults
step "Fault campaign across two API processes (WORKERS=2) on one PostgreSQL" bash scripts/with-pg.sh env FAULT_WORKERS=2 npx vitest run --project faults tests/faults/campaign.test.ts -t "exactly once"
step "Build size budgets" npm run size
summary
