"""A person's seat in a real worker process: its turns go through the relay's Redis to the
site's table endpoints, and a person whose clock runs out is played by the fallback."""

from __future__ import annotations

import json

from platform_support import REDIS_DB, wait_until


def _person(name: str):
    from django.contrib.auth import get_user_model

    return get_user_model().objects.create_user(name, password="x-people-test")


def _greedy(game: str):
    from webui.bots.models import BotVersion

    return BotVersion.objects.get(
        bot__owner__username="reference", bot__game=game, builtin="greedy"
    )


def test_a_worker_plays_the_persons_seat_from_the_tables_answers(processes):
    from django.test import Client

    import arena.games
    from webui.matches.models import Match
    from webui.play import tables, turns

    processes.worker("w1")
    pat = _person("pat")
    game = arena.games.get("castle_panic")
    table = tables.Table(game, game.resolve_options({}), [None, _greedy("castle_panic")])
    match = tables.sit_down(pat, table)  # sent to the worker through the real broker
    client, other = Client(), Client()
    client.force_login(pat)
    other.force_login(_person("quinn"))
    answered = 0

    def step() -> bool:
        nonlocal answered
        status = Match.objects.filter(pk=match.pk).values_list("status", flat=True).first()
        if status == Match.Status.FINISHED:
            return True
        assert status in (Match.Status.QUEUED, Match.Status.RUNNING), status
        turn = turns.open_turn(match.pk, 0)
        if turn is None:
            return False
        body = json.dumps({"request": turn["request"], "code": turn["legal"][-1]["code"]})
        url = f"/play/{match.pk}/act"
        assert other.post(url, body, content_type="application/json").status_code == 404
        response = client.post(url, body, content_type="application/json")
        if response.status_code == 200:
            answered += 1
            again = client.post(url, body, content_type="application/json")
            assert again.status_code == 409, "an action is sent once"
        return False

    wait_until(step, 300, "the people's match to finish", every=0.05)
    match.refresh_from_db()
    seat = match.seats.get(seat=0)
    assert seat.person == pat and seat.decisions == answered > 0
    assert not seat.strikes and match.kind == Match.Kind.PEOPLE


def test_a_person_whose_clock_runs_out_is_played_by_the_fallback(processes):
    import arena.games
    from webui import queue
    from webui.matches.models import Match, MatchSeat

    processes.worker("w1")
    game = arena.games.get("wandering_towers")
    match = Match.objects.create(
        game=game.name,
        kind=Match.Kind.PEOPLE,
        options=game.resolve_options({}),
        seed=5,
        time_control={"per_decision": 0.3, "bank": 0.0, "max_strikes": 3},
    )
    MatchSeat.objects.create(match=match, seat=0, person=_person("sleepy"))
    MatchSeat.objects.create(match=match, seat=1, version=_greedy(game.name))
    queue.run_matches([match.pk])

    def done() -> bool:
        match.refresh_from_db()
        return match.status == Match.Status.FINISHED

    wait_until(done, 300, "the match to finish without the person")
    seat = match.seats.get(seat=0)
    assert [s["reason"] for s in seat.strikes] == ["timeout"] * 3
    assert seat.disqualified and seat.rank == 1, "struck out, ranked last, played to the end"


def test_a_turn_takes_one_answer_however_often_a_browser_posts(db, settings_override) -> None:
    """Posts that arrive before the worker reads the first answer are refused, so a script
    cannot fill the seat's answer list."""
    import time

    import redis

    from arena.relay import envelope as env
    from webui.play import turns

    settings_override(ARENA_RELAY_URL=f"redis://127.0.0.1:6379/{REDIS_DB}")
    match_id, seat = 999_001, 1
    turn = {"request": 7, "legal": [["pass", "Pass"]], "deadline": time.time() + 60}
    turn.update(per_decision=60, bank=600)
    store = redis.Redis(db=REDIS_DB)
    store.set(env.person_turn_key(match_id, seat), json.dumps(turn))
    answers = [turns.answer(match_id, seat, 7, "pass") for _ in range(1000)]
    assert answers[0] == "" and set(answers[1:]) == {"this turn is already answered"}
    assert store.llen(env.person_answer_key(match_id, seat)) == 1


def test_a_table_played_again_takes_answers_to_the_turns_its_lost_attempt_had(
    db, settings_override
) -> None:
    """A match played again (its worker host lost) numbers its turns from 0 again: turn 7
    of the new sitting is answered though turn 7 of the lost one was."""
    import time

    import redis

    from arena.match.agents import DecisionRequest
    from arena.relay import envelope as env
    from arena.relay.person import PersonAgent, turn_record
    from arena_sdk import Action
    from webui.play import turns

    url = f"redis://127.0.0.1:6379/{REDIS_DB}"
    settings_override(ARENA_RELAY_URL=url)
    match_id, seat = 999_002, 0
    store = redis.Redis(db=REDIS_DB)
    request = DecisionRequest(7, {}, [Action("pass", "Pass")], per_decision=60, bank=600)
    for attempt in (1, 2):
        sitting = PersonAgent(url, match_id, seat, "pat").sitting
        turn = turn_record(request, time.time() + 60, sitting)
        store.set(env.person_turn_key(match_id, seat), json.dumps(turn))
        assert turns.answer(match_id, seat, 7, "pass") == "", f"attempt {attempt}"
        assert turns.answer(match_id, seat, 7, "pass") == "this turn is already answered"


def test_a_strange_answer_gets_a_clear_refusal_and_the_turn_stays_open(
    db, settings_override
) -> None:
    """Whatever a browser or a script posts as the answer, the reply is a 4xx with a reason,
    never a server error, and the open turn is still there to be answered."""
    import time

    import redis
    from django.test import Client

    from arena.relay import envelope as env
    from webui.matches.models import Match, MatchSeat

    settings_override(ARENA_RELAY_URL=f"redis://127.0.0.1:6379/{REDIS_DB}")
    pat = _person("pat")
    match = Match.objects.create(
        game="castle_panic", kind=Match.Kind.PEOPLE, status=Match.Status.RUNNING, seed=1
    )
    MatchSeat.objects.create(match=match, seat=0, person=pat)
    turn = {"request": 3, "legal": [["pass", "Pass"]], "deadline": time.time() + 60}
    turn.update(per_decision=60, bank=600)
    store = redis.Redis(db=REDIS_DB)
    store.set(env.person_turn_key(match.pk, 0), json.dumps(turn))
    client = Client()
    client.force_login(pat)
    strange = [
        b"",
        b"\x00\xff not json",
        b"[1, 2]",
        b'{"request": Infinity, "code": "pass"}',
        b'{"request": 1e999, "code": "pass"}',
        b'{"request": "' + b"9" * 5000 + b'", "code": "pass"}',
        b"[" * 100_000 + b"]" * 100_000,
        rb'{"request": 3, "code": "pass\u0000"}',
        b'{"request": 3, "code": "' + b"x" * 1_000_000 + b'"}',
        b'{"request": 2, "code": "pass"}',
        b"{" + b'"a": 1, ' * 200_000 + b'"request": 3}',
        b"x" * 3_000_000,
    ]
    for body in strange:
        reply = client.post(f"/play/{match.pk}/act", body, content_type="application/json")
        assert 400 <= reply.status_code < 500, (body[:40], reply.status_code)
    assert store.llen(env.person_answer_key(match.pk, 0)) == 0, "nothing was passed on"
    reply = client.post(
        f"/play/{match.pk}/act", {"request": 3, "code": "pass"}, content_type="application/json"
    )
    assert reply.status_code == 200, reply.content
    assert store.llen(env.person_answer_key(match.pk, 0)) == 1
