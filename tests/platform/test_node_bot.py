"""The Node.js example (examples/node), a client written from the .proto files alone, plays
ladder matches of every game through a gateway, beside hosted bots, and is rated."""

from __future__ import annotations

import shutil
import subprocess

import pytest
from arena_env import missing
from platform_support import REPO, Processes, settled_invariants, wait_until
from remote_support import Remote
from test_remote_ladder import (
    finished,
    make_remote_bot,
    online,
    remote_seats,
    schedule_until_seated,
)
from test_remote_ladder import remote as remote
from test_remote_ladder import workers as workers


@pytest.fixture(scope="module")
def node_example() -> None:
    """Node.js, and the example's packages installed from its lockfile when missing."""
    if shutil.which("node") is None:
        missing("Node.js", "no `node` on PATH")
    done = subprocess.run(
        [str(REPO / "scripts" / "install-node-example.sh")], capture_output=True, text=True
    )
    if done.returncode != 0:
        missing("the Node example's packages", done.stderr.strip())


@pytest.mark.parametrize("game", ["wandering_towers", "castle_panic", "wiz_war"])
def test_the_node_bot_plays_and_is_rated_on_the_ladder(
    node_example: None,
    workers: Processes,
    remote: Remote,
    game: str,
) -> None:
    from webui.ladder.models import Rating

    address = remote.gateway("gw-a")
    remote.gateway("gw-b")
    bot, token = make_remote_bot("nadia", f"node-{game}", game=game, concurrency=2)
    node = remote.node_bot("node", address, token)
    wait_until(lambda: online(bot), 30, "the Node bot online")
    queued = schedule_until_seated(bot, game)
    wait_until(lambda: finished(queued), 240, "the matches to finish\n" + node.log())
    seats = list(remote_seats(bot))
    assert seats
    for seat in seats:
        assert not seat.disqualified, seat.errors + "\n" + node.log()
        assert seat.rank is not None
    assert Rating.objects.get(version__bot=bot, game=game).games == len(seats)
    assert "rank" in node.log()
    settled_invariants()
