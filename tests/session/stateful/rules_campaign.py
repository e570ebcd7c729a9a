"""The rules of the campaign: the party joining as the library keeps it, the next
encounter, a rest, the session's campaign; and copies of a library template ×N."""

from __future__ import annotations

from typing import Any

from hypothesis import strategies as st
from hypothesis.stateful import rule

from futurepath_desktop.session import commands as c
from futurepath_desktop.session.commands.campaign import party_template
from futurepath_desktop.session.demo import demo_session
from futurepath_desktop.session.errors import CommandError
from futurepath_desktop.session.library import (
    AddFromLibrary,
    Template,
    combatant_template,
    encounter_template,
)
from futurepath_desktop.session.records import Reminder
from tests.session.stateful.machine import Machine, draws

_DEMO = demo_session()
_DEMO_PARTY = party_template(_DEMO, "Demo party")
_DEMO_BEARS = encounter_template(_DEMO, ["bears"], "The den")
_BEAR = combatant_template(_DEMO.combatants["bear-1"], "monster")


class CampaignRules(Machine):
    def _party(self, data: Any) -> Template:
        """The session's own party as it stands (when it has players), or the demo's."""
        try:
            own = party_template(self.session, "Crew")
        except CommandError:
            own = _DEMO_PARTY
        chosen: Template = data.draw(st.sampled_from([own, _DEMO_PARTY, _DEMO_BEARS]))
        return chosen

    @rule(data=st.data())
    @draws(c.JoinParty)
    def join_party(self, data: Any) -> None:
        """A party (or, refused, an encounter passed as one) joins."""
        self.push(c.JoinParty(self._party(data)))

    @rule(data=st.data())
    @draws(c.NextEncounter)
    def next_encounter(self, data: Any) -> None:
        """The den again, the session's own enemies saved and brought back, or a party
        passed as an encounter (refused)."""
        enemies = [t.id for t in self.session.teams.values() if t.side != "players"]
        choices = [_DEMO_BEARS, _DEMO_PARTY]
        if enemies:
            choices.append(encounter_template(self.session, enemies, "Again"))
        self.push(c.NextEncounter(data.draw(st.sampled_from(choices))))

    @rule(
        data=st.data(),
        hp=st.booleans(),
        fatigue=st.booleans(),
        ammunition=st.booleans(),
        conditions=st.booleans(),
    )
    @draws(c.Rest)
    def rest(self, data: Any, hp: bool, fatigue: bool, ammunition: bool, conditions: bool) -> None:
        ids = self.combatant_ids()
        chosen = self.some(data, ids, 3) if data.draw(st.integers(0, 9)) else ()
        self.push(c.Rest(chosen, hp, fatigue, ammunition, conditions))

    @rule(campaign=st.sampled_from(["", "tpl-0001", "bad id!", "x" * 65]))
    @draws(c.SetCampaign)
    def set_campaign(self, campaign: str) -> None:
        self.push(c.SetCampaign(campaign, "The long road"))

    @rule(data=st.data(), count=st.sampled_from([1, 2, 4, 0, 101]))
    @draws(AddFromLibrary)
    def add_copies(self, data: Any, count: int) -> None:
        """A template ×N into a team that is there or not (0 and 101 are refused)."""
        self.push(AddFromLibrary(_BEAR, self.pick(data, self.team_ids()), count))

    @rule(
        data=st.data(),
        when=st.sampled_from(["turn_start", "turn_end", "round"]),
        number=st.sampled_from([0, 1, 3]),
        text=st.sampled_from(["heal 2", "  ", "x" * 201]),
    )
    @draws(c.PutReminder)
    def put_reminder(self, data: Any, when: str, number: int, text: str) -> None:
        """A reminder for someone there or not (or no one), new or over an old one's id;
        an empty or too long one is refused."""
        ident = self.pick(data, [*self.session.reminders, "rem-new"])
        who = self.pick(data, self.combatant_ids()) if data.draw(st.booleans()) else None
        self.push(c.PutReminder(Reminder(ident, text, when, who, number)))  # type: ignore[arg-type]

    @rule(data=st.data())
    @draws(c.RemoveReminder)
    def remove_reminder(self, data: Any) -> None:
        self.push(c.RemoveReminder(self.pick(data, list(self.session.reminders))))
