"""A hostile gRPC client, run as its own process by the flood tests (so that what it holds
never counts in the referee's memory): `python hostile_client.py MODE ADDRESS TOKEN [N]`.

Each mode floods the referee in one way, keeps reading what the referee sends, and prints
one JSON line on stdout: the in-band error codes it received, the stream's final gRPC
status and its details (or, for the many-stream modes, how each stream ended).
"""

from __future__ import annotations

import asyncio
import collections
import json
import sys
from collections.abc import Iterable

import grpc

from arena_sdk.proto.arena.v1 import referee_pb2 as pb

PLAY = "/arena.v1.Referee/Play"


def target(address: str) -> str:
    return f"unix:{address}" if address.startswith("/") else address


def hello(token: str) -> bytes:
    message = pb.BotMessage(hello=pb.Hello(token=token, bot_name="hostile", sdk_version="x"))
    return message.SerializeToString()


def reply(request_id: int, code: str) -> bytes:
    return pb.BotMessage(
        action=pb.ActionReply(request_id=request_id, code=code)
    ).SerializeToString()


def error_zero(text: str) -> bytes:
    error = pb.Error(code=pb.ERROR_CODE_BOT_ERROR, message=text, request_id=0)
    return pb.BotMessage(error=error).SerializeToString()


class Seat:
    """One stream that says hello, then sends what a mode decides, reading all along."""

    def __init__(self, channel: grpc.aio.Channel, token: str) -> None:
        self.call = channel.stream_stream(PLAY)()  # raw bytes both ways
        self.token = token
        self.codes: list[str] = []
        self.turns: asyncio.Queue[pb.TurnRequest] = asyncio.Queue()

    async def read_all(self) -> None:
        try:
            while (raw := await self.call.read()) is not grpc.aio.EOF:
                message = pb.RefereeMessage.FromString(raw)
                kind = message.WhichOneof("payload")
                if kind == "error":
                    self.codes.append(pb.ErrorCode.Name(message.error.code))
                elif kind == "turn":
                    self.turns.put_nowait(message.turn)
                elif kind == "match_end":
                    await self.call.done_writing()
        except grpc.aio.AioRpcError:
            pass

    async def send_all(self, messages: Iterable[bytes]) -> None:
        """Write as fast as gRPC takes them; stop when the referee ends the stream."""
        try:
            for message in messages:
                await self.call.write(message)
        except (grpc.aio.AioRpcError, asyncio.InvalidStateError):
            pass

    async def result(self) -> dict:
        code = await self.call.code()
        details = await self.call.details()
        return {"codes": self.codes, "status": code.name, "details": details}


async def flood_seat(mode: str, address: str, token: str, count: int) -> dict:
    async with grpc.aio.insecure_channel(
        target(address), options=[("grpc.max_send_message_length", -1)]
    ) as channel:
        seat = Seat(channel, token)
        reader = asyncio.create_task(seat.read_all())
        await seat.send_all([hello(token)])
        if mode == "oversize":  # just over the protocol's limit, far under gRPC's
            await seat.send_all(b"\x0a" + b"\xff" * 100_000 for _ in range(count))
        elif mode == "giant":  # over gRPC's own limit, in the middle of a turn
            await seat.turns.get()
            await seat.send_all([error_zero("x" * 1_000_000)])
        elif mode == "unsolicited":
            await seat.send_all(error_zero(f"not a turn {i}") for i in range(count))
        elif mode == "stale":  # answer the first turn, then ids that are over or never sent
            turn = await seat.turns.get()
            await seat.send_all([reply(turn.request_id, turn.legal[0].code)])
            ids = (turn.request_id if i % 2 else 10**9 + i for i in range(count))
            await seat.send_all(reply(i, "x") for i in ids)
        elif mode == "burst":  # the same answer to the open turn, many times at once
            turn = await seat.turns.get()
            answer = reply(turn.request_id, turn.legal[0].code)
            await seat.send_all(answer for _ in range(count))
        else:
            raise SystemExit(f"unknown mode {mode}")
        await reader
        return await seat.result()


async def many_streams(mode: str, address: str, token: str, count: int) -> dict:
    """`count` streams over many connections: "silent" ones never say hello, "taken" ones
    all say hello with the same (already used) seat token. Returns how each one ended."""
    channels = [
        grpc.aio.insecure_channel(target(address), options=[("grpc.use_local_subchannel_pool", 1)])
        for _ in range(100)
    ]

    async def one(channel: grpc.aio.Channel) -> str:
        call = channel.stream_stream(PLAY)()
        try:
            if mode == "taken":
                await call.write(hello(token))
            raw = await call.read()
            if raw is grpc.aio.EOF:
                return (await call.code()).name
            message = pb.RefereeMessage.FromString(raw)
            kind = message.WhichOneof("payload")
            await call.done_writing()
            return pb.ErrorCode.Name(message.error.code) if kind == "error" else kind
        except (grpc.aio.AioRpcError, asyncio.InvalidStateError):
            return (await call.code()).name

    try:
        outcomes = await asyncio.gather(*(one(channels[i % 100]) for i in range(count)))
    finally:
        for channel in channels:
            await channel.close()
    return {"streams": dict(collections.Counter(outcomes))}


def main() -> None:
    mode, address, token = sys.argv[1:4]
    count = int(sys.argv[4]) if len(sys.argv) > 4 else 1000
    if mode in ("silent", "taken"):
        result = asyncio.run(many_streams(mode, address, token, count))
    else:
        result = asyncio.run(flood_seat(mode, address, token, count))
    print(json.dumps(result), flush=True)


if __name__ == "__main__":
    main()
