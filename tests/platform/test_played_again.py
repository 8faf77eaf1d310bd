"""A match played again is dealt afresh and leaves no files behind: a new seed, a new match id
and new bot seeds for every attempt after the first, the attempt counted in the record, the
replay verifiable with the seed it carries; the record and replay of an attempt whose finish
was never recorded are removed when the match is swept or played again. On real processes,
a remote bot plays across a worker's kill -9."""

from __future__ import annotations

import json
from collections.abc import Iterator
from datetime import timedelta

import pytest
from platform_support import GAME, REPO, Processes, settled_invariants, wait_until
from remote_support import Remote
from tcp_proxy import TcpProxy
from test_remote_faults import seated_and_playing
from test_remote_ladder import finished, make_remote_bot, online
from test_remote_ladder import remote as remote
from test_remote_ladder import workers as workers

SLOW = str(REPO / "tests" / "bots" / "remote_slow.py")


@pytest.fixture
def proxies() -> Iterator[list[TcpProxy]]:
    made: list[TcpProxy] = []
    yield made
    for proxy in made:
        proxy.close()


def stored(name: str) -> dict:
    from django.core.files.storage import default_storage

    with default_storage.open(name, "rb") as handle:
        return json.load(handle)


def public_id(match_id: int, attempt: int) -> str:
    from arena.match import seeds
    from webui.seeding import seed_key
    from workers.tasks import attempt_id

    return seeds.public_match_id(seed_key(), attempt_id(match_id, attempt))


def leave_files(match_id: int, owner: str) -> tuple[str, str]:
    """What a worker killed between writing its files and recording the finish leaves."""
    from django.core.files.base import ContentFile
    from django.core.files.storage import default_storage

    from webui.matches import files

    record, replay = files.names(match_id, owner)
    saved = (
        default_storage.save(record, ContentFile(b'{"attempt": "lost"}')),
        default_storage.save(replay, ContentFile(b'{"attempt": "lost"}')),
    )
    assert saved == (record, replay)
    return saved


def exists(name: str) -> bool:
    from django.core.files.storage import default_storage

    return default_storage.exists(name)


def test_a_match_played_again_is_dealt_afresh_and_its_replay_verifies(db) -> None:
    from arena import replay
    from webui.ladder.matchmaking import fill_queue
    from webui.matches.models import Match
    from workers.tasks import play

    (pk,) = fill_queue(GAME, depth=1)
    first = Match.objects.get(pk=pk).seed
    # Its first attempt's worker died (the demo's restart hands such leases back as they are).
    assert Match.claim(pk, "gone@host/0123456789abcdef")
    assert Match.objects.get(pk=pk).seed == first, "a first attempt plays the seed it was made with"
    Match.objects.filter(pk=pk).update(live_actions=["tower:seen-before"])
    Match.release_all_leases()

    assert play(pk, "survivor@host").startswith("finished")
    match = Match.objects.get(pk=pk)
    assert match.attempts == 2
    assert match.seed != first
    record, doc = stored(match.record.name), stored(match.replay.name)
    assert record["attempt"] == 2
    assert record["seed"] == doc["seed"] == match.seed
    assert doc["match_id"] == public_id(pk, 2) != public_id(pk, 1)
    replay.verify(doc)  # the seed the attempt played reproduces its outcome
    assert match.live_actions == []


def test_files_of_an_attempt_never_recorded_are_removed_when_it_is_swept(
    db, settings_override
) -> None:
    from webui.ladder.matchmaking import fill_queue
    from webui.matches.models import Match

    settings_override(ARENA_MATCH_MAX_ATTEMPTS=2)
    dead, alive, exhausted = fill_queue(GAME, depth=3)
    names = {}
    for pk in (dead, alive, exhausted):
        owner = Match.new_owner(f"w{pk}@host")
        assert Match.claim(pk, owner)
        names[pk] = leave_files(pk, owner)
    Match.objects.filter(pk=exhausted).update(attempts=2)
    Match.objects.filter(pk__in=[dead, exhausted]).update(
        lease_expires=Match.objects.get(pk=dead).started - timedelta(seconds=1)
    )

    assert Match.sweep() == [dead]
    assert Match.objects.get(pk=exhausted).status == Match.Status.FAILED
    for pk in (dead, exhausted):
        assert not any(exists(name) for name in names[pk]), f"match {pk}'s files were left"
    assert all(exists(name) for name in names[alive]), "a live attempt's files were removed"


def test_files_left_by_earlier_attempts_are_removed_when_the_match_is_played_again(db) -> None:
    from webui.ladder.matchmaking import fill_queue
    from webui.matches.models import Match
    from workers.tasks import play

    pk, neighbour = fill_queue(GAME, depth=2)
    assert Match.claim(pk, "gone@host/00000000000000aa")
    left = leave_files(pk, "gone@host/00000000000000aa")
    Match.release_all_leases()  # no sweep saw it die: the demo's restart
    theirs = leave_files(neighbour, "other@host/00000000000000bb")  # another match's

    assert play(pk, "survivor@host").startswith("finished")
    match = Match.objects.get(pk=pk)
    assert not any(exists(name) for name in left)
    assert exists(match.record.name) and exists(match.replay.name)
    assert all(exists(name) for name in theirs)


@pytest.mark.slow
def test_a_remote_bot_across_a_worker_kill_gets_a_new_deal(
    workers: Processes, remote: Remote, proxies: list[TcpProxy]
) -> None:
    """The remote bot watched the first attempt's deal until its worker was killed; the
    match it plays again has a new seed and a new match id, and the one recorded is the
    second attempt's, verifiable from its replay."""
    from arena import replay
    from webui.matches.models import Match

    workers.sweeper()
    proxy = TcpProxy(remote.gateway("gw-a"))
    proxies.append(proxy)
    # Two at once: the killed worker's stream may still look open when the new offer comes.
    bot, token = make_remote_bot("kim", "witness", concurrency=2)
    connected = remote.python_bot("bot", SLOW, proxy.address, token)
    wait_until(lambda: online(bot), 30, "the bot online")
    seat, queued = seated_and_playing(bot, proxy, remote, connected.log())
    match = Match.objects.get(pk=seat.match_id)
    assert match.status == Match.Status.RUNNING and match.attempts == 1
    first_seed, holder = match.seed, match.lease_owner.split("@", 1)[0]
    workers.kill(holder)

    wait_until(lambda: finished(queued), 240, "the matches to finish\n" + connected.log())
    match.refresh_from_db()
    assert match.attempts == 2, match.last_error
    assert match.seed != first_seed
    assert not match.played_by.startswith(f"{holder}@")
    record, doc = stored(match.record.name), stored(match.replay.name)
    assert record["attempt"] == 2
    assert record["seed"] == doc["seed"] == match.seed
    assert doc["match_id"] == public_id(match.pk, 2)
    replay.verify(doc)
    seat.refresh_from_db()
    assert not seat.disqualified, seat.errors
    # The bot played the second attempt to its end, under the second attempt's id only.
    assert f"match {public_id(match.pk, 2)}: seat {seat.seat}, rank" in connected.log()
    assert f"match {public_id(match.pk, 1)}: seat" not in connected.log()
    settled_invariants()
