"""The machines: one drawing from every command, one weighted toward a running ground fight
and one toward a running space fight; and the checks that they cover every command and
that the hand-written reference walk covers every reference the registry declares."""

from __future__ import annotations

from typing import Any

from hypothesis import HealthCheck, settings
from hypothesis import strategies as st
from hypothesis.stateful import initialize

from futurepath_desktop.session import commands as c
from futurepath_desktop.session.library import AddFromLibrary
from futurepath_desktop.session.registry import REFERENCES
from tests.session.stateful.machine import drawn_by, draws
from tests.session.stateful.references import WALKS
from tests.session.stateful.rules_campaign import CampaignRules
from tests.session.stateful.rules_map import MapRules
from tests.session.stateful.rules_roster import FightRules, HealthRules, OptionRules, RosterRules
from tests.session.stateful.rules_space import SpaceRules


class SessionMachine(
    RosterRules, HealthRules, FightRules, OptionRules, MapRules, SpaceRules, CampaignRules
):
    """Every command of the session, from the demo."""


class GroundFightMachine(FightRules, HealthRules, MapRules, RosterRules, OptionRules):
    """Weighted toward a running ground fight: it starts one at once (with some combatants
    surprised, or not), moves and throws on the map, and leaves out what tears the roster
    down or only dresses the session."""

    @initialize(data=st.data(), surprise=st.booleans())
    @draws(c.StartCombat)
    def the_fight_starts(self, data: Any, surprise: bool) -> None:
        present = [i for i, x in self.session.combatants.items() if x.present]
        self.push(c.StartCombat(self.some(data, present) if surprise else None))

    def add_team(self, *args: Any, **kwargs: Any) -> None:
        """Not a rule here."""

    def remove_team(self, *args: Any, **kwargs: Any) -> None:
        """Not a rule here."""

    def remove_combatants(self, *args: Any, **kwargs: Any) -> None:
        """Not a rule here."""

    def move_team(self, *args: Any, **kwargs: Any) -> None:
        """Not a rule here."""

    def rename(self, *args: Any, **kwargs: Any) -> None:
        """Not a rule here."""

    def set_background(self, *args: Any, **kwargs: Any) -> None:
        """Not a rule here."""


class SpaceFightMachine(SpaceRules, HealthRules, RosterRules):
    """Weighted toward a running space fight: it starts one at once (with a surprise shot,
    or not); besides the space commands only the crew's health and the roster changes that
    touch crews (a combatant added, edited or removed while holding a station)."""

    @initialize(data=st.data(), surprise=st.booleans())
    @draws(c.StartSpaceCombat)
    def the_fight_starts(self, data: Any, surprise: bool) -> None:
        unseen = (data.draw(st.sampled_from(list(self.session.ships))),) if surprise else ()
        self.push(c.StartSpaceCombat(unseen))

    def add_team(self, *args: Any, **kwargs: Any) -> None:
        """Not a rule here."""

    def edit_team(self, *args: Any, **kwargs: Any) -> None:
        """Not a rule here."""

    def remove_team(self, *args: Any, **kwargs: Any) -> None:
        """Not a rule here."""

    def move_team(self, *args: Any, **kwargs: Any) -> None:
        """Not a rule here."""

    def move_combatant(self, *args: Any, **kwargs: Any) -> None:
        """Not a rule here."""


def test_the_machine_draws_every_command() -> None:
    """A command added to the session without a rule here fails this."""
    exported = {getattr(c, name) for name in c.__all__}
    # The library's own command (a template copied in) is drawn as well.
    assert drawn_by(SessionMachine) == exported | {AddFromLibrary}


def test_the_weighted_machines_draw_their_parts() -> None:
    ground, space = drawn_by(GroundFightMachine), drawn_by(SpaceFightMachine)
    assert {c.MoveToken, c.ThrowGrenade, c.NextTurn, c.ResolveAttack} <= ground
    assert not ground & {c.Fire, c.AddShip, c.RemoveTeam, c.RemoveCombatants}
    assert {c.Fire, c.Swarm, c.Repair, c.AssignCrew, c.RemoveCombatants} <= space
    assert not space & {c.MoveToken, c.NextTurn, c.RemoveTeam}


def test_the_reference_walk_covers_every_declared_reference() -> None:
    """The hand-written walk (references.py) finds the ids of exactly the references the
    registry declares: a new reference needs its walk there."""
    assert set(WALKS) == {(r.owner, r.target, r.where) for r in REFERENCES}


STATEFUL = settings(
    max_examples=50,
    stateful_step_count=150,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much],
)
SessionMachine.TestCase.settings = STATEFUL
GroundFightMachine.TestCase.settings = STATEFUL
SpaceFightMachine.TestCase.settings = STATEFUL
TestEveryCommand = SessionMachine.TestCase
TestGroundFight = GroundFightMachine.TestCase
TestSpaceFight = SpaceFightMachine.TestCase
