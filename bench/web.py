"""How fast the site's pages answer, and how many SQL queries each costs, as matches pile up.

    python bench/web.py [--matches 10000,100000,1000000] [--repeat 30]

Fills a throw-away PostgreSQL database (on the local server; dropped at the end) with bots,
versions, ratings, a 990-game tournament, a few matches really played (records, replays),
then finished ladder matches with seats and rating history, built by PostgreSQL itself
(INSERT ... SELECT over generate_series: a million in minutes), the counters recounted.
Times the pages and API reads with Django's test client at each size: median, 95th
percentile and queries per page (which must not grow with the data), and at the largest
size the bytes per finished match in PostgreSQL. Prints the load average next to the
figures: on a shared machine they are only as quiet as it is. Asserts nothing.
"""

from __future__ import annotations

import argparse
import hashlib
import os
import random
import statistics
import sys
import tempfile
import time
from datetime import timedelta
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))

from site_db import create_database, drop_database, setup_django  # noqa: E402

GAME = "wandering_towers"
AUTHORS = 50
BOTS_PER_AUTHOR = 2


def create_bots(rng: random.Random) -> list:
    """Authors with two bots each; every bot has 1-3 versions, the last one active."""
    from django.contrib.auth import get_user_model

    from webui.bots.models import Bot, BotVersion
    from webui.ladder.models import Rating

    users = get_user_model().objects.bulk_create(
        get_user_model()(username=f"author{i:03d}") for i in range(AUTHORS)
    )
    bots = Bot.objects.bulk_create(
        Bot(owner=user, name=f"bot-{user.pk}-{k}", game=GAME)
        for user in users
        for k in range(BOTS_PER_AUTHOR)
    )
    versions = []
    for bot in bots:
        count = rng.randint(1, 3)
        for number in range(1, count + 1):
            digest = hashlib.sha256(f"{bot.pk}/{number}".encode()).hexdigest()
            versions.append(
                BotVersion(
                    bot=bot,
                    number=number,
                    builtin=rng.choice(["random", "greedy"]),
                    sha256=digest,
                    status="active" if number == count else "retired",
                )
            )
    versions = BotVersion.objects.bulk_create(versions)
    active = [v for v in versions if v.status == "active"]
    Rating.objects.bulk_create(Rating(version=v, game=GAME) for v in active)
    return active


#: One chunk of the bulk fill: every match's lineup is drawn in SQL from its plan row (n
#: seats, the first version `o`, a `step` coprime with the field so seats are distinct, and
#: a rotation `r` of the ranks), so the match, its seats and its rating history agree.
FILL = """
CREATE TEMP TABLE plan ON COMMIT DROP AS
SELECT %(base)s + g AS id, 2 + floor(random() * 5)::int AS n,
       floor(random() * %(field)s)::int AS o,
       (%(steps)s::int[])[1 + floor(random() * %(nsteps)s)::int] AS step,
       floor(random() * 6)::int AS r, random() AS x
FROM generate_series(1, %(count)s) g;

CREATE TEMP TABLE plan_seat ON COMMIT DROP AS
SELECT p.id AS match_id, s AS seat, 1 + (p.o + s * p.step) %% %(field)s AS k,
       (s + p.r) %% p.n AS rank
FROM plan p, generate_series(0, 5) s WHERE s < p.n;

INSERT INTO matches_match (id, game, kind, options, seed, time_control, status, lease_owner,
    attempts, played_by, last_error, created, started, finished, duration_ms, record, replay,
    summary, live_actions)
SELECT p.id, %(game)s, 'ladder', '{}', floor(p.x * 2147483647)::bigint, '{}', 'finished', '',
       1, 'bench', '', %(start)s + p.id * interval '1 minute',
       %(start)s + p.id * interval '1 minute',
       %(start)s + p.id * interval '1 minute' + interval '20 seconds', 200 + p.x * 3800, '', '',
       jsonb_build_object('players', t.players, 'outcome', t.outcome), '[]'
FROM plan p JOIN (
    SELECT s.match_id,
           jsonb_agg((%(labels)s::text[])[s.k] ORDER BY s.seat) AS players,
           jsonb_agg(jsonb_build_object('rank', s.rank, 'score', 10 - s.rank) ORDER BY s.seat)
               AS outcome
    FROM plan_seat s GROUP BY s.match_id
) t ON t.match_id = p.id;

INSERT INTO matches_matchseat (match_id, seat, version_id, rank, score, disqualified, strikes,
    errors, stderr, decisions, time_used_ms)
SELECT s.match_id, s.seat, (%(versions)s::bigint[])[s.k], s.rank, 10 - s.rank, false, '[]',
       '', '', 40 + floor(random() * 360)::int, 10 + random() * 890
FROM plan_seat s;

INSERT INTO ladder_ratinghistory (rating_id, match_id, mu_before, sigma_before, mu, sigma,
    rank, created)
SELECT (%(ratings)s::bigint[])[s.k], s.match_id, 20 + 10 * random(), 2 + random(),
       20 + 10 * random(), 2 + random(), s.rank,
       %(start)s + s.match_id * interval '1 minute' + interval '20 seconds'
FROM plan_seat s;
"""


def add_matches(count: int, active: list, start) -> None:
    """`count` finished ladder matches with seats and rating history, in bulk: PostgreSQL
    builds them itself (INSERT ... SELECT over generate_series), a chunk per transaction,
    then the counters are recounted and the tables analysed."""
    from math import gcd

    from django.db import connection, transaction

    from webui.ladder.models import Rating
    from webui.matches.tallies import recount

    ratings = dict(Rating.objects.filter(version__in=active).values_list("version_id", "pk"))
    field = len(active)
    steps = [k for k in range(1, field) if gcd(k, field) == 1][:12]
    with connection.cursor() as cursor:
        cursor.execute("SELECT COALESCE(MAX(id), 0) FROM matches_match")
        base = cursor.fetchone()[0]
    chunk = 100_000
    for offset in range(0, count, chunk):
        with transaction.atomic(), connection.cursor() as cursor:
            cursor.execute(
                FILL,
                {
                    "base": base + offset,
                    "count": min(chunk, count - offset),
                    "field": field,
                    "steps": steps,
                    "nsteps": len(steps),
                    "game": GAME,
                    "start": start,
                    "labels": [v.label for v in active],
                    "versions": [v.pk for v in active],
                    "ratings": [ratings[v.pk] for v in active],
                },
            )
    with connection.cursor() as cursor:
        cursor.execute(
            "SELECT setval(pg_get_serial_sequence('matches_match', 'id'), MAX(id)) "
            "FROM matches_match"
        )
        cursor.execute(
            """UPDATE ladder_rating r SET games = h.games, wins = h.wins,
                      mu = h.mu, display = h.mu - 3 * r.sigma, last_played = h.last
               FROM (SELECT rating_id, COUNT(*) AS games, SUM((rank = 0)::int) AS wins,
                            AVG(mu) AS mu, MAX(created) AS last
                     FROM ladder_ratinghistory GROUP BY rating_id) h
               WHERE h.rating_id = r.id"""
        )
    counted = time.perf_counter()
    recount()
    print(f"  counters recounted in {time.perf_counter() - counted:.1f} s", flush=True)
    with connection.cursor() as cursor:
        cursor.execute("VACUUM ANALYZE")


def play_real_match(lineup: list, seed: int = 4242) -> int:
    """One match really played by the worker code: it has a record, a replay and a log."""
    from webui.matches.models import Match, MatchSeat
    from workers.tasks import play

    match = Match.objects.create(game=GAME, seed=seed, time_control={})
    MatchSeat.objects.bulk_create(
        MatchSeat(match=match, seat=i, version=v) for i, v in enumerate(lineup)
    )
    play(match.pk, "bench")
    return match.pk


def storage(finished: int, real: list[int]) -> list[tuple[str, float]]:
    """Bytes per finished match in PostgreSQL (tables with their indexes and TOAST), the
    files measured on the matches really played (the bulk rows have none)."""
    import gzip

    from django.db import connection

    from webui.files.models import StoredFile
    from webui.matches import frames
    from webui.matches.models import Match

    def table(name: str) -> float:
        with connection.cursor() as cursor:
            cursor.execute("SELECT pg_total_relation_size(%s)", [name])
            return cursor.fetchone()[0] / finished

    matches = Match.objects.filter(pk__in=real)
    names = [n for m in matches for n in (m.record.name, m.replay.name) if n]
    files = StoredFile.objects.filter(name__in=names)
    frames_made = []
    for match in matches:  # what a viewer's first look stores (already gzipped)
        frames.frames_gzip(match, None)
        frames_made += [frames.stored_name(match, v) for v in ("spectator", "steps")]
    with connection.cursor() as cursor:
        cursor.execute(
            "SELECT COALESCE(SUM(pg_column_size(content)), 0), COALESCE(SUM(size), 0) "
            "FROM files_storedfile WHERE name = ANY(%s)",
            [names],
        )
        stored, raw = cursor.fetchone()
        cursor.execute(
            "SELECT COALESCE(SUM(pg_column_size(content)), 0) FROM files_storedfile "
            "WHERE name = ANY(%s)",
            [frames_made],
        )
        (frames_stored,) = cursor.fetchone()
    zipped = sum(len(gzip.compress(bytes(f.content), 6)) for f in files)
    rows = [
        ("match row (with indexes)", table("matches_match")),
        ("seats", table("matches_matchseat")),
        ("rating history", table("ladder_ratinghistory")),
        ("record + replay as stored", stored / len(real)),
    ]
    rows.append(("total", sum(v for _, v in rows)))
    rows += [
        ("  record + replay, raw JSON", raw / len(real)),
        ("  record + replay, gzip -6", zipped / len(real)),
        ("  spectator frames once viewed", frames_stored / len(real)),
    ]
    return rows


def add_tournament(active: list, games: int, rng: random.Random) -> int:
    """A finished round robin of about `games` games between 10 versions, stored as the
    platform stores one (rounds, plans, one finished match per game)."""
    from arena.tournament import next_round
    from webui.matches.models import Match, MatchSeat
    from webui.tournaments.models import Tournament
    from webui.tournaments.progress import add_round, create

    field = active[:10]  # 45 pairs x 2 seatings = 90 games a cycle
    tournament = create(
        name=f"{games} games", game=GAME, format="round-robin", versions=field,
        rounds=max(1, round(games / 90)), table_size=2,
    )  # fmt: skip
    while (plan := next_round(tournament.settings(), tournament.history())) is not None:
        ids = add_round(tournament, plan)
        finished = []
        for match in Match.objects.filter(pk__in=ids):
            ranks = rng.sample(range(2), 2)
            match.status = Match.Status.FINISHED
            match.finished = match.started = match.created
            match.summary = {
                "players": ["a", "b"],
                "outcome": [{"rank": r, "score": 1 - r} for r in ranks],
            }
            finished.append(match)
        Match.objects.bulk_update(finished, ["status", "finished", "started", "summary"])
        seats = list(MatchSeat.objects.filter(match_id__in=ids))
        for seat in seats:
            seat.rank = next(m for m in finished if m.pk == seat.match_id).summary["outcome"][
                seat.seat
            ]["rank"]
        MatchSeat.objects.bulk_update(seats, ["rank"])
    Tournament.objects.filter(pk=tournament.pk).update(status=Tournament.Status.FINISHED)
    return tournament.pk


def measure(client, url: str, repeat: int) -> tuple[float, float, int]:
    """(median ms, 95th percentile ms, queries) of GET url."""
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    for _ in range(2):  # warm caches (templates, stored frames)
        client.get(url)
    connection.queries_log.clear()  # a full log (maxlen 9000) would hide new queries
    with CaptureQueriesContext(connection) as queries:
        response = client.get(url)
    count = len(queries.captured_queries)  # now: the next request resets the log
    assert response.status_code == 200, (url, response.status_code)
    times = []
    for _ in range(repeat):
        started = time.perf_counter()
        client.get(url)
        times.append((time.perf_counter() - started) * 1000)
    times.sort()
    p95 = times[min(len(times) - 1, round(0.95 * (len(times) - 1)))]
    return statistics.median(times), p95, count


def pages(
    busiest_bot: int, real_match: int, bulk_match: int, tournament: int, api_next: str
) -> list[tuple[str, str]]:
    from webui.bots.models import Bot

    bot = Bot.objects.select_related("owner").get(pk=busiest_bot)
    version = bot.versions.order_by("-number").values_list("pk", flat=True)[0]
    return [
        ("tournament (990 games)", f"/tournaments/{tournament}/"),
        ("API tournament", f"/api/tournaments/{tournament}/?format=json"),
        ("tournaments", "/tournaments/"),
        ("API tournaments", "/api/tournaments/?format=json"),
        ("home", "/"),
        ("ladder", f"/ladder/{GAME}/"),
        ("ladder sorted by games, page 2", f"/ladder/{GAME}/?sort=games&dir=desc&page=2"),
        ("solo board", "/ladder/castle_panic/solo/"),
        ("bots", "/bots/"),
        ("bot (busiest)", f"/bots/{busiest_bot}/"),
        ("version (busiest)", f"/versions/{version}/"),
        ("user (busiest bot's author)", f"/users/{bot.owner.username}/"),
        ("match (played, 4 seats, log)", f"/matches/{real_match}/"),
        ("match frames", f"/matches/{real_match}/frames.json"),
        ("match record", f"/matches/{real_match}/log.json"),
        ("match (bulk row, no files)", f"/matches/{bulk_match}/"),
        ("matches list", "/matches/"),
        ("matches list, halfway down", f"/matches/?before={bulk_match // 2}"),
        ("matches list, failed only", "/matches/?status=failed"),
        ("API games", "/api/games/?format=json"),
        ("API game", f"/api/games/{GAME}/?format=json"),
        ("API ladder", f"/api/games/{GAME}/ladder/?format=json"),
        ("API matches", "/api/matches/?format=json"),
        ("API matches, next page", api_next),
        ("API matches of the busiest bot", f"/api/matches/?bot={busiest_bot}&format=json"),
        ("API match", f"/api/matches/{real_match}/?format=json"),
        ("API bots", "/api/bots/?format=json"),
        ("API bot", f"/api/bots/{busiest_bot}/?format=json"),
        ("API versions", "/api/versions/?format=json"),
        ("API version", f"/api/versions/{version}/?format=json"),
    ]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--matches", default="1000,10000", help="sizes to measure at")
    parser.add_argument("--repeat", type=int, default=30, help="timed requests per page")
    args = parser.parse_args()
    sizes = sorted(int(n) for n in args.matches.split(","))
    database = create_database()
    # Django's cache on the local Redis, as in production (a bench database of its own).
    os.environ.setdefault("ARENA_CACHE_URL", "redis://127.0.0.1:6379/13")
    try:
        with tempfile.TemporaryDirectory(prefix="arena-bench-web-") as data:
            setup_django(database, Path(data))
            run(sizes, args.repeat)
    finally:
        drop_database(database)
    return 0


def run(sizes: list[int], repeat: int) -> None:
    from django.test import Client
    from django.utils import timezone

    from webui import heap
    from webui.ladder.models import Rating
    from webui.matches.models import Match

    rng = random.Random(7)
    active = create_bots(rng)
    real = play_real_match(active[:4])
    played = [real] + [
        play_real_match(active[10 * k : 10 * k + 2 + k % 5], seed=k) for k in range(1, 8)
    ]
    tournament = add_tournament(active, 1000, rng)
    start = timezone.now() - timedelta(minutes=sizes[-1] + 10_000)  # the last ends now
    client = Client()
    results: dict[int, dict[str, tuple[float, float, int]]] = {}
    have = 0
    for size in sizes:
        filled = time.perf_counter()
        add_matches(size - have, active, start)
        have = size
        print(f"{size:,} matches: filled in {time.perf_counter() - filled:.1f} s", flush=True)
        load = os.getloadavg()[0]
        busiest = (
            Rating.objects.order_by("-games").values_list("version__bot_id", flat=True).first()
        )
        if size == sizes[-1]:
            finished = Match.objects.filter(status=Match.Status.FINISHED).count()
            sizes_at = storage(finished, played)
        bulk = Match.objects.exclude(pk=real).order_by("-pk").values_list("pk", flat=True)[0]
        api_next = client.get("/api/matches/?format=json").json()["next"]
        api_next = api_next[api_next.index("/api/") :]
        heap.settle()  # as `arena web`'s workers do once the site is loaded
        results[size] = {
            name: measure(client, url, repeat)
            for name, url in pages(busiest, real, bulk, tournament, api_next)
        }
        print(f"  measured; load average {load:.1f} before, {os.getloadavg()[0]:.1f} after")
    print()
    header = f"{'page':32}" + "".join(f" | {f'{n:,} matches':>28}" for n in sizes)
    print(header)
    print(f"{'':32}" + "".join(f" | {'median':>8} {'p95':>8} {'queries':>9}" for _ in sizes))
    print("-" * len(header))
    for name in results[sizes[0]]:
        cells = "".join(
            f" | {results[n][name][0]:6.1f}ms {results[n][name][1]:6.1f}ms {results[n][name][2]:9d}"
            for n in sizes
        )
        print(f"{name:32}{cells}")
    print(f"\nbytes per finished match in PostgreSQL at {sizes[-1]:,} matches")
    for name, value in sizes_at:
        print(f"{name:32} {value:10,.0f}")


if __name__ == "__main__":
    sys.exit(main())
