"""`Gateway.Attend`: a remote bot's standing connection, where it hears of its matches.

While the stream is open the bot is online (arena.relay.presence): the ladder may seat
it, and each seat offered to it (offers:<bot>, pushed by the worker that plays the match)
is passed on here as a `MatchOffer`. A seat of the bot whose Play stream broke is offered
again the same way while it waits for a rejoin (its worker puts it back on offers:<bot>),
so a bot that restarted takes it back with the same token. A bad or revoked token gets
one error and nothing else: no welcome, no sign of which bots exist.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import secrets
import time
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

import grpc

from arena.relay import envelope as env
from arena.telemetry.logs import log_context
from arena_sdk.proto.arena.v1 import gateway_pb2 as gpb
from arena_sdk.proto.arena.v1 import referee_pb2 as pb
from gateway import auth, caps
from gateway.limits import LOBBY_STREAMS, LOBBY_STREAMS_PER_BOT, LOBBY_STREAMS_PER_OWNER

if TYPE_CHECKING:
    from gateway.server import GatewayServer

log = logging.getLogger("arena.gateway")
#: How long the lobby blocks on the offers list before it looks whether it should end.
POLL_SECONDS = 1.0


@dataclass
class Lobby:
    identity: auth.Identity
    lid: str = field(default_factory=lambda: secrets.token_hex(8))
    #: Set when the gateway ends the stream (the token was revoked, shutting down): why.
    ended: str | None = None
    code: int = pb.ERROR_CODE_BAD_TOKEN


def lobby_scopes(identity: auth.Identity) -> list[str]:
    """Whose Attend streams a lobby counts among: its token's, its bot's, its owner's (each
    capped, gateway.limits: an owner may issue any number of tokens, and own many bots)."""
    return [str(identity.token_id), f"bot:{identity.bot_id}", f"owner:{identity.owner_id}"]


def _error(code: int, message: str) -> gpb.LobbyMessage:
    return gpb.LobbyMessage(error=pb.Error(code=code, message=message))


async def attend(
    server: GatewayServer, request: gpb.AttendRequest, context: grpc.aio.ServicerContext
) -> None:
    identity = await asyncio.to_thread(auth.identify, request.token)
    if identity is None:
        await context.write(_error(pb.ERROR_CODE_BAD_TOKEN, "this token opens no bot"))
        return
    lobby = Lobby(identity)
    scopes = lobby_scopes(identity)
    limits = [
        (scopes[0], LOBBY_STREAMS, f"this token already has {LOBBY_STREAMS}"),
        (scopes[1], LOBBY_STREAMS_PER_BOT, f"this bot already has {LOBBY_STREAMS_PER_BOT}"),
        (
            scopes[2],
            LOBBY_STREAMS_PER_OWNER,
            f"its owner's bots already have {LOBBY_STREAMS_PER_OWNER}",
        ),
    ]
    full = await caps.claim_streams(server.redis, "lobby", limits, lobby.lid)
    if full is not None:
        await context.write(_error(pb.ERROR_CODE_TOO_MANY, f"{full} Attend streams open"))
        return
    server.lobbies[lobby.lid] = lobby
    try:
        with log_context(bot=identity.label, gateway=server.gid):
            await _open(server, lobby, context)
    finally:
        server.lobbies.pop(lobby.lid, None)
        with contextlib.suppress(Exception):
            await server.mark_offline(lobby)
            await caps.release_streams(server.redis, "lobby", scopes, lobby.lid)
        log.info("%s left lobby %s", identity.label, lobby.lid)


async def _open(server: GatewayServer, lobby: Lobby, context: grpc.aio.ServicerContext) -> None:
    """Welcome the bot, then pass its offers on until the stream or the gateway ends."""
    identity = lobby.identity
    await server.mark_online(lobby)
    welcome = gpb.LobbyWelcome(
        bot=identity.label,
        game=identity.game,
        concurrency=identity.concurrency,
        rejoin_grace_s=round(server.grace_seconds),
    )
    await context.write(gpb.LobbyMessage(welcome=welcome))
    log.info("%s online on %s (lobby %s)", identity.label, server.gid, lobby.lid)
    await _pass_offers(server, lobby, context)
    if lobby.ended is not None:
        await context.write(_error(lobby.code, lobby.ended))


async def _pass_offers(
    server: GatewayServer, lobby: Lobby, context: grpc.aio.ServicerContext
) -> None:
    key = env.offers_key(lobby.identity.bot_id)
    while lobby.ended is None:
        item = await server.redis.blpop([key], timeout=POLL_SECONDS)
        if item is None:
            continue
        offer = env.Offer.loads(item[1])
        left = offer.expires - time.time()
        if left <= 0:
            continue  # the worker stopped waiting: the seat is lost already
        if offer.hold and not await _still_held(server, offer):
            continue  # rejoined (or lost) since it was offered again
        message = gpb.MatchOffer(
            match_id=offer.match_id,
            game=offer.game,
            seat=offer.seat,
            token=offer.token,
            join_within_ms=int(left * 1000),
        )
        try:
            await context.write(gpb.LobbyMessage(offer=message))
        except BaseException:
            # The bot went while we held its offer: put it back for another of its lobbies.
            with contextlib.suppress(Exception):
                await server.redis.lpush(key, item[1])
            raise


async def _still_held(server: GatewayServer, offer: env.Offer) -> bool:
    """Whether the seat still waits in the hold this offer was made for."""
    held = await server.redis.get(env.held_key(offer.relay))
    return held is not None and held.decode() == str(offer.hold)
