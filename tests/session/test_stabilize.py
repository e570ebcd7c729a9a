"""R26: stabilizing is a Full-Round action that needs a field medical kit and at least one
rank of Treat Injury; a success sets HP to 1 and stops the bleeding, and the CON damage
stays. Under Health and Fatigue (R27) nobody is dying."""

from __future__ import annotations

import msgspec
import pytest

from futurepath_desktop.core.errors import FuturePathError
from futurepath_desktop.core.rounds import Phase
from futurepath_desktop.session import commands as c
from futurepath_desktop.session.demo import demo_session
from futurepath_desktop.session.errors import CombatFlowError, CommandError
from futurepath_desktop.session.history import History
from futurepath_desktop.session.records import Options
from futurepath_desktop.session.state import Session


def dying_art() -> tuple[Session, History]:
    session = demo_session()
    art = session.combatants["art"]
    session.combatants["art"] = msgspec.structs.replace(art, hp=-2, con_damage=3)
    history = History(session)
    x, y = session.tokens["art"].square
    history.push(c.PlaceToken("james", x + 1, y))  # beside him: a medic works within 5 ft
    return session, history


def test_a_medic_more_than_5_ft_away_cannot_reach_the_patient() -> None:
    session, history = dying_art()
    x, y = session.tokens["art"].square
    history.push(c.PlaceToken("james", x + 2, y))
    with pytest.raises(CommandError, match="James is 10 ft from Art: a medic works within 5 ft"):
        history.push(c.Stabilize("james", "art", kit=True, ranks=1, dc=None))


@pytest.mark.parametrize(
    ("kit", "ranks", "why"),
    [(False, 2, "needs a field medical kit"), (True, 0, "at least one rank of Treat Injury")],
)
def test_without_a_kit_or_a_rank_it_is_refused(kit: bool, ranks: int, why: str) -> None:
    session, history = dying_art()
    with pytest.raises(CommandError, match=why):
        history.push(c.Stabilize("james", "art", kit, ranks))
    assert session.combatants["art"].hp == -2


@pytest.mark.parametrize(("bonus", "works"), [(100, True), (-100, False)])
def test_the_check_decides_and_a_success_leaves_1_hp_and_the_con_damage(
    bonus: int, works: bool
) -> None:
    session, history = dying_art()
    history.push(c.Stabilize("james", "art", kit=True, ranks=1, bonus=bonus, dc=15))
    (check,) = [e for e in session.log if e.kind == "check"]
    (roll,) = check.rolls
    assert roll.total == roll.faces[0] + bonus
    art = session.combatants["art"]
    assert art.hp == (1 if works else -2)
    assert art.con_damage == 3, "the CON damage stays"
    assert art.hit_points().dying == (not works)


def test_the_gm_may_rule_it_a_success_without_a_roll() -> None:
    session, history = dying_art()
    history.push(c.Stabilize("james", "art", kit=True, ranks=1, dc=None))
    assert session.combatants["art"].hp == 1
    assert not [e for e in session.log if e.kind == "check"]
    assert "no longer Dying" in session.log[-1].text


def test_in_combat_it_takes_the_medics_whole_turn() -> None:
    session, history = dying_art()
    history.push(c.StartCombat(unaware_ids=()))
    while session.combat.phase != Phase.ACTION:
        history.push(c.NextTurn())
    x, y = session.tokens["art"].square
    history.push(c.PlaceToken("bear-1", x, y + 1))
    with pytest.raises(CombatFlowError, match="not Space Bear 1's turn"):
        history.push(c.Stabilize("bear-1", "art", kit=True, ranks=1, dc=None))
    history.push(c.Stabilize("james", "art", kit=True, ranks=1, dc=None))
    assert session.combat.turns["james"] == (("Stabilize a Dying Character", "art"),)
    with pytest.raises(FuturePathError, match="turn has ended"):
        history.push(c.DeclareAction("james", "Draw/Holster Weapon"))


def test_only_the_dying_and_never_under_health_and_fatigue() -> None:
    _session, history = dying_art()
    with pytest.raises(CommandError, match="Brandon is not dying"):
        history.push(c.Stabilize("james", "brandon", kit=True, ranks=1))
    history.push(c.SetOptions(Options(vitality="health-fatigue")))
    with pytest.raises(CommandError, match="nobody is dying"):
        history.push(c.Stabilize("james", "art", kit=True, ranks=1))
