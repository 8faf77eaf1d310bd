"""Usernames that cannot pose as each other.

Two names are the same account name when they look the same to a reader: after Unicode
compatibility normalisation (NFKC: full-width letters, ligatures), case folding, folding
letters of other scripts into the Latin letters they are confusable with (Unicode's
confusables, through `confusable_homoglyphs`: Cyrillic "а" is Latin "a"), and dropping the
separators Django allows (".", "-", "_", "+"). `username_key` is that folded form; a unique
column holds it for every account (`AccountName`), so the rule holds whoever creates the
account (the signup form, the admin, a management command) and two signups at once.
"""

from __future__ import annotations

import unicodedata

from confusable_homoglyphs import categories, confusables

SEPARATORS = str.maketrans("", "", ".-_+")


def username_key(name: str) -> str:
    folded = unicodedata.normalize("NFKC", name).casefold()
    found = confusables.is_confusable(folded, greedy=True, preferred_aliases=["latin"]) or []
    latin = {}
    for entry in found:
        # A homoglyph may be several code points ("8" lists one wrapped in direction marks),
        # which `categories.alias` cannot take: only single letters fold a name.
        glyphs = [
            h["c"]
            for h in entry["homoglyphs"]
            if len(h["c"]) == 1 and categories.alias(h["c"]) == "LATIN"
        ]
        if glyphs:
            latin[entry["character"]] = glyphs[0]
    skeleton = "".join(latin.get(char, char) for char in folded)
    return unicodedata.normalize("NFKC", skeleton).casefold().translate(SEPARATORS)
