"""The chapter's example encounter driven through commands, checked on state (R6-R14)."""

from __future__ import annotations

from pathlib import Path

import msgspec
import pytest

from futurepath_desktop.core.rounds import Phase
from futurepath_desktop.session.commands import (
    AddCondition,
    EndCombat,
    JoinCombat,
    NextTurn,
    ResolveAttack,
    StartCombat,
)
from futurepath_desktop.session.demo import demo_session
from futurepath_desktop.session.errors import CombatFlowError
from futurepath_desktop.session.history import History
from futurepath_desktop.session.state import CombatState, Session
from futurepath_desktop.session.store import load_session, save_session


def now(session: Session) -> CombatState:
    """The combat state as it is now (a call, so type checkers do not carry old narrowing)."""
    return session.combat


def initiative(session: Session, team_id: str) -> int | None:
    """A team's initiative as it is now."""
    return session.teams[team_id].initiative


def counter(session: Session, bearer: str, key: str) -> int | None:
    held = [c for c in session.conditions_on(bearer) if c.key == key]
    return held[0].remaining if held else None


# R5/R6 worked by hand. Modifiers: Brandon +3 (DEX 16) +1 (WIS 13) +1 = 5, James +1 +2 = 3,
# Art +1 +2 = 3 → 11/3 → 4; each bear +1 +1 +1 = 3 → 3. Scores (the option): 16+13+1 = 30,
# 12+14 = 26, 13+14 = 27 → 83/3 → 28; each bear 13+13+1 = 27.
TEAM_INITIATIVE = {"modifiers": (4, 3), "scores": (28, 27)}


@pytest.mark.parametrize("rule", list(TEAM_INITIATIVE))
def test_the_space_bears_encounter(tmp_path: Path, rule: str) -> None:
    session = demo_session()
    session.options = msgspec.structs.replace(session.options, initiative=rule)
    history = History(session)
    initial = session.to_file()
    players_initiative, bears_initiative = TEAM_INITIATIVE[rule]

    # The explosion before the fight: the players are Shaken for a round, one bear Stunned.
    history.push(AddCondition(("brandon", "james", "art"), "shaken", 1))
    history.push(AddCondition(("bear-1",), "stunned", 1))

    # R6/R7: team initiatives fixed at the start; Katie is not there yet.
    history.push(StartCombat())
    assert initiative(session, "players") == players_initiative
    assert initiative(session, "bears") == bears_initiative
    assert now(session).order == ("players", "bears")
    assert now(session).round == 1

    # R11: Brandon is the only aware one: a surprise round where only he acts.
    assert now(session).surprise_round and now(session).phase == Phase.SURPRISE
    assert now(session).surprise_actors == ("brandon",)
    assert now(session).acting_team == "players"
    assert set(now(session).unaware) == {"james", "art", "bear-1", "bear-2", "bear-3", "bear-4"}
    with pytest.raises(CombatFlowError, match="surprised"):
        history.push(ResolveAttack("art", "bear-2", distance_ft=40))
    history.push(ResolveAttack("brandon", "bear-1", distance_ft=25))
    attack = session.log[-1] if session.log[-1].kind == "attack" else session.log[-2]
    assert attack.kind == "attack" and attack.rolls[0].faces[0] in range(1, 21)
    assert any("Shaken: 1 disadvantage" in line for line in attack.lines)
    history.push(NextTurn())  # the bears are all surprised: the surprise round is over
    assert not now(session).surprise_round and now(session).phase == Phase.ADVANTAGES

    # Round 1: the players' turn, then the bears'.
    history.push(NextTurn())
    assert now(session).phase == Phase.ACTION and now(session).acting_team == "players"
    history.push(ResolveAttack("art", "bear-2", distance_ft=40))
    history.push(AddCondition(("bear-3",), "stunned", 2, source="James's Shock technique"))
    history.push(NextTurn())
    assert now(session).acting_team == "bears"
    assert "james" not in now(session).unaware, "R11: flat-footed only until it has acted"
    with pytest.raises(Exception, match="Stunned and cannot attack"):
        history.push(ResolveAttack("bear-1", "james"))
    history.push(ResolveAttack("bear-2", "james"))

    # R13: in the Counters phase the explosion's effects end and James's stun ticks 2 → 1.
    history.push(NextTurn())
    assert now(session).phase == Phase.COUNTERS
    assert counter(session, "bear-1", "stunned") is None
    assert all(counter(session, p, "shaken") is None for p in ("brandon", "james", "art"))
    assert counter(session, "bear-3", "stunned") == 1
    assert any(e.kind == "expiry" and "Space Bear 1" in e.text for e in session.log)

    # R9: Katie joins the players' team in the Counters phase; its initiative stays, though
    # with her it would fall below the bears' (modifiers: 0 - 1 - 2 = -3 → 8/4 = 2; scores:
    # 10 + 9 - 2 = 17 → 100/4 = 25).
    history.push(JoinCombat(("katie",), team_id="players"))
    assert session.combatants["katie"].present
    assert initiative(session, "players") == players_initiative
    with_katie = [m.initiative(rule) for m in session.members("players")]
    assert -(-sum(with_katie) // len(with_katie)) == {"modifiers": 2, "scores": 25}[rule]
    assert -(-sum(with_katie) // len(with_katie)) < bears_initiative

    # Round 2: the whole team attacks, then the bears; the stun runs out.
    history.push(NextTurn())
    assert (now(session).round, now(session).phase) == (2, Phase.ADVANTAGES)
    history.push(NextTurn())
    assert now(session).acting_team == "players"
    history.push(ResolveAttack("katie", "bear-3"))
    history.push(NextTurn())
    history.push(NextTurn())
    assert now(session).phase == Phase.COUNTERS
    assert counter(session, "bear-3", "stunned") is None

    # A poison with rounds to go when the fight ends: R14 resolves them at once.
    history.push(AddCondition(("art",), "bleeding", 2))
    before = session.combatants["art"].hp
    history.push(EndCombat(resolve=True))
    assert not now(session).active
    assert counter(session, "art", "bleeding") is None
    leftover = [e for e in session.log if e.kind == "leftover"]
    assert len(leftover) == 1 and "2 more rounds of Bleeding" in leftover[0].text
    assert len(leftover[0].rolls) == 2  # two rounds, two damage rolls
    assert session.combatants["art"].hp == before - sum(r.total for r in leftover[0].rolls)
    assert initiative(session, "players") is None

    # Save and reopen: the same state.
    save_session(session, tmp_path / "fight.fpsession")
    assert load_session(tmp_path / "fight.fpsession") == session

    # Undo everything: back to the demo as it was.
    final = session.to_file()
    while history.undo():
        pass
    assert session.to_file() == initial
    while history.redo():
        pass
    assert session.to_file() == final


def test_katie_joining_as_her_own_team_takes_her_own_initiative() -> None:
    session = demo_session()
    history = History(session)
    history.push(StartCombat(unaware_ids=()))
    while now(session).phase != Phase.COUNTERS:
        history.push(NextTurn())
    from futurepath_desktop.session.state import Team

    history.push(
        JoinCombat(("katie",), new_team=Team(id="katie-team", name="Katie", side="players"))
    )
    # R5/R6: Katie's own score, DEX 10 (+0) + WIS 9 (-1) + MISC -2 = -3, puts her after
    # the bears (3).
    assert session.teams["katie-team"].initiative == -3
    assert now(session).order == ("players", "bears", "katie-team")


def test_joins_happen_only_in_the_counters_phase() -> None:
    session = demo_session()
    history = History(session)
    history.push(StartCombat(unaware_ids=()))
    before = session.to_file()
    with pytest.raises(CombatFlowError, match="Counters phase"):
        history.push(JoinCombat(("katie",), team_id="players"))
    assert session.to_file() == before, "a refused command changes nothing"
