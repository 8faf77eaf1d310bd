"""The referee runs one match across agents of any kind, with time control and strikes.

A timeout, an illegal action, a crash or a protocol error is a strike: the referee plays a
fallback action instead, so the match always finishes; the replay records it like any
move. The fallback draws from the OS's generator, never from the match seed: the moves it
plays in public must tell a bot nothing that could help it re-deal the game.
After `max_strikes` strikes, or at once for a fatal error, the seat is disqualified: it is
played by the fallback to the end and ranked last.

The match is a coroutine. With hosted seats it plays on their server's event loop, so a
bot's reply is read and the next turn written without a thread in between; otherwise it
runs on a loop of its own in the caller's thread (or on the shared loop when the caller's
thread is already running one).
"""

from __future__ import annotations

import asyncio
import contextlib
import inspect
import random
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

import arena
import arena.games
from arena.games.base import GameState
from arena.match.agents import Agent, DecisionRequest
from arena.match.loop import call, running_loop, shared_loop
from arena.match.record import MatchRecord, SeatReport, Strike, final_outcome
from arena.match.strikes import AgentError, AgentIllegalAction, AgentTimeout
from arena_sdk import Action


@dataclass(frozen=True)
class TimeControl:
    """Per-decision limit plus a bank that absorbs overruns (Fischer-like, no increment)."""

    per_decision: float = 1.0
    bank: float = 10.0
    max_strikes: int = 3

    def to_dict(self) -> dict[str, float]:
        return {
            "per_decision": self.per_decision,
            "bank": self.bank,
            "max_strikes": self.max_strikes,
        }


@dataclass
class _Seat:
    agent: Agent
    bank: float
    report: SeatReport
    time_used: float = 0.0
    decisions: int = 0
    #: The decision after whose answer the seat was last checked for violations.
    checked_after: int = -2
    #: What the bot said that its owner may see and others may not (an illegal code):
    #: added to its stderr, never to a strike's public detail.
    private_notes: list[str] = field(default_factory=list)


#: Called after each applied action: (state, seat, code, the code's label before it was played).
StepHook = Callable[[GameState, int, str, str], None]


@dataclass
class Referee:
    game_name: str
    agents: Sequence[Agent]
    seed: int
    options: dict[str, Any] = field(default_factory=dict)
    time_control: TimeControl = field(default_factory=TimeControl)
    match_id: str = ""
    on_step: StepHook | None = None
    #: Forward each action to the other seats as an event (off for pure speed runs).
    send_events: bool = True

    def run(self) -> MatchRecord:
        """Play the match to the end (blocking) and return its record."""
        loops = {agent.loop for agent in self.agents if agent.loop is not None}
        if len(loops) > 1:
            raise ValueError("the hosted seats of one match must share one event loop")
        if loops:
            return call(loops.pop(), self.play())
        if running_loop() is not None:  # this thread's loop is busy running its caller
            return call(shared_loop(), self.play())
        return asyncio.run(self.play())

    async def play(self) -> MatchRecord:
        """`run` for code already on the right loop."""
        game = arena.games.get(self.game_name)
        state = game.new_state(len(self.agents), self.seed, self.options)
        options = game.resolve_options(self.options)
        fallback = random.SystemRandom()
        seats = [
            _Seat(
                agent,
                self.time_control.bank,
                SeatReport(name=agent.name, bot_seed=agent.bot_seed),
            )
            for agent in self.agents
        ]
        header = {
            "match_id": self.match_id,
            "game": game.name,
            "options": options,
            "players": [s.report.name for s in seats],
            "time_control": self.time_control.to_dict(),
        }
        started = time.time()
        actions: list[str] = []
        timings: list[dict[str, Any]] = []
        try:
            for index, seat in enumerate(seats):
                start = {**header, "seat": index}
                await self._guard(seat, -1, lambda a=seat.agent, h=start: a.start_async(h))
            while not state.is_over():
                mover = state.to_move()
                assert mover is not None
                seat = seats[mover]
                legal = state.legal_actions()
                decision = len(actions)
                took = 0.0
                code = None
                if not seat.report.disqualified:
                    code, took = await self._ask(state, mover, seat, legal, decision)
                source = "bot"
                if code is None:
                    code = legal[fallback.randrange(len(legal))]
                    source = "fallback"
                seen = self._seen_by(state, seats, mover, code)
                label = state.describe(code) if self.on_step is not None else ""
                state.apply(code)
                actions.append(code)
                timings.append({"seat": mover, "ms": round(took * 1000, 4), "source": source})
                await self._broadcast(seats, mover, seen)
                if self.on_step is not None:
                    self.on_step(state, mover, code, label)
            for seat in seats:  # what a seat did after its last decision counts too
                if not seat.report.disqualified:
                    await self._check_violations(seat, -1)
            outcome = final_outcome(state.outcome(), [s.report.disqualified for s in seats])
            for index, seat in enumerate(seats):
                result = {"outcome": outcome, "seat": index, "strikes": seat.report.strike_dicts()}
                self._notify_end(seat, result)
        finally:
            await asyncio.gather(*(seat.agent.close_async() for seat in seats))
            for seat in seats:
                said = [seat.agent.stderr(), *seat.private_notes]
                seat.report.stderr = "\n".join(text for text in said if text)
        for seat in seats:
            seat.report.time_used_ms = round(seat.time_used * 1000, 3)
            seat.report.decisions = seat.decisions
        return MatchRecord(
            match_id=self.match_id,
            game=game.name,
            options=options,
            seed=self.seed,
            players=[s.report.name for s in seats],
            actions=actions,
            outcome=outcome,
            timings=timings,
            seats=[s.report for s in seats],
            time_control=self.time_control.to_dict(),
            started_at=started,
            duration_ms=round((time.time() - started) * 1000, 3),
            arena_version=arena.__version__,
            table=state.table_result() if state.is_over() else {},
        )

    async def _ask(
        self, state: GameState, mover: int, seat: _Seat, legal: list[str], decision: int
    ) -> tuple[str | None, float]:
        """Ask the seat's agent; return (its legal code or None after a strike, time taken)."""
        if seat.checked_after != decision - 1:  # else it was checked a moment ago
            await self._check_violations(seat, decision)  # e.g. messages sent between turns
        if seat.report.disqualified:
            return None, 0.0
        tc = self.time_control
        request = DecisionRequest(
            request_id=decision,
            view=state.observe(mover),
            legal=[Action(code, state.describe(code)) for code in legal],
            per_decision=tc.per_decision,
            bank=seat.bank,
        )
        allowed = tc.per_decision + seat.bank
        t0 = time.perf_counter()
        try:
            code: str | None = await seat.agent.decide_async(request, allowed)
        except AgentError as exc:
            took = time.perf_counter() - t0
            self._charge(seat, took)
            await self._strike_failure(seat, decision, exc)
            return None, took
        took = time.perf_counter() - t0
        seat.decisions += 1
        self._charge(seat, took)
        await self._check_violations(seat, decision)
        seat.checked_after = decision
        if seat.report.disqualified:
            return None, took
        if took > allowed:
            detail = f"answered after {took:.3f}s of {allowed:.3f}s"
            await self._strike(seat, decision, AgentTimeout(detail))
            return None, took
        if code not in legal:
            seat.private_notes.append(f"decision {decision}: illegal action {code!r}"[:300])
            public = f"illegal action: not one of the {len(legal)} legal; the code is in its stderr"
            await self._strike(seat, decision, AgentIllegalAction(public))
            return None, took
        return code, took

    async def _check_violations(self, seat: _Seat, decision: int) -> None:
        for violation in seat.agent.violations():
            await self._strike(seat, decision, violation)

    async def _strike_failure(self, seat: _Seat, decision: int, error: AgentError) -> None:
        """Strike a failed call, after what the agent noticed before it: that is often the
        cause (a memory kill, a flood that got the bot cut off), and may disqualify it."""
        await self._check_violations(seat, decision)
        if not seat.report.disqualified:
            await self._strike(seat, decision, error)

    def _charge(self, seat: _Seat, took: float) -> None:
        seat.time_used += took
        overrun = took - self.time_control.per_decision
        if overrun > 0:
            seat.bank = max(0.0, seat.bank - overrun)

    async def _strike(self, seat: _Seat, decision: int, error: AgentError) -> None:
        """Record a strike; its reason is always an AgentError subclass's (one ErrorCode each)."""
        report = seat.report
        reason, detail, fatal = error.reason, str(error), error.fatal
        report.strikes.append(Strike(decision=decision, reason=reason, detail=detail[:500]))
        if report.disqualified:
            return
        if fatal or len(report.strikes) >= self.time_control.max_strikes:
            report.disqualified = True
            report.disqualified_reason = (
                f"{reason}: {detail[:200]}" if fatal else f"{len(report.strikes)} strikes"
            )
            await seat.agent.close_async()  # a disqualified bot must not eat the others' CPU

    def _notify_end(self, seat: _Seat, result: dict[str, Any]) -> None:
        """Every seat hears the result, a disqualified one too; failing now costs nothing."""
        with contextlib.suppress(Exception):
            seat.agent.end(result)

    async def _guard(self, seat: _Seat, decision: int, notify: Callable[[], Any]) -> None:
        """Run a notification; an agent that fails it is struck like any other failure."""
        if seat.report.disqualified:
            return
        try:
            done = notify()
            if inspect.isawaitable(done):
                await done
        except AgentError as exc:
            await self._strike_failure(seat, decision, exc)
        except Exception as exc:  # a bot's bug in a hook is its own strike
            await self._strike(seat, decision, AgentError(f"{type(exc).__name__}: {exc}"))

    def _seen_by(
        self, state: GameState, seats: list[_Seat], mover: int, code: str
    ) -> dict[int, tuple[str, str]]:
        """What each other seat may learn of `code`, computed before it is applied."""
        if not self.send_events:
            return {}
        return {
            index: state.public_action(code, index)
            for index, seat in enumerate(seats)
            if index != mover and not seat.report.disqualified
        }

    async def _broadcast(
        self, seats: list[_Seat], mover: int, seen: dict[int, tuple[str, str]]
    ) -> None:
        for index, (code, label) in seen.items():
            event = {"seat": mover, "code": code, "label": label}
            await self._guard(seats[index], -1, lambda a=seats[index].agent, e=event: a.event(e))


def run_match(
    game: str,
    agents: Sequence[Agent],
    seed: int,
    options: dict[str, Any] | None = None,
    time_control: TimeControl | None = None,
    **kwargs: Any,
) -> MatchRecord:
    """Play one match to the end and return its record."""
    return Referee(
        game, agents, seed, dict(options or {}), time_control or TimeControl(), **kwargs
    ).run()
