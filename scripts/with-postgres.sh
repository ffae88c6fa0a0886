#!/usr/bin/env bash
# Runs a command against a throwaway PostgreSQL cluster, e.g.
#   scripts/with-postgres.sh npx vitest run tests/server
# Installs Debian's postgresql when it is missing (needs root), creates a cluster in a temporary folder
# listening on 127.0.0.1 on a free port, runs the command, then stops the cluster and deletes it — also
# when the command fails or is interrupted. The command's exit status is kept.
# The roles are those of a real deployment (docs/security.md): `meridian_owner` owns the database and
# runs the migrations (DATABASE_MIGRATION_URL), `meridian_app` is what the application connects as
# (DATABASE_URL) and holds only what the migrations grant it; the superuser only sets them up.
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
  # `npm test` starts two of these side by side: one installs while the other waits for it.
  (
    flock 9
    if [ -z "$(pg_bin)" ]; then
      echo "Installing PostgreSQL from Debian…" >&2
      apt-get update -qq
      DEBIAN_FRONTEND=noninteractive apt-get install -y -qq postgresql >/dev/null
    fi
  ) 9>"${TMPDIR:-/tmp}/meridian-postgres-install.lock"
  PG_BIN="$(pg_bin)"
fi

# The server refuses to run as root, so root runs it as the `postgres` user the package created.
as_owner() { if [ "$(id -u)" -eq 0 ]; then runuser -u postgres -- "$@"; else "$@"; fi; }

WORK="$(mktemp -d "${TMPDIR:-/tmp}/meridian-pg.XXXXXX")"
secret() { od -An -N16 -tx1 /dev/urandom | tr -d ' \n'; }
PASSWORD="$(secret)"
OWNER_PASSWORD="$(secret)"
APP_PASSWORD="$(secret)"
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
cd_root_and "$PG_BIN/initdb" -D "$WORK/data" -U postgres --pwfile="$WORK/pwfile" --auth=scram-sha-256 \
  --encoding=UTF8 --locale=C.UTF-8 --no-sync >/dev/null
# Durability is pointless for a cluster that is deleted afterwards; turning it off makes tests faster.
# In its configuration file, so that a plain `pg_ctl start` after a stop (the fault tests) listens the same.
cat >> "$WORK/data/postgresql.conf" <<CONF
listen_addresses = '127.0.0.1'
port = $PORT
unix_socket_directories = '$WORK'
fsync = off
synchronous_commit = off
full_page_writes = off
max_connections = 200
CONF
cd_root_and "$PG_BIN/pg_ctl" -D "$WORK/data" -l "$WORK/server.log" -w start >/dev/null || { cat "$WORK/server.log" >&2; exit 1; }

# Passwords are hex, so they need no quoting inside the SQL literals.
PGPASSWORD="$PASSWORD" "$PG_BIN/psql" -q -X -v ON_ERROR_STOP=1 -h 127.0.0.1 -p "$PORT" -U postgres -d postgres >/dev/null <<SQL
CREATE ROLE meridian_owner LOGIN PASSWORD '$OWNER_PASSWORD';
CREATE ROLE meridian_app LOGIN PASSWORD '$APP_PASSWORD';
CREATE DATABASE meridian OWNER meridian_owner;
SQL

export DATABASE_MIGRATION_URL="postgres://meridian_owner:$OWNER_PASSWORD@127.0.0.1:$PORT/meridian"
export DATABASE_URL="postgres://meridian_app:$APP_PASSWORD@127.0.0.1:$PORT/meridian"
# For tests that act on the cluster itself (npm run test:faults restarts it, limits a role, restores a
# dump): its tools, data directory and log, and the superuser. `pg_ctl` must run as the data directory's
# owner: `postgres` when this runs as root.
export PG_BIN PG_DATA="$WORK/data" PG_LOG="$WORK/server.log"
export PG_SUPERUSER_URL="postgres://postgres:$PASSWORD@127.0.0.1:$PORT/postgres"
echo "PostgreSQL $("$PG_BIN/postgres" --version | awk '{print $3}') on 127.0.0.1:$PORT (throwaway cluster)" >&2

set +e
"$@"
status=$?
set -e
exit "$status"
