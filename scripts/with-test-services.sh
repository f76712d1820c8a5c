#!/usr/bin/env bash
# Runs a command with a Redis server and a PostgreSQL server of its own, for the session
# store tests, and stops both afterwards (also when the command fails):
#
#   scripts/with-test-services.sh cargo test -p oxagent-stores
#
# The servers listen on 127.0.0.1 on free ports, keep their data in a scratch folder that is
# removed at the end, and are announced to the tests as
#   OXAGENT_TEST_REDIS_URL=redis://127.0.0.1:PORT/
#   OXAGENT_TEST_POSTGRES_URL=postgres://postgres@127.0.0.1:PORT/oxagent_test
# Missing servers are installed from Debian's packages (redis-server, postgresql) when run
# as root, as CI does on a fresh machine; so are bubblewrap and socat, which the Bash sandbox
# tests run (socat carries the sandbox's network to its proxy), and ripgrep: the reference's shell offers `rg`, and recorded scenarios run it through Bash.
set -euo pipefail

need_install=()
command -v redis-server >/dev/null 2>&1 || need_install+=(redis-server)
pg_bin=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -1 || true)
[ -n "$pg_bin" ] && [ -x "$pg_bin/pg_ctl" ] || need_install+=(postgresql)
command -v bwrap >/dev/null 2>&1 || need_install+=(bubblewrap)
command -v socat >/dev/null 2>&1 || need_install+=(socat)
command -v rg >/dev/null 2>&1 || need_install+=(ripgrep)
if [ ${#need_install[@]} -gt 0 ]; then
  if [ "$(id -u)" != 0 ]; then
    echo "with-test-services: please install ${need_install[*]} (Debian packages)" >&2
    exit 1
  fi
  echo "with-test-services: installing ${need_install[*]}" >&2
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq >/dev/null
  apt-get install -y -qq "${need_install[@]}" >/dev/null
  pg_bin=$(ls -d /usr/lib/postgresql/*/bin | sort -V | tail -1)
fi

free_port() {
  python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1]); s.close()'
}

state=$(mktemp -d /tmp/oxagent-test-services.XXXXXX)
chmod 755 "$state"
redis_port=$(free_port)
pg_port=$(free_port)

# PostgreSQL refuses to run as root: run it as the postgres user when we are root.
as_pg() {
  if [ "$(id -u)" = 0 ]; then runuser -u postgres -- "$@"; else "$@"; fi
}

stop() {
  set +e
  if [ -f "$state/redis.pid" ]; then kill "$(cat "$state/redis.pid")" 2>/dev/null; fi
  if [ -d "$state/pg/data" ]; then as_pg "$pg_bin/pg_ctl" -D "$state/pg/data" -m fast -w stop >/dev/null 2>&1; fi
  for _ in $(seq 50); do [ -f "$state/redis.pid" ] && kill -0 "$(cat "$state/redis.pid")" 2>/dev/null || break; sleep 0.1; done
  rm -rf "$state"
}
trap stop EXIT

redis-server --bind 127.0.0.1 --port "$redis_port" --save '' --appendonly no \
  --daemonize yes --pidfile "$state/redis.pid" --dir "$state" --logfile "$state/redis.log"

mkdir -p "$state/pg"
[ "$(id -u)" = 0 ] && chown postgres "$state/pg"
as_pg "$pg_bin/initdb" -D "$state/pg/data" -A trust -U postgres >/dev/null
as_pg "$pg_bin/pg_ctl" -D "$state/pg/data" -l "$state/pg/log" -w \
  -o "-p $pg_port -k $state/pg -c listen_addresses=127.0.0.1 -c max_connections=300 -c fsync=off" start >/dev/null
as_pg "$pg_bin/psql" -h 127.0.0.1 -p "$pg_port" -U postgres -q -c "CREATE DATABASE oxagent_test" >/dev/null

for _ in $(seq 50); do
  redis-cli -p "$redis_port" ping >/dev/null 2>&1 && break
  sleep 0.1
done

export OXAGENT_TEST_REDIS_URL="redis://127.0.0.1:$redis_port/"
export OXAGENT_TEST_POSTGRES_URL="postgres://postgres@127.0.0.1:$pg_port/oxagent_test"
echo "with-test-services: redis on $redis_port, postgres on $pg_port" >&2
"$@"
