"""Operations on the space fight from the bridge (R41-R47): its steps, the ships from the
library, the chart and house rules, and each station's action."""

from __future__ import annotations

from collections.abc import Sequence

from futurepath_desktop.core import starship as rules
from futurepath_desktop.session import commands as c
from futurepath_desktop.session.library import AddFromLibrary, Template
from futurepath_desktop.session.state import ChartRow, Ship
from futurepath_desktop.ui.undo import SessionController


def start_space_combat(controller: SessionController, unseen: Sequence[str]) -> bool:
    """Start the space fight; these ships fire first, unseen (R47)."""
    return controller.push(c.StartSpaceCombat(tuple(unseen)))


def next_space_phase(controller: SessionController) -> bool:
    """Close the phase (its results apply now, R41) and open the next."""
    return controller.push(c.NextSpacePhase())


def end_space_combat(controller: SessionController) -> bool:
    """End the space fight."""
    return controller.push(c.EndSpaceCombat())


def add_ship(controller: SessionController, template: Template) -> bool:
    """Add a ship from the prep library."""
    return controller.push(AddFromLibrary(template))


def new_ship(controller: SessionController, ship: Ship) -> bool:
    """Add a ship made in the ship editor, with its crew, as one step."""
    return controller.push(c.AddShip(ship))


def edit_ship(
    controller: SessionController, ship_id: str, changes: Sequence[tuple[str, object]]
) -> bool:
    """Change a ship's particulars and crew as one step (nothing changed: no step)."""
    if not changes:
        return True
    return controller.push(c.EditShip(ship_id, tuple(changes)))


def assign_crew(
    controller: SessionController,
    ship_id: str,
    position: rules.Position,
    combatant_id: str | None,
    name: str,
) -> bool:
    """Put a combatant, a named NPC, or nobody at one crew position (R41)."""
    return controller.push(c.AssignCrew(ship_id, position, combatant_id, name))


def remove_ship(controller: SessionController, ship_id: str) -> bool:
    """Take a ship out of the session (what the space round says of it goes too)."""
    return controller.push(c.RemoveShip(ship_id))


def set_chart(controller: SessionController, rows: Sequence[ChartRow]) -> bool:
    """Make these lines the session's Battle Damage Chart (R46): one line changed is that
    line's edit (its words in the history), more are the whole chart's."""
    from futurepath_desktop.session.space_rules import chart_of

    old = {row.roll: row for row in chart_of(controller.session.space)}
    changed = [row for row in rows if old.get(row.roll) != row]
    if not changed:
        return True
    if len(changed) == 1 and len(rows) == len(old) and {r.roll for r in rows} == set(old):
        return controller.push(c.SetChartRow(changed[0]))
    return controller.push(c.SetChart(tuple(rows)))


def set_space_rules(controller: SessionController, swarm_penalty: int, scan_dc: int) -> bool:
    """The swarm penalty per size step and the Scan DC."""
    return controller.push(c.SetSpaceRules(swarm_penalty, scan_dc))


def station_acts(
    controller: SessionController,
    ship_id: str,
    position: rules.Position,
    action: str,
    flying: rules.Flying | None = None,
) -> bool:
    """Record what a station does this round (R41); the Helm sets how the ship flies."""
    return controller.push(c.CrewAction(ship_id, position, action, flying=flying))


def declare_optional(controller: SessionController, ship_id: str, position: rules.Position) -> bool:
    """The Science Officer or the Chief Engineer acts in the Action phase (R41)."""
    return controller.push(c.DeclareOptional(ship_id, position))


def fire(
    controller: SessionController,
    ship_id: str,
    target_id: str,
    hard_points: int,
    system: str | None = None,
    bay: str | None = None,
) -> bool:
    """The Weapons Officer fires, at Battle Damage or at a system or bay (R42-R44)."""
    return controller.push(c.Fire(ship_id, target_id, hard_points, system, bay))


def swarm(
    controller: SessionController,
    ship_ids: Sequence[str],
    target_id: str,
    hard_points: Sequence[int],
) -> bool:
    """Several ships fire together at one target and pool their successes."""
    return controller.push(c.Swarm(tuple(ship_ids), target_id, tuple(hard_points)))


def scan(controller: SessionController, ship_id: str, target_id: str) -> bool:
    """The Sensor Officer scans the target (R44)."""
    return controller.push(c.Scan(ship_id, target_id))


def repair(controller: SessionController, ship_id: str, damage_id: str) -> bool:
    """The Chief Engineer repairs one Battle Damage (R46)."""
    return controller.push(c.Repair(ship_id, damage_id))


def treat(
    controller: SessionController,
    ship_id: str,
    patient_id: str,
    amount: int,
    condition_id: str | None = None,
) -> bool:
    """The Medical Officer heals a crew member, ends one of their conditions, or both."""
    return controller.push(
        c.MedicalCare(ship_id, patient_id, amount=amount, condition_id=condition_id)
    )
