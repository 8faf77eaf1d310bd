"""`recompute_ratings` / `arena ratings recompute`: agree, or say which rating is wrong."""

from __future__ import annotations

import pytest
from platform_support import GAME


@pytest.fixture
def played(db):
    from webui.ladder.matchmaking import fill_queue
    from workers.tasks import play

    for pk in fill_queue(GAME, depth=5):
        play(pk, "w1")


def test_recompute_agrees_with_ratings_stored_match_by_match(played):
    from arena_platform import cli

    assert cli.main(["ratings", "recompute"]) == 0


def test_recompute_reports_a_tampered_rating_and_exits_non_zero(played, capsys):
    from django.core.management import call_command

    from arena_platform import cli
    from webui.ladder.models import Rating

    tampered = Rating.objects.filter(games__gt=0).first()
    Rating.objects.filter(pk=tampered.pk).update(mu=tampered.mu + 0.5)
    assert cli.main(["ratings", "recompute"]) == 1
    assert f"version {tampered.version_id}" in capsys.readouterr().out
    with pytest.raises(SystemExit) as exited:
        call_command("recompute_ratings")
    assert exited.value.code == 1
    assert cli.main(["ratings", "recompute", "--fix"]) == 0
    assert cli.main(["ratings", "recompute"]) == 0
