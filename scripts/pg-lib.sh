# Sourced by scripts that need PostgreSQL (the test command, the cluster
# and load tests): a throwaway server of Debian's package (installed when
# missing), its data in a temporary folder, listening on 127.0.0.1 only,
# never a system service.
#   pg_start   initdb + start; exports MSC_PG_URL (trust on loopback)
#   pg_stop    stops it and removes the folder
# initdb and postgres refuse to run as root: as root they run as the
# package's `postgres` user. PG_FSYNC=off skips the disk flushes (tests
# of logic, not of durability against power loss).

pg_bin() {
    ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1
}

pg_start() {
    PG_BIN=$(pg_bin)
    if [ -z "$PG_BIN" ]; then
        # Debian's package, as scripts/deps.sh installs it (its own
        # cluster and service are not used).
        echo "installing: postgresql"
        sudo=""
        [ "$(id -u)" -eq 0 ] || sudo="sudo"
        $sudo apt-get update -qq
        $sudo env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq postgresql >/dev/null
        PG_BIN=$(pg_bin)
    fi
    if [ -z "$PG_BIN" ]; then
        echo "PostgreSQL could not be installed" >&2
        return 1
    fi
    PG_DIR=$(mktemp -d /tmp/msc-pg.XXXXXX)
    PG_AS=""
    if [ "$(id -u)" -eq 0 ]; then
        chown postgres "$PG_DIR"
        PG_AS="runuser -u postgres --"
    fi
    $PG_AS "$PG_BIN/initdb" -D "$PG_DIR/data" -U postgres --auth=trust -E UTF8 \
        >"$PG_DIR/initdb.log" 2>&1 || { cat "$PG_DIR/initdb.log" >&2; return 1; }
    # A port from the process id (below the ephemeral range), the next
    # ones if taken.
    tries=0
    PG_PORT=$((15000 + $$ % 10000))
    until $PG_AS "$PG_BIN/pg_ctl" -D "$PG_DIR/data" -l "$PG_DIR/log" -w -t 30 \
        -o "-c listen_addresses=127.0.0.1 -p $PG_PORT -k $PG_DIR -c fsync=${PG_FSYNC:-on} -c max_connections=200" \
        start >/dev/null 2>&1; do
        tries=$((tries + 1))
        if [ $tries -ge 5 ]; then
            cat "$PG_DIR/log" >&2
            return 1
        fi
        PG_PORT=$((PG_PORT + 1))
    done
    MSC_PG_URL="postgres://postgres@127.0.0.1:$PG_PORT/postgres"
    export MSC_PG_URL
    echo "PostgreSQL on 127.0.0.1:$PG_PORT, data in $PG_DIR"
}

pg_stop() {
    if [ -n "${PG_DIR:-}" ] && [ -d "$PG_DIR/data" ]; then
        $PG_AS "$PG_BIN/pg_ctl" -D "$PG_DIR/data" -m fast -w stop >/dev/null 2>&1 || true
        rm -rf "$PG_DIR"
    fi
}

# pg_url_for DB: MSC_PG_URL with DB as its database, its ?parameters kept.
pg_url_for() {
    base=${MSC_PG_URL%%\?*}
    params=${MSC_PG_URL#"$base"}
    printf '%s/%s%s\n' "${base%/*}" "$1" "$params"
}
