"""The counters kept as matches finish (webui.matches.tallies: finished matches per game, each
bot's record against every other) agree with a full count of the matches after every kind of
change: a finish, a match given back and played again, a lease swept, a match failed, a bot
retired, finished matches deleted; in a competitive and in a cooperative game. The pages
read the counters."""

from __future__ import annotations

from datetime import timedelta

import pytest
from platform_support import GAME, add_builtin, settled_invariants

COOPERATIVE = "castle_panic"


def assert_counters_agree() -> None:
    from webui.matches.tallies import counted, full_count

    kept, full = counted(), full_count()
    assert kept[0] == full[0], f"finished per game: kept {kept[0]}, counted {full[0]}"
    assert kept[1] == full[1], f"rivalries: kept {kept[1]}, counted {full[1]}"


def queue(game: str, n: int) -> list[int]:
    from webui.ladder.matchmaking import fill_queue

    ids: list[int] = []
    while len(ids) < n:
        ids += fill_queue(game, depth=n - len(ids))
    return ids


def play_one(hint: int) -> None:
    from workers.tasks import play

    assert play(hint, "w1").startswith("finished")
    assert_counters_agree()


def test_the_counters_agree_with_a_full_count_after_every_change(db) -> None:
    from django.db.models import F
    from django.test import Client

    from webui.bots.models import Bot
    from webui.matches.models import Match, MatchTally, Rivalry

    add_builtin("tester", "greedy-b", "greedy")
    add_builtin("tester", "random-b", "random")
    ids = queue(GAME, 8)
    assert_counters_agree()  # nothing finished: nothing counted

    for pk in ids[:3]:  # finish
        play_one(pk)
    assert MatchTally.objects.get(game=GAME).finished == 3
    assert Rivalry.objects.filter(games__gt=0).exists()

    # given back after an infrastructure failure, then played again
    retried = Match.objects.filter(status=Match.Status.QUEUED).order_by("pk").first()
    owner = Match.new_owner("w9")
    assert Match.claim(retried.pk, owner)
    assert Match.release(retried.pk, owner, "broker lost") == Match.Status.QUEUED
    assert_counters_agree()
    play_one(retried.pk)

    # a dead worker's lease swept, then played again
    swept = Match.objects.filter(status=Match.Status.QUEUED).order_by("pk").first()
    assert Match.claim(swept.pk, Match.new_owner("w8"))
    Match.objects.filter(pk=swept.pk).update(lease_expires=F("started") - timedelta(seconds=1))
    assert swept.pk in Match.sweep()
    assert_counters_agree()
    play_one(swept.pk)

    # failed for good: counts nowhere
    failed = Match.objects.filter(status=Match.Status.QUEUED).order_by("pk").first()
    Match.objects.filter(pk=failed.pk).update(attempts=99)
    owner = Match.new_owner("w7")
    Match.objects.filter(pk=failed.pk).update(status=Match.Status.RUNNING, lease_owner=owner)
    assert Match.release(failed.pk, owner, "too many attempts") == Match.Status.FAILED
    assert_counters_agree()

    # a bot retired: its record stays, the rest plays on
    retired = Bot.objects.get(name="random-b")
    assert retired.retire() == 1
    assert_counters_agree()
    for pk in Match.objects.filter(status=Match.Status.QUEUED).values_list("pk", flat=True):
        play_one(pk)

    settled_invariants()  # and the ratings replay exactly

    # finished matches deleted: one, then a queryset of several
    finished = list(
        Match.objects.filter(status=Match.Status.FINISHED)
        .order_by("pk")
        .values_list("pk", flat=True)
    )
    Match.objects.get(pk=finished[0]).delete()
    assert_counters_agree()
    Match.objects.filter(pk__in=finished[1:3]).delete()
    assert_counters_agree()
    left = Match.objects.filter(status=Match.Status.FINISHED).count()
    assert MatchTally.objects.get(game=GAME).finished == left

    # the pages read the counters
    home = Client().get("/").content.decode()
    assert f"<b>{left}</b> matches played" in home
    greedy = Bot.objects.get(name="greedy-b")
    page = Client().get(f"/bots/{greedy.pk}/").content.decode()
    assert "random-b" in page


def test_cooperative_partners_agree_with_a_full_count(db) -> None:
    from webui.matches.models import Match, Rivalry

    add_builtin("tester", "greedy-b", "greedy", game=COOPERATIVE)
    add_builtin("tester", "random-b", "random", game=COOPERATIVE)
    ids = queue(COOPERATIVE, 4)
    for pk in ids:
        play_one(pk)
    together = Rivalry.objects.filter(bot__name="greedy-b", rival__name="random-b").first()
    assert together is not None and together.draws == 0
    assert together.wins + together.losses == together.games
    Match.objects.filter(pk=ids[0]).delete()
    assert_counters_agree()


def test_the_recount_command_finds_and_mends_a_wrong_counter(db) -> None:
    from io import StringIO

    from django.core.management import call_command

    from webui.matches.models import MatchTally

    add_builtin("tester", "greedy-b", "greedy")
    add_builtin("tester", "random-b", "random")
    for pk in queue(GAME, 2):
        play_one(pk)
    out = StringIO()
    call_command("recount_matches", stdout=out)
    assert "counters agree" in out.getvalue()
    MatchTally.objects.filter(game=GAME).update(finished=99)
    with pytest.raises(SystemExit):
        call_command("recount_matches", stdout=StringIO())
    call_command("recount_matches", "--fix", stdout=StringIO())
    assert_counters_agree()
