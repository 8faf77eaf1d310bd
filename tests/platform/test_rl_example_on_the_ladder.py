"""The trained example bot (examples/rl/) goes from its folder to the ladder the way its README
says: zipped, submitted, validated in the real sandbox, then seated in a ladder match that the
worker plays to the end, with no strike."""

from __future__ import annotations

import io
import zipfile
from pathlib import Path

from platform_support import GAME

EXAMPLE = Path(__file__).resolve().parents[2] / "examples" / "rl"


def readme_zip() -> bytes:
    """`python -m zipfile -c learned-towers.zip examples/rl/bot.py examples/rl/policy.npz`:
    each file at the top of the archive."""
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as archive:
        for name in ("bot.py", "policy.npz"):
            archive.write(EXAMPLE / name, name)
    return buffer.getvalue()


def test_the_trained_example_is_validated_and_plays_a_ladder_match(db):
    from django.contrib.auth import get_user_model

    from webui.bots.models import BotVersion
    from webui.bots.submission import submit
    from webui.matches.models import Match, MatchSeat
    from workers.tasks import play, validate

    owner = get_user_model().objects.create(username="learner")
    version = submit(owner, GAME, "learned-towers", "learned-towers.zip", readme_zip())
    assert validate(version.pk) == "active", BotVersion.objects.get(pk=version.pk).rejection_reason
    random_bot = BotVersion.objects.filter(builtin="random", bot__game=GAME).first()
    match = Match.objects.create(
        game=GAME,
        kind=Match.Kind.LADDER,
        options={},
        seed=11,
        time_control={"per_decision": 2.0, "bank": 10.0, "max_strikes": 3},
    )
    MatchSeat.objects.create(match=match, seat=0, version=version)
    MatchSeat.objects.create(match=match, seat=1, version=random_bot)
    assert play(match.pk, "w1").startswith("finished")
    seat = MatchSeat.objects.get(match=match, seat=0)
    assert seat.strikes == [], seat.strikes
    assert seat.rank is not None
