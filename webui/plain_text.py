"""Free text that people write and others read (tournament names, and any such field to
come), without the characters that change how text around them is drawn or hide in it.

A right-to-left override (U+202E) in a tournament's name drew its heading reversed, badge
included; zero-width characters make two names that look the same differ. Unicode's format
characters (category Cf: the bidi embeddings, overrides, isolates and marks, zero-width
space and joiners, the byte-order mark), controls, line and paragraph separators and lone
surrogates are removed when the text is written (forms and `Model.save`) and again when it
is shown (the `plain` template filter), so older rows are covered too
(docs/decisions/free-text-is-plain.md).
"""

from __future__ import annotations

import unicodedata

#: Categories removed: format, control, line and paragraph separators, surrogates.
HIDDEN = frozenset({"Cf", "Cc", "Zl", "Zp", "Cs"})


def plain_text(text: str) -> str:
    """`text` without invisible or direction-changing characters."""
    if text.isascii() and text.isprintable():
        return text
    return "".join(char for char in text if unicodedata.category(char) not in HIDDEN)


def plain_line(text: str) -> str:
    """`plain_text`, then runs of white space as one space, trimmed: a one-line name."""
    return " ".join(plain_text(text).split())
