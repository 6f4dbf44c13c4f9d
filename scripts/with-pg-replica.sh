#!/usr/bin/env bash
# Runs a command against a throwaway PostgreSQL 15 primary and a hot standby streaming from it
# (pg_basebackup -R): exports TEST_PG_ADMIN_URL (the primary) and TEST_PG_REPLICA_ADMIN_URL (the
# standby), runs the command, then stops and deletes both. As the `postgres` user when run as root.
set -euo pipefail

PG_BIN=${PG_BIN:-/usr/lib/postgresql/15/bin}
if [ ! -x "$PG_BIN/initdb" ]; then
  echo "PostgreSQL 15 not found in $PG_BIN" >&2
  exit 1
fi

dir=$(mktemp -d /tmp/salesfield-pgrep.XXXXXX)
free_port() { node -e 'const s=require("net").createServer();s.listen(0,"127.0.0.1",()=>{console.log(s.address().port);s.close()})'; }
primary_port=$(free_port)
standby_port=$(free_port)

as_pg() {
  if [ "$(id -u)" = "0" ]; then
    su postgres -s /bin/bash -c "$*"
  else
    bash -c "$*"
  fi
}

if [ "$(id -u)" = "0" ]; then chown postgres "$dir"; fi
cleanup() {
  as_pg "$PG_BIN/pg_ctl -D '$dir/standby' -m immediate stop" >/dev/null 2>&1 || true
  as_pg "$PG_BIN/pg_ctl -D '$dir/primary' -m immediate stop" >/dev/null 2>&1 || true
  rm -rf "$dir"
}
trap cleanup EXIT

options="-k '$dir' -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=200"
as_pg "$PG_BIN/initdb -D '$dir/primary' -A trust -U postgres --encoding=UTF8 --locale=C.UTF-8" >/dev/null
as_pg "$PG_BIN/pg_ctl -D '$dir/primary' -l '$dir/primary.log' -w -o \"-p $primary_port $options -c wal_level=replica\" start" >/dev/null
as_pg "$PG_BIN/pg_basebackup -h 127.0.0.1 -p $primary_port -U postgres -D '$dir/standby' -R -X stream" >/dev/null
as_pg "$PG_BIN/pg_ctl -D '$dir/standby' -l '$dir/standby.log' -w -o \"-p $standby_port $options -c hot_standby=on\" start" >/dev/null

export TEST_PG_ADMIN_URL="postgres://postgres@127.0.0.1:$primary_port/postgres"
export TEST_PG_REPLICA_ADMIN_URL="postgres://postgres@127.0.0.1:$standby_port/postgres"
echo "PostgreSQL 15 primary on port $primary_port, hot standby on port $standby_port"
"$@"
