"""The gateway's door: bot tokens (hashed, one bot each, revocable), what a stranger gets
(one error, nothing else), per-token caps, and TLS. Real gateway processes, real gRPC."""

from __future__ import annotations

import hashlib
import subprocess
from collections.abc import Iterator
from pathlib import Path

import grpc
import pytest
from platform_support import Processes, wait_until
from remote_support import Remote
from test_remote_ladder import HOMEWARD, finished, make_remote_bot, online, schedule_until_seated

from arena_sdk.proto.arena.v1 import gateway_pb2 as gpb
from arena_sdk.proto.arena.v1 import gateway_pb2_grpc, referee_pb2_grpc
from arena_sdk.proto.arena.v1 import referee_pb2 as pb


@pytest.fixture
def remote(db: dict[str, str], tmp_path: Path) -> Iterator[Remote]:
    launched = Remote(db, tmp_path)
    try:
        yield launched
    finally:
        launched.stop_all()


def attend(channel: grpc.Channel, token: str) -> list[gpb.LobbyMessage]:
    """Everything an Attend call gets until it ends or has said hello."""
    got = []
    for message in gateway_pb2_grpc.GatewayStub(channel).Attend(
        gpb.AttendRequest(token=token), timeout=20
    ):
        got.append(message)
        if message.WhichOneof("payload") == "welcome":
            break
    return got


def test_a_token_is_stored_hashed_and_opens_its_own_bot_only(remote: Remote) -> None:
    from webui.bots.models import BotToken

    address = remote.gateway("gw")
    mine, secret = make_remote_bot("alice", "mine")
    make_remote_bot("bob", "theirs")
    stored = BotToken.objects.get(bot=mine)
    assert stored.digest == hashlib.sha256(secret.encode()).hexdigest()
    assert not BotToken.objects.filter(digest=secret).exists()
    assert secret not in stored.hint
    with grpc.insecure_channel(address) as channel:
        (welcome,) = attend(channel, secret)
    assert welcome.welcome.bot == "alice/mine"


@pytest.mark.parametrize("token", ["", "arena_bt_guessed", "x" * 5000])
def test_a_bad_token_gets_one_error_and_nothing_else(remote: Remote, token: str) -> None:
    address = remote.gateway("gw")
    with grpc.insecure_channel(address) as channel:
        got = attend(channel, token)
        assert [m.WhichOneof("payload") for m in got] == ["error"]
        assert got[0].error.code == pb.ERROR_CODE_BAD_TOKEN
        replies = list(
            referee_pb2_grpc.RefereeStub(channel).Play(
                iter([pb.BotMessage(hello=pb.Hello(token=token or "nothing"))]), timeout=20
            )
        )
    assert [m.error.code for m in replies] == [pb.ERROR_CODE_BAD_TOKEN]
    assert "opens no seat" in replies[0].error.message
    assert "bot token:" not in replies[0].error.message


def test_a_bot_token_on_play_is_told_to_attend_the_lobby(remote: Remote) -> None:
    """Play takes seat tokens; a bot token there is refused with where it belongs."""
    address = remote.gateway("gw")
    _, secret = make_remote_bot("dora", "hasty")
    with grpc.insecure_channel(address) as channel:
        replies = list(
            referee_pb2_grpc.RefereeStub(channel).Play(
                iter([pb.BotMessage(hello=pb.Hello(token=secret))]), timeout=20
            )
        )
    assert [m.error.code for m in replies] == [pb.ERROR_CODE_BAD_TOKEN]
    message = replies[0].error.message
    assert message.startswith("this is a bot token"), message
    assert "Gateway.Attend" in message and "seat tokens" in message


def test_a_revoked_token_is_cut_off_and_refused(remote: Remote) -> None:
    from webui.bots.models import BotToken

    address = remote.gateway("gw")
    bot, secret = make_remote_bot("carol", "leaky")
    with grpc.insecure_channel(address) as channel:
        call = gateway_pb2_grpc.GatewayStub(channel).Attend(
            gpb.AttendRequest(token=secret), timeout=30
        )
        first = next(call)
        assert first.WhichOneof("payload") == "welcome"
        BotToken.objects.get(bot=bot).revoke()
        rest = list(call)
        assert [m.error.code for m in rest] == [pb.ERROR_CODE_BAD_TOKEN]
        assert "revoked" in rest[0].error.message
        assert [m.error.code for m in attend(channel, secret)] == [pb.ERROR_CODE_BAD_TOKEN]
    # The SDK gives up on a refused token instead of retrying for ever.
    done = remote.python_bot("bot", "examples/wandering_towers/homeward.py", address, secret)
    assert done.process.wait(timeout=60) == 1
    assert "BAD_TOKEN" in done.log()


def test_a_token_holds_a_capped_number_of_connections(remote: Remote) -> None:
    from gateway.limits import LOBBY_STREAMS

    address = remote.gateway("gw")
    _, secret = make_remote_bot("dave", "greedy")
    with grpc.insecure_channel(address) as channel:
        stub = gateway_pb2_grpc.GatewayStub(channel)
        held = [stub.Attend(gpb.AttendRequest(token=secret)) for _ in range(LOBBY_STREAMS)]
        for call in held:
            assert next(call).WhichOneof("payload") == "welcome"
        refused = attend(channel, secret)
        assert [m.error.code for m in refused] == [pb.ERROR_CODE_TOO_MANY]
        held[0].cancel()
        wait_until(lambda: attend(channel, secret)[0].HasField("welcome"), 20, "a free slot")
        for call in held:
            call.cancel()


def test_lobbies_are_capped_per_bot_and_per_owner_whatever_the_tokens(remote: Remote) -> None:
    """An owner may issue any number of tokens, and own many bots: each lobby holds a Redis
    connection on a gateway, so the count is capped per bot and per owner too."""
    from gateway.limits import LOBBY_STREAMS_PER_BOT, LOBBY_STREAMS_PER_OWNER
    from webui.bots.models import BotToken

    address = remote.gateway("gw")
    bot, first = make_remote_bot("frank", "many-tokens")
    tokens = [first] + [BotToken.issue(bot)[1] for _ in range(LOBBY_STREAMS_PER_BOT)]
    with grpc.insecure_channel(address) as channel:
        stub = gateway_pb2_grpc.GatewayStub(channel)
        held = [stub.Attend(gpb.AttendRequest(token=t)) for t in tokens[:LOBBY_STREAMS_PER_BOT]]
        for call in held:
            assert next(call).WhichOneof("payload") == "welcome"
        (refused,) = attend(channel, tokens[-1])  # a fresh token of the same bot
        assert refused.error.code == pb.ERROR_CODE_TOO_MANY
        assert "this bot already has" in refused.error.message
        # One lobby each for more bots of the same owner, up to the owner's cap.
        others = [
            make_remote_bot("frank", f"bot-{n}")[1]
            for n in range(LOBBY_STREAMS_PER_OWNER - LOBBY_STREAMS_PER_BOT + 1)
        ]
        for secret in others[:-1]:
            call = stub.Attend(gpb.AttendRequest(token=secret))
            assert next(call).WhichOneof("payload") == "welcome"
            held.append(call)
        (refused,) = attend(channel, others[-1])
        assert refused.error.code == pb.ERROR_CODE_TOO_MANY
        assert "its owner's bots already have" in refused.error.message
        # Another person is not affected; a closed lobby frees its place.
        _, stranger = make_remote_bot("grace", "own-bot")
        assert attend(channel, stranger)[0].HasField("welcome")
        held.pop().cancel()
        wait_until(lambda: attend(channel, others[-1])[0].HasField("welcome"), 20, "a free slot")
        for call in held:
            call.cancel()


def test_a_seat_stream_sending_too_fast_is_cut_off(remote: Remote, db) -> None:
    """A real worker-side seat (RelayAgent) offered to the bot; its Play stream floods."""
    from arena.relay.agent import RelayAgent

    # A burst of 2: the third message is over the cap, before the seat's own referee has
    # struck it out (3 strikes) for sending what it never asked for.
    remote.env.update(ARENA_GATEWAY_MESSAGES_PER_SECOND="0.1", ARENA_GATEWAY_MESSAGE_BURST="2")
    address = remote.gateway("gw")
    bot, _ = make_remote_bot("erin", "chatty")
    agent = RelayAgent(db["ARENA_BROKER_URL"], bot.pk, "wandering_towers", 0, join_seconds=30)
    try:
        flood = [pb.BotMessage(hello=pb.Hello(token=agent.token))]
        flood += [pb.BotMessage(action=pb.ActionReply(request_id=1, code="x"))] * 50
        codes: list[str] = []
        with grpc.insecure_channel(address) as channel:
            call = referee_pb2_grpc.RefereeStub(channel).Play(iter(flood), timeout=30)
            try:
                for message in call:
                    codes.append(message.WhichOneof("payload"))
                    if message.HasField("error") and message.error.code == pb.ERROR_CODE_TOO_MANY:
                        codes.append(message.error.message)
                        break
            except grpc.RpcError:
                pass  # the stream may end as soon as the notice is written
            finally:
                call.cancel()
        # The cut may overtake the welcome, which comes all the way from the seat's agent.
        assert codes[-1] == "cut off: more than 0.1 messages a second", codes
    finally:
        agent.close()


def test_answers_to_turns_are_not_charged_to_the_message_rate(
    remote: Remote, processes: Processes
) -> None:
    """A whole match answered through a gateway that lets a bot send 0.1 messages a second
    unasked: every answer was asked for, so the bot plays on (a ladder bot answers a fast
    game's turns hundreds of times a second)."""
    from webui.matches.models import MatchSeat

    remote.env.update(ARENA_GATEWAY_MESSAGES_PER_SECOND="0.1", ARENA_GATEWAY_MESSAGE_BURST="2")
    processes.env = remote.env
    processes.worker("w1")
    address = remote.gateway("gw")
    bot, secret = make_remote_bot("gina", "quick")
    remote.python_bot("bot", HOMEWARD, address, secret)
    wait_until(lambda: online(bot), 30, "the bot online")
    queued = schedule_until_seated(bot)
    wait_until(lambda: finished(queued), 240, "the matches to finish\n" + processes.log("w1"))
    seats = list(MatchSeat.objects.filter(version__bot=bot))
    assert seats and sum(seat.decisions for seat in seats) > 20
    for seat in seats:
        assert not seat.disqualified and not seat.strikes, seat.errors


def test_unanswered_turns_do_not_save_up_free_messages() -> None:
    """A bot that lets a hundred turns time out has not earned a hundred free messages."""
    from gateway.caps import Owed

    owed = Owed()
    for _ in range(100):
        owed.asked()
    free = 0
    while owed.answer():
        free += 1
    assert free == Owed.MOST == 2


def self_signed(folder: Path) -> tuple[Path, Path]:
    cert, key = folder / "cert.pem", folder / "key.pem"
    subprocess.run(
        ["openssl", "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "1",
         "-subj", "/CN=localhost", "-addext", "subjectAltName=DNS:localhost,IP:127.0.0.1",
         "-keyout", str(key), "-out", str(cert)],
        check=True, capture_output=True,
    )  # fmt: skip
    return cert, key


def test_the_gateway_serves_tls_with_a_certificate_and_key(remote: Remote, tmp_path: Path) -> None:
    cert, key = self_signed(tmp_path)
    address = remote.gateway("gw-tls", ["--tls-cert", str(cert), "--tls-key", str(key)])
    _, secret = make_remote_bot("frank", "private")
    credentials = grpc.ssl_channel_credentials(root_certificates=cert.read_bytes())
    with grpc.secure_channel(address, credentials) as channel:
        (welcome,) = attend(channel, secret)
    assert welcome.welcome.bot == "frank/private"
    with grpc.insecure_channel(address) as plain, pytest.raises(grpc.RpcError) as refused:
        attend(plain, secret)
    assert refused.value.code() == grpc.StatusCode.UNAVAILABLE
