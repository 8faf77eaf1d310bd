"""How fast the replay viewer draws: frames painted per second while a replay plays at 32 moves/s,
and the time one board takes to draw, per game, in headless Chromium.

    python bench/viewer.py [--seconds 6] [--speed 32] [--players 4]

Plays one match per game with the reference bots (the worker's own code, on a throw-away
PostgreSQL database), serves the site as in production (static files collected) and opens each
match page in Debian's Chromium through Playwright. A frame counts as painted when an animation
frame sees a move on the board that the previous one did not. Prints a table; asserts nothing.

Before the viewer drew each move on a board it kept (one SVG per frame, replaced whole) it
painted 6-14 frames/s at 32 moves/s; the target is at least 25 for every game.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import tempfile
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))

from rich.console import Console  # noqa: E402
from rich.table import Table  # noqa: E402
from site_db import create_database, drop_database, setup_django  # noqa: E402

CHROMIUM = os.environ.get("ARENA_CHROMIUM", "/usr/bin/chromium")

#: Plays the last `seconds` of the replay at the chosen speed, counting painted frames (an
#: animation frame that shows a new move) and timing each board's drawing.
MEASURE = """async ([seconds, speed]) => {
  const viewer = ArenaViewer.current();
  const svg = document.querySelector("svg.board");
  const last = viewer.count - 1;
  const first = Math.max(0, last - Math.round(seconds * speed));  // the late, busiest boards
  const draws = [];
  let ended = null;
  const render = viewer.render.bind(viewer);
  viewer.render = () => {
    const t = performance.now();
    render();
    draws.push(performance.now() - t);
    if (viewer.index === last && ended === null) ended = performance.now();
  };
  viewer.go(first, false);
  const select = document.querySelector(".viewer .speed select");
  select.value = String(speed);
  select.dispatchEvent(new Event("change"));
  let painted = 0, shown = svg.dataset.step, running = true;
  const watch = () => {
    if (svg.dataset.step !== shown) { painted += 1; shown = svg.dataset.step; }
    if (running) requestAnimationFrame(watch);
  };
  requestAnimationFrame(watch);
  const start = performance.now();
  viewer.toggle();
  await new Promise((done) => setTimeout(done, seconds * 1000 + 500));
  running = false;
  if (viewer.playing) viewer.toggle();
  const elapsed = ((ended || performance.now()) - start) / 1000;
  return { painted: painted / elapsed, moves: (viewer.index - first) / elapsed,
           draws: draws, count: viewer.count };
}"""


def play_matches(players: int) -> dict[str, int]:
    """One finished match per game between random bots; returns match ids by game."""
    from django.contrib.auth import get_user_model

    import arena.games
    from webui.bots.models import Bot, BotVersion
    from webui.matches.models import Match, MatchSeat
    from workers.tasks import play

    made = {}
    for name in arena.games.names():
        info = arena.games.get(name)
        seats = max(info.min_players, min(players, info.max_players))
        versions = []
        for seat in range(seats):
            owner, _ = get_user_model().objects.get_or_create(username=f"bench{seat}")
            bot = Bot.objects.create(owner=owner, name=f"random-{seat}", game=name)
            versions.append(
                BotVersion.objects.create(
                    bot=bot, number=1, builtin="random", sha256=f"{bot.pk:064x}", status="active"
                )
            )
        match = Match.objects.create(
            game=name, options=info.resolve_options({}), seed=11, time_control={}
        )
        MatchSeat.objects.bulk_create(
            MatchSeat(match=match, seat=i, version=v) for i, v in enumerate(versions)
        )
        play(match.pk, "bench")
        made[name] = match.pk
    return made


def serve():
    from django.core.management import call_command
    from django.test.testcases import LiveServerThread

    call_command("collectstatic", interactive=False, verbosity=0)
    server = LiveServerThread("127.0.0.1", static_handler=lambda handler: handler.application)
    server.daemon = True
    server.start()
    server.is_ready.wait()
    if server.error:
        raise server.error
    return server


def measure(matches: dict[str, int], seconds: float, speed: int, slowdown: float) -> list[tuple]:
    from playwright.sync_api import sync_playwright

    server = serve()
    rows = []
    try:
        with sync_playwright() as driver:
            browser = driver.chromium.launch(executable_path=CHROMIUM, headless=True)
            page = browser.new_page(viewport={"width": 1400, "height": 1000})
            if slowdown > 1:  # a slower machine than this one, as Chromium's devtools emulate
                cdp = page.context.new_cdp_session(page)
                cdp.send("Emulation.setCPUThrottlingRate", {"rate": slowdown})
            for game, pk in matches.items():
                page.goto(f"http://127.0.0.1:{server.port}/matches/{pk}/")
                page.wait_for_selector("#viewer[data-ready=true]", state="attached")
                result = page.evaluate(MEASURE, [seconds, speed])
                draws = sorted(result["draws"])
                p90 = draws[int(len(draws) * 0.9)] if draws else float("nan")
                rows.append(
                    (
                        game,
                        result["count"] - 1,
                        result["moves"],
                        result["painted"],
                        statistics.median(draws) if draws else float("nan"),
                        p90,
                    )
                )
            browser.close()
    finally:
        server.terminate()
    return rows


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=6.0, help="playing time per game")
    parser.add_argument("--speed", type=int, default=32, help="moves per second")
    parser.add_argument("--players", type=int, default=4, help="seats per match")
    parser.add_argument(
        "--slowdown", type=float, default=1, help="run Chromium's CPU this many times slower"
    )
    args = parser.parse_args()
    database = create_database()
    try:
        with tempfile.TemporaryDirectory(prefix="arena-bench-viewer-") as data:
            setup_django(database, Path(data), hosts="127.0.0.1,localhost,testserver")
            matches = play_matches(args.players)
            rows = measure(matches, args.seconds, args.speed, args.slowdown)
    finally:
        drop_database(database)
    slower = f", CPU {args.slowdown:g}x slower" if args.slowdown > 1 else ""
    table = Table(title=f"Replay viewer at {args.speed} moves/s, headless Chromium{slower}")
    for column in ("game", "moves", "moves/s", "frames painted/s", "draw median", "draw p90"):
        table.add_column(column, justify="left" if column == "game" else "right")
    for game, moves, rate, painted, median, p90 in rows:
        table.add_row(
            game, str(moves), f"{rate:.1f}", f"{painted:.1f}", f"{median:.1f} ms", f"{p90:.1f} ms"
        )
    Console().print(table)
    return 0


if __name__ == "__main__":
    sys.exit(main())
