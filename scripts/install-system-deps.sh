#!/usr/bin/env bash
# Installs the system packages Arena needs (Debian/Ubuntu). Idempotent: installs only what
# is missing, and does nothing (quickly, without apt) when everything is there.
# Run as root; `make test` calls it.
set -euo pipefail

missing=()
# need PACKAGE TEST...: PACKAGE is missing when the TEST command fails.
need() {
    local package=$1
    shift
    "$@" >/dev/null 2>&1 || missing+=("$package")
}

need bubblewrap command -v bwrap # the bot sandbox (arena/sandbox)
need util-linux command -v prlimit # rlimits for sandboxed bots
need util-linux command -v setpriv # a root referee drops to the bots' uid before bwrap
need libseccomp2 sh -c '/sbin/ldconfig -p | grep -q "libseccomp\.so\.2"' # the bots' seccomp filter
# The bot runtime (scripts/install-bot-runtime.sh): a venv of the system's world-readable Python.
need python3.11-venv /usr/bin/python3.11 -c "import ensurepip, venv"
need chromium command -v chromium # the browser tests (tests/web), driven by Playwright

[ "${#missing[@]}" -eq 0 ] && exit 0
mapfile -t missing < <(printf '%s\n' "${missing[@]}" | sort -u)

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
