#!/usr/bin/env bash
# A throwaway PostgreSQL server for the store tests.
#
#   .ci/postgres.sh start [DIR]   # prints postgresql+psycopg://postgres@127.0.0.1:PORT/companion_test
#   .ci/postgres.sh stop DIR      # stops the server and removes DIR
#
# Installs Debian's postgresql with apt-get if no server binaries are found (needs root), creates
# a cluster in DIR (a new temp dir if omitted) with initdb, run as the `postgres` user when this
# script runs as root (initdb refuses root), starts it on 127.0.0.1 on a free port with its socket
# in DIR, and creates the database. Only the URL goes to stdout; progress goes to stderr.
set -euo pipefail

DB_NAME=companion_test

log() { echo "postgres.sh: $*" >&2; }

find_bindir() {
    local dir
    dir="$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1 || true)"
    if [[ -n "$dir" && -x "$dir/initdb" ]]; then
        echo "$dir"
    elif command -v initdb >/dev/null 2>&1; then
        dirname "$(readlink -f "$(command -v initdb)")"
    fi
}

ensure_server() {
    local bindir
    bindir="$(find_bindir)"
    if [[ -z "$bindir" ]]; then
        log "no PostgreSQL server found: installing it with apt-get"
        if [[ "$(id -u)" -ne 0 ]]; then
            log "installing needs root"
            exit 1
        fi
        DEBIAN_FRONTEND=noninteractive apt-get update -qq >&2
        DEBIAN_FRONTEND=noninteractive apt-get install -y -qq postgresql >&2
        bindir="$(find_bindir)"
    fi
    if [[ -z "$bindir" ]]; then
        log "PostgreSQL server binaries still not found"
        exit 1
    fi
    echo "$bindir"
}

# Run a command as the cluster's owner: `postgres` when we are root, else ourselves.
as_owner() {
    if [[ "$(id -u)" -eq 0 ]]; then
        if command -v runuser >/dev/null 2>&1; then
            runuser -u postgres -- "$@"
        else
            su postgres -s /bin/sh -c "$(printf '%q ' "$@")"
        fi
    else
        "$@"
    fi
}

free_port() {
    python3 - <<'EOF'
import socket
with socket.socket() as s:
    s.bind(("127.0.0.1", 0))
    print(s.getsockname()[1])
EOF
}

start() {
    local dir="${1:-}" bindir port
    bindir="$(ensure_server)"
    if [[ -z "$dir" ]]; then
        dir="$(mktemp -d -t companion-pg.XXXXXX)"
    fi
    mkdir -p "$dir"
    if [[ "$(id -u)" -eq 0 ]]; then
        chown postgres: "$dir"
    fi
    chmod 700 "$dir"
    port="$(free_port)"
    log "cluster in $dir, port $port ($bindir)"
    as_owner "$bindir/initdb" -D "$dir/data" -U postgres --auth=trust -E UTF8 --locale=C.UTF-8 \
        >"$dir/initdb.log" 2>&1 || { cat "$dir/initdb.log" >&2; exit 1; }
    as_owner "$bindir/pg_ctl" -D "$dir/data" -l "$dir/server.log" -w -t 60 \
        -o "-c listen_addresses=127.0.0.1 -p $port -k $dir" start >&2 \
        || { cat "$dir/server.log" >&2; exit 1; }
    as_owner "$bindir/createdb" -h 127.0.0.1 -p "$port" -U postgres "$DB_NAME"
    log "stop it with: $0 stop $dir"
    echo "postgresql+psycopg://postgres@127.0.0.1:$port/$DB_NAME"
}

stop() {
    local dir="${1:?usage: $0 stop DIR}" bindir
    bindir="$(find_bindir)"
    if [[ -n "$bindir" && -f "$dir/data/postmaster.pid" ]]; then
        as_owner "$bindir/pg_ctl" -D "$dir/data" -m fast -w stop >&2 || true
    fi
    rm -rf "$dir"
}

case "${1:-}" in
    start) start "${2:-}" ;;
    stop) stop "${2:-}" ;;
    *) echo "usage: $0 start [DIR] | stop DIR" >&2; exit 2 ;;
esac
