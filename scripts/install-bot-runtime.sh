#!/usr/bin/env bash
# Builds the bot runtime: a venv of the system's Python holding only arena-sdk and what it
# depends on (grpcio, protobuf), plus the game engines (`arena.games`, pure Python, for bots
# that search from their view: docs/writing-a-bot.md), readable by the unprivileged uid that
# hosted bots run as.
# A referee running as root starts every hosted bot on it (arena/sandbox/runtime.py); its own
# interpreter may be unreadable by that uid (pyenv installs under root's 0700 home) and holds
# the platform's packages, which bots have no business importing.
#
#   scripts/install-bot-runtime.sh                    # as root: /var/lib/arena/bot-runtime
#   ARENA_BOT_RUNTIME=/opt/arena/bot-runtime scripts/install-bot-runtime.sh
#
# Idempotent and quick when up to date: it rebuilds only when the SDK's sources, this script
# or the interpreter change (a stamp in the venv holds their hash). Not root and no
# ARENA_BOT_RUNTIME: nothing to do, a referee that is not root runs bots on its own Python.
# Workers started during a rebuild fail to start bots; rebuild while none runs.
set -euo pipefail
umask 022 # everything world-readable: the sandbox uid reads the runtime

here="$(cd "$(dirname "$0")" && pwd)"
repo="$(dirname "$here")"
sdk="$repo/sdk"
python="${ARENA_BOT_PYTHON:-/usr/bin/python3.11}"
target="${ARENA_BOT_RUNTIME:-}"

if [ -z "$target" ]; then
    if [ "$(id -u)" -ne 0 ]; then
        echo "install-bot-runtime: not root and ARENA_BOT_RUNTIME unset: bots run on this" \
            "user's own Python; nothing to do"
        exit 0
    fi
    target=/var/lib/arena/bot-runtime
fi
case "$target" in
/*) ;;
*)
    echo "install-bot-runtime: ARENA_BOT_RUNTIME=$target must be an absolute path" >&2
    exit 1
    ;;
esac

if ! "$python" -c "import ensurepip, venv" >/dev/null 2>&1; then
    echo "install-bot-runtime: $python cannot make a venv; install python3.11 and" \
        "python3.11-venv (scripts/install-system-deps.sh does, as root)" >&2
    # Hosted bots are then refused with a message naming this script; only CI must fail.
    [ "${CI:-}" = "true" ] && exit 1
    exit 0
fi

stamp="$target/.arena-stamp"
wanted="$(
    {
        "$python" -c "import sys; print(sys.executable, sys.version)"
        sha256sum "$0" | cut -d' ' -f1
        cd "$sdk" && find pyproject.toml README.md arena_sdk -type f ! -path '*/__pycache__/*' \
            ! -name '*.pyc' -print0 | LC_ALL=C sort -z | xargs -0 sha256sum
        cd "$repo" && find arena/__init__.py arena/games -type f ! -path '*/__pycache__/*' \
            ! -name '*.pyc' -print0 | LC_ALL=C sort -z | xargs -0 sha256sum
    } | sha256sum | cut -d' ' -f1
)"
if [ -f "$stamp" ] && [ "$(cat "$stamp")" = "$wanted" ]; then
    exit 0
fi

echo "install-bot-runtime: building $target"
# Built from a copy: an in-tree build would leave build/ in the checkout.
staging="$(mktemp -d)"
trap 'rm -rf "$staging"' EXIT
(cd "$sdk" && tar --exclude=__pycache__ --exclude='*.egg-info' --exclude=build \
    -cf - pyproject.toml README.md arena_sdk) | tar -xf - -C "$staging"

mkdir -p "$(dirname "$target")"
rm -f "$stamp"
"$python" -m venv --clear "$target"
"$target/bin/python" -m pip install --quiet --disable-pip-version-check --no-cache-dir \
    "$staging"

# The engines alone, as their own small distribution: arena/__init__.py and arena/games.
engines="$staging/engines"
mkdir -p "$engines"
(cd "$repo" && tar --exclude=__pycache__ -cf - arena/__init__.py arena/games) | tar -xf - -C "$engines"
cat >"$engines/pyproject.toml" <<'TOML'
[build-system]
requires = ["setuptools>=69"]
build-backend = "setuptools.build_meta"

[project]
name = "arena-engines"
version = "0.1.0"
description = "Arena's game engines (arena.games), for bots that search from their view."
requires-python = ">=3.11"

[tool.setuptools.packages.find]
include = ["arena", "arena.games", "arena.games.*"]
TOML
"$target/bin/python" -m pip install --quiet --disable-pip-version-check --no-cache-dir \
    "$engines"

# The sandbox uid must be able to read and run all of it: try as that uid (when root).
check=("$target/bin/python" -c "import grpc, arena_sdk, arena.games.wandering_towers")
if [ "$(id -u)" -eq 0 ]; then
    # Any uid of the range stands for them all (the runtime must be readable by others).
    uids="${ARENA_SANDBOX_UIDS:-60100-61099}"
    uid="${uids%%-*}"
    check=(setpriv "--reuid=$uid" "--regid=$uid" --clear-groups "${check[@]}")
fi
if ! (cd / && env -i PATH=/usr/bin:/bin "${check[@]}"); then
    echo "install-bot-runtime: $target does not import grpc, arena_sdk and arena.games as uid" \
        "${uid:-$(id -u)}: make every folder above it searchable by that uid" >&2
    exit 1
fi
echo "$wanted" >"$stamp"
echo "install-bot-runtime: $target is ready"
