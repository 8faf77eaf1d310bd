#!/usr/bin/env bash
# Installs the system packages Arena needs (Debian/Ubuntu). Idempotent: installs only what
# is missing, and does nothing (quickly, without apt) when everything is there.
# Run as root; `make test` calls it.
set -euo pipefail

# One "command:debian-package" per line: the command tells whether the package is present.
REQUIRED=(
    "bwrap:bubblewrap"   # the bot sandbox (arena/sandbox)
    "prlimit:util-linux" # rlimits for sandboxed bots
    "chromium:chromium"  # the browser tests (tests/web), driven by Playwright
)

missing=()
for entry in "${REQUIRED[@]}"; do
    command -v "${entry%%:*}" >/dev/null 2>&1 || missing+=("${entry#*:}")
done
[ "${#missing[@]}" -eq 0 ] && exit 0

if [ "$(id -u)" -ne 0 ]; then
    echo "install-system-deps: missing ${missing[*]}; run as root: $0" >&2
    echo "install-system-deps: tests that need them skip (or fail under CI=true)" >&2
    exit 0
fi
if ! command -v apt-get >/dev/null 2>&1; then
    echo "install-system-deps: no apt-get here; install by hand: ${missing[*]}" >&2
    exit 1
fi

echo "install-system-deps: installing ${missing[*]}"
export DEBIAN_FRONTEND=noninteractive
apt-get update -qq
apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
