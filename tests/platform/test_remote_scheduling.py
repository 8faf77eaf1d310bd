"""The ladder scheduler and remote bots: online ones are seated as often as hosted bots of
the same standing, up to their concurrency; offline ones not at all. The bot is online
through a real gateway and a real Attend stream."""

from __future__ import annotations

import random
from collections import Counter

import grpc
from platform_support import GAME, add_builtin, wait_until
from test_gateway_security import remote as remote
from test_remote_ladder import make_remote_bot, online

from arena_sdk.proto.arena.v1 import gateway_pb2 as gpb
from arena_sdk.proto.arena.v1 import gateway_pb2_grpc


def seats_per_version(match_ids: list[int]) -> Counter[int]:
    from webui.matches.models import MatchSeat

    return Counter(
        MatchSeat.objects.filter(match_id__in=match_ids).values_list("version_id", flat=True)
    )


def active_version(bot) -> int:
    return bot.versions.get(status="active").pk


def test_an_online_remote_bot_plays_as_often_as_hosted_bots_and_an_offline_one_never(
    remote,
) -> None:
    from webui.bots.models import BotVersion
    from webui.ladder.matchmaking import fill_queue

    address = remote.gateway("gw")
    for index in range(3):
        add_builtin(f"host{index}", f"steady{index}", "greedy")
    here, token = make_remote_bot("rita", "here", concurrency=16)
    away, _ = make_remote_bot("otto", "away", concurrency=16)
    with grpc.insecure_channel(address) as channel:
        call = gateway_pb2_grpc.GatewayStub(channel).Attend(gpb.AttendRequest(token=token))
        assert next(call).HasField("welcome")
        wait_until(lambda: online(here), 20, "the bot online")
        created = fill_queue(GAME, depth=12, rng=random.Random(7))
        call.cancel()
    counts = seats_per_version(created)
    hosted = [
        counts[v]
        for v in BotVersion.objects.filter(status="active", bot__game=GAME, bot__kind="hosted")
        .values_list("pk", flat=True)
    ]  # fmt: skip
    assert len(created) == 12
    assert min(hosted) <= counts[active_version(here)] <= max(hosted), (counts, hosted)
    assert max(hosted) - min(hosted) <= 2
    assert counts[active_version(away)] == 0


def test_a_remote_bot_is_given_no_more_matches_at_once_than_its_concurrency(
    remote,
) -> None:
    from webui.ladder.matchmaking import fill_queue

    address = remote.gateway("gw")
    bot, token = make_remote_bot("sam", "single", concurrency=1)
    with grpc.insecure_channel(address) as channel:
        call = gateway_pb2_grpc.GatewayStub(channel).Attend(gpb.AttendRequest(token=token))
        assert next(call).HasField("welcome")
        wait_until(lambda: online(bot), 20, "the bot online")
        first = fill_queue(GAME, depth=10, rng=random.Random(3))
        more = fill_queue(GAME, depth=20, rng=random.Random(4))
        call.cancel()
    assert seats_per_version(first + more)[active_version(bot)] == 1
