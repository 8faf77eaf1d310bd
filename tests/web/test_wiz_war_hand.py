"""Wiz-War's hand panel shows every card's whole name (long ones wrap; none is cut)."""

from __future__ import annotations

from web_support import play, wait_for_viewer


def test_every_card_in_a_seats_hand_shows_its_whole_name(page, world):
    from webui.bots.models import BotVersion

    reference = list(
        BotVersion.objects.filter(bot__owner__username="reference", bot__game="wiz_war")
    )
    match = play([reference[0], reference[-1]], seed=5, game="wiz_war")
    page.goto(f"/matches/{match.pk}/")
    wait_for_viewer(page)
    page.select_option(".seatview select", "0")
    page.wait_for_function("() => document.querySelector('svg.board').dataset.view === 'seat-0'")
    seen = 0
    count = page.evaluate("() => ArenaViewer.current().count")
    for index in range(0, count, max(1, count // 15)):
        page.evaluate(f"() => ArenaViewer.current().go({index}, false)")
        cards = page.evaluate(
            """() => [...document.querySelectorAll('svg.board g[data-card]')].map(g => [
                g.dataset.title, g.querySelector('.card-title').textContent])"""
        )
        for title, shown in cards:
            assert shown.replace(" ", "") == title.replace(" ", ""), (title, shown)
            assert "…" not in shown
        seen += len(cards)
    assert seen > 0, "no hand was drawn"
