"""Tournament pages, the organiser form and the API, on a tournament played in-process."""

from __future__ import annotations

from platform_support import GAME, add_builtin


def play_out(tournament) -> None:
    """Advance and play every queued match here, as a worker would, until the end."""
    from webui.matches.models import Match
    from webui.tournaments.progress import advance
    from workers.tasks import play

    for _ in range(50):
        if advance(tournament.pk) == "finished":
            return
        for pk in Match.objects.filter(
            tournament_game__round__tournament=tournament, status="queued"
        ).values_list("pk", flat=True):
            play(pk, "test-worker")
    raise AssertionError("the tournament did not finish")


def field(size: int):
    from webui.bots.models import BotVersion

    for i in range(size - 2):
        add_builtin("pages", f"b{i}", "greedy" if i % 2 else "random")
    return list(BotVersion.objects.filter(status="active", bot__game=GAME).order_by("pk"))


def test_detail_page_shows_standings_with_tie_breaks_rounds_and_match_links(db, web):
    from webui.tournaments.progress import create

    t = create(name="Weekly", game=GAME, format="swiss", versions=field(5), rounds=2, table_size=2)
    play_out(t)
    page = web.get(f"/tournaments/{t.pk}/")
    assert page.status_code == 200
    html = page.content.decode()
    assert "Standings" in html and "Buchholz" in html and "head-to-head" in html
    assert "Round 2" in html and "bye:" in html
    match = t.paired_rounds.get(number=1).games.first().match
    assert f'href="/matches/{match.pk}/"' in html
    assert f'href="/matches/{match.pk}/replay.json"' in html
    listing = web.get("/tournaments/").content.decode()
    assert "Weekly" in listing and "finished" in listing


def test_an_elimination_page_draws_its_bracket_as_svg_linked_to_matches(db, web):
    from webui.tournaments.progress import create

    t = create(name="Cup", game=GAME, format="double-elim", versions=field(4), seed=3)
    play_out(t)
    html = web.get(f"/tournaments/{t.pk}/").content.decode()
    assert '<svg class="bracket"' in html
    assert "Winners&#x27; bracket" in html or "Winners' bracket" in html
    assert html.count('<a href="/matches/') >= 6
    assert "champion" in html


def test_the_api_serves_tournaments_read_only(db, web):
    from webui.tournaments.progress import create

    t = create(name="API cup", game=GAME, format="knockout", versions=field(6), table_size=3)
    play_out(t)
    listing = web.get("/api/tournaments/").json()
    assert listing["results"][0]["name"] == "API cup"
    detail = web.get(f"/api/tournaments/{t.pk}/").json()
    assert detail["tie_breaks"][0] == "stage reached"
    assert detail["standings"][0]["stage"] == "champion"
    assert detail["rounds_played"][0]["tables"][0]["games"][0]["status"] == "finished"
    assert web.post("/api/tournaments/", {"name": "x"}).status_code in (401, 403, 405)


def test_organisers_sign_in_and_choose_the_field_which_is_then_frozen(db, web):
    from django.contrib.auth import get_user_model

    from webui.tournaments.models import Tournament

    versions = field(4)
    assert web.get("/tournaments/new/").status_code == 302  # sign in first
    user = get_user_model().objects.create_user("organiser", password="a-long-password-1")
    web.force_login(user)
    form = web.get(f"/tournaments/new/?game={GAME}").content.decode()
    assert versions[0].label in form
    response = web.post(
        "/tournaments/new/",
        {
            "name": "Friday",
            "game": GAME,
            "format": "round-robin",
            "rounds": 1,
            "table_size": 3,
            "games_per_pairing": 1,
            "advance": 0,
            "entrants": [v.pk for v in versions],
        },
    )
    assert response.status_code == 302, response.content.decode()[:2000]
    t = Tournament.objects.get(name="Friday")
    assert t.organiser == user and t.status == "running"
    # The field is drawn in ladder order (all equal here, then by id).
    assert list(t.entrants.values_list("version_id", flat=True)) == [v.pk for v in versions]
    bad = web.post(
        "/tournaments/new/",
        {"name": "Too big", "game": GAME, "format": "swiss", "rounds": 3, "table_size": 6,
         "games_per_pairing": 1, "advance": 0, "entrants": [v.pk for v in versions]},
    )  # fmt: skip
    assert bad.status_code == 200 and "cannot fill a table of 6" in bad.content.decode()


def test_a_failed_match_is_void_and_a_disqualified_seat_loses_but_the_round_goes_on(db):
    from webui.matches.models import Match
    from webui.tournaments.progress import advance, create

    t = create(name="Rough", game=GAME, format="swiss", versions=field(4), rounds=2, table_size=2)
    advance(t.pk)
    first, second = Match.objects.filter(tournament_game__round__tournament=t).order_by("pk")
    Match.objects.filter(pk=first.pk).update(status="failed")  # the platform gave up on it
    seats = second.seats.order_by("seat")
    outcome = [
        {"rank": 1, "score": 0, "disqualified": True},
        {"rank": 0, "score": 3, "disqualified": False},
    ]
    Match.objects.filter(pk=second.pk).update(
        status="finished", summary={"players": ["a", "b"], "outcome": outcome}
    )
    assert advance(t.pk).startswith("round 2")
    rows = {r["entrant"]: r for r in t.standings()}
    loser, winner = (seats[0].version_id, seats[1].version_id)
    numbers = dict(t.entrants.values_list("version_id", "number"))
    assert rows[numbers[loser]]["points"] == 0 and rows[numbers[loser]]["disqualified"] == 1
    assert rows[numbers[winner]]["points"] == 1
    void = [numbers[s.version_id] for s in first.seats.all()]
    assert all(rows[e]["games"] == 0 for e in void), "a failed match counted for someone"


def test_advancing_twice_pairs_a_round_once(db):
    from webui.tournaments.models import Round
    from webui.tournaments.progress import advance, create

    t = create(name="Twice", game=GAME, format="swiss", versions=field(4), rounds=2, table_size=2)
    assert advance(t.pk).startswith("round 1")
    assert advance(t.pk) == "waiting for the round to end"
    assert Round.objects.filter(tournament=t).count() == 1
