"""Every reason a seat can get a strike, each with its ErrorCode on the wire: the one list.

The referee strikes only with an `AgentError` (`Referee._strike` records its `reason`), so
the classes below are the complete list of strike reasons. Each reason's ErrorCode comes
from the protocol's table, `arena_sdk.wire.REASON_CODES` (the SDK reads the codes back as
these names, so the table lives on its side of the wire); a class whose reason has no code
there fails when it is defined, so a new reason cannot reach a bot as "unspecified".
tests/protocol/test_strike_codes.py walks the referee's packages for strays.
"""

from __future__ import annotations

from typing import ClassVar

from arena_sdk.wire import REASON_CODES


class AgentError(Exception):
    """The agent failed to give a usable answer: the bot's own failure (an exception in its
    code, or one it reported). `reason` is the strike reason, `code` its ErrorCode."""

    reason: ClassVar[str] = "error"
    code: ClassVar[int] = REASON_CODES["error"]
    #: A fatal error (crash, disconnect) disqualifies the seat at once.
    fatal: ClassVar[bool] = False

    def __init_subclass__(cls, **kwargs: object) -> None:
        super().__init_subclass__(**kwargs)
        try:
            cls.code = REASON_CODES[cls.reason]
        except KeyError:
            raise TypeError(
                f"{cls.__name__}: strike reason {cls.reason!r} has no ErrorCode "
                "(add it to arena_sdk.wire.REASON_CODES and the protocol's ErrorCode)"
            ) from None


class AgentTimeout(AgentError):
    reason = "timeout"


class AgentIllegalAction(AgentError):
    """The answer is not one of the legal actions (the referee finds this, not the agent)."""

    reason = "illegal"


class AgentCrashed(AgentError):
    reason = "crash"
    fatal = True


class AgentProtocolError(AgentError):
    reason = "protocol"


class AgentStaleReply(AgentError):
    reason = "stale"


class AgentMessageTooLarge(AgentError):
    """The bot sent a message over the protocol's size limit (arena.match.limits)."""

    reason = "oversize"


class AgentFlood(AgentError):
    """The bot sent more than the referee keeps for a seat; it is cut off."""

    reason = "flood"
    fatal = True


# --- what the sandbox notices about a hosted bot's process (arena.match.hosted) ----------


class OutputFlood(AgentError):
    """The bot wrote more to stderr than the record keeps; the rest was dropped."""

    reason = "output"


class ProcessLimit(AgentError):
    """The bot's processes hit their limit (a fork bomb?)."""

    reason = "processes"
    fatal = True


class MemoryLimit(AgentError):
    """The bot's processes outgrew their memory limit and were killed."""

    reason = "memory"
    fatal = True


def reasons() -> dict[str, type[AgentError]]:
    """Every strike reason defined so far, with the class that carries it."""
    found: dict[str, type[AgentError]] = {}
    pending: list[type[AgentError]] = [AgentError]
    while pending:
        kind = pending.pop()
        found.setdefault(kind.reason, kind)
        pending.extend(kind.__subclasses__())
    return found
