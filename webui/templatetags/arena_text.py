"""How the site writes games and times for people: titles, not registry names; "just now"
rather than "0 minutes ago". Loaded everywhere as a builtin (settings.TEMPLATES)."""

from __future__ import annotations

from datetime import datetime, timedelta

from django import template
from django.utils import timezone
from django.utils.timesince import timesince

import arena.games
from webui.plain_text import plain_text

register = template.Library()


@register.filter
def plain(text: object) -> str:
    """Free text without bidi overrides or invisible characters (webui.plain_text)."""
    return plain_text(str(text))


@register.filter
def game_title(name: str) -> str:
    try:
        return arena.games.get(name).title
    except KeyError:
        return name


def _since(moment: datetime | None, recent: str, suffix: str) -> str:
    if moment is None:
        return ""
    if timezone.now() - moment < timedelta(minutes=1):
        return recent
    return f"{timesince(moment)}{suffix}"


@register.filter
def ago(moment: datetime | None) -> str:
    return _since(moment, "just now", " ago")


@register.filter
def running_for(moment: datetime | None) -> str:
    return _since(moment, "under a minute", "")
