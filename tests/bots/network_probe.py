"""Tries to reach a server on the host's loopback; the test sets PORT."""

import socket

from arena_sdk import Bot

PORT = 0  # replaced by the test


class NetworkProbe(Bot):
    def act(self, view, legal):
        with socket.create_connection(("127.0.0.1", PORT), timeout=2) as conn:
            conn.sendall(b"leaked")
        return legal[0].code
