"""Hosted bots: untrusted bot code runs as a sandboxed process that dials the referee.

Each `SandboxedAgent` makes the bot a private folder (arena.sandbox.workspace) holding a
copy of only its own code (the .py file, or the package folder it names) and the folder of
a Unix socket it serves the seat on; the sandbox binds just those two. The folder around a
bot file is never shown to it: neighbours (other entrants, a checkout's secrets) stay out
of reach. The agent owns the process: a crash is explained by how the process ended, and
its stderr reaches the match record. Processes start as soon as the agents are made (or
before the match: a standby, arena.match.standby, has them running with the SDK imported),
so a table of bots boots in parallel while the referee sets up; `start()` then waits for
the bot's hello.
"""

from __future__ import annotations

import asyncio
import json
import shutil
import time
from pathlib import Path
from typing import Any

from arena.match.agents import Agent, DecisionRequest
from arena.match.grpc_server import RefereeServer
from arena.match.loop import call
from arena.match.standby import Standby, shared_pool
from arena.match.strikes import AgentCrashed, AgentError, MemoryLimit, OutputFlood, ProcessLimit
from arena.sandbox import SandboxConfig
from arena.sandbox.workspace import copy_code, locate_bot

#: How long a bot gets to start and say hello: importing grpc takes ~0.1 s here.
JOIN_SECONDS = 10.0


class SandboxedAgent(Agent):
    """A seat whose bot is a sandboxed process owned by this agent.

    `path` is a bot file (only that file is copied for the bot) or a package bot's folder
    (copied whole, started from its bot.py). `code_dir`, a folder holding the file `path`,
    makes that whole folder the bot's code instead. `standby`, a sandbox started earlier
    (arena.match.standby), is seated instead of starting one now; its own configuration
    then stands in for `config`.
    """

    def __init__(
        self,
        path: str | Path,
        *,
        game: str,
        seat: int,
        name: str | None = None,
        seed: int | None = None,
        config: SandboxConfig | None = None,
        join_seconds: float = JOIN_SECONDS,
        code_dir: str | Path | None = None,
        standby: Standby | None = None,
    ) -> None:
        entry, package = locate_bot(path)
        if code_dir is not None:
            package = Path(code_dir).resolve()
            if not entry.is_relative_to(package):
                raise ValueError(f"bot file {entry} is not inside its code folder {package}")
        self.name = name or Path(path).resolve().stem
        self.join_seconds = join_seconds
        self._flood_reported = False
        self._closed = False
        self._server: RefereeServer | None = None
        self._standby = standby or Standby(config, launch=False)
        self._dir = self._standby.dir
        try:
            code = self._standby.bot_dir
            copied = copy_code(package or entry, code, self._standby.config.limits)
            bot_file = code / entry.relative_to(package) if package else copied
            self._server = self._standby.server
            assert self._server is not None
            self._match = self._server.open_match(game, [seat], names={seat: self.name})
            self.remote = self._match.agent(seat)
            self.loop = self._server.loop
            self.process = self._standby.process or self._standby.launch()
            told = {
                "bot": str(bot_file),
                "server": f"unix:{self._standby.socket}",
                "token": self._match.tokens[seat],
                "seed": seed,
            }
            self.process.tell(json.dumps(told).encode() + b"\n")
        except BaseException:
            self._standby.close()
            raise

    def start(self, header: dict[str, Any]) -> None:
        call(self.loop, self.start_async(header))

    async def start_async(self, header: dict[str, Any]) -> None:
        deadline = time.monotonic() + self.join_seconds
        while not self.remote.joined and self.process.poll() is None:
            left = deadline - time.monotonic()
            if left <= 0:
                break
            await self.remote.wait_joined(min(left, 0.01))
        if not self.remote.joined:
            raise AgentCrashed(await self._why_gone("the bot never connected"))
        self.remote.start(header)

    def decide(self, request: DecisionRequest, timeout: float) -> str:
        return call(self.loop, self.decide_async(request, timeout))

    async def decide_async(self, request: DecisionRequest, timeout: float) -> str:
        try:
            return await self.remote.decide_async(request, timeout)
        except AgentCrashed as exc:
            raise AgentCrashed(await self._why_gone(str(exc))) from exc

    def event(self, event: dict[str, Any]) -> None:
        self.remote.event(event)

    def end(self, result: dict[str, Any]) -> None:
        self.remote.end(result)

    def violations(self) -> list[AgentError]:
        """Misbehaviour seen outside an answer: a flood of output, a fork bomb, a tree of
        processes over its memory."""
        found: list[AgentError] = []
        dropped = self.process.dropped_bytes
        if dropped and not self._flood_reported:
            self._flood_reported = True
            found.append(OutputFlood(f"output over the cap: {dropped} bytes dropped"))
        cgroup = self.process.cgroup
        if cgroup is not None and cgroup.limit_hits():
            found.append(ProcessLimit("hit the limit on processes (fork bomb?)"))
        if cgroup is not None and cgroup.memory_kills():
            found.append(MemoryLimit("its processes outgrew their memory limit and were killed"))
        return found

    def close(self) -> None:
        if not self._closed:
            call(self.loop, self.close_async())

    async def close_async(self) -> None:
        if self._closed:
            return
        self._closed = True
        self._match.close()
        await asyncio.to_thread(self.process.wait, 0.5)  # a bot that got MatchEnd leaves
        await asyncio.to_thread(self.process.close)
        assert self._server is not None
        await self._server.aclose(grace=0.2)
        shutil.rmtree(self._dir, ignore_errors=True)
        self._standby.release()

    def stderr(self) -> str:
        notes = self.remote.stderr()
        text = self.process.stderr_text()
        return f"{text}\n{notes}".strip() if notes else text

    async def _why_gone(self, detail: str) -> str:
        """Why the bot left, in the platform's words only: a crash reason is public (strike
        detail, rejection reason), so what the bot wrote stays in its stderr, which only its
        owner sees (docs/decisions/bot-output-stays-private.md)."""
        if await asyncio.to_thread(self.process.wait, 0.5) is None:
            return detail
        return f"{detail} ({self.process.exit_reason()}; its output is in its stderr)"


def sandboxed_agent(
    path: str | Path,
    name: str,
    *,
    game: str,
    seat: int,
    seed: int | None = None,
    standbys: int = 0,
) -> SandboxedAgent:
    """The agent for an uploaded version in `seat` of a `game` match: `path` is its entry
    file in the folder its upload was unpacked into, which holds that version's code and
    nothing else; the bot gets a copy of that whole folder. With `standbys`, the seat is
    one of this process's sandboxes started earlier, and that many are kept started."""
    path = Path(path)
    standby = shared_pool(standbys).take() if standbys > 0 else None
    return SandboxedAgent(
        path, game=game, seat=seat, name=name, seed=seed, code_dir=path.parent, standby=standby
    )
