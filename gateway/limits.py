"""What one bot token may cost a gateway (docs/protocol.md, "Limits"; the referee's own
per-stream bounds, arena.match.limits, hold on the worker's side of the relay)."""

from __future__ import annotations

#: Attend (lobby) streams one bot token may hold open at once, over every gateway.
LOBBY_STREAMS = 2
#: ... one bot, whatever number of tokens its owner issued (one lobby is all a bot needs;
#: the second is room for a restart while the old stream is not yet noticed).
LOBBY_STREAMS_PER_BOT = 2
#: ... one person, over all their bots. Each lobby holds a Redis connection on a gateway.
LOBBY_STREAMS_PER_OWNER = 10
#: Play streams a bot may hold open at once, over every gateway, beyond its concurrency:
#: room for a rejoin while the broken stream is not yet noticed.
PLAY_STREAMS_SPARE = 2
#: Messages per second a bot may send over all its streams on one gateway, and the burst
#: it may save up; past it, the stream that sent is cut off (ERROR_CODE_TOO_MANY).
MESSAGES_PER_SECOND = 50.0
MESSAGE_BURST = 200.0
#: The largest message the gateway sends (a Wiz-War view is the largest, ~20 KB) and the
#: one it reads (what the referee's own transport allows; the referee bounds it further).
SEND_BYTES = 1 << 20
