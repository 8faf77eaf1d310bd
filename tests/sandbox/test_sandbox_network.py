"""A sandboxed bot has no network: not even the referee host's loopback."""

from __future__ import annotations

import socket
import threading
from collections.abc import Iterator

import pytest

PROBE = """
    import os, socket
    try:
        with socket.create_connection(("127.0.0.1", int(os.environ["PORT"])), timeout=3):
            print("connected")
    except OSError as exc:
        print("failed", type(exc).__name__)
"""


@pytest.fixture
def tcp_server() -> Iterator[int]:
    """A server on the host's 127.0.0.1 that accepts anything; yields its port."""
    server = socket.create_server(("127.0.0.1", 0))
    server.settimeout(0.2)
    stop = threading.Event()

    def accept() -> None:
        while not stop.is_set():
            try:
                server.accept()[0].close()
            except TimeoutError:
                continue
            except OSError:
                return

    thread = threading.Thread(target=accept, daemon=True)
    thread.start()
    yield server.getsockname()[1]
    stop.set()
    thread.join()
    server.close()


def test_bot_cannot_connect_to_a_tcp_server_on_the_hosts_loopback(bots, tcp_server):
    bot = bots.run(PROBE, env={"PORT": str(tcp_server)})
    assert bot.stdout_text().startswith("failed"), bot.stdout_text() + bot.stderr_text()


def test_same_probe_connects_without_the_sandbox_so_the_check_above_is_meaningful(bots, tcp_server):
    bot = bots.run(PROBE, mode="none", env={"PORT": str(tcp_server)})
    assert bot.stdout_text().strip() == "connected", bot.stderr_text()
