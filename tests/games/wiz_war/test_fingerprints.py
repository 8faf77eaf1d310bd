"""Wiz-War plays exactly as recorded: legal actions with their labels, every view and every
outcome over seeded random games per option family hash to fingerprints.json
(fingerprint.py says how they are taken and when to record them again)."""

from __future__ import annotations

import pytest

from .fingerprint import FAMILIES, FAST, FULL, fingerprints, play, recorded


def test_a_game_hashes_the_same_when_played_twice() -> None:
    assert play("defaults", 1) == play("defaults", 1)


def test_every_family_hashes_as_recorded_over_the_fast_set() -> None:
    assert recorded()["games"]["fast"] == FAST
    assert fingerprints(FAST) == recorded()["fast"]


@pytest.mark.slow
def test_every_family_hashes_as_recorded_over_the_full_set() -> None:
    assert recorded()["games"]["full"] == FULL
    assert set(recorded()["full"]) == set(FAMILIES)
    assert fingerprints(FULL, workers=2) == recorded()["full"]
