"""A cooperative table's result on every page (issue 36): a lost Castle Panic table reads as a
loss, a won one as a win, each with its ending, its towers and each seat's trophy points,
and never a medal or a green win dot after a loss. Competitive games keep their ranks."""

from __future__ import annotations

import re

import pytest
from web_support import play, shot, sign_in, user

GAME = "castle_panic"
LOST = "Castle fell — every tower destroyed"
WON = "Castle held — all monsters slain"


def reference(builtin: str):
    from webui.bots.models import BotVersion

    return BotVersion.objects.get(bot__owner__username="reference", bot__game=GAME, builtin=builtin)


def second(builtin: str):
    """Another version playing the reference bot: a version takes one seat per match."""
    import hashlib

    from webui.bots.models import Bot, BotVersion

    owner = user("cora")
    bot, _ = Bot.objects.get_or_create(owner=owner, name=f"cora-{builtin}", game=GAME)
    digest = hashlib.sha256(f"cora/{builtin}".encode()).hexdigest()
    version, created = BotVersion.objects.get_or_create(
        bot=bot, number=1, defaults={"builtin": builtin, "sha256": digest}
    )
    if created:
        version.activate()
    return version


@pytest.fixture(scope="module")
def tables(world) -> dict:
    """A won table (greedy pairs, played until one wins: about one in five does) and a lost
    one (a random pair never wins), both played by the worker; the lost one last."""
    greedy, random_bot = reference("greedy"), reference("random")
    won = None
    for seed in range(3600, 3660):
        match = play([greedy, second("greedy")], seed=seed, game=GAME)
        if match.summary["table"]["won"]:
            won = match
            break
    assert won is not None, "a greedy pair wins about one table in five"
    lost = play([random_bot, second("random")], seed=3601, game=GAME)
    assert lost.summary["table"] == {
        "towers_standing": 0,
        "won": False,
        "ending": "castle_fell",
    }, "a random pair loses every tower"
    assert {r["rank"] for r in lost.summary["outcome"]} == {0}, "a lost team shares rank 0"
    return {"won": won, "lost": lost}


def points(match) -> list[int]:
    return [r["points"] for r in match.summary["outcome"]]


def towers(match) -> str:
    n = match.summary["table"]["towers_standing"]
    return f"{n} tower{'' if n == 1 else 's'} standing"


@pytest.mark.parametrize("kind", ["lost", "won"])
def test_the_match_page_says_how_the_table_did_and_each_seats_trophies(page, tables, kind):
    match = tables[kind]
    page.goto(f"/matches/{match.pk}/")
    banner = page.locator("#team-result")
    assert banner.inner_text().startswith(LOST if kind == "lost" else WON)
    assert towers(match) in banner.inner_text()
    assert kind in banner.get_attribute("class").split()  # "lost" or "won"
    assert page.locator("table.seats .medal").count() == 0, "no places at a cooperative table"
    assert page.locator("table.seats th", has_text="place").count() == 0
    shown = page.locator("table.seats td.seat-points").all_inner_texts()
    assert [int(t) for t in shown] == points(match)
    shot(page, f"team-result-match-{kind}")


def test_a_competitive_match_page_keeps_its_places(page, world):
    match = world.matches["four"]
    page.goto(f"/matches/{match.pk}/")
    assert page.locator("#team-result").count() == 0
    assert page.locator("table.seats .medal").count() == 4


def row_of(page, match):
    """The list row that links to `match`."""
    return page.locator("tr", has=page.locator(f'a[href="/matches/{match.pk}/"]')).first


@pytest.mark.parametrize("where", ["/", "/matches/?game=castle_panic"])
def test_lists_show_the_team_result_and_no_medals(page, tables, where):
    page.goto(where)
    for kind, words in (("lost", "Castle fell"), ("won", "Castle held")):
        row = row_of(page, tables[kind])
        badge = row.locator(".team-result")
        assert badge.inner_text().startswith(words)
        assert towers(tables[kind]) in badge.inner_text()
        assert kind in badge.get_attribute("class").split()
        assert row.locator(".medal").count() == 0
        shown = [int(t) for t in row.locator(".trophy-points").all_inner_texts()]
        assert sorted(shown) == sorted(points(tables[kind]))  # a won table: Master Slayer first


def test_lists_keep_medals_for_competitive_games(page, world):
    page.goto("/matches/?game=wandering_towers")
    row = row_of(page, world.matches["four"])
    assert row.locator(".medal").count() == 4
    assert row.locator(".team-result").count() == 0


def test_the_bot_page_shows_team_results_and_no_win_dot_after_a_loss(page, tables):
    # The random bot's tables are all lost: no medal, no green dot, its trophy points.
    lost = tables["lost"]
    page.goto(f"/bots/{reference('random').bot_id}/")
    row = row_of(page, lost)
    assert row.locator(".team-result.lost").inner_text() == "Castle fell"
    assert row.locator(".medal").count() == 0
    assert row.locator("td.n").first.inner_text() in {str(p) for p in points(lost)}
    assert page.locator("svg.chart circle.point").count() >= 1
    assert page.locator("svg.chart circle.point.win").count() == 0, "it never won a table"
    titles = page.locator("svg.chart circle.point title").evaluate_all(
        "ts => ts.map(t => t.textContent)"
    )
    assert any(f"match #{lost.pk}: {LOST}" in t for t in titles), titles
    assert not any("place 1" in t for t in titles)
    shot(page, "team-result-bot-lost")
    # The greedy bot won one table: it shows as won, with one green dot per table won.
    from webui.ladder.models import RatingHistory

    won = tables["won"]
    greedy = reference("greedy")
    page.goto(f"/bots/{greedy.bot_id}/")
    row = row_of(page, won)
    assert row.locator(".team-result.won").inner_text() == "Castle held"
    assert row.locator(".medal").count() == 0
    history = RatingHistory.objects.filter(rating__version__bot_id=greedy.bot_id)
    won_tables = sum(1 for h in history.select_related("match") if h.match.summary["table"]["won"])
    assert won_tables >= 1
    assert page.locator("svg.chart circle.point.win").count() == won_tables
    from webui.ladder.models import Rating

    rating = Rating.objects.get(version=greedy, game=GAME)
    assert rating.wins == won_tables, "the rating counts the tables won, as the chart draws"


def test_the_ladder_counts_each_seats_own_trophy_points_without_the_win_bonus(page, tables):
    from webui.matches.models import Match, MatchSeat

    greedy = reference("greedy")
    seats = MatchSeat.objects.filter(
        version=greedy, match__kind=Match.Kind.LADDER, match__status=Match.Status.FINISHED
    ).select_related("match")
    own = [s.match.summary["outcome"][s.seat]["points"] for s in seats]
    assert any(s.match.summary["table"]["won"] for s in seats), "a won table, with its bonus"
    page.goto("/ladder/castle_panic/")
    shown = page.locator(f'tr[data-version="{greedy.pk}"] td[data-figure="points / game"]')
    assert float(shown.inner_text()) == pytest.approx(sum(own) / len(own), abs=0.051)


def test_a_cooperative_bot_page_lists_partners_and_tables_with_people(page, people_tables):
    from webui.matches.models import Match

    greedy, partner = reference("greedy"), second("greedy")
    page.goto(f"/bots/{greedy.bot_id}/")
    assert page.locator("h2", has_text="Partners").count() == 1
    assert page.locator("h2", has_text="Head to head").count() == 0
    row = page.locator(
        "table.head-to-head tr", has=page.locator(f'a[href="/bots/{partner.bot_id}/"]')
    )
    together = Match.objects.filter(status="finished", seats__version=greedy).filter(
        seats__version=partner
    )
    won = sum(1 for m in together if m.summary["table"]["won"])
    assert row.locator("td").nth(1).inner_text() == str(together.count())
    assert row.locator("td").nth(2).inner_text() == f"{won}–{together.count() - won}"
    # The person at the won table was the partner bot's teammate: one table won with people.
    page.goto(f"/bots/{partner.bot_id}/")
    assert page.locator("#against-people h2").inner_text() == "With people"
    assert page.locator(".people-record").inner_text() == "1–0"


def test_a_competitive_bot_page_keeps_head_to_head(page, world):
    page.goto(f"/bots/{world.bots['tactician'].pk}/")
    assert page.locator("h2", has_text="Head to head").count() == 1
    assert page.locator("#against-people h2").inner_text() == "Against people"


@pytest.fixture(scope="module")
def people_tables(tables) -> dict:
    """The two tables again as a person's tables: seat 0 played by a person (the stored
    replay, record and summary are the played match's; the table page reads only those)."""
    from webui.matches.models import Match, MatchSeat

    person = user("tess")
    made = {}
    for kind, played in tables.items():
        seats = list(played.seats.order_by("seat"))
        match = Match.objects.create(
            game=GAME,
            kind=Match.Kind.PEOPLE,
            options=played.options,
            seed=played.seed,
            status=Match.Status.FINISHED,
            finished=played.finished,
            record=played.record.name,
            replay=played.replay.name,
            summary=played.summary,
        )
        MatchSeat.objects.create(match=match, seat=0, person=person, rank=seats[0].rank)
        MatchSeat.objects.create(match=match, seat=1, version=seats[1].version, rank=seats[1].rank)
        made[kind] = match
    return {"person": person, **made}


@pytest.mark.parametrize("kind", ["lost", "won"])
def test_the_play_table_says_whether_the_team_won_never_a_place(
    page, base_url, people_tables, kind
):
    match = people_tables[kind]
    sign_in(page.context, base_url, people_tables["person"])
    page.goto(f"/play/{match.pk}/")
    page.wait_for_function(
        "() => document.getElementById('turn-status').textContent.includes('over')"
    )
    text = page.locator("#turn-status").inner_text()
    assert (LOST if kind == "lost" else WON) in text
    assert towers(match) in text
    assert f"Your trophies: {points(match)[0]} trophy point" in text
    assert "placed" not in text
    shot(page, f"team-result-table-{kind}")


def test_the_user_page_lists_the_persons_tables_with_their_results(page, people_tables):
    page.goto(f"/users/{people_tables['person'].username}/")
    for kind, words in (("lost", "Castle fell"), ("won", "Castle held")):
        row = row_of(page, people_tables[kind])
        assert row.locator(f".team-result.{kind}").inner_text().startswith(words)
        assert row.locator(".medal").count() == 0


@pytest.mark.parametrize("kind", ["lost", "won"])
def test_the_api_gives_the_team_result_of_a_cooperative_match(page, tables, kind):
    match = tables[kind]
    body = page.request.get(f"/api/matches/{match.pk}/").json()
    team = body["team"]
    assert team["won"] is (kind == "won")
    assert team["ending"] == ("castle_fell" if kind == "lost" else "monsters_slain")
    assert team["headline"] == (LOST if kind == "lost" else WON)
    assert team["towers_standing"] == match.summary["table"]["towers_standing"]
    assert [s["points"] for s in team["seats"]] == points(match)
    listed = page.request.get("/api/matches/?game=castle_panic").json()["results"]
    assert next(m for m in listed if m["id"] == match.pk)["team"] == team


def test_the_api_gives_no_team_for_a_competitive_match(page, world):
    match = world.matches["four"]
    body = page.request.get(f"/api/matches/{match.pk}/").json()
    assert body["team"] is None
    ranks = dict(match.seats.values_list("seat", "rank"))
    assert {s["seat"]: s["rank"] for s in body["seats"]} == ranks


def test_the_api_schema_documents_the_team_result(page):
    schema = page.request.get("/api/schema.json").text()
    assert "TeamResult" in schema and re.search(r"towers_standing", schema)


def tournament_of(versions: list, seed: int):
    """A one-round Swiss of two `versions`: one game, played out here as a worker would."""
    from webui.matches.models import Match
    from webui.tournaments.progress import advance, create
    from workers.tasks import play as run

    t = create(
        name=f"Siege {seed}", game=GAME, format="swiss", rounds=1, versions=versions, seed=seed
    )
    for _ in range(10):
        if advance(t.pk) == "finished":
            return t
        queued = Match.objects.filter(tournament_game__round__tournament=t, status="queued")
        for pk in queued.values_list("pk", flat=True):
            assert run(pk, "web-tests").startswith("finished")
    raise AssertionError("the tournament did not finish")


def only_match(t):
    from webui.matches.models import Match

    return Match.objects.get(tournament_game__round__tournament=t)


@pytest.fixture(scope="module")
def tournaments(tables) -> dict:
    """A tournament whose one table was lost (a random pair) and one whose table was won (a
    greedy pair, tried on new seeds until its table wins)."""
    lost = tournament_of([reference("random"), second("random")], seed=1)
    assert not only_match(lost).summary["table"]["won"]
    for seed in range(100, 160):
        won = tournament_of([reference("greedy"), second("greedy")], seed=seed)
        if only_match(won).summary["table"]["won"]:
            return {"lost": lost, "won": won}
    raise AssertionError("a greedy pair wins about one table in five")


@pytest.mark.parametrize("kind", ["lost", "won"])
def test_tournament_standings_count_only_won_tables_and_rounds_show_the_team(
    page, tournaments, kind
):
    t = tournaments[kind]
    match = only_match(t)
    page.goto(f"/tournaments/{t.pk}/")
    headers = page.locator("table.standings thead th").all_text_contents()
    wins = headers.index("wins")
    for row in page.locator("table.standings tbody tr").all():
        cell = row.locator("td").nth(wins).inner_text()
        assert cell == ("0" if kind == "lost" else "1"), "the team's result, for every seat"
    result = page.locator("details.round tr", has=page.locator(f'a[href="/matches/{match.pk}/"]'))
    badge = result.locator(f".team-result.{kind}")
    assert badge.inner_text().startswith("Castle fell" if kind == "lost" else "Castle held")
    assert towers(match) in badge.inner_text()
    assert not re.search(r"\b1\. ", result.inner_text()), "no places at a cooperative table"
    shown = [int(p) for p in result.locator(".trophy-points").all_inner_texts()]
    assert sorted(shown) == sorted(points(match))
    shot(page, f"team-result-tournament-{kind}")
