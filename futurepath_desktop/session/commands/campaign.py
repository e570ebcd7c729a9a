"""The campaign: the party carried from fight to fight. Its player characters are kept in
the prep library as they stand (HP, temporary HP, fatigue, conditions with their counters,
ammunition); a session joins them, moves on to the next encounter with them, and lets them
rest, each as one undoable step."""

from __future__ import annotations

import msgspec

from futurepath_desktop.session.commands.roster import validated_options
from futurepath_desktop.session.edit import Edit
from futurepath_desktop.session.errors import CombatFlowError, CommandError
from futurepath_desktop.session.library import EncounterTeam, Template, copy_teams
from futurepath_desktop.session.state import Session, new_id
from futurepath_desktop.session.wording import joined

PARTY_SIDE = "players"
REST_STEP = "Rest: "
NEXT_ENCOUNTER_STEP = "Next encounter: "
PARTY_STEPS = (REST_STEP, NEXT_ENCOUNTER_STEP)
"""How the labels of the steps that change the party between fights begin: undoing or
redoing one, the window saves the campaign's party again as the session has it."""


def party_template(session: Session, name: str, template_id: str | None = None) -> Template:
    """The session's players' teams as a party for the library, as they stand now: every
    member with its current HP, temporary HP, fatigue and ammunition, and the conditions
    they bear with their counters. ``template_id`` keeps an existing party's id."""
    teams = [t for t in session.teams.values() if t.side == PARTY_SIDE]
    if not teams:
        raise CommandError("the session has no players' team to keep as the party")
    entries = tuple(
        EncounterTeam(
            msgspec.structs.replace(team, initiative=None, tiebreak=""),
            tuple(msgspec.structs.replace(m, present=True) for m in session.members(team.id)),
        )
        for team in teams
    )
    bearers = {m.id for entry in entries for m in entry.members}
    held = tuple(h for h in session.conditions.values() if h.bearer_id in bearers)
    return Template(
        kind="party",
        id=template_id or new_id("tpl"),
        name=name.strip() or "The party",
        teams=entries,
        conditions=held,
    )


def _between_fights(session: Session, what: str) -> None:
    if session.combat.active:
        raise CombatFlowError(f"{what} between fights: end this one first (End Combat)")


class JoinParty(msgspec.Struct, frozen=True):
    """Bring a campaign's party into the session as it stands in the library, and remember
    the campaign in the session."""

    party: Template

    def perform(self, session: Session, edit: Edit) -> str:
        if self.party.kind != "party":
            raise CommandError(f"{self.party.name} is {self.party.kind_word()}, not a party")
        _between_fights(session, "the party joins")
        copy_teams(edit, self.party)
        edit.set_options(msgspec.structs.replace(session.options, campaign=self.party.id))
        names = [m.name for entry in self.party.teams for m in entry.members]
        edit.log("roster", f"The party of {self.party.name} joins: {joined(names) or 'no one'}")
        return f"Party {self.party.name} joins"


class SetCampaign(msgspec.Struct, frozen=True):
    """Remember which campaign (the id of its party in the library) this session belongs
    to, or none (empty)."""

    campaign: str
    name: str = ""

    def perform(self, session: Session, edit: Edit) -> str:
        options = msgspec.structs.replace(session.options, campaign=self.campaign)
        edit.set_options(validated_options(options))
        said = self.name.strip() or self.campaign
        edit.log(
            "roster",
            f"This session is part of the campaign {said}"
            if said
            else "This session is part of no campaign",
        )
        return "Set campaign"


class NextEncounter(msgspec.Struct, frozen=True):
    """Between fights: every team but the players' leaves, and the encounter's teams
    arrive. The party stays as it stands (HP, conditions, ammunition)."""

    encounter: Template

    def perform(self, session: Session, edit: Edit) -> str:
        if self.encounter.kind != "encounter" or not self.encounter.teams:
            raise CommandError(f"{self.encounter.name} is not an encounter with teams")
        _between_fights(session, "the next encounter starts")
        gone = [t for t in session.teams.values() if t.side != PARTY_SIDE]
        for team in gone:
            edit.remove("teams", team.id)
        arrived = copy_teams(edit, self.encounter)
        left = f"; {joined([t.name for t in gone])} left" if gone else ""
        edit.log(
            "roster",
            f"Next encounter: {self.encounter.name} ({joined([t.name for t in arrived])}){left}",
        )
        return f"{NEXT_ENCOUNTER_STEP}{self.encounter.name}"


class Rest(msgspec.Struct, frozen=True):
    """Between fights, the chosen combatants rest: each thing asked for is restored (HP or
    Health to the maximum, fatigue to none, every weapon's ammunition full) and,
    if asked, their conditions end. One step, however many rest."""

    combatant_ids: tuple[str, ...]
    hp: bool = True
    fatigue: bool = True
    ammunition: bool = True
    conditions: bool = False

    def perform(self, session: Session, edit: Edit) -> str:
        _between_fights(session, "a rest comes")
        if not self.combatant_ids:
            raise CommandError("choose who rests")
        if not (self.hp or self.fatigue or self.ammunition or self.conditions):
            raise CommandError("choose what the rest restores")
        resting = [session.combatant(i) for i in dict.fromkeys(self.combatant_ids)]
        for who in resting:
            changes: dict[str, object] = {}
            if self.hp:
                changes.update(hp=who.max_hp, health=who.max_health)
            if self.fatigue:
                changes["fatigue"] = 0
            if self.ammunition:
                changes["weapons"] = tuple(
                    msgspec.structs.replace(w, ammo=w.ammo_max) if w.ammo_max is not None else w
                    for w in who.weapons
                )
            edit.put("combatants", msgspec.structs.replace(who, **changes))
            if self.conditions:
                for held in session.conditions_on(who.id):
                    edit.remove("conditions", held.id)
        restored = [
            word
            for word, asked in (
                ("HP" if not session.options.health_fatigue else "Health", self.hp),
                ("fatigue", self.fatigue),
                ("ammunition", self.ammunition),
                ("conditions ended", self.conditions),
            )
            if asked
        ]
        names = joined([w.name for w in resting])
        edit.log("health", f"{names} rest: {joined(restored)}")
        told = names if len(resting) <= 2 else f"{len(resting)} combatants"
        return f"{REST_STEP}{told}"
