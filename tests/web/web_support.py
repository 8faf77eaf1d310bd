"""Helpers for the browser tests: the test world, signing in, console watching, screenshots.

(Kept apart from conftest.py: test modules import these by a name no other folder uses.)
"""

from __future__ import annotations

import hashlib
import json
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from arena_env import REPO

GAME = "wandering_towers"
SHOTS = REPO / "test-artifacts" / "screenshots"
XSS_USER = "<script>alert(1)</script>"
XSS_BOT = "<script>alert(2)</script>"
PASSWORD = "correct-horse-battery"
SECRET = "SECRET-STDERR-of-"


class ConsoleWatch:
    """Collects console errors and page errors; `check` fails on any not allowed."""

    def __init__(self, page) -> None:
        self.errors: list[str] = []
        self.allowed: list[re.Pattern[str]] = []
        self.dialogs: list[str] = []
        page.on("console", self._console)
        page.on("pageerror", lambda error: self.errors.append(f"page error: {error}"))
        page.on("dialog", self._dialog)

    def _console(self, message) -> None:
        if message.type == "error":
            self.errors.append(f"console error: {message.text} ({message.location})")

    def _dialog(self, dialog) -> None:
        self.dialogs.append(dialog.message)
        dialog.dismiss()

    def allow(self, pattern: str) -> None:
        """Expect errors like this one (a test that provokes a 403 on purpose)."""
        self.allowed.append(re.compile(pattern))

    def unexpected(self) -> list[str]:
        return [e for e in self.errors if not any(p.search(e) for p in self.allowed)]

    def check(self) -> None:
        assert not self.dialogs, f"a dialog opened: {self.dialogs}"
        assert not self.unexpected(), "\n".join(self.unexpected())


def shot(page, name: str) -> Path:
    """Save a full-page screenshot as a test artifact."""
    SHOTS.mkdir(parents=True, exist_ok=True)
    path = SHOTS / f"{name}.png"
    page.screenshot(path=str(path), full_page=True)
    return path


def sign_up(page, username: str, password: str = PASSWORD) -> None:
    """Sign up through the site's form, as a newcomer does (signed in afterwards)."""
    page.goto("/accounts/signup/")
    page.fill("#id_username", username)
    page.fill("#id_password1", password)
    page.fill("#id_password2", password)
    with page.expect_navigation():
        page.click("#signup-form button[type=submit]")


def sign_in(context, base_url: str, user) -> None:
    """Give the browser context a signed-in session for `user` (no form round trip)."""
    from django.contrib.auth import BACKEND_SESSION_KEY, HASH_SESSION_KEY, SESSION_KEY
    from django.contrib.sessions.backends.db import SessionStore

    session = SessionStore()
    session[SESSION_KEY] = str(user.pk)
    session[BACKEND_SESSION_KEY] = "django.contrib.auth.backends.ModelBackend"
    session[HASH_SESSION_KEY] = user.get_session_auth_hash()
    session.save()
    context.add_cookies([{"name": "sessionid", "value": session.session_key, "url": base_url}])


def wait_for_viewer(page) -> None:
    page.wait_for_selector("#viewer[data-ready=true]", state="attached")


def viewer_state(page) -> dict[str, Any]:
    """The frame the viewer shows now, with its step index and view."""
    return page.evaluate(
        """() => { const v = ArenaViewer.current();
                   return {index: v.index, count: v.count, frame: v.frame(), seat: v.seat}; }"""
    )


def final_view(match, seat: int | None = None) -> dict[str, Any]:
    """The engine's own view of the match's last state, rebuilt from its replay file."""
    from arena import replay

    with match.replay.open("rb") as handle:
        doc = json.load(handle)
    state = replay.verify(doc)
    view = state.spectate() if seat is None else state.observe(seat)
    return json.loads(json.dumps(view))


# --- the world ------------------------------------------------------------------------------


@dataclass
class World:
    users: dict[str, Any] = field(default_factory=dict)
    bots: dict[str, Any] = field(default_factory=dict)
    versions: dict[str, Any] = field(default_factory=dict)
    matches: dict[str, Any] = field(default_factory=dict)


def user(username: str, password: str | None = PASSWORD, **extra):
    from django.contrib.auth import get_user_model

    person, _ = get_user_model().objects.get_or_create(username=username, defaults=extra)
    if password:
        person.set_password(password)
    else:
        person.set_unusable_password()
    person.save()
    return person


def builtin_version(owner, name: str, builtin: str, status: str = "active"):
    """A version that plays a reference bot in-process (no sandbox needed)."""
    from webui.bots.models import Bot, BotVersion
    from webui.ladder.models import Rating

    bot, _ = Bot.objects.get_or_create(owner=owner, name=name, game=GAME)
    number = bot.versions.count() + 1
    digest = hashlib.sha256(f"{owner.pk}/{name}/{number}".encode()).hexdigest()
    version = BotVersion.objects.create(bot=bot, number=number, builtin=builtin, sha256=digest)
    if status == "active":
        version.activate()
        Rating.for_version(version.pk, GAME)
    else:
        BotVersion.objects.filter(pk=version.pk).update(status=status)
        version.refresh_from_db()
    return version


def play(versions: list, seed: int, options: dict | None = None, game: str = GAME):
    """A ladder match between `versions` (in seat order), played to the end by the worker."""
    import arena.games
    from webui.matches.models import Match, MatchSeat
    from workers.tasks import play as run

    info = arena.games.get(game)
    match = Match.objects.create(
        game=game, options=info.resolve_options(options or {}), seed=seed, time_control={}
    )
    MatchSeat.objects.bulk_create(
        MatchSeat(match=match, seat=i, version=v) for i, v in enumerate(versions)
    )
    outcome = run(match.pk, "web-tests")
    assert outcome.startswith("finished"), outcome
    match.refresh_from_db()
    return match


def running(versions: list, seed: int, moves: int, owner: str = "web-tests/live"):
    """A match that is running, with its first `moves` actions saved as a worker would."""
    import arena.games
    from arena.match.lineup import builtin_agent
    from arena.match.referee import run_match
    from webui.matches.live import LiveRecorder
    from webui.matches.models import Match, MatchSeat

    game = arena.games.get(GAME)
    match = Match.objects.create(game=GAME, options=game.resolve_options({}), seed=seed)
    MatchSeat.objects.bulk_create(
        MatchSeat(match=match, seat=i, version=v) for i, v in enumerate(versions)
    )
    assert Match.claim(match.pk, owner)
    agents = [builtin_agent(game, v.builtin, seed + i) for i, v in enumerate(versions)]
    record = run_match(GAME, agents, seed, match.options)
    recorder = LiveRecorder(match.pk, owner)  # the test flushes it, as its thread would
    for code in record.actions[:moves]:
        recorder(None, 0, code, "")
    recorder.flush()
    match.refresh_from_db()
    return match, record, recorder


def build_world() -> World:
    from arena_env import truncate_tables

    from webui.bots.models import BotVersion
    from webui.bots.reference import load_reference_bots
    from webui.matches.models import MatchSeat

    truncate_tables()
    load_reference_bots()
    world = World()
    world.users = {
        "alice": user("alice"),
        "bob": user("bob"),
        "mallory": user(XSS_USER, email="x@example.org"),
        "staff": user("staff", is_staff=True),
    }
    alice, bob, mallory = world.users["alice"], world.users["bob"], world.users["mallory"]
    builtin_version(alice, "tower-tactician", "greedy")
    tactician = builtin_version(alice, "tower-tactician", "greedy")  # v2 retires v1
    rejected = builtin_version(alice, "tower-tactician", "random", status="rejected")
    BotVersion.objects.filter(pk=rejected.pk).update(
        rejection_reason="seat 0 was disqualified (crash: RuntimeError: my bug)",
        validation_stderr=SECRET + "alice: Traceback (most recent call last): my bug",
    )
    wanderer = builtin_version(bob, "wanderer", "random")
    xss = builtin_version(mallory, XSS_BOT, "random")
    greedy = BotVersion.objects.get(
        bot__owner__username="reference", bot__game=GAME, builtin="greedy"
    )
    world.versions = {"tactician": tactician, "rejected": rejected, "wanderer": wanderer}
    world.versions.update({"xss": xss, "greedy": greedy})
    world.bots = {key: v.bot for key, v in world.versions.items()}
    two = play([tactician, wanderer], seed=11)
    four = play([tactician, wanderer, xss, greedy], seed=5)
    for seed, lineup in enumerate(
        ([wanderer, tactician], [xss, greedy, tactician], [greedy, wanderer], [tactician, xss]),
        start=20,
    ):
        play(lineup, seed=seed)
    # Bob's bot wrote to stderr and was struck in the four-player match.
    stderr = SECRET + "bob: thinking about card 41"
    strikes = [{"decision": 3, "reason": "timeout", "detail": "no answer within 1.0 s"}]
    MatchSeat.objects.filter(match=four, seat=1).update(stderr=stderr, strikes=strikes)
    _patch_record(four, seat=1, stderr=stderr, strikes=strikes)
    world.matches = {"two": two, "four": four}
    world.matches["running"], _, _ = running([wanderer, tactician], seed=7_654_321, moves=25)
    return world


def _patch_record(match, seat: int, stderr: str, strikes: list[dict]) -> None:
    from django.core.files.base import ContentFile
    from django.core.files.storage import default_storage

    with match.record.open("rb") as handle:
        record = json.load(handle)
    record["seats"][seat].update(stderr=stderr, strikes=strikes)
    default_storage.delete(match.record.name)
    default_storage.save(match.record.name, ContentFile(json.dumps(record).encode()))
