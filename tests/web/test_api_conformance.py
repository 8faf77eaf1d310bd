"""The API does what its schema says, for any input. Schemathesis reads the live site's schema
and generates requests for every operation (valid and invalid data, methods the schema does not
list), then checks each answer: never a 500; only the status codes, media types, headers and
bodies that operation declares; a 405 with Allow for an undeclared method; a 401 without
credentials where an account is needed. As a visitor, signed in with a token, and signed in
with a session and its CSRF token, against the real site on PostgreSQL.

A fixed seed, deterministic generation and a bounded number of examples: the same requests on
every run (docs/decisions/api-schema-conformance.md). Each run's report, with a curl command
for every failure, is in test-artifacts/api-conformance/.
"""

from __future__ import annotations

import json
import secrets
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from arena_env import REPO
from web_support import GAME, builtin_version, play, user

#: Examples per operation in the fuzzing phase (the coverage phase adds its own cases).
EXAMPLES = 10
SEED = 36
REPORTS = REPO / "test-artifacts" / "api-conformance"
PERSON = "schema-checker"
BOT = b"""from arena_sdk import Bot

class B(Bot):
    def act(self, view, legal):
        return legal[0].code
"""


def ids(model) -> list[str]:
    """Every row's id, as a path parameter (a string of digits)."""
    return [str(pk) for pk in model.objects.order_by("pk").values_list("pk", flat=True)]


@pytest.fixture(scope="module")
def places(world) -> Iterator[dict[str, Any]]:
    """What requests name besides random ids: the world's matches (finished and running, of
    every game), bots of others and of the signed-in person, a tournament. The signed-in person
    is this module's own, so what its requests submit or retire is no other test's; it goes,
    with its bots and the tournament, when the module is done."""
    from django.contrib.auth import BACKEND_SESSION_KEY, HASH_SESSION_KEY, SESSION_KEY
    from django.contrib.sessions.backends.db import SessionStore
    from rest_framework.authtoken.models import Token

    import arena.games
    from webui.bots.models import Bot, BotVersion
    from webui.matches.models import Match
    from webui.tournaments.models import Tournament
    from webui.tournaments.progress import create

    person = user(PERSON)
    own = builtin_version(person, "schema-checked", "random")
    for game in arena.games.names():
        if not Match.objects.filter(game=game, status="finished").exists():
            reference = BotVersion.objects.filter(bot__owner__username="reference", bot__game=game)
            reference = list(reference.exclude(builtin="").order_by("id"))
            play([reference[0], reference[-1]], seed=4, game=game)
    versions = world.versions
    cup = create(
        name="Schema cup",
        game=GAME,
        format="swiss",
        rounds=2,
        versions=[versions["tactician"], versions["wanderer"], versions["greedy"]],
        seed=3,
    )
    session = SessionStore()
    session[SESSION_KEY] = str(person.pk)
    session[BACKEND_SESSION_KEY] = "django.contrib.auth.backends.ModelBackend"
    session[HASH_SESSION_KEY] = person.get_session_auth_hash()
    session.save()
    yield {
        "own-bot": own.bot_id,
        "token": Token.objects.get_or_create(user=person)[0].key,
        "session": session.session_key,
        "matches": ids(Match),
        "bots": ids(Bot),
        "bot-numbers": [int(pk) for pk in ids(Bot)],
        "versions": ids(BotVersion),
        "tournaments": ids(Tournament),
        "games": list(arena.games.names()),
        "people": ["alice", PERSON, "reference"],
    }
    cup.delete()
    person.delete()


# --- the configuration ----------------------------------------------------------------------

RUN = """\
seed = {seed}
[generation]
mode = "all"
max-examples = {examples}
deterministic = true
database = "none"
# Query parameters the schema does not name are ignored, as on most of the web (`?format=`,
# cache busters); the rest of each request is checked against the schema.
allow-extra-parameters = false
[output.sanitization]
enabled = false
"""

#: Values that once answered 500, or easily could: NUL (which PostgreSQL's text refuses),
#: digits `int` refuses, numbers too big for the database, path tricks. Each list of known
#: values has them too.
HOSTILE_TEXT = ["\x00", "a\x00b", "²", "١٢", "676851864100174168064", "-1", "null", "../"]
HOSTILE_NUMBERS = [676851864100174168064, -1, 2**63]

#: Which parameters draw half their values from which list of known ones, by path: answers
#: with a body (200, 403) are checked too, not only the 404s of random ids.
KNOWN = {
    "^/api/matches/": {"path.id": "matches", "query.bot": "bot-numbers", "query.game": "games"},
    "^/api/bots/": {"path.id": "bots", "query.author": "people", "query.game": "games"},
    "^/api/versions/": {"path.id": "versions", "query.bot": "bot-numbers"},
    "^/api/tournaments/": {"path.id": "tournaments"},
    "^/api/games/": {"path.name": "games"},
}

#: Whether a file is a bot is more than a schema can say: an upload that fits the schema may
#: still be refused, with the 400 these operations declare.
UPLOADS = """\
[[operations]]
include-path-regex = "/versions/$"
include-method = "POST"
checks.positive_data_acceptance.expected-statuses = {statuses}
"""


def toml(value: Any) -> str:
    """A TOML value for the few kinds the configuration holds (JSON's strings are TOML's)."""
    if isinstance(value, dict):
        return "{ " + ", ".join(f"{json.dumps(k)} = {toml(v)}" for k, v in value.items()) + " }"
    if isinstance(value, list):
        return "[" + ", ".join(toml(v) for v in value) + "]"
    return json.dumps(value)


def configuration(places: dict[str, Any], identity: str = "") -> str:
    """schemathesis.toml: every default check, negative data and undeclared methods included."""
    parts = [RUN.format(seed=SEED, examples=EXAMPLES), identity]
    for name in ("matches", "bots", "bot-numbers", "versions", "tournaments", "games", "people"):
        hostile = HOSTILE_NUMBERS if name == "bot-numbers" else HOSTILE_TEXT
        parts.append(f"[dictionaries.{name}]\nvalues = {toml(places[name] + hostile)}\n")
    for path, parameters in KNOWN.items():
        parts.append(f"[[operations]]\ninclude-path-regex = {toml(path)}")
        for where, name in parameters.items():
            binding = {"dictionary": name, "probability": 0.5}
            parts.append(f"parameters.{toml(where)} = {toml(binding)}")
        parts.append("")
    accepted = ["2xx", "3xx", "400", "401", "403", "404", "409", "429", "5xx"]
    parts.append(UPLOADS.format(statuses=toml(accepted)))
    return "\n".join(parts)


def identities(places: dict[str, Any]) -> dict[str, tuple[str, list[str]]]:
    """Who sends the requests: the configuration's lines, and which operations."""
    csrf = secrets.token_hex(16)
    return {
        "visitor": ("", []),
        "token": (f'[auth.openapi.tokenAuth]\napi_key = "Token {places["token"]}"\n', []),
        # Reads are the same for a session as for a token: only what changes things.
        "session": (
            "[headers]\n"
            f'Cookie = "sessionid={places["session"]}; csrftoken={csrf}"\n'
            f'X-CSRFToken = "{csrf}"\n'
            # Every request carries the session, one schemathesis means to send without
            # credentials too: whether a change needs them is the token's run to check.
            "[checks.ignored_auth]\nenabled = false\n",
            ["--include-method=POST"],
        ),
    }


# --- the runs -------------------------------------------------------------------------------


@pytest.fixture(scope="module")
def reports(live_site: str, places: dict[str, Any], tmp_path_factory) -> dict[str, str | None]:
    """Each identity's schemathesis report, None where it found nothing. The runs go side by
    side (the live server answers each request in a thread of its own)."""
    folder = tmp_path_factory.mktemp("schemathesis")
    runs: dict[str, subprocess.Popen] = {}
    # Tasks the site would send (a submission's validation) are dropped: no broker here.
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr("webui.queue.send", lambda *_, **__: True)
        for name, (identity, options) in identities(places).items():
            config = folder / f"{name}.toml"
            config.write_text(configuration(places, identity))
            command = [
                str(Path(sys.executable).with_name("schemathesis")),
                "--no-color",
                f"--config-file={config}",
                "run",
                f"{live_site}/api/schema.json",
                "--workers=1",
                *options,
            ]
            runs[name] = subprocess.Popen(
                command, cwd=folder, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True
            )
        try:
            outputs = {name: run.communicate(timeout=600)[0] for name, run in runs.items()}
        finally:
            for run in runs.values():
                if run.poll() is None:
                    run.kill()
    REPORTS.mkdir(parents=True, exist_ok=True)
    found: dict[str, str | None] = {}
    for name, run in runs.items():
        (REPORTS / f"{name}.txt").write_text(outputs[name])
        found[name] = None if run.returncode == 0 else outputs[name]
    return found


def test_every_operation_keeps_its_schema_for_a_visitor(reports) -> None:
    assert reports["visitor"] is None, reports["visitor"]


def test_every_operation_keeps_its_schema_with_a_token(reports) -> None:
    assert reports["token"] is None, reports["token"]


def test_every_change_keeps_its_schema_with_a_session_and_its_csrf_token(reports) -> None:
    assert reports["session"] is None, reports["session"]


def test_what_a_person_changes_keeps_its_schema(live_site, places, no_broker) -> None:
    """What generated data seldom reaches, each answer checked against the schema: a bot
    accepted (201; a bot is a file named .py, which no schema says), a new version of one's
    own bot, the bot retired (200), and a session's change without its CSRF token (403)."""
    import requests
    import schemathesis
    from schemathesis.checks import not_a_server_error
    from schemathesis.specs.openapi import checks

    # What the answer is, only: the other checks send requests of their own.
    answer_checks = [
        not_a_server_error,
        checks.status_code_conformance,
        checks.content_type_conformance,
        checks.response_headers_conformance,
        checks.response_schema_conformance,
    ]
    schema = schemathesis.openapi.from_url(f"{live_site}/api/schema.json")
    token = {"Authorization": f"Token {places['token']}"}
    bot = {"id": str(places["own-bot"])}

    def sent(method: str, path: str, **request: Any) -> int:
        case = schema[path][method].Case(path_parameters=bot if "{id}" in path else None)
        url = live_site + path.replace("{id}", bot["id"])
        response = requests.request(method, url, timeout=30, **request)
        case.validate_response(response, checks=answer_checks)
        return response.status_code

    submission = {"game": GAME, "name": "schema-submitted"}
    files = {"file": ("bot.py", BOT)}
    assert sent("POST", "/api/versions/", data=submission, files=files, headers=token) == 201
    again = {"file": ("bot.py", BOT + b"\n")}
    assert sent("POST", "/api/bots/{id}/versions/", files=again, headers=token) == 201
    session = {"sessionid": places["session"]}
    assert sent("POST", "/api/bots/{id}/retire/", cookies=session) == 403
    assert sent("POST", "/api/bots/{id}/retire/", headers=token) == 200
    assert [task for task, *_ in no_broker] == ["arena.validate_version"] * 2
