"""A cooperative table's result on every page (webui.presentation.match_team_result): the
team's ending, its towers and each seat's trophy points where competitive games show ranks.
Loaded everywhere as a builtin."""

from __future__ import annotations

from django import template

from arena.games.results import TeamResult
from webui.presentation import match_team_result

register = template.Library()


@register.filter
def team_result(match) -> TeamResult | None:
    """`{% with team=match|team_result %}`: None for a competitive or unfinished match."""
    return match_team_result(match)


@register.filter
def seat_points(team: TeamResult | None, seat: int | None) -> int | str:
    """`{{ team|seat_points:s.seat }}`: the seat's own trophy points."""
    if team is None or seat is None or not 0 <= seat < len(team.points):
        return ""
    return team.points[seat]


@register.filter
def seat_text(team: TeamResult | None, seat: int | None) -> str:
    """`{{ team|seat_text:s.seat }}`: "5 trophy points (3 trophies)"."""
    if team is None or seat is None or not 0 <= seat < len(team.points):
        return ""
    return team.seat_text(seat)


@register.filter
def seat_trophies(team: TeamResult | None, seat: int | None) -> int | str:
    """`{{ team|seat_trophies:s.seat }}`: how many trophies the seat took."""
    if team is None or seat is None or not 0 <= seat < len(team.trophies):
        return ""
    return team.trophies[seat]
