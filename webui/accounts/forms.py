"""The sign-up form: Django's, with names that cannot pose as another account's."""

from __future__ import annotations

from confusable_homoglyphs import confusables
from django import forms
from django.contrib.auth.forms import UserCreationForm

from webui.accounts.models import AccountName
from webui.accounts.usernames import username_key


class SignupForm(UserCreationForm):
    def clean_username(self) -> str | None:
        name = super().clean_username()
        if name is None:  # Django's own check refused it already (the same name, any case)
            return name
        if confusables.is_dangerous(name):
            raise forms.ValidationError(
                "This name mixes letters of different scripts that look alike; "
                "choose one written in a single script."
            )
        if AccountName.objects.filter(key=username_key(name)).exists():
            raise forms.ValidationError("This name is taken, or looks too much like one that is.")
        return name
