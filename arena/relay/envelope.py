"""The relay's Redis keys and what travels under them, shared by workers and gateways.

Per remote seat (a *relay*, named by a random id):
  seat:<sha256 of seat token>  -> JSON {relay, bot, match_id, seat}: any gateway finds the
                                  relay of a bot's Play stream from its token
  up:<relay>                   -> list the worker pops: attach, bot messages, detach
  down:<relay>:<stream>        -> list one gateway stream pops: referee messages, close

Per remote bot: offers:<bot> (seats waiting for the bot's lobby) and online:<bot> (its
lobby streams, see presence.py). Per gateway: gateway:<id>, alive while it beats.
Per seat whose stream broke: held:<relay> -> the hold's number, while the seat waits for
its bot to rejoin (its offer goes back on offers:<bot>, marked with that number).

Lists, not pub/sub: what a stream has not taken yet waits for it, so a gateway that is
slow to pop loses nothing, and a rejoin on another gateway starts on a fresh list.
"""

from __future__ import annotations

import hashlib
import json
import struct
import time
from dataclasses import dataclass, fields
from typing import Any

PREFIX = "arena:relay:"
#: Stream ids are this many hex characters, so an envelope needs no separator after one.
SID_CHARS = 16
#: Lists and seat records outlive a dead party by this long, then Redis forgets them.
KEY_TTL_SECONDS = 3600

# Up (gateway -> worker)
ATTACH, MESSAGE, DETACH, FLOOD = b"A", b"M", b"D", b"F"
# Down (worker -> gateway)
SEND, CLOSE, CUT = b"M", b"C", b"X"
_STAMP = struct.Struct("!d")


def seat_key(token: str) -> str:
    return f"{PREFIX}seat:{hashlib.sha256(token.encode()).hexdigest()}"


def up_key(relay: str) -> str:
    return f"{PREFIX}up:{relay}"


def down_key(relay: str, sid: str) -> str:
    return f"{PREFIX}down:{relay}:{sid}"


def offers_key(bot_id: int) -> str:
    return f"{PREFIX}offers:{bot_id}"


def online_key(bot_id: int) -> str:
    return f"{PREFIX}online:{bot_id}"


def gateway_key(gateway: str) -> str:
    return f"{PREFIX}gateway:{gateway}"


def held_key(relay: str) -> str:
    return f"{PREFIX}held:{relay}"


@dataclass(frozen=True)
class Offer:
    """A seat waiting for a remote bot: its lobby stream tells the bot to come and play."""

    relay: str
    match_id: str
    game: str
    seat: int
    token: str
    #: Unix time after which the worker no longer waits: a gateway drops the offer.
    expires: float
    #: 0 for a seat's first offer; else the seat is offered again because its stream broke
    #: (docs/decisions/restarted-bot-takes-back-its-seats.md), and this is the hold's
    #: number: a gateway passes the offer on only while held:<relay> still says it.
    hold: int = 0

    def dumps(self) -> bytes:
        return json.dumps(self.__dict__).encode()

    @classmethod
    def loads(cls, raw: bytes) -> Offer:
        """Fields this version does not know are left out (a newer worker may add some)."""
        known = {f.name for f in fields(cls)}
        return cls(**{k: v for k, v in json.loads(raw).items() if k in known})


# --- up: what a gateway tells a worker --------------------------------------------------


def attach(sid: str, gateway: str, peer: str, hello: bytes) -> bytes:
    header = json.dumps({"sid": sid, "gateway": gateway, "peer": peer}).encode()
    return ATTACH + header + b"\n" + hello


def message(sid: str, raw: bytes) -> bytes:
    return MESSAGE + sid.encode() + raw


def detach(sid: str, reason: str) -> bytes:
    return DETACH + sid.encode() + reason.encode()[:500]


def flood(sid: str, reason: str) -> bytes:
    """The gateway cut the bot off for sending too fast: no rejoin for that."""
    return FLOOD + sid.encode() + reason.encode()[:500]


def parse_up(item: bytes) -> tuple[bytes, dict[str, Any], bytes]:
    """(kind, header, body): an attach's JSON header and hello, or a sid and its bytes."""
    kind = item[:1]
    if kind == ATTACH:
        header, _, hello = item[1:].partition(b"\n")
        return kind, json.loads(header), hello
    sid = item[1 : 1 + SID_CHARS].decode()
    return kind, {"sid": sid}, item[1 + SID_CHARS :]


# --- down: what a worker tells a gateway stream ------------------------------------------


def send(raw: bytes, sent: float | None = None) -> bytes:
    """A referee message, stamped with when it left the worker (Unix time)."""
    return SEND + _STAMP.pack(time.time() if sent is None else sent) + raw


def parse_down(item: bytes) -> tuple[bytes, float, bytes]:
    """(kind, when it was sent, body): a message's bytes or a cut's reason."""
    kind = item[:1]
    if kind == SEND:
        (sent,) = _STAMP.unpack_from(item, 1)
        return kind, sent, item[1 + _STAMP.size :]
    return kind, 0.0, item[1:]


# --- people: a seat played from a browser through the web process -----------------------
# person:<match>:<seat>  -> JSON of the open turn (or absent between turns), set by the worker
# answer:<match>:<seat>  -> list the worker pops: {"request": id, "code": code} from the web


def person_turn_key(match_id: int, seat: int) -> str:
    return f"{PREFIX}person:{match_id}:{seat}"


def person_answer_key(match_id: int, seat: int) -> str:
    return f"{PREFIX}answer:{match_id}:{seat}"
