"""One reader and one writer of action codes for every game."""

from __future__ import annotations

import pytest

from arena.games.codes import action_code, parse_code


@pytest.mark.parametrize(
    "code",
    [
        "refresh",
        "tower:space=5:level=1",
        "cast:fireball:wizard=2",
        "claim:fireball:now",
        "draw:n=2:spec",
        "cast:card=41:mode=wall",
        "step:n",
    ],
)
def test_parsing_keeps_every_part(code: str) -> None:
    parsed = parse_code(code)
    assert ":".join((parsed.head, *parsed.parts)) == code


def test_params_words_and_numbers() -> None:
    parsed = parse_code("cast:fireball:wizard=2")
    assert (parsed.head, parsed.word, parsed.words) == ("cast", "fireball", ("fireball",))
    assert parsed.params == {"wizard": "2"}
    assert parsed.number("wizard") == 2
    assert parsed.number("space") == -1
    assert parse_code("draw:n=3:spec").has("spec")
    assert not parse_code("draw:n=3").has("spec")


def test_a_bare_head_has_no_parts() -> None:
    parsed = parse_code("end_phase")
    assert (parsed.head, parsed.parts, parsed.params, parsed.word) == ("end_phase", (), {}, "")


def test_writing_words_then_params_in_order() -> None:
    assert action_code("tower", space=5, level=1) == "tower:space=5:level=1"
    assert action_code("cast", "fireball", wizard=2) == "cast:fireball:wizard=2"
    assert action_code("claim", "fireball", "now") == "claim:fireball:now"
    assert action_code("end_phase") == "end_phase"


def test_optional_parts_and_flags() -> None:
    assert action_code("cast", card=41, mode="") == "cast:card=41"
    assert action_code("cast", card=41, mode="wall") == "cast:card=41:mode=wall"
    assert action_code("draw", n=2, spec=True) == "draw:n=2:spec"
    assert action_code("draw", n=2, spec=False) == "draw:n=2"
    assert action_code("give_flasks", n=0) == "give_flasks:n=0"


def test_what_is_written_reads_back() -> None:
    parsed = parse_code(action_code("hit", card=3, monster=17))
    assert (parsed.head, parsed.number("card"), parsed.number("monster")) == ("hit", 3, 17)
