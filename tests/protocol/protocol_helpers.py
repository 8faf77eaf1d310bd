"""Helpers for protocol tests: bot processes and a raw, hand-driven client."""

from __future__ import annotations

import os
import queue
import subprocess
import sys
import tempfile
import threading
from pathlib import Path

import grpc

from arena_sdk.client import target
from arena_sdk.proto.arena.v1 import referee_pb2 as pb

BOTS = Path(__file__).parent / "bots"


class BotProcess:
    """A bot started with `arena-bot run`; stderr goes to a file, since a pipe nobody reads
    fills up (64 KiB) and would freeze a chatty bot mid-match."""

    def __init__(self, argv: list[str], env: dict[str, str]) -> None:
        self._stderr = tempfile.TemporaryFile(mode="w+")  # noqa: SIM115 - closed in finish()
        self.process = subprocess.Popen(
            argv, stdout=subprocess.PIPE, stderr=self._stderr, text=True, env=env
        )

    def finish(self, timeout: float = 20) -> tuple[int, str, str]:
        """Wait for the exit; return (status, stdout, stderr)."""
        out, _ = self.process.communicate(timeout=timeout)
        self._stderr.seek(0)
        err = self._stderr.read()
        self._stderr.close()
        return self.process.returncode, out, err


def spawn_bot(
    bot: str | Path, address: str, token: str, *args: str, env: dict[str, str] | None = None
) -> BotProcess:
    """Start `arena-bot run` in its own process, as the platform does."""
    argv = [sys.executable, "-m", "arena_sdk.cli", "run", str(bot), "--server", address]
    return BotProcess([*argv, "--token", token, *args], {**os.environ, **(env or {})})


class RawBot:
    """A hand-driven client: sends exactly what a test says, keeps what the referee sends."""

    def __init__(self, address: str) -> None:
        self.channel = grpc.insecure_channel(target(address))
        self._out: queue.SimpleQueue[bytes | None] = queue.SimpleQueue()
        play = self.channel.stream_stream(
            "/arena.v1.Referee/Play",
            request_serializer=None,
            response_deserializer=pb.RefereeMessage.FromString,
        )
        self.call = play(iter(self._out.get, None))
        self.inbox: queue.SimpleQueue[pb.RefereeMessage | None] = queue.SimpleQueue()
        threading.Thread(target=self._read, daemon=True).start()

    def _read(self) -> None:
        try:
            for message in self.call:
                self.inbox.put(message)
        except grpc.RpcError:
            pass
        self.inbox.put(None)  # the referee ended the stream

    def send(self, message: pb.BotMessage | bytes) -> None:
        self._out.put(message if isinstance(message, bytes) else message.SerializeToString())

    def hello(self, token: str, features: tuple[str, ...] = ()) -> None:
        hello = pb.Hello(token=token, bot_name="raw", sdk_version="test", features=features)
        self.send(pb.BotMessage(hello=hello))

    def reply(self, request_id: int, code: str) -> None:
        self.send(pb.BotMessage(action=pb.ActionReply(request_id=request_id, code=code)))

    def done_writing(self) -> None:
        """Half-close, as a client does once the referee said its last word."""
        self._out.put(None)

    def recv(self, timeout: float = 5.0) -> pb.RefereeMessage | None:
        """The next message, or None once the referee closed the stream."""
        return self.inbox.get(timeout=timeout)

    def expect(self, payload: str, timeout: float = 5.0) -> pb.RefereeMessage:
        message = self.recv(timeout)
        assert message is not None, f"stream closed while waiting for {payload}"
        assert message.WhichOneof("payload") == payload, message
        return message

    def close(self) -> None:
        self.call.cancel()
        self.channel.close()
