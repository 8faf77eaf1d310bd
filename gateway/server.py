"""The gateway process: serves `Gateway.Attend` and `Referee.Play` to remote bots.

Stateless apart from its open streams: who is online, each seat's relay and every stream
cap live in Redis, so any number of gateways run side by side behind one address, and a
gateway that dies costs only the streams it held (their seats may rejoin elsewhere).
It beats every `BEAT_SECONDS`: its own liveness key (workers watch it for the seats it
holds), its lobbies' presence, its streams' caps, and a look at whether any of its bots'
tokens was revoked since.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import secrets
import signal
import socket
import time
from pathlib import Path

import grpc
import redis.asyncio as aioredis
from grpc_health.v1 import health, health_pb2, health_pb2_grpc

from arena.match.limits import HELLO_SECONDS, TRANSPORT_MESSAGE_BYTES
from arena.match.reflection import enable_reflection
from arena.relay import envelope as env
from arena.relay.presence import BEAT_SECONDS, ONLINE_TTL_SECONDS
from arena.telemetry import exposition, metrics
from arena.telemetry.logs import log_context
from arena_sdk.proto.arena.v1 import gateway_pb2 as gpb
from arena_sdk.proto.arena.v1 import referee_pb2 as pb
from gateway import auth, caps, lobby, play
from gateway.limits import MESSAGE_BURST, MESSAGES_PER_SECOND, SEND_BYTES

log = logging.getLogger("arena.gateway")
GATEWAY_SERVICE = gpb.DESCRIPTOR.services_by_name["Gateway"].full_name
REFEREE_SERVICE = pb.DESCRIPTOR.services_by_name["Referee"].full_name
_OPTIONS = [
    ("grpc.max_receive_message_length", TRANSPORT_MESSAGE_BYTES),
    ("grpc.max_send_message_length", SEND_BYTES),
    ("grpc.server_handshake_timeout_ms", int(HELLO_SECONDS * 1000)),
    ("grpc.http2.bdp_probe", 0),
    # Find dead clients: a lobby whose bot vanished must not keep it online for long.
    ("grpc.keepalive_time_ms", 10_000),
    ("grpc.keepalive_timeout_ms", 5_000),
    ("grpc.http2.max_pings_without_data", 0),
    ("grpc.keepalive_permit_without_calls", 1),
    ("grpc.http2.min_ping_interval_without_data_ms", 5_000),
]


class GatewayServer:
    def __init__(
        self,
        listen: str,
        redis_url: str,
        *,
        tls: tuple[bytes, bytes] | None = None,
        name: str | None = None,
        grace_seconds: float = 10.0,
        rate: tuple[float, float] = (MESSAGES_PER_SECOND, MESSAGE_BURST),
    ) -> None:
        """`tls` is (certificate chain, private key), PEM; without it, plaintext. `rate`
        is (messages a second, burst) per bot."""
        self.rate = rate
        self.listen = listen
        self.tls = tls
        self.gid = name or f"{socket.gethostname()}-{secrets.token_hex(4)}"
        self.grace_seconds = grace_seconds
        self.redis = aioredis.Redis.from_url(redis_url)
        self.lobbies: dict[str, lobby.Lobby] = {}
        #: Play stream id -> its bot's id, for the caps' heartbeat.
        self.plays: dict[str, str] = {}
        self._rates: dict[str, caps.RateLimit] = {}
        self._server: grpc.aio.Server | None = None
        self.port = 0

    def gauges(self) -> dict[str, dict[tuple[str, ...], float]]:
        """This gateway's streams, for its metrics (read from the metrics server's thread)."""
        bots = {entry.identity.bot_id for entry in list(self.lobbies.values())}
        return {
            "arena_remote_bots_online": {(): len(bots)},
            "arena_relayed_seats_open": {(): len(list(self.plays))},
        }

    def rate_for(self, bot: str) -> caps.RateLimit:
        return self._rates.setdefault(bot, caps.RateLimit(*self.rate))

    # -- presence -----------------------------------------------------------------------

    async def mark_online(self, entry: lobby.Lobby) -> None:
        key = env.online_key(entry.identity.bot_id)
        await self.redis.zadd(key, {f"{self.gid}/{entry.lid}": time.time() + ONLINE_TTL_SECONDS})
        await self.redis.expire(key, 3600)

    async def mark_offline(self, entry: lobby.Lobby) -> None:
        await self.redis.zrem(env.online_key(entry.identity.bot_id), f"{self.gid}/{entry.lid}")

    async def _beat(self) -> None:
        while True:
            try:
                await self._beat_once()
            except Exception as exc:  # Redis or the database away: keep trying
                log.warning("gateway %s: heartbeat failed: %s", self.gid, exc)
            await asyncio.sleep(BEAT_SECONDS)

    async def _beat_once(self) -> None:
        expires = time.time() + ONLINE_TTL_SECONDS
        pipe = self.redis.pipeline(transaction=False)
        pipe.set(env.gateway_key(self.gid), "1", px=int(ONLINE_TTL_SECONDS * 1000))
        for entry in list(self.lobbies.values()):
            pipe.zadd(env.online_key(entry.identity.bot_id), {f"{self.gid}/{entry.lid}": expires})
            for scope in lobby.lobby_scopes(entry.identity):
                pipe.zadd(caps.streams_key("lobby", scope), {entry.lid: expires})
        for sid, bot in list(self.plays.items()):
            pipe.zadd(caps.streams_key("play", bot), {sid: expires})
        await pipe.execute()
        tokens = {entry.identity.token_id for entry in self.lobbies.values()}
        gone = await asyncio.to_thread(auth.revoked, tokens)
        for entry in list(self.lobbies.values()):
            if entry.identity.token_id in gone and entry.ended is None:
                entry.ended = "this token was revoked"

    # -- serving ------------------------------------------------------------------------

    async def _attend(self, request: gpb.AttendRequest, context: grpc.aio.ServicerContext) -> None:
        await lobby.attend(self, request, context)

    async def _play(self, requests: object, context: grpc.aio.ServicerContext) -> None:
        await play.play(self, requests, context)

    async def start(self) -> None:
        server = grpc.aio.server(options=_OPTIONS, maximum_concurrent_rpcs=4096)
        attend = grpc.unary_stream_rpc_method_handler(
            self._attend,
            request_deserializer=gpb.AttendRequest.FromString,
            response_serializer=gpb.LobbyMessage.SerializeToString,
        )
        relay = grpc.stream_stream_rpc_method_handler(
            self._play,
            request_deserializer=None,  # raw bytes: the worker's referee judges them
            response_serializer=None,
        )
        server.add_generic_rpc_handlers(
            [
                grpc.method_handlers_generic_handler(GATEWAY_SERVICE, {"Attend": attend}),
                grpc.method_handlers_generic_handler(REFEREE_SERVICE, {"Play": relay}),
            ]
        )
        health_servicer = health.aio.HealthServicer()
        health_pb2_grpc.add_HealthServicer_to_server(health_servicer, server)
        enable_reflection([GATEWAY_SERVICE, REFEREE_SERVICE, health.SERVICE_NAME], server)
        if self.tls is not None:
            credentials = grpc.ssl_server_credentials([(self.tls[1], self.tls[0])])
            self.port = server.add_secure_port(self.listen, credentials)
        else:
            self.port = server.add_insecure_port(self.listen)
        await self._beat_once()
        await server.start()
        for service in ("", GATEWAY_SERVICE, REFEREE_SERVICE):
            await health_servicer.set(service, health_pb2.HealthCheckResponse.SERVING)
        self._server = server

    async def serve(self, stop: asyncio.Event) -> None:
        await self.start()
        beat = asyncio.create_task(self._beat())
        host = self.listen.rsplit(":", 1)[0]
        scheme = "TLS" if self.tls else "plaintext"
        print(f"arena gateway {self.gid} serving on {host}:{self.port} ({scheme})", flush=True)
        try:
            await stop.wait()
        finally:
            beat.cancel()
            for entry in self.lobbies.values():
                entry.ended, entry.code = "the gateway is shutting down", pb.ERROR_CODE_ABORTED
            if self._server is not None:
                await self._server.stop(3)
            with contextlib.suppress(Exception):
                await self.redis.delete(env.gateway_key(self.gid))
                await self.redis.aclose()


def run(
    listen: str,
    redis_url: str,
    *,
    cert: Path | None = None,
    key: Path | None = None,
    name: str | None = None,
    grace_seconds: float = 10.0,
    rate: tuple[float, float] = (MESSAGES_PER_SECOND, MESSAGE_BURST),
) -> int:
    """Serve until SIGTERM or Ctrl-C."""
    tls = (cert.read_bytes(), key.read_bytes()) if cert and key else None
    server = GatewayServer(
        listen, redis_url, tls=tls, name=name, grace_seconds=grace_seconds, rate=rate
    )
    exposition.serve(collectors=(metrics.StateCollector(metrics.GATEWAY_GAUGES, server.gauges),))

    async def main() -> None:
        stop = asyncio.Event()
        loop = asyncio.get_running_loop()
        for signum in (signal.SIGTERM, signal.SIGINT):
            loop.add_signal_handler(signum, stop.set)
        await server.serve(stop)

    with log_context(gateway=server.gid):  # every line of this gateway says which it is
        asyncio.run(main())
    return 0
