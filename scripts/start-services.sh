#!/usr/bin/env bash
# Start the local PostgreSQL and Redis that the integration tests use, when they are not
# already running. Idempotent; prints one line per service.
set -euo pipefail

if command -v pg_lsclusters >/dev/null 2>&1; then
  if ! pg_isready -q -h 127.0.0.1 -p 5432; then
    version=$(ls /etc/postgresql | sort -V | tail -n 1)
    pg_ctlcluster --skip-systemctl-redirect "$version" main start
    for _ in $(seq 50); do pg_isready -q -h 127.0.0.1 -p 5432 && break; sleep 0.2; done
  fi
  echo "postgresql: $(pg_isready -h 127.0.0.1 -p 5432)"
else
  echo "postgresql: not installed (tests that need it will fail under CI=true)"
fi

if command -v redis-server >/dev/null 2>&1; then
  if ! redis-cli -h 127.0.0.1 -p 6379 ping >/dev/null 2>&1; then
    mkdir -p /var/lib/redis /var/log/redis
    redis-server --daemonize yes --bind 127.0.0.1 -::1 --port 6379 --save "" \
      --appendonly no --dir /var/lib/redis --logfile /var/log/redis/ci.log
    for _ in $(seq 50); do redis-cli -h 127.0.0.1 -p 6379 ping >/dev/null 2>&1 && break; sleep 0.1; done
  fi
  echo "redis: $(redis-cli -h 127.0.0.1 -p 6379 ping)"
else
  echo "redis: not installed (tests that need it will fail under CI=true)"
fi
