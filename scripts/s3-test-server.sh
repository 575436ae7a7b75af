#!/usr/bin/env bash
# A real S3 server for the tests: OpenStack Swift with its S3 API (s3api), single node, in a folder.
#
#   bash scripts/s3-test-server.sh         start it (installs the Debian packages when missing)
#   bash scripts/s3-test-server.sh stop    stop what this script started
#
# Idempotent: when it already answers, it exits 0 at once. Everything lives in $S3_TEST_DIR
# (default /tmp/accessible-journeys-swift); the S3 endpoint is http://127.0.0.1:$S3_TEST_PORT
# (default 8080), region us-east-1, access key test:tester, secret testing.
# Backend ports: object 6200, container 6201, account 6202; memcached 127.0.0.1:11211.
set -euo pipefail

S="${S3_TEST_DIR:-/tmp/accessible-journeys-swift}"
PORT="${S3_TEST_PORT:-8080}"
MEMCACHED_PORT=11211
ACTION="${1:-start}"
START_TIMEOUT_S=60

log() { printf 's3-test-server: %s\n' "$*" >&2; }

# GET /healthcheck answers exactly "OK" (plain bash, so no curl is needed on a fresh machine).
healthy() {
  local reply
  reply="$(timeout 3 bash -c 'exec 3<>"/dev/tcp/127.0.0.1/$1" || exit 1
    printf "GET /healthcheck HTTP/1.0\r\nHost: 127.0.0.1\r\n\r\n" >&3
    cat <&3' _ "$PORT" 2>/dev/null)" || return 1
  [[ "$reply" == "HTTP/1."*" 200 "* && "$reply" == *$'\r\n\r\nOK' ]]
}

port_open() { (exec 3<>"/dev/tcp/127.0.0.1/$1") 2>/dev/null; }

stop_all() {
  local name pid
  for name in proxy-server object-server container-server account-server memcached; do
    [ -f "$S/run/$name.pid" ] || continue
    pid="$(cat "$S/run/$name.pid")"
    if [ -n "$pid" ] && kill -0 "$pid" 2>/dev/null; then
      kill -TERM "$pid" 2>/dev/null || true
      for _ in $(seq 1 50); do
        kill -0 "$pid" 2>/dev/null || break
        sleep 0.1
      done
      kill -0 "$pid" 2>/dev/null && kill -KILL "$pid" 2>/dev/null || true
    fi
    rm -f "$S/run/$name.pid"
  done
}

case "$ACTION" in
  start) ;;
  stop)
    stop_all
    log "stopped"
    exit 0
    ;;
  *)
    echo "usage: $0 [start|stop]" >&2
    exit 2
    ;;
esac

# Fast path: already running.
if healthy; then exit 0; fi

mkdir -p "$S"
# One start at a time (test workers may ask together).
exec 9>"$S/.lock"
flock 9
if healthy; then exit 0; fi

if port_open "$PORT"; then
  log "port $PORT is taken by something that is not this Swift (no /healthcheck OK)."
  log "Set S3_TEST_PORT to a free port and try again."
  exit 1
fi

# 1. Packages.
if ! command -v swift-proxy-server >/dev/null 2>&1 || ! command -v swift-object-server >/dev/null 2>&1 ||
  ! command -v swift-container-server >/dev/null 2>&1 || ! command -v swift-account-server >/dev/null 2>&1 ||
  ! command -v swift-ring-builder >/dev/null 2>&1 || ! command -v memcached >/dev/null 2>&1; then
  if [ "$(id -u)" != 0 ]; then
    log "Swift is not installed and installing it needs root:"
    log "  apt-get install swift swift-proxy swift-account swift-container swift-object memcached"
    exit 1
  fi
  log "installing Swift and memcached (Debian packages)..."
  started=$SECONDS
  export DEBIAN_FRONTEND=noninteractive
  if ! apt-get install -y -qq --no-install-recommends \
    swift swift-proxy swift-account swift-container swift-object memcached >"$S/apt.log" 2>&1; then
    apt-get update -qq >>"$S/apt.log" 2>&1
    apt-get install -y -qq --no-install-recommends \
      swift swift-proxy swift-account swift-container swift-object memcached >>"$S/apt.log" 2>&1 || {
      tail -n 30 "$S/apt.log" >&2
      log "apt-get install failed (log: $S/apt.log)"
      exit 1
    }
  fi
  log "installed in $((SECONDS - started)) s"
fi

# Leftovers of an earlier start that no longer answers.
stop_all

started=$SECONDS
mkdir -p "$S/etc" "$S/node/d1" "$S/run" "$S/log" "$S/cache"

# 2. Configuration (rewritten each start, so a changed port or folder takes effect).
if [ -f /etc/swift/swift.conf ]; then
  cp /etc/swift/swift.conf "$S/etc/swift.conf"
else
  cat >"$S/etc/swift.conf" <<EOF
[swift-hash]
swift_hash_path_suffix = accessible-journeys-tests
swift_hash_path_prefix = accessible-journeys-tests

[storage-policy:0]
name = Policy-0
default = yes
EOF
fi

for entry in account:6202 container:6201 object:6200; do
  name="${entry%%:*}"
  port="${entry##*:}"
  if [ ! -f "$S/etc/$name.ring.gz" ]; then
    (
      cd "$S/etc"
      rm -f "$name.builder"
      swift-ring-builder "$name.builder" create 8 1 1 >/dev/null
      swift-ring-builder "$name.builder" add "r1z1-127.0.0.1:$port/d1" 100 >/dev/null
      swift-ring-builder "$name.builder" rebalance >/dev/null
    )
  fi
  cat >"$S/etc/$name-server.conf" <<EOF
[DEFAULT]
bind_ip = 127.0.0.1
bind_port = $port
workers = 1
user = root
swift_dir = $S/etc
devices = $S/node
mount_check = false
recon_cache_path = $S/cache

[pipeline:main]
pipeline = $name-server

[app:$name-server]
use = egg:swift#$name
EOF
done

cat >"$S/etc/proxy-server.conf" <<EOF
[DEFAULT]
bind_ip = 127.0.0.1
bind_port = $PORT
workers = 1
user = root
swift_dir = $S/etc
# Browser uploads (bucket CORS calls are not implemented by s3api).
cors_allow_origin = *
strict_cors_mode = false
cors_expose_headers = etag

[pipeline:main]
pipeline = catch_errors gatekeeper healthcheck proxy-logging cache listing_formats s3api tempauth copy slo dlo proxy-logging proxy-server

[app:proxy-server]
use = egg:swift#proxy
account_autocreate = true

[filter:catch_errors]
use = egg:swift#catch_errors

[filter:gatekeeper]
use = egg:swift#gatekeeper

[filter:healthcheck]
use = egg:swift#healthcheck

[filter:proxy-logging]
use = egg:swift#proxy_logging

[filter:cache]
use = egg:swift#memcache
memcache_servers = 127.0.0.1:$MEMCACHED_PORT

[filter:listing_formats]
use = egg:swift#listing_formats

[filter:s3api]
use = egg:swift#s3api
location = us-east-1
cors_preflight_allow_origin = *

[filter:tempauth]
use = egg:swift#tempauth
user_test_tester = testing .admin

[filter:copy]
use = egg:swift#copy

[filter:slo]
use = egg:swift#slo

[filter:dlo]
use = egg:swift#dlo
EOF

# 3. memcached first (without it every request is a 500); reuse one already listening.
if ! port_open "$MEMCACHED_PORT"; then
  memcached -u root -l 127.0.0.1 -p "$MEMCACHED_PORT" -d -P "$S/run/memcached.pid" 9>&-
fi

# 4. The four servers, detached from this shell so they outlive the caller. The lock's descriptor
# is closed for them: a daemon holding it would make every later start wait forever.
for name in account-server container-server object-server proxy-server; do
  setsid nohup "swift-$name" "$S/etc/$name.conf" </dev/null >"$S/log/$name.log" 2>&1 9>&- &
  echo $! >"$S/run/$name.pid"
done

deadline=$((SECONDS + START_TIMEOUT_S))
until healthy && port_open 6200 && port_open 6201 && port_open 6202; do
  for name in account-server container-server object-server proxy-server; do
    if ! kill -0 "$(cat "$S/run/$name.pid")" 2>/dev/null; then
      tail -n 30 "$S/log/$name.log" >&2 || true
      log "swift-$name exited (log: $S/log/$name.log)"
      stop_all
      exit 1
    fi
  done
  if [ "$SECONDS" -ge "$deadline" ]; then
    log "Swift did not answer on port $PORT within ${START_TIMEOUT_S} s (logs: $S/log)"
    stop_all
    exit 1
  fi
  sleep 0.2
done
log "Swift S3 API on http://127.0.0.1:$PORT (started in $((SECONDS - started)) s; stop: $0 stop)"
