"""The one place that turns a bot version into an agent for a seat.

Built-in reference bots are platform code: trusted, played in this process. Uploaded code
is untrusted: it only ever runs through the sandboxed agent (`arena.match.hosted`).
"""

from __future__ import annotations

import contextlib
import hashlib
import shutil
import tempfile
from pathlib import Path

from django.conf import settings
from django.core.files.storage import default_storage

import arena.games
from arena.match.agents import Agent, AgentError
from arena.match.lineup import builtin_agent
from arena.telemetry import metrics
from webui.bots.models import BotVersion


class AgentUnavailable(RuntimeError):
    """The platform cannot seat this version now (no sandbox, lost file): not the bot's fault."""


class UploadRefused(AgentError):
    """The stored upload fails today's upload rules (tightened since it was accepted): the
    version's own problem, final, so validation rejects it instead of retrying forever."""

    fatal = True


def agent_for_version(version: BotVersion, seat: int, seed: int, match_id: str = "") -> Agent:
    """An agent for `version` in `seat` whose own randomness is `seed`.

    Called through `arena.match.lineup.seat_agents`, the one place a bot's seed is made
    (never from the match seed) and kept for the record. A remote bot's seat is offered
    to it through the relay; its own randomness is its own (the seed is only recorded).
    """
    if version.bot.remote:
        agent = remote_agent(version, seat, match_id)
    elif version.builtin:
        game = arena.games.get(version.bot.game)
        try:
            agent = builtin_agent(game, version.builtin, seed)
        except ValueError as exc:
            raise AgentUnavailable(str(exc)) from exc
        agent.name = version.label
    else:
        from arena.match.hosted import sandboxed_agent

        try:
            agent = sandboxed_agent(
                bot_path(version),
                version.label,
                game=version.bot.game,
                seat=seat,
                seed=seed,
                standbys=settings.ARENA_STANDBY_SANDBOXES,
            )
        except Exception as exc:
            metrics.SANDBOX_START_FAILURES.labels(type(exc).__name__).inc()
            raise
    return agent


def remote_agent(version: BotVersion, seat: int, match_id: str) -> Agent:
    """A seat played through whichever gateway holds the remote bot's stream."""
    if not settings.ARENA_RELAY_URL:
        raise AgentUnavailable("remote bots need the relay's Redis (ARENA_RELAY_URL)")
    from arena.relay.agent import RelayAgent  # grpc and redis: only when needed

    return RelayAgent(
        settings.ARENA_RELAY_URL,
        version.bot_id,
        version.bot.game,
        seat,
        name=version.label,
        match_id=match_id,
        join_seconds=settings.ARENA_REMOTE_JOIN_SECONDS,
        grace_seconds=settings.ARENA_REMOTE_GRACE_SECONDS,
        concurrency=version.bot.concurrency,
    )


def person_agent(match_id: int, seat: int, name: str) -> Agent:
    """A seat a person plays from the browser; the web process relays the turns."""
    if not settings.ARENA_RELAY_URL:
        raise AgentUnavailable("people's seats need the relay's Redis (ARENA_RELAY_URL)")
    from arena.relay.person import PersonAgent

    return PersonAgent(settings.ARENA_RELAY_URL, match_id, seat, name)


def bot_path(version: BotVersion) -> Path:
    """The version's entry file, unpacked once per content hash in this machine's cache."""
    from webui.bots.submission import SubmissionError, unpack

    folder = Path(settings.ARENA_DATA_DIR) / "cache" / "bots" / version.sha256
    marker = folder / ".entry"
    if marker.exists():
        return folder / marker.read_text(encoding="utf-8")
    try:
        with default_storage.open(version.file.name, "rb") as handle:
            data = handle.read()
    except (OSError, ValueError) as exc:
        raise AgentUnavailable(f"cannot read {version.file.name!r}: {exc}") from exc
    if hashlib.sha256(data).hexdigest() != version.sha256:
        raise AgentUnavailable(f"{version.file.name!r} does not match its sha256")
    folder.parent.mkdir(parents=True, exist_ok=True)
    staging = Path(tempfile.mkdtemp(prefix=".unpack-", dir=folder.parent))
    try:
        try:
            entry = unpack(version.file.name, data, staging / "code")
        except SubmissionError as exc:
            raise UploadRefused(f"its upload is refused: {exc}") from None
        relative = entry.relative_to(staging)
        (staging / ".entry").write_text(str(relative), encoding="utf-8")
        # Atomic: of two workers unpacking the same code at once, one rename simply loses.
        with contextlib.suppress(OSError):
            staging.rename(folder)
    finally:
        shutil.rmtree(staging, ignore_errors=True)
    return folder / marker.read_text(encoding="utf-8")
