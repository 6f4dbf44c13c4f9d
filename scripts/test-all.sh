#!/usr/bin/env bash
# `npm test`: every suite, in the order that fails fastest. CI (.ci/run) calls exactly this.
set -euo pipefail
cd "$(dirname "$0")/.."

step() { printf '\n\033[1m== %s ==\033[0m\n' "$*"; }

step "Chromium (Debian package)"
bash scripts/ensure-chromium.sh

step "Type check"
npm run typecheck

step "Lint, and a fixture that breaks each layering rule"
npm run lint
npx vitest run --project lint

step "Unit tests (contract, client on fake-indexeddb)"
npx vitest run --project unit

step "Server integration tests on PGlite"
npx vitest run --project server

step "Server integration tests on a throwaway PostgreSQL 15 cluster"
bash scripts/with-pg.sh npx vitest run --project server

step "Reads from a hot standby with read-your-writes (PostgreSQL primary and streaming replica)"
bash scripts/with-pg-replica.sh npx vitest run --project replica

step "Build"
npx vite build

step "Browser end-to-end tests (Chromium)"
npx vitest run --project e2e

step "Fault campaign, route fuzzing, tenant isolation, crash safety (issue 6)"
npx vitest run --project faults

step "Fault campaign across two API processes (WORKERS=2) on one PostgreSQL"
bash scripts/with-pg.sh env FAULT_WORKERS=2 npx vitest run --project faults tests/faults/campaign.test.ts -t "exactly once"

step "Build size budgets"
npm run size
