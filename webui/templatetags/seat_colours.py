"""Which colour a seat's dot takes: its pieces' colour where the game fixes one (Wiz-War's
wizards), else the site's colour for its seat number. Loaded everywhere as a builtin."""

from __future__ import annotations

from django import template

from webui.presentation import seat_dot_classes

register = template.Library()


@register.filter
def seat_dots(match) -> list[str]:
    """`{% with dots=match|seat_dots %}`: every seat's dot class (seats prefetched or not)."""
    return seat_dot_classes(match.game, len(match.seats.all()))


@register.filter
def seat_dot(dots: list[str] | None, seat: int | None) -> str:
    """`{{ dots|seat_dot:row.seat }}`: one seat's dot class."""
    if seat is None:
        return "none"
    return dots[seat] if dots and 0 <= seat < len(dots) else f"s{seat}"
