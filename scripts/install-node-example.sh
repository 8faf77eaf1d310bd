#!/usr/bin/env bash
# The Node.js example bot's packages (examples/node), from its package-lock.json: the test
# suite runs that bot for real. Quick when they are there; says so when npm is missing.
set -euo pipefail
cd "$(dirname "$0")/../examples/node"
if [ -d node_modules/@grpc/grpc-js ] && [ -d node_modules/@grpc/proto-loader ]; then
    exit 0
fi
if ! command -v npm >/dev/null 2>&1; then
    echo "install-node-example: npm not found: install Node.js 18+ to test examples/node" >&2
    exit 1
fi
npm ci --no-audit --no-fund --loglevel=error
