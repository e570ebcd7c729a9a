"""The attack form greys its Roll button by ``turn_warning``: the warning must foresee every
refusal of the attack command for the turn's sake, so that a roll the GM is allowed to try
is never refused after the click. The command itself is the oracle here."""

from __future__ import annotations

import pytest

from futurepath_desktop.core.errors import FuturePathError
from futurepath_desktop.core.rounds import Phase
from futurepath_desktop.session import commands as c
from futurepath_desktop.session.attack_plan import turn_warning
from futurepath_desktop.session.demo import demo_session
from futurepath_desktop.session.history import History
from futurepath_desktop.session.state import Session


def refused(history: History, command: c.ResolveAttack) -> str:
    """Why the command is refused ("" if it is taken; then it is undone again)."""
    try:
        history.push(command)
    except FuturePathError as error:
        return str(error)
    history.undo()
    return ""


def checked_pairs(session: Session, history: History) -> int:
    """Every attacker against every target it can plan an attack on: the form's warning
    is given exactly when the command refuses; how many pairs were checked."""
    checked = 0
    for attacker in session.combatants.values():
        for target in session.combatants.values():
            if target.team_id == attacker.team_id:
                continue
            command = c.ResolveAttack(attacker.id, target.id, distance_ft=5)
            try:
                plan = command.plan(session)
            except FuturePathError:
                continue  # the form says why under the odds and greys Roll for this too
            warning = turn_warning(session, plan)
            why = refused(history, command)
            assert bool(warning) == bool(why), (attacker.name, target.name, warning, why)
            checked += 1
    return checked


@pytest.mark.parametrize("unaware", [("james",), ("james", "art"), ("bear-1", "bear-3")])
def test_r11_the_surprised_are_warned_off_before_they_roll(unaware: tuple[str, ...]) -> None:
    session = demo_session()
    history = History(session)
    history.push(c.StartCombat(unaware_ids=unaware))
    warned = 0
    for _ in range(2):  # each team's turn of the surprise round
        assert session.combat.surprise_round
        assert checked_pairs(session, history) > 0
        for ident in unaware:
            who = session.combatants[ident]
            if who.team_id == session.combat.acting_team:
                enemy = next(t for t in session.combatants.values() if t.team_id != who.team_id)
                plan = c.ResolveAttack(ident, enemy.id, distance_ft=5).plan(session)
                assert "surprised" in turn_warning(session, plan)
                warned += 1
        history.push(c.NextTurn())
    assert warned == len(unaware)


@pytest.mark.parametrize("key", ["paralyzed", "stunned", "unconscious"])
def test_r54_who_cannot_act_is_warned_off_before_rolling(key: str) -> None:
    session = demo_session()
    history = History(session)
    history.push(c.StartCombat(unaware_ids=()))
    while session.combat.acting_team is None or session.combat.phase != Phase.ACTION:
        history.push(c.NextTurn())
    acting = session.combat.acting_team
    who = next(m for m in session.combatants.values() if m.team_id == acting)
    history.push(c.AddCondition((who.id,), key))
    assert checked_pairs(session, history) > 0


def test_what_made_the_ac_sits_beside_the_roll_against_it() -> None:
    """An attack's breakdown reads in order: the sources, the roll against the AC, what
    made that AC (flat-footed, surprised), and only then the damage."""
    from futurepath_desktop.core.advantage import AdvantageSource

    session = demo_session()
    history = History(session)
    history.push(c.StartCombat(unaware_ids=tuple(i for i in session.combatants if "bear" in i)))
    fiat = (AdvantageSource("GM fiat", advantages=2, flat=10),)
    history.push(c.ResolveAttack("brandon", "bear-1", distance_ft=25, fiat=fiat))
    entry = next(e for e in reversed(session.log) if e.kind == "attack")
    lines = [line.strip() for line in entry.lines]
    roll = next(i for i, line in enumerate(lines) if line.startswith("Accuracy:"))
    ac = next(i for i, line in enumerate(lines) if line.startswith("AC:"))
    assert ac == roll + 1, lines
    damage = next(i for i, line in enumerate(lines) if line.startswith("Damage:"))  # a hit
    assert ac < damage
