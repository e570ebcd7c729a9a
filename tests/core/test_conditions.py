"""Conditions (R29): the catalog, a GM's own, and what they do to rolls and AC."""

from __future__ import annotations

import pytest

from futurepath_desktop.core.advantage import tally_advantage
from futurepath_desktop.core.condition_effects import (
    effective,
    effective_ac,
    roll_sources,
    sources_against,
)
from futurepath_desktop.core.conditions import CATALOG, RollTag, condition, custom_condition
from futurepath_desktop.core.errors import InvalidValueError, TooMuchDisadvantageError

MELEE_ATTACK = (RollTag.ATTACK, RollTag.MELEE)


def test_r29_the_catalog_holds_every_listed_condition() -> None:
    listed = (
        "Shaken Dazed Stunned Paralyzed Flat-Footed Prone Nauseated Sickened Helpless "
        "Unconscious Grappled Pinned Blinded Deafened Entangled Winded Fatigued Exhausted "
        "Frightened Cowering Panicked Confused Burning Bleeding Hidden Invisible Slowed Downed "
        "Dazzled Surprised"
    ).split()
    assert sorted(c.name for c in CATALOG.values()) == sorted(listed)
    assert condition("stunned") is condition("Stunned")
    with pytest.raises(InvalidValueError, match="no condition called 'Bored'"):
        condition("Bored")


def test_r29_tracks_run_from_least_to_most_severe() -> None:
    track = [condition(n) for n in ("shaken", "dazed", "stunned", "paralyzed")]
    assert [c.track for c in track] == ["shaken"] * 4
    assert [c.severity for c in track] == [1, 2, 3, 4]
    assert effective([condition("shaken"), condition("stunned"), condition("prone")]) == [
        condition("stunned"),
        condition("prone"),
    ]


def test_r29_shaken_gives_one_disadvantage_on_attacks_saves_and_skills() -> None:
    shaken = [condition("shaken")]
    for tags in (MELEE_ATTACK, (RollTag.SAVE,), (RollTag.SKILL, RollTag.PERCEPTION)):
        sources, can_gain = roll_sources(shaken, tags)
        assert [(s.name, s.disadvantages) for s in sources] == [("Shaken", 1)]
        assert can_gain
    assert roll_sources(shaken, (RollTag.INITIATIVE,))[0] == ()


def test_r29_dazed_cannot_gain_advantage_and_has_two_disadvantage_on_everything() -> None:
    sources, can_gain = roll_sources([condition("dazed")], (RollTag.INITIATIVE,))
    assert not can_gain and sources[0].disadvantages == 2
    assert condition("dazed").default_rounds == 1 and condition("stunned").default_rounds == 1


def test_r29_the_most_severe_on_a_track_applies() -> None:
    sources, can_gain = roll_sources([condition("shaken"), condition("dazed")], MELEE_ATTACK)
    assert [(s.name, s.disadvantages) for s in sources] == [("Dazed", 2)]
    assert not can_gain


def test_r29_blinded_and_shaken_in_melee_is_past_the_cap() -> None:
    sources, _ = roll_sources([condition("blinded"), condition("shaken")], MELEE_ATTACK)
    with pytest.raises(TooMuchDisadvantageError):
        tally_advantage(sources)


def test_r29_prone_and_entangled_help_their_attackers() -> None:
    prone = [condition("prone")]
    assert sources_against(prone, ranged=True, distance_ft=10) == ()
    (far,) = sources_against(prone, ranged=True, distance_ft=15)
    assert far.advantages == 1
    assert sources_against(prone, ranged=False, distance_ft=5) == ()
    (tangled,) = sources_against([condition("entangled")], ranged=False, distance_ft=5)
    assert tangled.advantages == 1
    # The prone bearer's own melee attacks take a disadvantage.
    assert roll_sources(prone, MELEE_ATTACK)[0][0].disadvantages == 1


def test_r29_ac_changes_for_helpless_and_losing_dex() -> None:
    assert effective_ac(16, 3, []).value == 16
    assert effective_ac(16, 3, [condition("stunned")]).value == 13
    assert effective_ac(16, -1, [condition("flat-footed")]).value == 16  # no bonus to lose
    helpless = effective_ac(16, 3, [condition("unconscious")], size_mod=1)
    assert helpless.value == 6 and "5 + size" in helpless.notes[0]
    grappled = [condition("grappled")]
    assert effective_ac(16, 3, grappled).value == 13
    assert effective_ac(16, 3, grappled, attacker_is_grappler=True).value == 16
    assert effective_ac(16, 3, [condition("pinned")], attacker_is_grappler=True).value == 13


def test_r29_burning_and_bleeding_hurt_each_turn() -> None:
    assert condition("burning").effects.damage_per_turn == "1d6"
    assert condition("bleeding").effects.damage_per_turn == "1d4"
    assert condition("dazzled").effects.counts_as_terrible_visibility


def test_r29_custom_conditions() -> None:
    marked = custom_condition("  Marked by the Hunter ", "+2 damage from Brandon", 3)
    assert marked.key == "custom:marked-by-the-hunter" and marked.custom
    assert marked.name == "Marked by the Hunter" and marked.default_rounds == 3
    assert roll_sources([marked], MELEE_ATTACK) == ((), True)
    with pytest.raises(InvalidValueError, match="needs a name"):
        custom_condition("   ")
