"""A bot that writes NUL bytes and invalid UTF-8 cannot void its loss nor stall its
validation: real sandboxed bot, real Celery worker, real PostgreSQL (which refuses NUL)."""

from __future__ import annotations

import json
from pathlib import Path

from platform_support import GAME, settled_invariants, wait_until

from arena import replay
from arena.storable import REPLACEMENT

BOT = Path(__file__).resolve().parent.parent / "bots" / "nul_writer.py"


def upload(errors: int):
    """The NUL-writing bot, answering its first `errors` turns with a NUL-laden error."""
    from django.contrib.auth import get_user_model

    from webui.bots.submission import submit

    source = BOT.read_text().replace("ERRORS = 3", f"ERRORS = {errors}", 1)
    owner, _ = get_user_model().objects.get_or_create(username="nul-author")
    return submit(owner, GAME, f"nul-{errors}", "nul_writer.py", source.encode())


def assert_clean(text: str) -> None:
    assert "\x00" not in text
    text.encode("utf-8")


def test_a_bot_writing_nul_is_validated_and_rejected_with_its_reason_once(processes):
    from webui.bots.models import BotVersion
    from workers.tasks import sweep_leases

    version = upload(errors=3)  # its validation is queued as it is submitted
    processes.worker("w1")
    done = BotVersion.objects.filter(pk=version.pk, status__in=["active", "rejected"])
    wait_until(done.exists, 90, "the validation to end")
    version.refresh_from_db()
    assert version.status == BotVersion.Status.REJECTED, version.validation_note
    assert f"bad{REPLACEMENT}byte" in version.validation_stderr  # its words: private
    assert "bad" not in version.rejection_reason
    assert "nul:" in version.validation_stderr and REPLACEMENT in version.validation_stderr
    assert_clean(version.rejection_reason + version.validation_stderr)
    sweep_leases()  # what used to send it round again: nothing is left to retry
    version.refresh_from_db()
    assert version.status == BotVersion.Status.REJECTED and version.validation_note == ""


def test_a_clean_playing_bot_writing_nul_to_stderr_is_validated_active(processes):
    from webui.bots.models import BotVersion

    version = upload(errors=0)
    processes.worker("w1")
    done = BotVersion.objects.filter(pk=version.pk, status__in=["active", "rejected"])
    wait_until(done.exists, 90, "the validation to end")
    version.refresh_from_db()
    assert version.status == BotVersion.Status.ACTIVE, version.rejection_reason
    assert "nul:" in version.validation_stderr
    assert_clean(version.validation_stderr)


def test_a_ladder_match_of_a_bot_writing_nul_finishes_and_its_loss_counts(processes):
    from django.conf import settings

    from arena.match.seeds import new_match_seed
    from webui import queue
    from webui.bots.models import BotVersion
    from webui.ladder.models import Rating, RatingHistory
    from webui.matches.models import Match, MatchSeat

    version = upload(errors=3)
    version.activate()  # as if it had passed validation: now it misbehaves on the ladder
    Rating.for_version(version.pk, GAME)
    reference = BotVersion.objects.get(builtin="random", bot__game=GAME)
    start_mu = Rating.objects.get(version=version).mu
    match = Match.objects.create(
        game=GAME,
        kind=Match.Kind.LADDER,
        options={},
        seed=new_match_seed(),
        time_control={
            "per_decision": settings.ARENA_TIME_PER_DECISION,
            "bank": settings.ARENA_TIME_BANK,
            "max_strikes": 3,
        },
    )
    MatchSeat.objects.create(match=match, seat=0, version=version)
    MatchSeat.objects.create(match=match, seat=1, version=reference)
    processes.worker("w1")
    queue.run_matches([match.pk])
    ended = Match.objects.filter(pk=match.pk, status__in=["finished", "failed"])
    wait_until(ended.exists, 90, "the match to end")

    match.refresh_from_db()
    assert (match.status, match.attempts) == (Match.Status.FINISHED, 1), match.last_error
    nul_seat = match.seats.get(seat=0)
    assert nul_seat.disqualified and nul_seat.rank == 1
    assert "nul:" in nul_seat.stderr and REPLACEMENT in nul_seat.stderr
    assert f"bad{REPLACEMENT}byte" in nul_seat.stderr
    assert not any("bad" in s["detail"] for s in nul_seat.strikes)
    assert_clean(nul_seat.stderr + json.dumps(nul_seat.strikes, ensure_ascii=False))
    rating = Rating.objects.get(version=version)
    assert rating.games == 1 and rating.mu < start_mu, "the loss must count"
    assert RatingHistory.objects.filter(match=match).count() == 2
    with match.record.open("rb") as handle:
        record = json.loads(handle.read().decode("utf-8"))
    assert_clean(json.dumps(record, ensure_ascii=False))
    with match.replay.open("rb") as handle:
        replay.verify(json.load(handle))
    settled_invariants()
