"""R49: a Combat Technique is a Full-Round action (both standard actions) unless the user's
talent makes it Standard, and it has its own range: the demo's Shock reaches a bear across
the room, as in the chapter. Prone allows no techniques (R29)."""

from __future__ import annotations

import msgspec
import pytest

from futurepath_desktop.core.errors import ActionNotAllowedError, AttackNotAllowedError
from futurepath_desktop.core.rounds import Phase
from futurepath_desktop.session import commands as c
from futurepath_desktop.session.demo import demo_session
from futurepath_desktop.session.history import History
from futurepath_desktop.session.state import Session


def players_turn() -> tuple[Session, History]:
    session = demo_session()
    history = History(session)
    history.push(c.StartCombat(unaware_ids=()))
    while session.combat.acting_team != "players" or session.combat.phase != Phase.ACTION:
        history.push(c.NextTurn())
    return session, history


def test_shock_reaches_across_the_room_and_takes_the_whole_turn() -> None:
    session, history = players_turn()
    shock = session.combatants["james"].weapons[0]
    assert shock.technique == "full-round" and shock.ranged
    history.push(c.ResolveAttack("james", "bear-2", distance_ft=40))
    assert session.combat.turns["james"] == (("Combat Technique", "bear-2"),)
    with pytest.raises(ActionNotAllowedError, match="turn has ended"):
        history.push(c.DeclareAction("james", "Draw/Holster Weapon"))
    # 40 ft is the second 30 ft increment: one disadvantage (R19, R48).
    attack = next(e for e in reversed(session.log) if "attacks Space Bear 2" in e.text)
    assert "Range 40 ft" in "\n".join(attack.lines)


def test_a_talent_makes_a_technique_a_standard_action() -> None:
    session, history = players_turn()
    james = session.combatants["james"]
    quick = msgspec.structs.replace(james.weapons[0], technique="standard")
    history.push(c.EditCombatant("james", {"weapons": (quick,)}))
    history.push(c.ResolveAttack("james", "bear-2", distance_ft=40))
    history.push(c.DeclareAction("james", "Draw/Holster Weapon"))  # the Simple is left
    assert [name for name, _ in session.combat.turns["james"]] == [
        "Class Attack Talent",
        "Draw/Holster Weapon",
    ]


def test_prone_allows_no_technique() -> None:
    _session, history = players_turn()
    history.push(c.AddCondition(("james",), "prone"))
    with pytest.raises(AttackNotAllowedError, match="Prone and cannot use a technique"):
        history.push(c.ResolveAttack("james", "bear-2", distance_ft=40))


def test_the_form_s_warning_says_the_weapon_is_a_technique() -> None:
    """After a Standard action, the attack form's warning for Shock says why an attack with
    it will not fit: the weapon makes it a Combat Technique, a Full-Round action (R15, R49);
    a plain weapon's warning is the turn's alone."""
    from futurepath_desktop.session.attack_plan import turn_warning

    session, history = players_turn()
    history.push(c.DeclareAction("james", "Move"))
    shock = c.ResolveAttack("james", "bear-2", distance_ft=40).plan(session)
    warning = turn_warning(session, shock)
    assert warning.startswith("Shock technique is a Combat Technique: a Full-Round action")
    history.push(c.DeclareAction("art", "Move"))
    plain = c.ResolveAttack("art", "bear-2", distance_ft=20).plan(session)
    assert turn_warning(session, plain).startswith("the Standard action of this turn")
