"""How fast the site's pages answer, and how many SQL queries each costs, as matches pile up.

    python bench/web.py [--matches 1000,10000] [--repeat 30]

Fills a throw-away PostgreSQL database (on the local server; dropped at the end) with bots,
versions, ratings and finished matches with seats and rating history (bulk_create), then
times the ladder, bot, match and home pages and a few API endpoints with Django's test
client at each size. The number of queries per page must not grow with the data. Prints a
table; asserts nothing.
"""

from __future__ import annotations

import argparse
import hashlib
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


def add_matches(count: int, active: list, rng: random.Random, start) -> None:
    """`count` finished ladder matches with seats and rating history, in bulk."""
    from webui.ladder.models import Rating, RatingHistory
    from webui.matches.models import Match, MatchSeat

    ratings = {r.version_id: r for r in Rating.objects.filter(version__in=active)}
    batch = 1000
    made = 0
    while made < count:
        size = min(batch, count - made)
        lineups = [rng.sample(active, rng.randint(2, 6)) for _ in range(size)]
        base = start + timedelta(minutes=Match.objects.count())
        matches = Match.objects.bulk_create(
            Match(
                game=GAME,
                seed=rng.randrange(2**31),
                status=Match.Status.FINISHED,
                created=base + timedelta(minutes=i),
                started=base + timedelta(minutes=i),
                finished=base + timedelta(minutes=i, seconds=20),
                duration_ms=rng.uniform(200, 4000),
                summary={
                    "players": [v.label for v in lineup],
                    "outcome": [{"rank": r, "score": 10 - r} for r in range(len(lineup))],
                },
            )
            for i, lineup in enumerate(lineups)
        )
        seats, history = [], []
        for match, lineup in zip(matches, lineups, strict=True):
            ranks = rng.sample(range(len(lineup)), len(lineup))
            for seat, (version, rank) in enumerate(zip(lineup, ranks, strict=True)):
                seats.append(
                    MatchSeat(
                        match=match,
                        seat=seat,
                        version=version,
                        rank=rank,
                        score=float(10 - rank),
                        decisions=rng.randint(40, 400),
                        time_used_ms=rng.uniform(10, 900),
                    )
                )
                rating = ratings[version.pk]
                mu = rating.mu + (len(lineup) / 2 - rank) * rating.sigma * 0.05
                sigma = max(1.2, rating.sigma * 0.985)
                history.append(
                    RatingHistory(
                        rating=rating,
                        match=match,
                        mu_before=rating.mu,
                        sigma_before=rating.sigma,
                        mu=mu,
                        sigma=sigma,
                        rank=rank,
                    )
                )
                rating.mu, rating.sigma = mu, sigma
                rating.display = mu - 3 * sigma
                rating.games += 1
                rating.wins += rank == 0
                rating.last_played = match.finished
        MatchSeat.objects.bulk_create(seats, batch_size=5000)
        RatingHistory.objects.bulk_create(history, batch_size=5000)
        made += size
    Rating.objects.bulk_update(
        list(ratings.values()), ["mu", "sigma", "display", "games", "wins", "last_played"]
    )


def play_real_match(active: list) -> int:
    """One match really played by the worker code: it has a record, a replay and a log."""
    from webui.matches.models import Match, MatchSeat
    from workers.tasks import play

    match = Match.objects.create(game=GAME, seed=4242, time_control={})
    MatchSeat.objects.bulk_create(
        MatchSeat(match=match, seat=i, version=v) for i, v in enumerate(active[:4])
    )
    play(match.pk, "bench")
    return match.pk


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
    busiest_bot: int, real_match: int, bulk_match: int, tournament: int
) -> list[tuple[str, str]]:
    return [
        ("tournament (990 games)", f"/tournaments/{tournament}/"),
        ("API tournament", f"/api/tournaments/{tournament}/?format=json"),
        ("home", "/"),
        ("ladder", f"/ladder/{GAME}/"),
        ("ladder sorted by games, page 2", f"/ladder/{GAME}/?sort=games&dir=desc&page=2"),
        ("bot (busiest)", f"/bots/{busiest_bot}/"),
        ("match (played, 4 seats, log)", f"/matches/{real_match}/"),
        ("match (bulk row, no files)", f"/matches/{bulk_match}/"),
        ("matches list", "/matches/"),
        ("API ladder", f"/api/games/{GAME}/ladder/?format=json"),
        ("API matches", "/api/matches/?format=json"),
        ("API bot", f"/api/bots/{busiest_bot}/?format=json"),
    ]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--matches", default="1000,10000", help="sizes to measure at")
    parser.add_argument("--repeat", type=int, default=30, help="timed requests per page")
    args = parser.parse_args()
    sizes = sorted(int(n) for n in args.matches.split(","))
    database = create_database()
    try:
        with tempfile.TemporaryDirectory(prefix="arena-bench-web-") as data:
            setup_django(database, Path(data))
            run(sizes, args.repeat)
    finally:
        drop_database(database)
    return 0


def run(sizes: list[int], repeat: int) -> None:
    from django.db.models import Count
    from django.test import Client
    from django.utils import timezone

    from webui.bots.models import Bot
    from webui.matches.models import Match

    rng = random.Random(7)
    active = create_bots(rng)
    real = play_real_match(active)
    tournament = add_tournament(active, 1000, rng)
    start = timezone.now() - timedelta(days=30)
    client = Client()
    results: dict[int, dict[str, tuple[float, float, int]]] = {}
    have = 0
    for size in sizes:
        filled = time.perf_counter()
        add_matches(size - have, active, rng, start)
        have = size
        print(f"{size:,} matches: filled in {time.perf_counter() - filled:.1f} s", flush=True)
        busiest = (
            Bot.objects.annotate(n=Count("versions__seats"))
            .order_by("-n")
            .values_list("pk", flat=True)
        )[0]
        bulk = Match.objects.exclude(pk=real).order_by("-pk").values_list("pk", flat=True)[0]
        results[size] = {
            name: measure(client, url, repeat)
            for name, url in pages(busiest, real, bulk, tournament)
        }
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


if __name__ == "__main__":
    sys.exit(main())
