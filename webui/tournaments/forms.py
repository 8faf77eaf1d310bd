"""The organiser's form: game, format, sizes, and the field chosen from active versions."""

from __future__ import annotations

import secrets

from django import forms

import arena.games
import arena.tournament as formats
from webui.bots.models import BotVersion
from webui.plain_text import plain_line

FORMAT_LABELS = {
    "swiss": "Swiss",
    "round-robin": "Round robin",
    "single-elim": "Single elimination (2 players)",
    "double-elim": "Double elimination (2 players)",
    "knockout": "Knockout by table",
}


class VersionChoice(forms.ModelMultipleChoiceField):
    def label_from_instance(self, obj: BotVersion) -> str:
        return obj.label


class TournamentForm(forms.Form):
    name = forms.CharField(max_length=100)
    game = forms.ChoiceField()
    format = forms.ChoiceField(choices=[(f, FORMAT_LABELS[f]) for f in formats.FORMATS])
    rounds = forms.IntegerField(
        min_value=1, max_value=50, initial=5, help_text="Swiss rounds, or round-robin cycles"
    )
    table_size = forms.IntegerField(min_value=2, max_value=6, initial=2)
    games_per_pairing = forms.IntegerField(
        min_value=1,
        max_value=20,
        initial=1,
        help_text="games each table plays, with different seeds",
    )
    duplicate = forms.BooleanField(
        required=False, help_text="the same deals at every table of a round, seats rotated"
    )
    advance = forms.IntegerField(
        min_value=0, max_value=5, initial=0, help_text="knockout: top K of each table (0: half)"
    )
    seed = forms.IntegerField(required=False, min_value=0, help_text="empty: a random seed")
    entrants = VersionChoice(
        queryset=BotVersion.objects.none(),
        widget=forms.CheckboxSelectMultiple,
        help_text="active versions; the field is frozen when the tournament starts",
    )

    def __init__(self, *args, game: str, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self.fields["game"].choices = [
            (name, arena.games.get(name).title) for name in arena.games.names()
        ]
        self.fields["game"].initial = game
        self.fields["entrants"].queryset = (
            BotVersion.objects.filter(status=BotVersion.Status.ACTIVE, bot__game=game)
            .select_related("bot__owner")
            .order_by("bot__owner__username", "bot__name")
        )

    def clean_name(self) -> str:
        name = plain_line(self.cleaned_data["name"])
        if not name:
            raise forms.ValidationError("A name needs letters or digits you can see.")
        return name

    def clean(self) -> dict:
        data = super().clean()
        if self.errors:
            return data
        if data.get("seed") is None:
            data["seed"] = secrets.randbelow(2**31)
        game = arena.games.get(data["game"])
        try:
            settings = formats.settings_for(
                game,
                format=data["format"],
                rounds=data["rounds"],
                table_size=data["table_size"],
                games_per_pairing=data["games_per_pairing"],
                duplicate=data["duplicate"],
                advance=data["advance"],
                seed=data["seed"],
            )
            formats.check_field(settings, len(data["entrants"]))
        except ValueError as exc:
            raise forms.ValidationError(str(exc)) from None
        return data
