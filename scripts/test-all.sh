#!/usr/bin/env bash
# `npm test`: every suite. CI (.ci/run) calls exactly this.
#
# Two lanes share the machine's cores. In front: the build, then the suites whose waits are timed
# (browser pages, a killed server's restart, the fault campaign). Behind, at the lowest CPU
# priority: the suites that only compute (types, lint, unit, the server on both engines). The
# browser step alone kept about 45 % of two cores idle; the lane behind takes only that idle time,
# so the front lane runs as fast as it does alone (docs/performance.md "npm test on two cores").
# Each step prints its wall time; the run ends with a table (lane, step, seconds, tests) and the line
# CI reads ("N passed, N failed"). A failure in either lane stops the run at the front lane's next step.
set -euo pipefail
cd "$(dirname "$0")/.."

log_dir=$(mktemp -d /tmp/salesfield-test.XXXXXX)
# The test databases' PGlite templates, made once for every step of this run (tests/support/database-templates.ts).
# Only the lane behind uses PGlite; the front lane's suites run on PostgreSQL or make their own.
export TEST_PGLITE_TEMPLATES="$log_dir/templates"
results="$log_dir/results"
failed_mark="$log_dir/failed"
touch "$results"
run_start=$SECONDS
behind_pid=

stop_behind() {
  if [ -n "$behind_pid" ] && kill -0 "$behind_pid" 2>/dev/null; then kill -- "-$behind_pid" 2>/dev/null || true; fi
}
trap 'stop_behind; rm -rf "$log_dir"' EXIT

# step lane "name" command…: runs the command and records its lane, name, time and test counts
# (vitest's "Tests  N passed" line; steps that are not test runners count 0). In front its output
# is shown as it comes; behind, it is kept and shown once the lane is over (printed beside the
# front lane's, it would interleave). Answers the command's status.
step() {
  local lane=$1 name=$2
  shift 2
  local log
  log=$(mktemp "$log_dir/step.XXXXXX")
  local start=$SECONDS status=0
  if [ "$lane" = front ]; then
    printf '\n\033[1m== %s ==\033[0m\n' "$name"
    "$@" 2>&1 | tee "$log" || status=$?
  else
    printf '\n== %s (behind) ==\n' "$name" >"$log"
    "$@" >>"$log" 2>&1 || status=$?
    printf '%s\n' "$log" >>"$log_dir/behind-logs"
  fi
  local took=$((SECONDS - start))
  local tests_passed tests_failed
  tests_passed=$(tally "$log" passed)
  tests_failed=$(tally "$log" failed)
  if [ "$status" -ne 0 ] && [ "$tests_failed" -eq 0 ]; then tests_failed=1; fi
  printf '%s\t%s\t%s\t%s\t%s\n' "$lane" "$name" "$took" "$tests_passed" "$tests_failed" >>"$results"
  printf '\033[1m-- %s (%s): %ss, %s passed, %s failed --\033[0m\n' "$name" "$lane" "$took" "$tests_passed" "$tests_failed"
  if [ "$status" -ne 0 ]; then touch "$failed_mark"; fi
  return "$status"
}

# front "name" command…: a step of the front lane; the run stops when it fails or the lane behind has.
front() {
  if [ -e "$failed_mark" ]; then finish 1; fi
  step front "$@" || finish 1
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

# finish status: stops the lane behind, shows its logs and the table, and exits.
finish() {
  stop_behind
  if [ -n "$behind_pid" ]; then wait "$behind_pid" 2>/dev/null || true; fi
  if [ -e "$log_dir/behind-logs" ]; then
    printf '\n\033[1m== The lane behind, step by step ==\033[0m\n'
    while read -r log; do cat "$log"; done <"$log_dir/behind-logs"
  fi
  printf '\n%-6s %-72s %8s %6s\n' "lane" "step" "seconds" "tests"
  local passed=0 failed=0 lane name took tests_passed tests_failed
  while IFS=$'\t' read -r lane name took tests_passed tests_failed; do
    printf '%-6s %-72s %8s %6s\n' "$lane" "$name" "$took" "$tests_passed"
    passed=$((passed + tests_passed))
    failed=$((failed + tests_failed))
  done <"$results"
  printf '%-6s %-72s %8s %6s\n' "" "whole run" "$((SECONDS - run_start))" "$passed"
  printf '\n%s passed, %s failed\n' "$passed" "$failed"
  if [ "$1" -eq 0 ] && [ "$failed" -gt 0 ]; then exit 1; fi
  exit "$1"
}

front "Chromium (Debian package)" bash scripts/ensure-chromium.sh

# The lane behind: its own process group (to be stopped whole), every process in it at nice 19.
set -m
(
  renice -n 19 -p "$BASHPID" >/dev/null
  step behind "Type check and lint, side by side" together "npm run typecheck" "npm run lint" &&
    step behind "Lint fixtures: each layering rule broken once" npx vitest run --project lint &&
    step behind "Unit tests (contract, client on fake-indexeddb)" npx vitest run --project unit --project unit-isolated &&
    step behind "Server integration tests on PGlite" npx vitest run --project server &&
    step behind "Server integration tests on a throwaway PostgreSQL 15 cluster" bash scripts/with-pg.sh npx vitest run --project server &&
    step behind "Reads from a hot standby (PostgreSQL primary and streaming replica)" bash scripts/with-pg-replica.sh npx vitest run --project replica
) &
behind_pid=$!
set +m

front "Build" npx vite build
front "Browser end-to-end tests (Chromium, served from PostgreSQL 15)" bash scripts/with-pg.sh npx vitest run --project e2e
front "Fault campaign, route fuzzing, tenant isolation, crash safety" npx vitest run --project faults
front "Fault campaign across two API processes (WORKERS=2) on one PostgreSQL" bash scripts/with-pg.sh env FAULT_WORKERS=2 npx vitest run --project faults tests/faults/campaign.test.ts -t "exactly once"
front "Build size budgets" npm run size

behind_status=0
wait "$behind_pid" || behind_status=$?
behind_pid=
finish "$behind_status"
