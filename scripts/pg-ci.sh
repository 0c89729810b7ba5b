#!/usr/bin/env bash
# eval "$(scripts/pg-ci.sh start)" exports PG_CI_DIR and DATABASE_URL; `scripts/pg-ci.sh stop` ends it.
# Installs Debian's postgresql when no server binaries are present. Recipe: ../shared/STACK.md.
set -euo pipefail
port=${PG_CI_PORT:-55432} dbname=${PG_CI_DB:-tandem_test}
bin=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n1 || true)
if [ -z "$bin" ] || [ ! -x "$bin/initdb" ]; then
  apt-get update -qq >&2 && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq postgresql >&2
  bin=$(ls -d /usr/lib/postgresql/*/bin | sort -V | tail -n1)
fi
as_pg() { if [ "$(id -u)" = 0 ]; then runuser -u postgres -- "$@"; else "$@"; fi; } # initdb refuses root
case "${1:-}" in
  start)
    dir=$(mktemp -d "${TMPDIR:-/tmp}/pg-ci.XXXXXX")
    if [ "$(id -u)" = 0 ]; then chown postgres: "$dir"; fi
    as_pg "$bin/initdb" -D "$dir/data" -U postgres --auth=trust -E UTF8 --no-locale >"$dir/initdb.log" 2>&1 \
      || { cat "$dir/initdb.log" >&2; exit 1; }
    as_pg "$bin/pg_ctl" -D "$dir/data" -l "$dir/server.log" -w -t 30 start >&2 \
      -o "-c listen_addresses=127.0.0.1 -p $port -k $dir -c fsync=off -c full_page_writes=off -c max_connections=200" \
      || { cat "$dir/server.log" >&2; exit 1; }
    as_pg "$bin/createdb" -h 127.0.0.1 -p "$port" -U postgres "$dbname"
    echo "export PG_CI_DIR=$dir DATABASE_URL=postgresql://postgres@127.0.0.1:$port/$dbname" ;;
  stop) as_pg "$bin/pg_ctl" -D "${PG_CI_DIR:?}/data" -m fast -w stop >&2 || true; rm -rf "$PG_CI_DIR" ;;
  *) echo "usage: $0 start|stop" >&2; exit 2 ;;
esac
