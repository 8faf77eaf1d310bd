"""A raw gRPC client for hostile test bots that break the protocol on purpose.

Imported by such a bot at module level: it plays the whole match itself, bypassing the
SDK, and then exits, so `arena-bot` never gets to load a Bot from it.
"""

import os
import queue
import sys

import grpc

from arena_sdk.proto.arena.v1 import referee_pb2 as pb


def play(answer):
    """Say hello, then send `answer(turn)` (bytes, or None for nothing) for each turn."""
    outbox = queue.SimpleQueue()
    hello = pb.BotMessage(hello=pb.Hello(token=os.environ["ARENA_TOKEN"], bot_name="raw"))
    outbox.put(hello.SerializeToString())

    def messages():
        while (item := outbox.get()) is not None:
            yield item

    channel = grpc.insecure_channel(os.environ["ARENA_SERVER"])
    stream = channel.stream_stream(
        "/arena.v1.Referee/Play",
        request_serializer=lambda raw: raw,
        response_deserializer=pb.RefereeMessage.FromString,
    )
    try:
        for message in stream(messages()):
            if message.WhichOneof("payload") == "turn":
                reply = answer(message.turn)
                if reply is not None:
                    outbox.put(reply)
            elif message.WhichOneof("payload") == "match_end":
                break
    except grpc.RpcError as exc:
        print(f"stream ended: {exc.code()}", file=sys.stderr)
    outbox.put(None)
    sys.exit(0)


def reply(request_id, code):
    message = pb.BotMessage(action=pb.ActionReply(request_id=request_id, code=code))
    return message.SerializeToString()
