#!/usr/bin/env bash
# Runs a command against a throwaway PostgreSQL cluster, e.g.
#   scripts/with-postgres.sh npx vitest run tests/server
# Installs Debian's postgresql when it is missing (needs root), creates a cluster in a temporary folder
# listening on 127.0.0.1 on a free port, exports DATABASE_URL, runs the command, then stops the cluster
# and deletes it — also when the command fails or is interrupted. The command's exit status is kept.
set -euo pipefail

if [ "$#" -eq 0 ]; then
  echo "usage: $0 <command> [arguments…]" >&2
  exit 2
fi

pg_bin() { ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1; }

PG_BIN="$(pg_bin)"
if [ -z "$PG_BIN" ]; then
  if [ "$(id -u)" -ne 0 ]; then
    echo "PostgreSQL is not installed; run this as root, or first: sudo apt-get install -y postgresql" >&2
    exit 1
  fi
  echo "Installing PostgreSQL from Debian…" >&2
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq postgresql >/dev/null
  PG_BIN="$(pg_bin)"
fi

# The server refuses to run as root, so root runs it as the `postgres` user the package created.
as_owner() { if [ "$(id -u)" -eq 0 ]; then runuser -u postgres -- "$@"; else "$@"; fi; }

WORK="$(mktemp -d "${TMPDIR:-/tmp}/meridian-pg.XXXXXX")"
PASSWORD="$(od -An -N16 -tx1 /dev/urandom | tr -d ' \n')"
PORT="$(node -e "const s = require('node:net').createServer().listen(0, '127.0.0.1', () => { console.log(s.address().port); s.close(); })")"
printf '%s\n' "$PASSWORD" > "$WORK/pwfile"
[ "$(id -u)" -eq 0 ] && chown -R postgres: "$WORK"

cleanup() {
  as_owner "$PG_BIN/pg_ctl" -D "$WORK/data" -m immediate -w stop >/dev/null 2>&1 || true
  rm -rf "$WORK"
}
trap cleanup EXIT
trap 'exit 130' INT TERM

cd_root_and() { (cd / && as_owner "$@"); }
cd_root_and "$PG_BIN/initdb" -D "$WORK/data" -U meridian --pwfile="$WORK/pwfile" --auth=scram-sha-256 \
  --encoding=UTF8 --locale=C.UTF-8 --no-sync >/dev/null
# Durability is pointless for a cluster that is deleted afterwards; turning it off makes tests faster.
cd_root_and "$PG_BIN/pg_ctl" -D "$WORK/data" -l "$WORK/server.log" -w start -o \
  "-c listen_addresses=127.0.0.1 -c port=$PORT -c unix_socket_directories=$WORK -c fsync=off -c synchronous_commit=off -c full_page_writes=off -c max_connections=200" \
  >/dev/null || { cat "$WORK/server.log" >&2; exit 1; }

export DATABASE_URL="postgres://meridian:$PASSWORD@127.0.0.1:$PORT/postgres"
echo "PostgreSQL $("$PG_BIN/postgres" --version | awk '{print $3}') on 127.0.0.1:$PORT (throwaway cluster)" >&2

set +e
"$@"
status=$?
set -e
exit "$status"
