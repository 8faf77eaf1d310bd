"""Wiz-War plays exactly as recorded: legal actions with their labels, every view and every
outcome over seeded random games per option family hash to fingerprints.json
(fingerprint.py says how they are taken and when to record them again).

The suite checks the fast set; the full set (300 games per family, tens of minutes) is for a
change to the engine's shape: `python tests/games/wiz_war/fingerprint.py --workers 2`."""

from __future__ import annotations

from .fingerprint import FAST, fingerprints, play, recorded


def test_a_game_hashes_the_same_when_played_twice() -> None:
    assert play("defaults", 1) == play("defaults", 1)


def test_every_family_hashes_as_recorded_over_the_fast_set() -> None:
    assert recorded()["games"]["fast"] == FAST
    assert fingerprints(FAST) == recorded()["fast"]
