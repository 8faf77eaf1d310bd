"""On the platform, what a bot receives tells it nothing of the match seed: a real
sandboxed bot with the public engine bundled tries to re-deal its ladder match and fails;
ladder and tournament game seeds cannot be guessed from anything public."""

from __future__ import annotations

from platform_support import GAME, add_builtin, wait_until
from redeal_support import hidden_deal, redealer_source, report_of


def test_a_bot_cannot_re_deal_its_ladder_match(processes):
    from django.contrib.auth import get_user_model

    from webui import queue
    from webui.bots.models import BotVersion
    from webui.bots.submission import submit
    from webui.ladder.matchmaking import fill_queue
    from webui.ladder.models import Rating
    from webui.matches.models import Match, MatchSeat

    owner = get_user_model().objects.create(username="cheat")
    version = submit(owner, GAME, "redealer", "redealer.py", redealer_source().encode())
    version.activate()  # validation is not what is tested here
    Rating.for_version(version.pk, GAME)
    fill_queue(GAME, depth=4)  # every entrant anchors a match within the first few
    mine = MatchSeat.objects.filter(version=version).values_list("match_id", flat=True)
    match = Match.objects.filter(pk__in=mine).order_by("pk").first()
    assert match is not None
    processes.worker("w1")
    queue.run_matches(Match.queued_ids())  # the queue's order decides when it plays
    wait_until(lambda: Match.objects.get(pk=match.pk).status == "finished", 90, "the match")

    match.refresh_from_db()
    seat = match.seats.get(version=version)
    report = report_of(seat.stderr)
    assert report["engine"], "the bot must have the public engine, or its failure proves nothing"
    assert report["tried"] > 20_000
    assert match.seed not in report["matched"]
    hidden = hidden_deal(match.seats.count(), match.seed, match.options, seat.seat)
    for guess in [report["guess"], *report["predictions"]]:
        for other, hand in hidden["hands"].items():
            assert guess["hands"][other] != hand, f"seat {other}'s hand was predicted"
        assert guess["draw_top"] != hidden["draw_top"], "the next draws were predicted"
    assert BotVersion.objects.get(pk=version.pk).status == "active"


def test_ladder_match_seeds_are_63_random_bits(db):
    from webui.ladder.matchmaking import fill_queue
    from webui.matches.models import Match

    fill_queue(GAME, depth=40)
    seeds = list(Match.objects.values_list("seed", flat=True))
    assert len(set(seeds)) == len(seeds) == 40
    assert all(0 <= s < 2**63 for s in seeds)
    assert sum(s >= 2**32 for s in seeds) >= 35, "seeds a bot could search are too small"


def test_a_tournament_game_seed_is_a_keyed_hash_of_its_public_plan_seed(db):
    from arena.tournament import next_round
    from webui.tournaments.models import Game
    from webui.tournaments.progress import add_round, create

    versions = [add_builtin("entrants", f"bot{i}", "random") for i in range(4)]
    tournament = create(
        name="Duplicate cup",
        game=GAME,
        format="round-robin",
        versions=versions,
        table_size=2,
        games_per_pairing=2,
        duplicate=True,
        seed=3,
    )
    plan = next_round(tournament.settings(), tournament.history())
    add_round(tournament, plan)
    games = Game.objects.filter(round__tournament=tournament).select_related("match")
    plan_seeds = {spec.seed for table in plan.tables for spec in table.games}
    match_seeds = {g.match.seed for g in games}
    assert plan_seeds.isdisjoint(match_seeds), "a public plan seed is a game's seed"
    assert len(games) > len(plan_seeds), "a duplicate round deals each seed at several tables"
    assert len(match_seeds) == len(plan_seeds), "equal plan seeds (duplicate deals) stay equal"
