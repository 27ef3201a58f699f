#!/usr/bin/env bash
# Install (Debian package `postgresql`) and start a PostgreSQL server for the server tests, as root.
# Prints the line to export on stdout, everything else on stderr, so CI can do:
#     eval "$(bash .ci/postgres.sh)"
# which sets MEDIEVAL_TEST_POSTGRES_URL. Sourcing the script sets it too. Safe to run twice: a server
# already running in the data folder is reused.
# Environment: MEDIEVAL_PG_PORT (default 54329), MEDIEVAL_PG_DIR (default /tmp/medieval-postgres).
set -euo pipefail

port="${MEDIEVAL_PG_PORT:-54329}"
datadir="${MEDIEVAL_PG_DIR:-/tmp/medieval-postgres}"
user=medieval
password=medieval
database=medieval

log() { echo "postgres.sh: $*" >&2; }

pg_bin() { ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1; }

if [ -z "$(pg_bin)" ] || [ ! -x "$(pg_bin)/initdb" ]; then
    log "installing the postgresql package"
    export DEBIAN_FRONTEND=noninteractive
    apt-get update -qq >&2
    apt-get install -y -qq --no-install-recommends postgresql >&2
fi
bin="$(pg_bin)"
[ -x "$bin/initdb" ] || { log "no PostgreSQL server binaries after install"; exit 1; }

as_postgres() { runuser -u postgres -- "$@"; }

if [ ! -s "$datadir/PG_VERSION" ]; then
    log "creating a cluster in $datadir"
    mkdir -p "$datadir"
    chown postgres:postgres "$datadir"
    chmod 700 "$datadir"
    as_postgres "$bin/initdb" -D "$datadir" -U postgres --auth=trust -E UTF8 >&2
fi

if ! as_postgres "$bin/pg_ctl" -D "$datadir" status >/dev/null 2>&1; then
    log "starting PostgreSQL on 127.0.0.1:$port"
    as_postgres "$bin/pg_ctl" -D "$datadir" -l "$datadir/server.log" -w -t 60 \
        -o "-p $port -k $datadir -c listen_addresses=127.0.0.1 -c fsync=on -c max_connections=200" start >&2
fi

psql_admin() { as_postgres psql -h 127.0.0.1 -p "$port" -U postgres -d postgres -v ON_ERROR_STOP=1 -qtAc "$1"; }
if [ "$(psql_admin "SELECT 1 FROM pg_roles WHERE rolname = '$user'")" != "1" ]; then
    psql_admin "CREATE ROLE $user LOGIN CREATEDB PASSWORD '$password'" >&2
fi
# The tests drop their databases WITH (FORCE), which must stop any autovacuum worker still in one: a
# non-superuser may do so only as a member of pg_signal_backend.
psql_admin "GRANT pg_signal_backend TO $user" >&2
if [ "$(psql_admin "SELECT 1 FROM pg_database WHERE datname = '$database'")" != "1" ]; then
    psql_admin "CREATE DATABASE $database OWNER $user" >&2
fi

url="postgresql://$user:$password@127.0.0.1:$port/$database"
export MEDIEVAL_TEST_POSTGRES_URL="$url"
log "ready: $url"
echo "export MEDIEVAL_TEST_POSTGRES_URL=$url"
