"""A Wiz-War seat has one colour on its match page: its dot in the seat table, in the move
log and in the caption is the colour of its wizard on the board (two players: blue, green)."""

from __future__ import annotations

from web_support import play, shot, wait_for_viewer

import arena.games

DOT_COLOUR = "(selector) => getComputedStyle(document.querySelector(selector)).backgroundColor"
FIRST_MOVE_OF = """(seat) => Number([...document.querySelectorAll('#move-log tbody tr')]
    .find(tr => tr.cells[1].textContent.trim() === String(seat)).dataset.move)"""
WIZARD_FILL = """(seat) => getComputedStyle(
    document.querySelector(`svg.board g[data-wizard="${seat}"] circle`)).fill"""


def test_every_wiz_war_seat_dot_is_its_wizards_colour(page, world) -> None:
    from webui.bots.models import BotVersion

    reference = list(
        BotVersion.objects.filter(bot__owner__username="reference", bot__game="wiz_war")
    )
    match = play([reference[0], reference[-1]], seed=4, game="wiz_war")
    assert arena.games.get("wiz_war").seat_colours(2) == ("blue", "green")
    page.goto(f"/matches/{match.pk}/")
    wait_for_viewer(page)
    page.keyboard.press("End")
    for seat in (0, 1):
        wizard = page.evaluate(WIZARD_FILL, seat)
        table = page.evaluate(DOT_COLOUR, f'table.seats tr[data-seat="{seat}"] .dot')
        row = page.evaluate(FIRST_MOVE_OF, seat)
        log = page.evaluate(DOT_COLOUR, f'#move-log tr[data-move="{row}"] .dot')
        page.evaluate(f"() => ArenaViewer.current().go({row}, false)")
        caption = page.evaluate(DOT_COLOUR, ".viewer-caption .dot")
        assert table == log == caption == wizard, (seat, table, log, caption, wizard)
    blue, green = (page.evaluate(WIZARD_FILL, seat) for seat in (0, 1))
    assert blue != green
    shot(page, "seat-colours-wiz-war")


def test_games_without_fixed_colours_keep_the_seat_number_colours(page, world) -> None:
    match = world.matches["four"]
    page.goto(f"/matches/{match.pk}/")
    for seat in range(4):
        dot = page.locator(f'table.seats tr[data-seat="{seat}"] .dot')
        assert dot.get_attribute("class") == f"dot s{seat}"
