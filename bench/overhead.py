"""Per-decision overhead of each kind of seat, next to a raw gRPC streaming echo (the floor).

Prints a table; asserts nothing. Every figure is the median over many decisions of a real
Wandering Towers match, measured by the referee around the agent call (so it includes
building the view message and the bot's SDK making its view of it).

The floor is a bare bidirectional stream to another process carrying the same serialized
TurnRequest one way and a small reply back, with both kinds of Python client (blocking
and asyncio; the faster one is the floor). One more echo row also does the conversions
of a Python bot over typed views: the server builds the message from the view dict and the
client makes the SDK's `View` of it (which converts a field only when it is read). The gap
between that row and a hosted bot is the cost of the referee and the SDK themselves.

Where a sandboxed decision's time goes (2 cores, first-legal bot; timed inside the
referee's RemoteAgent and around the SDK's handler and gRPC's write in the bot, medians):

    part                                        gRPC defaults   direct endpoints (grpc_io)
    referee: TurnRequest from the view dict     66-87 us        67-85 us
    referee: gRPC's write until reported sent   121-148 us      148-165 us
    bot: parse, View, act, reply                22-31 us        24-35 us
    bot: gRPC's write of the answer             117-140 us      113-119 us
    whole decision, as the referee times it     0.45-0.56 ms    0.44-0.47 ms (instrumented)
    whole decision, this benchmark              0.50-0.61 ms    0.33-0.43 ms

The rest is gRPC handing each message between threads on both sides; its EventEngine
endpoints add a pool thread per read and write, which `arena_sdk.grpc_io` turns off (run
with `GRPC_EXPERIMENTS=` to measure gRPC's defaults). Outside the timed call, the engine's
`observe` ~40 us and the labels ~30 us per decision. Tried and not kept (no gain beyond
noise): an incremental view builder (the build 82 -> 70 us inside a match), handing the
write to the writer task, server options without BDP probes or keepalive.

Where a start's time goes (4 sandboxed bots, 2 cores): each bot's sandbox and Python start,
then ~100 ms of CPU importing grpc (~32), asyncio (~28), protobuf and the views (~24) and
logging (~8) before its hello: 0.23 s to the first move. From standbys started beforehand
(arena.match.standby, as a worker keeps them during the previous match) only the code copy,
the bot module's import and the hello remain: 0.04 s.
"""

from __future__ import annotations

import asyncio
import json
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

import grpc
from rich.console import Console
from rich.table import Table

import arena.games
from arena.match.agents import InProcessAgent
from arena.match.grpc_server import RefereeServer
from arena.match.hosted import SandboxedAgent
from arena.match.record import MatchRecord
from arena.match.referee import TimeControl, run_match
from arena.match.standby import StandbyPool
from arena_sdk import Action, Bot, wire

ROOT = Path(__file__).resolve().parent.parent
POLITE = ROOT / "tests" / "bots" / "polite.py"
GAME = "wandering_towers"
TC = TimeControl(per_decision=5.0, bank=30.0)


class FirstLegal(Bot):
    def act(self, view, legal):
        return legal[0].code


def bot_ms(record: MatchRecord, seat: int) -> list[float]:
    return [t["ms"] for t in record.timings if t["seat"] == seat and t["source"] == "bot"]


# What both echo clients share: their arguments, and what a received turn costs with `convert`.
ECHO_PROLOGUE = """
import asyncio, json, queue, sys, time, grpc
from arena_sdk import views
from arena_sdk.proto.arena.v1 import referee_pb2 as pb
address, rounds, convert = sys.argv[1], int(sys.argv[2]), sys.argv[3] == "1"
payload, samples = b"x" * 40, []
def received(reply):
    if convert:
        views.turn_view(pb.RefereeMessage.FromString(reply).turn)
    samples.append((time.perf_counter() - t0) * 1000)
    return len(samples) == rounds
"""
ECHO_CLIENTS = {
    # The client the gRPC docs start with: a blocking stream fed by a request iterator.
    "blocking": ECHO_PROLOGUE
    + """
outbox = queue.SimpleQueue()
def requests():
    while (item := outbox.get()) is not None:
        yield item
stream = grpc.insecure_channel(address).stream_stream("/bench.Echo/Echo", lambda b: b, lambda b: b)
outbox.put(payload)
t0 = time.perf_counter()
for reply in stream(requests()):
    if received(reply):
        break
    t0 = time.perf_counter()
    outbox.put(payload)
outbox.put(None)
print(json.dumps(samples))
""",
    # The SDK's own way: an asyncio stream.
    "asyncio": ECHO_PROLOGUE
    + """
async def main():
    global t0
    async with grpc.aio.insecure_channel(address) as channel:
        call = channel.stream_stream("/bench.Echo/Echo", lambda b: b, lambda b: b)()
        await call.write(payload)
        t0 = time.perf_counter()
        while not received(await call.read()):
            t0 = time.perf_counter()
            await call.write(payload)
        call.cancel()
    print(json.dumps(samples))
asyncio.run(main())
""",
}


def sample_view() -> tuple[dict, list[Action]]:
    """A real mid-game view and its legal actions."""
    state = arena.games.get(GAME).new_state(4, 3)
    for _ in range(40):
        state.apply(state.legal_actions()[0])
    seat = state.to_move()
    return state.observe(seat), [Action(c, state.describe(c)) for c in state.legal_actions()]


def sample_turn() -> bytes:
    """A real mid-game TurnRequest, serialized: what the echo carries each way."""
    view, legal = sample_view()
    return wire.turn_message(1, GAME, view, legal, 5.0, 30.0).SerializeToString()


def echo(transport: str, client: str, convert: bool = False, rounds: int = 3000) -> list[float]:
    """Round trips of a bidi stream: the server sends a TurnRequest, the client replies.

    With `convert`, the server builds each TurnRequest from the view dict and the client
    turns it back into a dict, as the referee and the SDK do.
    """
    turn = sample_turn()
    view, legal = sample_view()
    ready = threading.Event()
    holder: dict = {}

    async def serve() -> None:
        server = grpc.aio.server()

        async def reply(requests, context):
            async for _ in requests:
                if convert:
                    yield wire.turn_message(1, GAME, view, legal, 5.0, 30.0).SerializeToString()
                else:
                    yield turn

        handler = grpc.stream_stream_rpc_method_handler(reply)
        server.add_generic_rpc_handlers(
            [grpc.method_handlers_generic_handler("bench.Echo", {"Echo": handler})]
        )
        if transport == "unix":
            path = Path(tempfile.mkdtemp(prefix="arena-echo-"), "echo.sock")
            server.add_insecure_port(f"unix:{path}")
            holder["address"] = f"unix:{path}"
        else:
            port = server.add_insecure_port("127.0.0.1:0")
            holder["address"] = f"127.0.0.1:{port}"
        await server.start()
        holder["stop"] = asyncio.Event()
        holder["loop"] = asyncio.get_running_loop()
        ready.set()
        await holder["stop"].wait()
        await server.stop(0)

    thread = threading.Thread(target=lambda: asyncio.run(serve()), daemon=True)
    thread.start()
    ready.wait(10)
    argv = [sys.executable, "-c", ECHO_CLIENTS[client], holder["address"], str(rounds)]
    out = subprocess.run(
        [*argv, "1" if convert else "0"], capture_output=True, text=True, check=True
    ).stdout
    holder["loop"].call_soon_threadsafe(holder["stop"].set)
    thread.join(5)
    return json.loads(out)[100:]  # drop the warm-up


def in_process(seed: int) -> list[float]:
    agents = [InProcessAgent(FirstLegal(), name="first") for _ in range(2)]
    return bot_ms(run_match(GAME, agents, seed, time_control=TC), 0)


def sandboxed(seed: int) -> list[float]:
    agents = [
        SandboxedAgent(POLITE, game=GAME, seat=0),
        InProcessAgent(FirstLegal(), name="first"),
    ]
    return bot_ms(run_match(GAME, agents, seed, time_control=TC), 0)


def remote_tcp(seed: int) -> list[float]:
    with RefereeServer(tcp="127.0.0.1:0") as server, server.open_match(GAME, [0]) as match:
        bot = subprocess.Popen(
            [
                str(Path(sys.executable).with_name("arena-bot")),
                "run",
                str(POLITE),
                "--quiet",
                "--server",
                server.address,
                "--token",
                match.tokens[0],
            ],
        )
        match.wait_for_seats(10)
        agents = [match.agent(0), InProcessAgent(FirstLegal(), name="first")]
        record = run_match(GAME, agents, seed, time_control=TC)
        bot.wait(10)
    return bot_ms(record, 0)


def start_time(bots: int = 4, pool: StandbyPool | None = None) -> float:
    """Seconds from asking for a table of sandboxed bots to the first move played; with a
    `pool`, its standbys are started first (as during a worker's previous match)."""
    if pool is not None:
        pool.fill()
        while pool.waiting() < bots:
            time.sleep(0.01)
        time.sleep(0.5)  # their imports done, as they would be after a previous match
    first: list[float] = []
    t0 = time.perf_counter()
    agents = [
        SandboxedAgent(POLITE, game=GAME, seat=s, standby=pool.take() if pool else None)
        for s in range(bots)
    ]

    def on_step(state, seat, code, label) -> None:
        if not first:
            first.append(time.perf_counter() - t0)

    run_match(GAME, agents, 1, time_control=TC, on_step=on_step)
    return first[0]


def main() -> None:
    table = Table(title="Per-decision cost of each kind of seat, Wandering Towers")
    columns = ("seat kind", "median ms", "p90 ms", "vs floor", "vs echo + conversions")
    for column in columns:
        table.add_column(column, justify="left" if column == "seat kind" else "right")

    def row(name: str, samples: list[float], *against: float) -> float:
        median = statistics.median(samples)
        p90 = statistics.quantiles(samples, n=10)[-1]
        ratios = [f"{median / floor:.2f}x" for floor in against]
        table.add_row(name, f"{median:.4f}", f"{p90:.4f}", *ratios)
        return median

    floors = {}
    for transport, label in (("unix", "Unix socket"), ("tcp", "TCP loopback")):
        floors[transport] = min(
            row(f"raw gRPC echo, {label}, {client} client", echo(transport, client))
            for client in ECHO_CLIENTS
        )
    converting = row(
        "echo + view dict<->message both ends, Unix socket",
        echo("unix", "asyncio", convert=True),
        floors["unix"],
    )
    row("in-process bot", [ms for s in range(3) for ms in in_process(s)])
    samples = [ms for s in range(3) for ms in sandboxed(s)]
    row("sandboxed bot, Unix socket", samples, floors["unix"], converting)
    row("remote bot, TCP loopback", [ms for s in range(3) for ms in remote_tcp(s)], floors["tcp"])
    starts = [start_time() for _ in range(5)]
    pool = StandbyPool(4)
    try:
        ready = [start_time(pool=pool) for _ in range(5)]
    finally:
        pool.close()
    console = Console(width=None if sys.stdout.isatty() else 130)
    console.print(table)
    console.print(
        "floor: the faster raw echo on the same transport; "
        "echo + conversions: the floor plus the view conversions any Python bot pays"
    )
    console.print(
        f"4-bot sandboxed match, start to first move: median {statistics.median(starts):.3f}s "
        f"(min {min(starts):.3f}s, max {max(starts):.3f}s over {len(starts)})"
    )
    console.print(
        f"the same from 4 standby sandboxes started beforehand: median "
        f"{statistics.median(ready):.3f}s (min {min(ready):.3f}s, max {max(ready):.3f}s)"
    )


if __name__ == "__main__":
    main()
