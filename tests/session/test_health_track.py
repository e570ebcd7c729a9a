"""R54: the health track shows as conditions, under either vitality option (R40), and they
apply like any other: Dying at 0 HP or less (R26); Downed at 0 Health, Slowed at 3+
fatigue, a named disadvantage on every roll at 4+, Unconscious at 5 (helpless: AC 5 +
size, can be coup-de-graced) (R27); Dead. No Vision (R31) makes its combatant Flat-Footed.

The expected ACs are worked from the ruling's words: helpless is 5 + the size modifier,
flat-footed loses the DEX bonus ((DEX - 10) // 2 when positive)."""

from __future__ import annotations

import msgspec
import pytest

from futurepath_desktop.session import commands as c
from futurepath_desktop.session.attack_plan import plan_attack
from futurepath_desktop.session.commands.coup_de_grace import helpless
from futurepath_desktop.session.demo import demo_session
from futurepath_desktop.session.errors import CombatFlowError
from futurepath_desktop.session.health_track import track_words
from futurepath_desktop.session.history import History
from futurepath_desktop.session.records import Options
from futurepath_desktop.session.state import Session

replace = msgspec.structs.replace


def session_with(**options: object) -> tuple[Session, History]:
    session = demo_session()
    history = History(session)
    history.push(c.SetOptions(Options(**options)))  # type: ignore[arg-type]
    return session, history


def bear_ac_against_brandon(session: Session) -> int:
    return plan_attack(session, "brandon", "bear-1", distance_ft=25).setup.target_ac


def dex_bonus(dex: int) -> int:
    return max(0, (dex - 10) // 2)


def test_dying_at_0_hp_is_a_helpless_condition_that_cannot_act() -> None:
    session, history = session_with()
    bear = session.combatants["bear-1"]
    assert bear_ac_against_brandon(session) == bear.ac
    history.push(c.Damage(("bear-1",), bear.hp))
    assert track_words(session, session.combatants["bear-1"]) == ("Dying",)
    said = session.log[-1].text
    assert "Space Bear 1 is down: now Dying (R54)" in said
    assert said.count("Dying") == 1, "said once, not as 'is down!' and 'is now Dying' too"
    assert bear_ac_against_brandon(session) == 5 + bear.size_mod  # helpless
    assert helpless(session, session.combatants["bear-1"]), "can be coup-de-graced (R24)"
    history.push(c.StartCombat(unaware_ids=()))
    while session.combat.acting_team != "bears":
        history.push(c.NextTurn())
    with pytest.raises(CombatFlowError, match="Dying and cannot act"):
        history.push(c.DeclareAction("bear-1", "Attack (Melee)", "brandon"))
    history.push(c.Heal(("bear-1",), 5))
    assert track_words(session, session.combatants["bear-1"]) == ()
    assert "no longer Dying" in session.log[-1].text


def test_dead_when_con_is_gone() -> None:
    session, _ = session_with()
    bear = session.combatants["bear-1"]
    session.combatants["bear-1"] = replace(bear, hp=-3, con_damage=bear.abilities.constitution)
    assert track_words(session, session.combatants["bear-1"]) == ("Dead",)


@pytest.mark.parametrize(
    ("fatigue", "health", "words"),
    [
        (0, 10, ()),
        (2, 10, ()),
        (3, 10, ("Slowed",)),
        (4, 10, ("Slowed", "Fatigue 4")),
        (1, 0, ("Downed",)),
        (5, 3, ("Unconscious", "Slowed", "Fatigue 4")),
        (5, 0, ("Dead",)),
    ],
)
def test_health_and_fatigue_states_are_conditions(
    fatigue: int, health: int, words: tuple[str, ...]
) -> None:
    session, _ = session_with(vitality="health-fatigue")
    bear = session.combatants["bear-1"]
    session.combatants["bear-1"] = replace(bear, fatigue=fatigue, health=health)
    assert track_words(session, session.combatants["bear-1"]) == words


def test_fatigue_4_is_a_named_disadvantage_on_the_bearers_attack() -> None:
    session, _ = session_with(vitality="health-fatigue")
    before = [
        s.name for s in plan_attack(session, "brandon", "bear-1", distance_ft=25).setup.sources
    ]
    assert "Fatigue 4" not in before
    brandon = session.combatants["brandon"]
    session.combatants["brandon"] = replace(brandon, fatigue=4)
    sources = plan_attack(session, "brandon", "bear-1", distance_ft=25).setup.sources
    (worn,) = [s for s in sources if s.name == "Fatigue 4"]
    assert worn.disadvantages == 1


def test_unconscious_at_5_fatigue_has_ac_5_plus_size_and_can_be_coup_de_graced() -> None:
    session, history = session_with(vitality="health-fatigue")
    bear = session.combatants["bear-1"]
    session.combatants["bear-1"] = replace(bear, fatigue=4, health=1)
    history.push(c.Damage(("bear-1",), 1))  # to 0 Health: +1 fatigue, 5 (R27)
    after = session.combatants["bear-1"]
    assert (after.health, after.fatigue) == (0, 5)
    assert "Dead" in track_words(session, after)


def test_unconscious_with_health_left() -> None:
    session, _ = session_with(vitality="health-fatigue")
    bear = session.combatants["bear-1"]
    session.combatants["bear-1"] = replace(bear, fatigue=5, health=4)
    assert bear_ac_against_brandon(session) == 5 + bear.size_mod
    assert helpless(session, session.combatants["bear-1"])


def test_no_vision_makes_everyone_flat_footed() -> None:
    session, history = session_with()
    bear = session.combatants["bear-1"]
    assert dex_bonus(bear.abilities.dexterity) == 1  # DEX 13
    assert bear_ac_against_brandon(session) == bear.ac
    history.push(c.SetOptions(replace(session.options, visibility=3)))
    assert "Flat-Footed (no vision)" in track_words(session, session.combatants["bear-1"])
    assert bear_ac_against_brandon(session) == bear.ac - dex_bonus(bear.abilities.dexterity)
    history.push(c.SetOptions(replace(session.options, visibility=2)))
    assert bear_ac_against_brandon(session) == bear.ac, "Terrible visibility is not No Vision"
