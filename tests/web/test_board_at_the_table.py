"""The board is as quick as the list, and readable.

At a person's table a board pick works the moment the action list shows: the turn is shown in
the same step that marks the board (static/arena/play.js), even when the worker's moves reach
the site after its turn. Every text drawn on every game's board is at least 11 CSS px at
1280x800, at the table and in the replay viewer.

The tables here are set as a worker would leave them, without one: the match is claimed, its
moves saved as the live recorder saves them, and the person's open turn published in the
relay's Redis as `PersonAgent` publishes it (arena/relay/person.py).
"""

from __future__ import annotations

import json
import random
import time
from typing import Any

import pytest
from web_support import play, shot, sign_in, user, wait_for_viewer

import arena.games
from arena.relay import envelope as env

GAMES = arena.games.names()

#: Per game: the actions the board plays in one click, which the person's turn must offer.
ONE_CLICK = {
    "castle_panic": ("discard",),
    "wandering_towers": ("play",),
    "wiz_war": ("step",),
}

#: The smallest board text, in CSS px, at a 1280x800 window.
SMALLEST_TEXT = 11

#: Every text on the board with its size on screen: the font size in the SVG's units times
#: the scale from those units to CSS px (the board's own and any group's transform).
TEXT_SIZES = """() => {
    const found = [];
    for (const node of document.querySelectorAll('svg.board text, svg.board tspan')) {
        const own = Array.from(node.childNodes).some(c => c.nodeType === 3 && c.data.trim());
        if (!own) continue;
        const m = node.getScreenCTM();
        const size = parseFloat(getComputedStyle(node).fontSize) * Math.hypot(m.a, m.b);
        found.push([Math.round(size * 10) / 10, node.textContent.trim().slice(0, 40)]);
    }
    return found;
}"""


def relay():
    import redis
    from django.conf import settings

    return redis.Redis.from_url(settings.ARENA_RELAY_URL)


def people_table(person, game: str, players: int = 2):
    """A people's match claimed as a worker claims it: seat 0 is `person`, the rest bots."""
    from webui.bots.models import BotVersion
    from webui.matches.models import Match, MatchSeat
    from webui.play import tables

    info = arena.games.get(game)
    bot = BotVersion.objects.get(bot__owner__username="reference", bot__game=game, builtin="random")
    match = Match.objects.create(
        game=game,
        kind=Match.Kind.PEOPLE,
        options=info.resolve_options({}),
        seed=random.Random(game).randrange(1 << 31),
        time_control=tables.clock(game),
    )
    MatchSeat.objects.create(match=match, seat=0, person=person)
    MatchSeat.objects.bulk_create(
        MatchSeat(match=match, seat=i, version=bot) for i in range(1, players)
    )
    assert Match.claim(match.pk, "web-tests/no-worker")
    match.refresh_from_db()
    return match


def moves_to_a_turn(match, kinds: tuple[str, ...], at_least: int) -> tuple[list[str], Any]:
    """Moves from the start to a decision of seat 0 that offers one of `kinds`, at least
    `at_least` moves in; and the state there."""
    info = arena.games.get(match.game)
    state = info.new_state(match.seats.count(), match.seed, match.options)
    chooser = random.Random(match.pk)
    actions: list[str] = []
    while not state.is_over():
        codes = state.legal_actions()
        offered = any(code.split(":")[0] in kinds for code in codes)
        if len(actions) >= at_least and state.to_move() == 0 and offered:
            return actions, state
        code = chooser.choice(codes)
        state.apply(code)
        actions.append(code)
    raise AssertionError(f"no decision of seat 0 offers {kinds}")


def save_moves(match, actions: list[str]) -> None:
    from webui.matches.models import Match

    Match.objects.filter(pk=match.pk).update(live_actions=actions)


def open_turn(match, state, request: int) -> None:
    turn = {
        "request": request,
        "legal": [[code, state.describe(code)] for code in state.legal_actions()],
        "deadline": time.time() + 600,
        "per_decision": 600,
        "bank": 0,
    }
    relay().set(env.person_turn_key(match.pk, 0), json.dumps(turn), ex=600)


#: Watches the list: the moment its buttons appear, notes what the board offers then (the
#: turn the board is marked for, and a target that plays one action in one click) and where
#: that target is on screen.
WATCH_THE_LIST = """game => {
    const list = document.getElementById('actions');
    window.atTheList = null;
    const observer = new MutationObserver(() => {
        if (!list.querySelector('button:not([disabled])')) return;
        observer.disconnect();
        const svg = document.querySelector('svg.board'), v = ArenaViewer.current();
        const plugin = ArenaViewer.plugins[game], view = v.frame();
        const one = Array.from(svg.querySelectorAll('[data-pick]')).find(node => {
            const codes = node.dataset.pick.split(' ');
            if (codes.length !== 1) return false;
            const steps = plugin.pickable(codes[0], view);
            return typeof steps === 'string' || steps.length === 1;
        });
        let point = null;
        if (one) {
            const r = one.getBoundingClientRect();
            const x = r.x + r.width / 2, y = r.y + r.height / 2;
            const hit = document.elementFromPoint(x, y);
            if (hit && (hit === one || one.contains(hit))) point = [x, y];
        }
        window.atTheList = {request: document.getElementById('turn').dataset.request,
                            picking: svg.dataset.picking || null, board: v.count - 1,
                            code: one ? one.dataset.pick : null, point: point};
    });
    observer.observe(list, {childList: true});
}"""


@pytest.fixture
def person(world, redis_url):
    return user("quick")


@pytest.mark.parametrize("game", GAMES)
def test_a_click_on_the_board_right_after_the_list_appears_is_taken(page, person, base_url, game):
    """The worker publishes the turn before its moves reach the site (they are written a
    moment later): the table shows the list only with the board it was asked on, already
    marked, and a click on the board straight away plays the action."""
    page.set_viewport_size({"width": 1280, "height": 800})
    sign_in(page.context, base_url, person)
    match = people_table(person, game)
    actions, state = moves_to_a_turn(match, ONE_CLICK[game], at_least=3)
    save_moves(match, actions[:1])
    page.goto(f"/play/{match.pk}/")
    wait_for_viewer(page)
    page.wait_for_function("() => ArenaViewer.current().count === 2")
    page.evaluate(WATCH_THE_LIST, game)
    open_turn(match, state, request=len(actions))  # the turn first, as the worker does
    page.evaluate("() => ArenaViewer.current().pollOnce()")  # a poll sees it before the moves
    time.sleep(0.6)
    save_moves(match, actions)
    found = page.wait_for_function("() => window.atTheList", timeout=10_000).json_value()
    request = str(len(actions))
    if found["point"]:
        page.mouse.click(*found["point"])  # at once: no wait for anything but the list
    assert found["request"] == request and found["board"] == len(actions), found
    assert found["picking"] == request, f"the board was not marked when the list showed: {found}"
    assert found["code"] and found["code"].split(":")[0] in ONE_CLICK[game], found
    assert found["point"], f"the target is hidden under something: {found}"
    page.wait_for_function(
        "r => document.getElementById('turn').dataset.sent === r", arg=request, timeout=10_000
    )
    chosen = page.locator("#actions button.chosen").get_attribute("data-code")
    assert chosen == found["code"]
    answers = relay().lrange(env.person_answer_key(match.pk, 0), 0, -1)
    assert [json.loads(a) for a in answers] == [{"request": len(actions), "code": found["code"]}]
    relay().delete(env.person_turn_key(match.pk, 0), env.person_answer_key(match.pk, 0))


def small_texts(page) -> list:
    return [t for t in page.evaluate(TEXT_SIZES) if t[0] < SMALLEST_TEXT]


@pytest.mark.parametrize("game", GAMES)
def test_board_text_is_at_least_11_px_at_1280_in_the_replay_viewer(page, world, game):
    from webui.bots.models import BotVersion

    page.set_viewport_size({"width": 1280, "height": 800})
    reference = list(
        BotVersion.objects.filter(bot__owner__username="reference", bot__game=game).order_by("id")
    )
    seats = max(2, arena.games.get(game).min_players)
    match = play([reference[i % len(reference)] for i in range(seats)], seed=5, game=game)
    small: dict[str, list] = {}
    for seat in ("", "?seat=0"):  # a spectator, and a seat with its hand
        page.goto(f"/matches/{match.pk}/{seat}")
        wait_for_viewer(page)
        count = page.evaluate("() => ArenaViewer.current().count")
        for index in sorted({0, 1, count // 3, count // 2, (2 * count) // 3, count - 1}):
            page.evaluate(f"() => ArenaViewer.current().go({index}, false)")
            for size, text in small_texts(page):
                small.setdefault(text, []).append(size)
    shot(page, f"board-text-{game}")
    assert not small, f"board text under {SMALLEST_TEXT} px: {dict(list(small.items())[:15])}"


@pytest.mark.parametrize("game", GAMES)
def test_board_text_is_at_least_11_px_at_1280_at_a_persons_table(page, person, base_url, game):
    page.set_viewport_size({"width": 1280, "height": 800})
    sign_in(page.context, base_url, person)
    match = people_table(person, game)
    actions, state = moves_to_a_turn(match, ONE_CLICK[game], at_least=8)
    save_moves(match, actions)
    open_turn(match, state, request=len(actions))
    page.goto(f"/play/{match.pk}/")
    wait_for_viewer(page)
    page.wait_for_selector("svg.board[data-picking]", state="attached")
    small = small_texts(page)
    shot(page, f"board-text-table-{game}")
    relay().delete(env.person_turn_key(match.pk, 0))
    assert not small, f"board text under {SMALLEST_TEXT} px: {small[:15]}"
