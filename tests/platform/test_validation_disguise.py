"""A bot cannot tell a validation match from a ladder match: what it is told (match id,
players, options, time control, its seed and arguments) has the same shape in both.
Real sandboxed bot, real Celery worker, real PostgreSQL."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

from platform_support import GAME, add_builtin, wait_until

BOT = Path(__file__).resolve().parent.parent / "bots" / "header_spy.py"
LABEL = re.compile(r"[\w.-]+/[\w.-]+@v\d+")


def seen_in(stderr: str) -> dict[str, Any]:
    lines = [line for line in stderr.splitlines() if line.startswith("HEADER ")]
    assert len(lines) == 1, f"expected one HEADER line in:\n{stderr[-2000:]}"
    return json.loads(lines[0].removeprefix("HEADER "))


def shape(seen: dict[str, Any], label: str, active: set[str]) -> dict[str, Any]:
    """What a bot could compare between matches, with the per-match values abstracted."""
    header = seen["header"]
    players = header["players"]
    assert players[header["seat"]] == label, "the bot is told its own ladder name"
    assert len(set(players)) == len(players), "no two seats share a name"
    assert all(name in active for name in players), f"{players} are not all ladder entrants"
    # Per-match values: the seed, and a fresh private folder for the bot's code.
    argv = [re.sub(r"arena-bot-\w+", "arena-bot-*", a) for a in seen["argv"] if not a.isdigit()]
    return {
        "keys": sorted(header),
        "match_id": re.sub(r"[0-9a-f]", "h", header["match_id"]),
        "game": header["game"],
        "options": header["options"],
        "time_control": header["time_control"],
        "names": all(LABEL.fullmatch(name) for name in players),
        "players_in_range": 2 <= len(players) <= 6,
        "seed": type(seen["seed"]).__name__,
        "argv": argv,
        "env": seen["env"],
    }


def test_a_validation_match_looks_like_a_ladder_match_to_the_bot(processes):
    from django.contrib.auth import get_user_model

    from webui import queue
    from webui.bots.models import BotVersion
    from webui.bots.submission import submit
    from webui.ladder.matchmaking import fill_queue
    from webui.matches.models import Match, MatchSeat

    add_builtin("tester", "greedy-b", "greedy")  # a ladder entrant that is not a reference bot
    owner = get_user_model().objects.create(username="spy-author")
    version = submit(owner, GAME, "spy", "header_spy.py", BOT.read_bytes())
    processes.worker("w1")
    validated = BotVersion.objects.filter(pk=version.pk, status__in=["active", "rejected"])
    wait_until(validated.exists, 90, "the validation to end")
    version.refresh_from_db()
    assert version.status == BotVersion.Status.ACTIVE, version.rejection_reason
    validation = seen_in(version.validation_stderr)

    fill_queue(GAME, depth=6)  # every entrant anchors a match within the first few
    mine = MatchSeat.objects.filter(version=version).values_list("match_id", flat=True)
    ladder_match = Match.objects.filter(pk__in=mine).order_by("pk").first()
    assert ladder_match is not None
    queue.run_matches(Match.queued_ids())  # the queue's order decides when it plays
    wait_until(
        lambda: Match.objects.get(pk=ladder_match.pk).status == "finished", 90, "the ladder match"
    )
    ladder = seen_in(ladder_match.seats.get(version=version).stderr)

    active = {
        v.label for v in BotVersion.objects.filter(status="active").select_related("bot__owner")
    }
    assert shape(validation, version.label, active) == shape(ladder, version.label, active)
    assert validation["header"]["match_id"] != ladder["header"]["match_id"]
    assert validation["seed"] != ladder["seed"]
    assert not re.search(r"valid", json.dumps(validation), re.IGNORECASE)


def test_without_loaded_reference_bots_validation_still_seats_them_under_their_ladder_names(db):
    import random

    from django.contrib.auth import get_user_model

    import arena.bots
    import arena.games
    from webui.bots.models import BotVersion
    from webui.bots.submission import submit
    from workers.tasks import validation_lineup

    game = arena.games.get(GAME)
    builtin = arena.bots.get(game.name)
    loaded = {v.label for v in BotVersion.objects.filter(builtin__in=list(builtin))}
    owner = get_user_model().objects.create(username="spy-author")
    version = submit(owner, GAME, "spy", "header_spy.py", BOT.read_bytes())
    BotVersion.objects.exclude(pk=version.pk).delete()
    seats_seen = set()
    for draw in range(40):
        lineup, seat = validation_lineup(version, game, random.Random(draw))
        assert lineup[seat] is version and 2 <= len(lineup) <= 1 + len(builtin)
        others = [v.label for v in lineup if v is not version]
        assert len(set(others)) == len(others) and set(others) <= loaded
        seats_seen.add(seat)
    assert seats_seen == {0, 1, 2}, "the version must not always sit in the same seat"
