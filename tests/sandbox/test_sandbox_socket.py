"""The referee's Unix socket is the bot's one way out, through the bound socket folder."""

from __future__ import annotations

import os
import socket
import threading
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor

import grpc
import pytest

from arena.sandbox.workspace import hand_over

ECHO_CLIENT = """
    import os, socket
    with socket.socket(socket.AF_UNIX) as conn:
        conn.connect(os.environ["ARENA_SOCKET"])
        conn.sendall(b"hello referee")
        print(conn.recv(100).decode())
"""

GRPC_CLIENT = """
    import os
    import grpc
    import arena_sdk
    with grpc.insecure_channel("unix://" + os.environ["ARENA_SOCKET"]) as channel:
        say = channel.unary_unary("/arena.test.Echo/Say")
        print(arena_sdk.__version__, say(b"ping", timeout=10).decode())
"""


@pytest.fixture
def echo_server(bots, socket_dir: str) -> Iterator[str]:
    path = os.path.join(socket_dir, "referee.sock")
    server = socket.socket(socket.AF_UNIX)
    server.bind(path)
    server.listen()
    hand_over(path, bots.config())

    def serve() -> None:
        conn, _ = server.accept()
        with conn:
            conn.sendall(conn.recv(100)[::-1])

    thread = threading.Thread(target=serve, daemon=True)
    thread.start()
    yield path
    server.close()


def test_bot_talks_to_the_referee_over_the_bound_unix_socket(bots, socket_dir, echo_server):
    bot = bots.run(ECHO_CLIENT, socket_dir=socket_dir, env={"ARENA_SOCKET": echo_server})
    assert bot.stdout_text().strip() == "eerefer olleh", bot.stderr_text()


def test_bot_imports_the_sdk_and_makes_a_grpc_call_over_the_socket(bots, socket_dir):
    path = os.path.join(socket_dir, "referee.sock")
    handler = grpc.method_handlers_generic_handler(
        "arena.test.Echo",
        {"Say": grpc.unary_unary_rpc_method_handler(lambda request, context: request + b"-pong")},
    )
    server = grpc.server(ThreadPoolExecutor(max_workers=2), handlers=[handler])
    server.add_insecure_port(f"unix://{path}")
    server.start()
    hand_over(path, bots.config())
    try:
        bot = bots.run(GRPC_CLIENT, socket_dir=socket_dir, env={"ARENA_SOCKET": path})
    finally:
        server.stop(grace=None)
    assert bot.stdout_text().split() == ["0.1.0", "ping-pong"], bot.stderr_text()
