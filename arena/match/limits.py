"""Every bound the referee keeps against what a bot sends over the wire, in one place.

A bot is untrusted: whatever it sends, the memory and work it can cost the referee must
stay bounded per seat and per server. docs/protocol.md ("Limits") explains each number to
bot authors, and docs/decisions/referee-memory-bounds.md why these values. Measured on a
2-core machine (grpcio 1.85): a stream costs the server ~22 KB and a connection ~24 KB; a
stream that keeps sending messages near the transport limit makes gRPC buffer a few of
them (0.5-1.2 MB per stream at 128 KiB), which is what bounds the number of streams.
"""

from __future__ import annotations

#: gRPC refuses a message larger than this before reading it, and ends the stream with
#: status RESOURCE_EXHAUSTED: the referee cannot answer in-band, the seat is lost (a crash).
TRANSPORT_MESSAGE_BYTES = 128 << 10
#: The protocol's limit on one message from a bot. A larger one (up to the transport limit)
#: is dropped unread with an in-band ERROR_CODE_MESSAGE_TOO_LARGE and a strike. An honest
#: message is far smaller: a hello, an action code, an error text of a few KB.
MESSAGE_BYTES = 32 << 10

#: Answers a seat may have waiting for the referee to read, by count and by bytes. Only
#: answers to the open turn wait; anything else is dealt with as it arrives. Past either
#: cap the bot is flooding: the seat is disqualified and its stream ended.
INBOX_MESSAGES = 32
INBOX_BYTES = 4 * MESSAGE_BYTES
#: What one waiting answer costs beyond its bytes (the parsed message, the queue entry).
INBOX_ITEM_OVERHEAD = 512

#: Messages the protocol does not allow, received outside a turn, are each a strike. Once a
#: seat has earned as many as its `max_strikes` (it will be disqualified) or this many, the
#: referee stops reading its stream: a flood of them costs a bounded amount of work.
UNSOLICITED_MAX = 32
#: Turns that ended without an answer, remembered so that one late answer to each is
#: ignored (ERROR_CODE_STALE_REPLY, no strike) rather than struck.
STALE_WINDOW = 16

#: Seconds a new stream has to send its hello; then it is closed (ERROR_CODE_TIMEOUT).
#: Also gRPC's limit on a new connection's handshake.
HELLO_SECONDS = 5.0
#: Streams open at once on one server, of every kind (bots, refused ones, health checks).
#: gRPC refuses more with status RESOURCE_EXHAUSTED before any of our code runs.
MAX_STREAMS = 64
#: Connections open at once on one server; gRPC closes more at once.
MAX_CONNECTIONS = 64
#: A connection with no open stream for this long is closed (its client may reconnect).
IDLE_CONNECTION_SECONDS = 30.0
#: How long a finished stream waits for the bot to close its side, and how many messages
#: it still reads meanwhile (dropped unread). Ending the call at once would make gRPC drop
#: what the bot has not read yet, e.g. its MatchEnd.
LINGER_SECONDS = 5.0
LINGER_MESSAGES = 16

#: Characters kept of the strings a bot sends: its name and SDK version (hello), the text
#: of an error it reports, an action code quoted back in a notice; and of everything it
#: reported in-band over the match (kept with its stderr).
NAME_CHARS = 80
TEXT_CHARS = 500
LOG_CHARS = 16_000
