#!/bin/sh
# First start on an empty volume: create the cluster with the password, and the database. Then run
# PostgreSQL in the foreground, listening on every address with password authentication.
set -eu
user=${POSTGRES_USER:-postgres}
database=${POSTGRES_DB:-$user}
if [ ! -s "$PGDATA/PG_VERSION" ]; then
  : "${POSTGRES_PASSWORD:?set POSTGRES_PASSWORD for the first start}"
  password_file=$(mktemp)
  printf '%s\n' "$POSTGRES_PASSWORD" >"$password_file"
  initdb --pgdata="$PGDATA" --username="$user" --pwfile="$password_file" \
    --auth-local=trust --auth-host=scram-sha-256 --encoding=UTF8 --locale=C.UTF-8 >/dev/null
  rm -f "$password_file"
  echo 'host all all all scram-sha-256' >>"$PGDATA/pg_hba.conf"
  if [ "$database" != postgres ]; then
    echo "CREATE DATABASE \"$database\" OWNER \"$user\"" | postgres --single -D "$PGDATA" postgres >/dev/null
  fi
  echo "postgres-entrypoint: created the cluster, user $user, database $database"
fi
exec postgres -D "$PGDATA" -c listen_addresses='*' "$@"
