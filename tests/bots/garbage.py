"""Answers every turn with bytes that are not a protocol message."""

import sys

sys.path.insert(0, __file__.rsplit("/", 1)[0])

from _raw_client import play

play(lambda turn: b"\xff\xfe\xfd this is not protobuf \x00\x01")
