"""A client built from the .proto files alone plays a whole match against the referee.

This is what an author in another language does: run protoc on proto/arena/v1/*.proto and
speak the stream. The client runs in its own process with only the freshly generated stubs
and grpcio: no arena_sdk, no arena.
"""

from __future__ import annotations

import json
import subprocess
import sys
import textwrap
from pathlib import Path

from arena.bots import RandomBot
from arena.match.agents import InProcessAgent
from arena.match.grpc_server import RefereeServer
from arena.match.referee import TimeControl, run_match

ROOT = Path(__file__).resolve().parents[2]
GAME = "wandering_towers"

CLIENT = textwrap.dedent(
    '''
    """A random bot that knows nothing but the generated stubs."""
    import json
    import queue
    import random
    import sys
    from pathlib import Path

    sys.path.insert(0, str(Path(__file__).parent))  # the generated `arena.v1` package
    import grpc
    from arena.v1 import referee_pb2 as pb
    from arena.v1 import referee_pb2_grpc

    address, token, seed = sys.argv[1], sys.argv[2], int(sys.argv[3])
    rng = random.Random(seed)
    outbox = queue.SimpleQueue()
    seen = {"turns": 0, "events": 0, "errors": [], "start": None, "end": None}

    def requests():
        hello = pb.Hello(token=token, bot_name="conformance", sdk_version="protoc-only/1")
        yield pb.BotMessage(hello=hello)
        while (message := outbox.get()) is not None:
            yield message

    with grpc.insecure_channel(address) as channel:
        stream = referee_pb2_grpc.RefereeStub(channel).Play(requests())
        for message in stream:
            kind = message.WhichOneof("payload")
            if kind == "match_start":
                start = message.match_start
                seen["start"] = {"game": start.game, "seat": start.seat,
                                 "players": list(start.players),
                                 "variant": start.options["variant"].text}
            elif kind == "turn":
                turn = message.turn
                view = turn.wandering_towers
                assert turn.WhichOneof("view") == "wandering_towers"
                assert view.seat == view.to_move == seen["start"]["seat"]
                assert len(view.spaces) == 16 and turn.deadline_ms > 0
                code = rng.choice(turn.legal).code
                reply = pb.ActionReply(request_id=turn.request_id, code=code)
                outbox.put(pb.BotMessage(action=reply))
                seen["turns"] += 1
            elif kind == "event":
                seen["events"] += 1
            elif kind == "error":
                seen["errors"].append(pb.ErrorCode.Name(message.error.code))
            elif kind == "match_end":
                end = message.match_end
                seen["end"] = [[o.rank, o.score] for o in end.outcome]
                seen["strikes"] = len(end.strikes)
                break
        outbox.put(None)  # end the request stream before the channel closes
        stream.cancel()
    assert "arena_sdk" not in sys.modules
    print(json.dumps(seen))
    '''
)


def generate_stubs(out: Path) -> None:
    protos = sorted(str(p.relative_to(ROOT / "proto")) for p in (ROOT / "proto").rglob("*.proto"))
    protoc = [sys.executable, "-m", "grpc_tools.protoc", "-I", str(ROOT / "proto")]
    outputs = [f"--python_out={out}", f"--grpc_python_out={out}"]
    subprocess.run([*protoc, *outputs, *protos], check=True)
    # Regular packages, so `arena.v1` resolves here rather than to the platform's `arena`.
    for folder in (out / "arena", out / "arena" / "v1"):
        (folder / "__init__.py").touch()


def start_client(script: Path, address: str, token: str, seed: int) -> subprocess.Popen[str]:
    """`-I`: no PYTHONPATH, no user site, not even the script's folder (it adds that itself)."""
    argv = [sys.executable, "-I", str(script), address, token, str(seed)]
    return subprocess.Popen(argv, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)


def test_a_client_from_the_proto_files_alone_plays_a_match(
    server: RefereeServer, tmp_path: Path
) -> None:
    generate_stubs(tmp_path)
    (tmp_path / "client.py").write_text(CLIENT)
    match = server.open_match(GAME, [0, 2], match_id="conformance")
    clients = [
        start_client(tmp_path / "client.py", address, match.tokens[seat], seat)
        for seat, address in ((0, server.addresses[0]), (2, server.addresses[1]))
    ]
    assert match.wait_for_seats(20) == []
    agents = [match.agent(0), InProcessAgent(RandomBot(seed=1)), match.agent(2)]
    clock = TimeControl(per_decision=5.0, bank=30.0, max_strikes=3)
    record = run_match(GAME, agents, 11, {"variant": "master_wizard"}, clock)
    match.close()
    results = [client.communicate(timeout=30) for client in clients]
    assert [c.returncode for c in clients] == [0, 0], [err for _, err in results]

    assert [s.strikes for s in record.seats] == [[], [], []]
    for seat, (out, _) in zip((0, 2), results, strict=True):
        seen = json.loads(out)
        assert seen["start"] == {
            "game": GAME,
            "seat": seat,
            "players": record.players,
            "variant": "master_wizard",
        }
        assert seen["turns"] == sum(1 for t in record.timings if t["seat"] == seat)
        assert seen["events"] > 0 and seen["errors"] == [] and seen["strikes"] == 0
        assert seen["end"] == [[o["rank"], o["score"]] for o in record.outcome]
