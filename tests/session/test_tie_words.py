"""R7 in the log: a tie between teams the GM made (whose ids are generated) is told in
the teams' names, each opposed check on a line of its own naming its team."""

from __future__ import annotations

import re

import msgspec

from futurepath_desktop.session import commands as c
from futurepath_desktop.session.demo import demo_session
from futurepath_desktop.session.history import History
from futurepath_desktop.session.state import Session, Team


def test_a_tie_is_told_in_the_teams_names_with_each_check() -> None:
    demo = demo_session()
    session = Session(name="Twins")
    history = History(session)
    twin = demo.combatants["brandon"]  # the same DEX on both sides: opposed checks decide
    for ident, name in (("team-1625eeffe3bd", "Red Hands"), ("team-4e42b440cc34", "Blue Coats")):
        history.push(c.AddTeam(Team(id=ident, name=name, colour="#884422")))
        history.push(
            c.AddCombatant(
                msgspec.structs.replace(twin, id=f"{ident}-1", name=f"{name} 1", team_id=ident)
            )
        )
    history.push(c.StartCombat(unaware_ids=()))
    (tie,) = [e for e in session.log if e.text.startswith("Tie at")]
    assert "Red Hands" in tie.text and "Blue Coats" in tie.text
    assert not re.search(r"team-[0-9a-f]{6}", tie.text + " ".join(tie.lines)), tie.text
    checks = [line for line in tie.lines if line.startswith(("Red Hands: ", "Blue Coats: "))]
    assert len(checks) == len(tie.rolls) >= 2
    assert [line.split(": ", 1)[1] for line in checks] == [r.text for r in tie.rolls]
    for team in session.teams.values():  # the team's own note of how its tie broke
        assert "Red Hands" in team.tiebreak and "team-" not in team.tiebreak
