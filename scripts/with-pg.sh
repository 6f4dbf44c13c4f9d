#!/usr/bin/env bash
# Runs a command against a throwaway PostgreSQL 15 cluster: initdb into a temporary folder, start
# on a free loopback port, export TEST_PG_ADMIN_URL, run the command, then stop and delete it all.
# Runs the cluster as the `postgres` user when started as root (initdb refuses root).
set -euo pipefail

PG_BIN=${PG_BIN:-/usr/lib/postgresql/15/bin}
if [ ! -x "$PG_BIN/initdb" ]; then
  echo "PostgreSQL 15 not found in $PG_BIN" >&2
  exit 1
fi

dir=$(mktemp -d /tmp/salesfield-pg.XXXXXX)
port=$(node -e 'const s=require("net").createServer();s.listen(0,"127.0.0.1",()=>{console.log(s.address().port);s.close()})')

as_pg() {
  if [ "$(id -u)" = "0" ]; then
    su postgres -s /bin/bash -c "$*"
  else
    bash -c "$*"
  fi
}

if [ "$(id -u)" = "0" ]; then chown postgres "$dir"; fi
cleanup() {
  as_pg "$PG_BIN/pg_ctl -D '$dir/data' -m immediate stop" >/dev/null 2>&1 || true
  rm -rf "$dir"
}
trap cleanup EXIT

as_pg "$PG_BIN/initdb -D '$dir/data' -A trust -U postgres --encoding=UTF8 --locale=C.UTF-8" >/dev/null
as_pg "$PG_BIN/pg_ctl -D '$dir/data' -l '$dir/log' -w -o \"-p $port -k '$dir' -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=200\" start" >/dev/null

export TEST_PG_ADMIN_URL="postgres://postgres@127.0.0.1:$port/postgres"
echo "PostgreSQL 15 throwaway cluster on port $port"
"$@"
