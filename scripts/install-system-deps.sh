#!/usr/bin/env bash
# Installs the system packages Arena needs (Debian/Ubuntu). Idempotent: installs only what
# is missing, and does nothing (quickly, without apt) when everything is there.
# Run as root; `make test` calls it. `install-system-deps.sh sandbox` installs only what
# hosted bots need (`make demo` calls that): no browser.
set -euo pipefail
only_sandbox=false
[ "${1:-}" = "sandbox" ] && only_sandbox=true

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
$only_sandbox || need chromium command -v chromium # the browser tests (tests/web), Playwright
# `promtool check rules` on deploy/prometheus/ (tests/platform/test_alert_rules.py).
$only_sandbox || need prometheus command -v promtool

[ "${#missing[@]}" -eq 0 ] && exit 0
mapfile -t missing < <(printf '%s\n' "${missing[@]}" | sort -u)

if [ "$(id -u)" -ne 0 ]; then
    echo "install-system-deps: missing ${missing[*]}; run as root: $0" >&2
    echo "install-system-deps: what needs them is refused with a message (tests skip, or" \
        "fail under CI=true)" >&2
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
