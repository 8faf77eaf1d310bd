"""The replay viewer: it shows the engine's own board, and its controls do what they say."""

from __future__ import annotations

import json

from web_support import final_view, shot, viewer_state, wait_for_viewer


def test_a_replay_played_to_the_end_shows_the_engines_final_board(page, world):
    match = world.matches["two"]
    page.goto(f"/matches/{match.pk}/")
    wait_for_viewer(page)
    page.select_option(".speed select", "32")
    page.click('[data-act="play"]')
    page.wait_for_function(
        "() => { const v = ArenaViewer.current(); return v.index === v.count - 1; }",
        timeout=30_000,
    )
    state = viewer_state(page)
    expected = final_view(match)
    assert state["frame"] == expected, "the viewer's last frame is not the engine's final view"
    assert page.locator("svg.board").get_attribute("data-step") == str(state["count"] - 1)
    # What is drawn matches the view: every tower, every wizard where the view has it.
    wizards = expected["wizards"]
    board = page.locator("svg.board")
    assert board.locator("[data-tower]").count() == len(expected["towers"]) == 9
    visible = [w for w in wizards if w["visible"] and not w["in_keep"]]
    assert board.locator('[data-state="visible"]').count() == len(visible)
    assert board.locator('[data-state="imprisoned"]').count() == sum(
        w["imprisoned"] for w in wizards
    )
    assert board.locator('[data-state="keep"]').count() == len(expected["ravenskeep"]["inside"])
    assert board.locator(".wt-player").count() == expected["num_players"]
    assert "Game over" in board.text_content()
    shot(page, "viewer-final-board")


def test_stepping_scrubbing_and_the_keyboard_move_through_the_replay(page, world):
    match = world.matches["four"]
    page.goto(f"/matches/{match.pk}/")
    wait_for_viewer(page)
    assert viewer_state(page)["index"] == 0
    page.click('[data-act="forward"]')
    page.click('[data-act="forward"]')
    assert viewer_state(page)["index"] == 2
    assert page.url.endswith("#move-2"), "the address follows the move"
    page.click('[data-act="back"]')
    assert viewer_state(page)["index"] == 1
    page.locator(".scrub").fill("40")
    assert viewer_state(page)["index"] == 40
    assert page.locator(".counter .at").inner_text() == "40"
    assert page.locator("#move-log tr.current").get_attribute("data-move") == "40"
    page.locator("h1").click()  # focus the page, not a control
    page.keyboard.press("ArrowRight")
    assert viewer_state(page)["index"] == 41
    page.keyboard.press("ArrowLeft")
    page.keyboard.press("ArrowLeft")
    assert viewer_state(page)["index"] == 39
    page.keyboard.press("End")
    state = viewer_state(page)
    assert state["index"] == state["count"] - 1
    page.keyboard.press("Home")
    assert viewer_state(page)["index"] == 0
    page.keyboard.press(" ")
    assert "playing" in page.locator('[data-act="play"]').get_attribute("class")
    page.wait_for_function("() => ArenaViewer.current().index >= 2")
    page.keyboard.press(" ")
    assert "playing" not in page.locator('[data-act="play"]').get_attribute("class")
    stopped = viewer_state(page)["index"]
    page.wait_for_timeout(600)
    assert viewer_state(page)["index"] == stopped, "paused means paused"
    page.select_option(".speed select", "8")
    page.click('[data-act="last"]')
    page.click('[data-act="first"]')
    assert viewer_state(page)["index"] == 0


def test_a_move_link_opens_the_board_at_that_move(page, world):
    match = world.matches["four"]
    page.goto(f"/matches/{match.pk}/#move-37")
    wait_for_viewer(page)
    assert viewer_state(page)["index"] == 37
    assert page.locator(".counter .at").inner_text() == "37"
    page.locator('#move-log a[href="#move-12"]').click()
    page.wait_for_function("() => ArenaViewer.current().index === 12")
    page.click('[data-act="forward"]')
    assert page.url.endswith("#move-13")
    page.reload()
    wait_for_viewer(page)
    assert viewer_state(page)["index"] == 13, "a reloaded link opens at the same move"


def test_the_seat_view_shows_that_seats_hand_and_hides_the_others(page, world):
    match = world.matches["four"]
    page.goto(f"/matches/{match.pk}/#move-30")
    wait_for_viewer(page)
    spectator = viewer_state(page)["frame"]
    assert "hand" not in spectator and "seat" not in spectator
    assert page.locator(".wt-hand-card").count() == 0, "a spectator sees no cards in hands"
    page.select_option(".seatview select", "2")
    page.wait_for_function("() => document.querySelector('svg.board').dataset.view === 'seat-2'")
    wait_for_viewer(page)
    state = viewer_state(page)
    assert state["index"] == 30, "changing the view keeps the move"
    view = state["frame"]
    assert view["seat"] == 2
    mine = page.locator('[data-player="2"]')
    assert mine.get_attribute("data-hand") == "cards"
    assert mine.locator(".wt-hand-card").count() == len(view["hand"]) > 0
    shown = {
        int(c)
        for c in mine.locator(".wt-hand-card").evaluate_all(
            "cards => cards.map(c => c.dataset.card)"
        )
    }
    assert shown == {card["id"] for card in view["hand"]}
    for other in (0, 1, 3):
        panel = page.locator(f'[data-player="{other}"]')
        assert panel.get_attribute("data-hand") == "backs"
        assert panel.locator(".wt-hand-card").count() == 0
    text = json.dumps(view)
    assert text.count('"hand"') == 1, "only the seat's own hand is in its view"
    assert "seat=2" in page.url
    shot(page, "viewer-seat-view")


def test_seat_views_of_a_running_match_are_refused(page, world):
    match = world.matches["running"]
    page.goto(f"/matches/{match.pk}/")
    page.wait_for_function("() => ArenaViewer.current().count > 0")
    options = page.locator(".seatview select option")
    assert options.count() == 1 + 2
    assert all(options.nth(i).is_disabled() for i in (1, 2))
    response = page.request.get(f"/matches/{match.pk}/frames.json?seat=0")
    assert response.status == 403
    assert "hidden information" in response.json()["detail"]
    frames = page.request.get(f"/matches/{match.pk}/frames.json").json()
    assert not any("hand" in frame for frame in frames["frames"])
    assert page.request.get(f"/matches/{match.pk}/replay.json").status == 404
    assert str(match.seed) not in page.content(), "the seed would reveal every hand"


SLOW_BOARD = """async (millis) => {
  const viewer = ArenaViewer.current();
  const plugin = ArenaViewer.plugins[viewer.game];
  const draw = plugin.draw;
  plugin.draw = (...args) => {
    const end = performance.now() + millis;
    while (performance.now() < end);
    draw(...args);
  };
  viewer.go(0, false);
  const select = document.querySelector(".viewer .speed select");
  select.value = "32";
  select.dispatchEvent(new Event("change"));
  const start = performance.now();
  viewer.toggle();
  await new Promise((done) => setTimeout(done, 1500));
  const elapsed = performance.now() - start, index = viewer.index;
  viewer.toggle();
  plugin.draw = draw;
  return { due: Math.floor((elapsed * 32) / 1000), index: index, playing: viewer.playing };
}"""


def test_a_board_slower_than_the_speed_skips_moves_instead_of_falling_behind(page, world):
    """At 32 moves/s with a board that takes 100 ms to draw, playback shows the move due now
    (one step per tick would show about 15 after 1.5 s, a third of the way)."""
    match = world.matches["four"]
    page.goto(f"/matches/{match.pk}/")
    wait_for_viewer(page)
    result = page.evaluate(SLOW_BOARD, 100)
    assert result["index"] >= result["due"] - 8, result  # at most two slow draws behind
    assert not result["playing"]
    assert page.url.endswith(f"#move-{result['index']}"), "pausing writes the move shown"
