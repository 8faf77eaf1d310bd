"""How fast the replay viewer draws: frames painted per second while a replay plays at 32 moves/s,
the long tasks, and the time one board takes to draw, per game, in headless Chromium.

    python bench/viewer.py [--speed 32] [--seconds N] [--width 1280] [--profile]

Plays one match per game with the reference random bots (the worker's own code, on a throw-away
PostgreSQL database): Wiz-War with two wizards and 20 rounds, whose seed is chosen so the match
is about `--wiz-war-moves` long (300). Serves the site as in production (static files collected)
and opens each match page in Debian's Chromium through Playwright at 1280x800. The whole replay
plays from its first move (`--seconds` plays only its last N seconds). A frame counts as painted
when an animation frame sees a move on the board that the previous one did not; a long task is
one of 50 ms or more (PerformanceObserver). `--profile` also records a Chromium trace of the
playback and prints where the page's main thread spent its time (script, style, layout, paint).
Prints tables; asserts nothing.

Figures (this machine, 2 cores shared, load average 7-8; 1280x800, 32 moves/s, whole replay;
frames painted/s, long tasks):
  one SVG rebuilt per move:      Wiz-War (330 moves) 8.9, 68; Wandering Towers (1440) 21.0, 230;
                                 Castle Panic (68) 31.9, 0
  boards changed in place, the move log in its own layer
  (docs/decisions/viewer-boards-change-in-place.md):
                                 Wiz-War 31.3, 2; Wandering Towers 30.3, 48; Castle Panic 30.8, 1
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import tempfile
from collections import Counter
from pathlib import Path
from typing import Any

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))

from rich.console import Console  # noqa: E402
from rich.table import Table  # noqa: E402
from site_db import create_database, drop_database, setup_django  # noqa: E402

CHROMIUM = os.environ.get("ARENA_CHROMIUM", "/usr/bin/chromium")

#: Wiz-War is measured on a match of about this many moves (the issue's 300-move replay).
WIZ_WAR_OPTIONS = {"round_limit": 20}

#: Plays the replay (all of it, or its last `seconds`) at the chosen speed, counting painted
#: frames (an animation frame that shows a new move), long tasks, and each board's drawing.
MEASURE = """async ([seconds, speed]) => {
  const viewer = ArenaViewer.current();
  const svg = document.querySelector("svg.board");
  const last = viewer.count - 1;
  const first = seconds > 0 ? Math.max(0, last - Math.round(seconds * speed)) : 0;
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
  await new Promise((done) => requestAnimationFrame(() => setTimeout(done, 200)));
  const select = document.querySelector(".viewer .speed select");
  select.value = String(speed);
  select.dispatchEvent(new Event("change"));
  const long = [];
  const observer = new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) long.push(entry.duration);
  });
  observer.observe({ type: "longtask", buffered: false });
  let painted = 0, ticks = 0, shown = svg.dataset.step, running = true;
  const watch = () => {
    ticks += 1;
    if (svg.dataset.step !== shown) { painted += 1; shown = svg.dataset.step; }
    if (running) requestAnimationFrame(watch);
  };
  requestAnimationFrame(watch);
  const start = performance.now();
  viewer.toggle();
  const planned = ((last - first) / speed) * 1000;
  while (viewer.playing && performance.now() - start < planned * 3 + 2000) {
    await new Promise((done) => setTimeout(done, 100));
  }
  running = false;
  observer.disconnect();
  if (viewer.playing) viewer.toggle();
  const elapsed = ((ended || performance.now()) - start) / 1000;
  return { painted: painted / elapsed, frames: ticks / elapsed,
           moves: (viewer.index - first) / elapsed, draws: draws, count: viewer.count,
           shown: viewer.index - first, long: long };
}"""

#: Main-thread trace events and the column each counts in (the rest is "other").
PHASES = {
    "FunctionCall": "script",
    "FireAnimationFrame": "script",
    "TimerFire": "script",
    "EventDispatch": "script",
    "v8.evaluateModule": "script",
    "UpdateLayoutTree": "style",
    "Layout": "layout",
    "PrePaint": "paint",
    "Paint": "paint",
    "PaintImage": "paint",
    "Layerize": "paint",
    "UpdateLayer": "paint",
    "Commit": "paint",
    "HitTest": "other",
}


def play_matches(players: int, wiz_war_moves: int) -> dict[str, int]:
    """One finished match per game between random bots; returns match ids by game."""
    import arena.games

    made = {}
    for name in arena.games.names():
        info = arena.games.get(name)
        if name == "wiz_war":
            made[name] = _long_match(name, 2, WIZ_WAR_OPTIONS, wiz_war_moves)
        else:
            seats = max(info.min_players, min(players, info.max_players))
            made[name] = _play(name, seats, {}, seed=11)
    return made


def _play(game: str, seats: int, options: dict[str, Any], seed: int) -> int:
    from django.contrib.auth import get_user_model

    import arena.games
    from webui.bots.models import Bot, BotVersion
    from webui.matches.models import Match, MatchSeat
    from workers.tasks import play

    info = arena.games.get(game)
    versions = []
    for seat in range(seats):
        owner, _ = get_user_model().objects.get_or_create(username=f"bench{seat}")
        bot, created = Bot.objects.get_or_create(owner=owner, name=f"random-{seat}", game=game)
        version = bot.versions.first()
        if created or version is None:
            version = BotVersion.objects.create(
                bot=bot, number=1, builtin="random", sha256=f"{bot.pk:064x}", status="active"
            )
        versions.append(version)
    match = Match.objects.create(
        game=game, options=info.resolve_options(options), seed=seed, time_control={}
    )
    MatchSeat.objects.bulk_create(
        MatchSeat(match=match, seat=i, version=v) for i, v in enumerate(versions)
    )
    play(match.pk, "bench")
    return match.pk


def _long_match(game: str, seats: int, options: dict[str, Any], moves: int) -> int:
    """The match of the first few seeds whose length is nearest `moves`."""
    from webui.matches.models import MatchSeat

    best: tuple[int, int] | None = None
    for seed in range(11, 23):
        pk = _play(game, seats, options, seed)
        length = sum(MatchSeat.objects.filter(match_id=pk).values_list("decisions", flat=True))
        if best is None or abs(length - moves) < abs(best[1] - moves):
            best = (pk, length)
        if abs(length - moves) <= moves // 10:
            break
    assert best is not None
    return best[0]


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


def main_thread_times(events: list[dict[str, Any]]) -> Counter[str]:
    """Milliseconds of the renderer's main thread per trace event name (its own time)."""
    main = {
        (e["pid"], e["tid"])
        for e in events
        if e.get("name") == "thread_name" and e.get("args", {}).get("name") == "CrRendererMain"
    }
    spans = sorted(
        (e["ts"], e["ts"] + e.get("dur", 0), e["name"])
        for e in events
        if (e.get("pid"), e.get("tid")) in main and e.get("ph") == "X" and e["name"] in PHASES
    )
    times: Counter[str] = Counter()
    # An event inside another one (style inside a script's forced layout) counts for itself,
    # and is taken out of its parent's time.
    stack: list[list[Any]] = []
    for begin, end, name in spans:
        while stack and stack[-1][1] <= begin:
            stack.pop()
        if stack:
            times[stack[-1][2]] -= (end - begin) / 1000
        times[name] += (end - begin) / 1000
        stack.append([begin, end, name])
    return times


def measure(
    matches: dict[str, int], seconds: float, speed: int, width: int, slowdown: float, profile: bool
) -> tuple[list[tuple], list[tuple]]:
    from playwright.sync_api import sync_playwright

    server = serve()
    rows, profiles = [], []
    try:
        with sync_playwright() as driver:
            browser = driver.chromium.launch(executable_path=CHROMIUM, headless=True)
            page = browser.new_page(viewport={"width": width, "height": 800})
            page.on("pageerror", lambda error: print("page error:", error))
            if slowdown > 1:  # a slower machine than this one, as Chromium's devtools emulate
                cdp = page.context.new_cdp_session(page)
                cdp.send("Emulation.setCPUThrottlingRate", {"rate": slowdown})
            for game, pk in matches.items():
                page.goto(f"http://127.0.0.1:{server.port}/matches/{pk}/")
                page.wait_for_selector("#viewer[data-ready=true]", state="attached")
                page.locator("#viewer").scroll_into_view_if_needed()
                events: list[dict[str, Any]] = []
                trace = page.context.new_cdp_session(page) if profile else None
                if trace is not None:
                    trace.on(
                        "Tracing.dataCollected",
                        lambda data, into=events: into.extend(data["value"]),
                    )
                    trace.send(
                        "Tracing.start",
                        {"categories": "devtools.timeline,disabled-by-default-devtools.timeline"},
                    )
                result = page.evaluate(MEASURE, [seconds, speed])
                if trace is not None:
                    done: list[bool] = []
                    trace.on("Tracing.tracingComplete", lambda _, into=done: into.append(True))
                    trace.send("Tracing.end")
                    while not done:
                        page.wait_for_timeout(100)
                    trace.detach()
                    times = main_thread_times(events)
                    profiles.append((game, result["shown"], times))
                draws = sorted(result["draws"])
                p90 = draws[int(len(draws) * 0.9)] if draws else float("nan")
                long = result["long"]
                rows.append(
                    (
                        game,
                        result["count"] - 1,
                        result["shown"],
                        result["moves"],
                        result["painted"],
                        len(long),
                        max(long) if long else 0.0,
                        statistics.median(draws) if draws else float("nan"),
                        p90,
                    )
                )
            browser.close()
    finally:
        server.terminate()
    return rows, profiles


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--seconds", type=float, default=0, help="play only the replay's last N seconds"
    )
    parser.add_argument("--speed", type=int, default=32, help="moves per second")
    parser.add_argument("--players", type=int, default=4, help="seats per match (not Wiz-War)")
    parser.add_argument("--wiz-war-moves", type=int, default=300, help="Wiz-War match length")
    parser.add_argument("--width", type=int, default=1280, help="window width (height 800)")
    parser.add_argument(
        "--slowdown", type=float, default=1, help="run Chromium's CPU this many times slower"
    )
    parser.add_argument("--profile", action="store_true", help="main-thread time per phase")
    args = parser.parse_args()
    database = create_database()
    try:
        with tempfile.TemporaryDirectory(prefix="arena-bench-viewer-") as data:
            setup_django(database, Path(data), hosts="127.0.0.1,localhost,testserver")
            matches = play_matches(args.players, args.wiz_war_moves)
            rows, profiles = measure(
                matches, args.seconds, args.speed, args.width, args.slowdown, args.profile
            )
    finally:
        drop_database(database)
    slower = f", CPU {args.slowdown:g}x slower" if args.slowdown > 1 else ""
    title = f"Replay viewer at {args.speed} moves/s, {args.width}x800, headless Chromium{slower}"
    table = Table(title=title)
    columns = ("game", "match moves", "played", "moves/s", "frames painted/s", "long tasks")
    for column in (*columns, "longest", "draw median", "draw p90"):
        table.add_column(column, justify="left" if column == "game" else "right")
    for game, moves, shown, rate, painted, long, longest, median, p90 in rows:
        table.add_row(
            game,
            str(moves),
            str(shown),
            f"{rate:.1f}",
            f"{painted:.1f}",
            str(long),
            f"{longest:.0f} ms",
            f"{median:.1f} ms",
            f"{p90:.1f} ms",
        )
    console = Console(width=150)
    console.print(table)
    if profiles:
        phases = ("script", "style", "layout", "paint", "other")
        table = Table(title="Main thread per move played (ms), from a Chromium trace")
        details: list[str] = []
        for column in ("game", *phases):
            table.add_column(column, justify="left" if column == "game" else "right")
        for game, shown, times in profiles:
            per = max(1, shown)
            phase: Counter[str] = Counter()
            for name, ms in times.items():
                phase[PHASES[name]] += ms
            table.add_row(game, *(f"{phase.get(p, 0.0) / per:.2f}" for p in phases))
            top = ", ".join(f"{n} {ms / per:.2f}" for n, ms in times.most_common(6))
            details.append(f"{game}: {top}")
        console.print(table)
        console.print("\n".join(details))
    return 0


if __name__ == "__main__":
    sys.exit(main())
