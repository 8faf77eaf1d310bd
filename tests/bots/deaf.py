"""Says hello, then never reads another message: the referee's writes to it back up."""

import os
import time

import grpc

from arena_sdk.proto.arena.v1 import referee_pb2 as pb


def messages():
    yield pb.BotMessage(hello=pb.Hello(token=os.environ["ARENA_TOKEN"])).SerializeToString()
    time.sleep(3600)


channel = grpc.insecure_channel(os.environ["ARENA_SERVER"])
replies = channel.stream_stream("/arena.v1.Referee/Play")(messages())
time.sleep(3600)  # the stream is open and never read
