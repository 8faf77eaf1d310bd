"""People at the table: a person plays bots from the browser; a worker runs the match.

The match is played by `workers.tasks.play` in a thread of this process (as the other web
tests play theirs); the person's seat reaches it through the real relay Redis, as in
production, and the browser reads and answers its turns through the table's endpoints.
"""

from __future__ import annotations

import json
import threading

import pytest
from web_support import shot, sign_in, user

#: Clicks before a test gives up on a match ending (each is one real decision).
MOST_CLICKS = 400


class Worker(threading.Thread):
    """`workers.tasks.play` for one match, as a worker process would run it."""

    def __init__(self, match_id: int) -> None:
        super().__init__(name=f"worker-{match_id}", daemon=True)
        self.match_id = match_id
        self.outcome = ""

    def run(self) -> None:
        from django.db import connections

        from workers.tasks import play

        try:
            self.outcome = play(self.match_id, "web-tests/people")
        finally:
            connections.close_all()


@pytest.fixture
def person(world, redis_url):
    """A signed-up person; the relay's Redis starts this session empty (`redis_url`), so
    the answers recorded by an earlier run for the same match ids are gone."""
    return user("pat")


def take_seat(
    page, game: str, players: int, opponents: list[str], seat: int = 0, **options: str
) -> int:
    """Set a table on the Play page; return the new match's id."""
    page.goto(f"/play/?game={game}")
    for name, value in options.items():
        page.select_option(f"select[name=option_{name}]", value)
    page.select_option("#play-players", str(players))
    page.select_option("#play-seat", str(seat))
    for index, name in enumerate(opponents, start=1):
        page.select_option(f"#play-opponent-{index}", label=name)
    page.click("#play-sit")
    page.wait_for_url("**/play/*/")
    return int(page.url.rstrip("/").rsplit("/", 1)[1])


def start(match_id: int) -> Worker:
    worker = Worker(match_id)
    worker.start()
    return worker


def wait_for_turn_or_end(page) -> str | None:
    """The open turn's request id once the seat has one to play, None once the match is
    over (read in one step, so the id is the turn whose buttons are enabled)."""
    try:
        found = page.wait_for_function(
            """() => {
                const turn = document.getElementById('turn');
                if (turn.dataset.over === 'true') return 'over';
                const open = document.querySelector('#actions button:not([disabled])');
                return open && turn.dataset.request ? turn.dataset.request : null;
            }""",
            timeout=60_000,
        ).json_value()
    except Exception as exc:
        shot(page, "no-turn")
        raise AssertionError(f"no turn and no end in 60 s; the page: {page_state(page)}") from exc
    return None if found == "over" else found


def page_state(page) -> dict:
    """The table as the page shows it, and what its live feed says now, for a failure."""
    return page.evaluate(
        """async () => {
            const turn = document.getElementById('turn'), v = ArenaViewer.current();
            const live = await (await fetch(location.pathname + 'live.json')).text();
            return {request: turn.dataset.request, sent: turn.dataset.sent,
                    refused: turn.dataset.refused, over: turn.dataset.over,
                    status: document.getElementById('turn-status').innerText,
                    buttons: document.querySelectorAll('#actions button').length,
                    frames: v && v.count, shown: v && v.index, live: live.slice(0, 400)};
        }"""
    )


def wait_answered(page, request: str | None) -> None:
    """Until the server has taken the answer to turn `request` (the next turn may already
    be open by then); a refusal is a failure, with what the page says."""
    try:
        page.wait_for_function(
            """request => [document.getElementById('turn').dataset.sent,
                           document.getElementById('turn').dataset.refused].includes(request)""",
            arg=request,
            timeout=30_000,
        )
    except Exception as exc:
        status = page.locator("#turn-status").inner_text()
        raise AssertionError(f"turn {request} not answered: the page says {status!r}") from exc
    if page.locator("#turn").get_attribute("data-sent") != request:
        status = page.locator("#turn-status").inner_text()
        raise AssertionError(f"turn {request} was refused: the page says {status!r}")


def play_by_list(page, pick=lambda count, turn: 0) -> int:
    """Answer every turn from the list of labels until the end; return decisions made."""
    made = 0
    while request := wait_for_turn_or_end(page):
        buttons = page.locator("#actions button")
        buttons.nth(pick(buttons.count(), made)).click()
        wait_answered(page, request)
        made += 1
        assert made < MOST_CLICKS, "the match should have ended"
    return made


def marked(page, request: str) -> set[str]:
    """The codes the board offers for turn `request`, once it is marked for that turn."""
    page.wait_for_selector(f"svg.board[data-picking='{request}']", state="attached", timeout=60_000)
    return set(
        page.locator("svg.board [data-pick]").evaluate_all(
            "ns => ns.flatMap(n => n.dataset.pick.split(' '))"
        )
    )


#: After a click on the board: sent, the next step marked, or a menu in the hint.
AFTER_A_PICK = """([request, next, code]) => {
    const turn = document.getElementById('turn');
    if (turn.dataset.request !== request
        || [turn.dataset.sent, turn.dataset.refused].includes(request)
        || document.querySelector('#actions button.chosen')) return 'sent';
    if (document.querySelector(`#board-hint button[data-code="${code}"]`)) return 'menu';
    const svg = document.querySelector('svg.board');
    if (svg.dataset.pickDepth === String(next)
        && svg.querySelector(`[data-pick-step="${next}"][data-pick~="${code}"]`)) return 'next';
    return null;
}"""


#: A point of a board node that the node itself receives, in the page's coordinates: along a
#: stroke (a wall's arc or line: its bounding box may hold a tower, or have no width), the
#: first of some points along it that nothing drawn on top covers; else the first such point
#: of a grid over its box, from the middle out.
A_POINT_OF = """n => {
    if (!n.isConnected) return null;  // the board was drawn again meanwhile
    n.scrollIntoView({block: 'nearest'});
    const receives = (x, y) => {
        const hit = document.elementFromPoint(x, y);
        return hit && (hit === n || n.contains(hit));
    };
    if (n.getTotalLength && (n.getAttribute('fill') === 'none' || n.tagName === 'line')) {
        const length = n.getTotalLength(), m = n.getScreenCTM();
        for (const f of [0.5, 0.35, 0.65, 0.2, 0.8, 0.1, 0.9, 0.45, 0.55]) {
            const p = n.getPointAtLength(length * f);
            const x = p.x * m.a + p.y * m.c + m.e, y = p.x * m.b + p.y * m.d + m.f;
            if (receives(x, y)) return [x, y];
        }
        return null;
    }
    // A square or figure: its middle, else the first uncovered point of a grid over it (a
    // token, a pip or a label drawn on top may cover the middle; a person clicks beside it).
    const r = n.getBoundingClientRect();
    for (const fy of [0.5, 0.3, 0.7, 0.15, 0.85]) {
        for (const fx of [0.5, 0.3, 0.7, 0.15, 0.85]) {
            const x = r.x + r.width * fx, y = r.y + r.height * fy;
            if (receives(x, y)) return [x, y];
        }
    }
    return null;
}"""


def click_node(page, node) -> list[float] | None:
    """Click a board node where it is drawn (as a person would), else where Playwright aims;
    return the point clicked, if it was ours."""
    try:
        point = node.evaluate(A_POINT_OF)
    except Exception:  # the node went as it was measured (the board was drawn again)
        point = None
    if point:
        page.mouse.click(point[0], point[1])
    else:  # where Playwright aims, even at a line (a box of no width, "not visible" to it)
        node.click(force=True)
    return point


#: What the page shows of a pick, for a failure's message.
PICK_STATE = """([x, y]) => {
    const svg = document.querySelector('svg.board'), turn = document.getElementById('turn');
    const hit = x === null ? null : document.elementFromPoint(x, y);
    const owner = hit && hit.closest('[data-pick]');
    return {picking: svg.dataset.picking, depth: svg.dataset.pickDepth,
            request: turn.dataset.request, sent: turn.dataset.sent, refused: turn.dataset.refused,
            hint: document.getElementById('board-hint').innerText,
            status: document.getElementById('turn-status').innerText,
            at_point: hit && hit.outerHTML.slice(0, 160),
            its_pick: owner && [owner.dataset.pickStep, owner.dataset.pick]};
}"""


def pick_on_board(page, request: str, code: str, keyboard: bool = False) -> int:
    """Play `code` by clicking the board, step by step (Enter on a focused node with
    `keyboard`); return the number of clicks (a choice in the hint's menu counts one)."""
    for depth in range(4):
        node = page.locator(f"svg.board [data-pick-step='{depth}'][data-pick~='{code}']").first
        point = None
        if keyboard:
            node.focus()
            page.keyboard.press("Enter")
        else:
            point = click_node(page, node)
        try:
            went = page.wait_for_function(
                AFTER_A_PICK, arg=[request, depth + 1, code], timeout=30_000
            ).json_value()
        except Exception as exc:
            state = page.evaluate(PICK_STATE, point or [None, None])
            shot(page, f"pick-stuck-{request}")
            raise AssertionError(
                f"{code}: click {depth + 1} at {point} went nowhere; the page: {state}"
            ) from exc
        if went == "sent":
            return depth + 1
        if went == "menu":
            page.locator(f"#board-hint button[data-code='{code}']").click()
            return depth + 2
    raise AssertionError(f"{code} took more than four clicks")


def finished(worker: Worker, match_id: int):
    from webui.matches.models import Match

    worker.join(timeout=60)
    assert worker.outcome.startswith("finished"), worker.outcome
    return Match.objects.get(pk=match_id)


#: Castle Panic codes that play a card at a monster: a card, then the monster, on the board.
AT_A_MONSTER = ("hit", "nice_shot", "barbarian", "tar", "drive_back")
#: Castle Panic codes with something to click on the board.
CP_BOARD = (*AT_A_MONSTER, "fortify", "missing", "draw_2", "scavenge", "discard", "assign")
CP_BOARD += ("ammo", "trade", "pick", "place", "fire")


def test_a_person_plays_castle_panic_to_the_end_on_the_board_and_from_the_list(
    page, person, base_url
):
    """Cards at monsters on the board (a card, then the monster: once by keyboard, with a
    pick taken back by Escape), anything else the board marks there, the rest from the list."""
    from webui.matches.models import Match

    sign_in(page.context, base_url, person)
    match_id = take_seat(page, "castle_panic", 2, ["greedy (reference)"])
    worker = start(match_id)
    on_board: dict[str, int] = {}
    from_list = 0
    keyboard_done = False
    while request := wait_for_turn_or_end(page):
        codes = page.locator("#actions button").evaluate_all("bs => bs.map(b => b.dataset.code)")
        at_monster = [c for c in codes if c.split(":")[0] in AT_A_MONSTER]
        code = at_monster[0] if at_monster else codes[0]
        if code.split(":")[0] in CP_BOARD and code in marked(page, request):
            if not keyboard_done and code.split(":")[0] == "hit":
                # Enter on the card, Escape takes it back; then the card and its monster.
                page.locator(f"svg.board [data-pick-step='0'][data-pick~='{code}']").first.focus()
                page.keyboard.press("Enter")
                page.wait_for_selector("svg.board[data-pick-depth='1']", state="attached")
                assert page.locator("#board-hint").is_visible()
                page.keyboard.press("Escape")
                page.wait_for_function(
                    "() => !document.querySelector('svg.board').dataset.pickDepth"
                    " && document.getElementById('board-hint').hidden"
                )
                assert pick_on_board(page, request, code, keyboard=True) == 2
                keyboard_done = True
            else:
                pick_on_board(page, request, code)
            kind = code.split(":")[0]
            on_board[kind] = on_board.get(kind, 0) + 1
        else:
            page.locator(f"#actions button[data-code='{code}']").click()
            from_list += 1
        wait_answered(page, request)
        assert sum(on_board.values()) + from_list < MOST_CLICKS, "the match should have ended"
    made = sum(on_board.values()) + from_list
    match = finished(worker, match_id)
    assert match.kind == Match.Kind.PEOPLE
    seats = list(match.seats.order_by("seat"))
    assert seats[0].person == person and seats[1].version is not None
    assert seats[0].decisions == made and not seats[0].strikes, "every answer was the person's"
    assert sum(on_board.get(k, 0) for k in AT_A_MONSTER) > 0, f"cards at monsters: {on_board}"
    assert keyboard_done, "a card and its monster picked by keyboard"
    assert from_list > 0, "the list still plays what the board does not show"
    status = page.locator("#turn-status").inner_text()
    assert "The match is over" in status
    from arena.games.castle_panic.config import ENDING_WORDS

    ending = ENDING_WORDS[match.summary["table"]["ending"]]
    assert ending in status and "placed" not in status, "the team's result, never a place"
    shot(page, "people-castle-panic")
    from webui.ladder.models import RatingHistory

    assert not RatingHistory.objects.filter(match=match).exists(), "people's matches: unrated"
    page.goto(f"/bots/{seats[1].version.bot_id}/")
    record = page.locator("#against-people .people-record").inner_text()
    assert sum(int(n) for n in record.split("–")) >= 1, "the bot page counts this match"
    page.goto(f"/matches/{match_id}/")
    assert page.locator("tr[data-seat='0'] .seat-bot").inner_text() == person.username
    page.wait_for_selector("#viewer[data-ready=true]", state="attached")


#: Wiz-War codes with something to click on the board.
WW_BOARD = ("step", "cast", "play", "boost", "discard", "counter", "end_spell", "target")
WW_BOARD += ("pickup", "activate", "hold", "retrieve", "place")


def test_a_person_plays_wiz_war_on_the_board_and_no_one_else_may_act_for_them(
    page, person, base_url, browser
):
    sign_in(page.context, base_url, person)
    match_id = take_seat(page, "wiz_war", 2, ["random (reference)"], round_limit="5")
    worker = start(match_id)
    request = int(wait_for_turn_or_end(page) or "-1")
    assert request >= 0
    code = page.locator("#actions button").first.get_attribute("data-code")

    other = browser.new_context(base_url=base_url)
    sign_in(other, base_url, user("quinn"))
    intruder = other.new_page()
    assert intruder.goto(f"/play/{match_id}/").status == 404, "no seat: no table"
    assert intruder.request.get(f"/play/{match_id}/live.json").status == 404
    intruder.goto("/play/")
    token = intruder.locator("input[name=csrfmiddlewaretoken]").first.input_value()
    answer = intruder.request.post(
        f"/play/{match_id}/act",
        data=json.dumps({"request": request, "code": code}),
        headers={"Content-Type": "application/json", "X-CSRFToken": token},
    )
    assert answer.status == 404, "only the seat's own person may act"
    no_token = page.request.post(
        f"/play/{match_id}/act",
        data=json.dumps({"request": request, "code": code}),
        headers={"Content-Type": "application/json"},
    )
    assert no_token.status == 403, "an answer without the CSRF token is refused"
    other.close()

    # The first action each time: on the board when the board marks it, else from the list.
    on_board: dict[str, int] = {}
    from_list = 0
    while request := wait_for_turn_or_end(page):
        code = page.locator("#actions button").first.get_attribute("data-code")
        if code.split(":")[0] in WW_BOARD and code in marked(page, request):
            pick_on_board(page, request, code)
            on_board[code.split(":")[0]] = on_board.get(code.split(":")[0], 0) + 1
        else:
            page.locator("#actions button").first.click()
            from_list += 1
        wait_answered(page, request)
        assert sum(on_board.values()) + from_list < MOST_CLICKS, "the match should have ended"
    match = finished(worker, match_id)
    seat = match.seats.get(seat=0)
    assert seat.decisions == sum(on_board.values()) + from_list and not seat.strikes
    assert on_board.get("step", 0) > 0, f"the wizard steps to a square on the board: {on_board}"


def test_a_person_plays_wandering_towers_against_two_bots_by_clicking_the_board(
    page, person, base_url
):
    sign_in(page.context, base_url, person)
    match_id = take_seat(page, "wandering_towers", 3, ["greedy (reference)", "random (reference)"])
    worker = start(match_id)
    on_board: dict[str, int] = {}
    from_list = 0
    while request := wait_for_turn_or_end(page):
        codes = page.locator("#actions button").evaluate_all("bs => bs.map(b => b.dataset.code)")
        boardable = [c for c in codes if c.split(":")[0] in ("play", "wizard", "tower")]
        if boardable:  # the board shows it: wait until the board is marked for this turn
            page.wait_for_selector(f"svg.board[data-picking='{request}']", timeout=30_000)
            target = page.locator("svg.board [data-pick]").first
            kind = target.get_attribute("data-pick").split(":")[0]
            target.click()
            on_board[kind] = on_board.get(kind, 0) + 1
        else:
            page.locator("#actions button").first.click()
            from_list += 1
        wait_answered(page, request)
        assert sum(on_board.values()) + from_list < MOST_CLICKS
    match = finished(worker, match_id)
    seat = match.seats.get(seat=0)
    assert not seat.strikes, "every move was the person's own"
    assert seat.decisions == sum(on_board.values()) + from_list
    assert on_board.get("play", 0) > 0, "cards are played from the hand on the board"
    assert on_board.get("wizard", 0) + on_board.get("tower", 0) > 0, "pieces move on the board"
    shot(page, "people-wandering-towers")


def test_a_poll_answered_late_does_not_take_back_the_open_turn(page, person, base_url):
    """Polls cross on the network: the table polls again right after a move while the
    timer's poll may still be out. An answer read before the move that arrives after the
    next turn is shown must not put the old turn back (a click on it would be lost)."""
    sign_in(page.context, base_url, person)
    match_id = take_seat(page, "wiz_war", 2, ["random (reference)"], round_limit="5")
    worker = start(match_id)
    first = wait_for_turn_or_end(page)
    assert first
    held: list = []
    hold_next = threading.Event()

    def live(route) -> None:
        response = route.fetch()  # read now, while the first turn is still open
        if hold_next.is_set() and not held:
            held.append((route, response))
            return
        route.fulfill(response=response)

    page.route("**/live.json*", live)
    hold_next.set()
    page.evaluate("() => { document.getElementById('viewer').arenaViewer.pollOnce(); }")
    for _ in range(100):
        if held:
            break
        page.wait_for_timeout(50)
    assert held, "the poll was held"
    page.evaluate(
        """() => {
            const turn = document.getElementById('turn');
            window.shownRequests = [];
            new MutationObserver(() => window.shownRequests.push(turn.dataset.request))
                .observe(turn, {attributes: true, attributeFilter: ['data-request']});
        }"""
    )
    page.locator("#actions button").first.click()
    wait_answered(page, first)
    page.evaluate("() => { document.getElementById('viewer').arenaViewer.pollOnce(); }")
    second = wait_for_turn_or_end(page)
    assert second and second != first
    route, response = held[0]
    route.fulfill(response=response)  # the old answer arrives last
    page.wait_for_timeout(1_000)
    shown = page.evaluate("() => window.shownRequests")
    after = shown[shown.index(second) :]
    assert set(after) == {second}, f"the turn shown went {after} after {second} opened"
    assert page.locator("#turn").get_attribute("data-request") == second
    page.unroute("**/live.json*")
    play_by_list(page)
    assert finished(worker, match_id).seats.get(seat=0).decisions > 1


def test_closing_the_tab_mid_match_and_coming_back_resumes_the_seat(page, person, base_url):
    sign_in(page.context, base_url, person)
    # Five rounds of Wiz-War: a whole game by first buttons stays well under MOST_CLICKS (a
    # Wandering Towers game against random took over 400 of them one time in five).
    match_id = take_seat(page, "wiz_war", 2, ["random (reference)"], round_limit="5")
    worker = start(match_id)
    for _ in range(3):  # a few moves in
        request = wait_for_turn_or_end(page)
        assert request
        page.locator("#actions button").first.click()
        wait_answered(page, request)
    open_request = wait_for_turn_or_end(page)
    assert open_request
    page.wait_for_function(
        "() => /^\\d+:\\d\\d$/.test(document.getElementById('clock').textContent)"
    )
    minutes = int(page.locator("#clock").inner_text().split(":")[0])
    assert minutes >= 1, "a person's clock is counted in minutes"
    context = page.context
    page.close()  # the tab is closed while the seat's turn is open

    again = context.new_page()
    again.set_viewport_size({"width": 390, "height": 844})  # and on a phone
    again.goto(f"/play/{match_id}/")
    assert wait_for_turn_or_end(again) == open_request, "same turn"
    wide = again.evaluate("() => document.documentElement.scrollWidth")
    assert wide <= 390, f"the table fits a phone's width ({wide}px)"
    again.locator("#actions button").first.focus()  # by keyboard
    again.keyboard.press("Enter")
    wait_answered(again, open_request)
    shot(again, "people-table-phone")
    play_by_list(again)
    match = finished(worker, match_id)
    assert not match.seats.get(seat=0).strikes, "coming back in time costs nothing"


def test_without_a_relay_the_play_page_sets_no_table(person, settings_value):
    from django.test import Client

    from webui.matches.models import Match

    settings_value(ARENA_RELAY_URL="")
    client = Client()
    client.force_login(person)
    before = Match.objects.filter(kind=Match.Kind.PEOPLE).count()
    page = client.get("/play/?game=castle_panic")
    assert b"ARENA_RELAY_URL" in page.content
    answer = client.post("/play/", {"game": "castle_panic", "players": "1", "seat": "0"})
    assert answer.status_code == 400 and b"relay" in answer.content
    assert Match.objects.filter(kind=Match.Kind.PEOPLE).count() == before
