"""R32: a target in full cover cannot be targeted directly, but an AP weapon or a weak
barrier may fire through: a d10 of 6 or more connects, then the accuracy check takes 1
disadvantage. The oracle is the ruling read off each logged d10."""

from __future__ import annotations

import random
from fractions import Fraction

import msgspec
import pytest

from futurepath_desktop.core.errors import AttackNotAllowedError
from futurepath_desktop.session import commands as c
from futurepath_desktop.session.demo import demo_session
from futurepath_desktop.session.history import History
from futurepath_desktop.session.state import Session

FULL = 3


def with_ap_rifle(seed: int) -> tuple[Session, History]:
    session = demo_session()
    session.rng = random.Random(seed)
    history = History(session)
    art = session.combatants["art"]
    rifle = msgspec.structs.replace(art.weapons[0], armor_piercing=True)
    history.push(c.EditCombatant("art", {"weapons": (rifle,)}))
    return session, history


def test_full_cover_stops_a_weapon_that_is_not_ap() -> None:
    session = demo_session()
    history = History(session)
    with pytest.raises(AttackNotAllowedError, match="cannot be targeted directly"):
        history.push(c.ResolveAttack("art", "bear-1", distance_ft=30, cover=FULL))
    with pytest.raises(AttackNotAllowedError, match="only an AP weapon"):
        history.push(
            c.ResolveAttack("art", "bear-1", distance_ft=30, cover=FULL, through_cover=True)
        )
    # A barrier the GM rules weak lets any weapon try.
    history.push(
        c.ResolveAttack(
            "art", "bear-1", distance_ft=30, cover=FULL, through_cover=True, weak_barrier=True
        )
    )
    assert "through Space Bear 1's full cover: d10" in "\n".join(e.text for e in session.log)


@pytest.mark.parametrize("seed", range(12))
def test_a_d10_of_6_or_more_connects_and_the_shot_takes_1_disadvantage(seed: int) -> None:
    session, history = with_ap_rifle(seed)
    before = len(session.log)
    history.push(c.ResolveAttack("art", "bear-1", distance_ft=30, cover=FULL, through_cover=True))
    entries = session.log[before:]
    shot = next(e for e in entries if "full cover: d10" in e.text)
    (d10,) = shot.rolls
    assert d10.expression == "1d10" and 1 <= d10.total <= 10
    attacks = [e for e in entries if e.kind == "attack" and "attacks Space Bear 1" in e.text]
    if d10.total >= 6:
        assert "gets through" in shot.text and len(attacks) == 1
        assert "Firing through full cover: 1 disadvantage" in "\n".join(attacks[0].lines)
    else:
        assert "does not get through" in shot.text and attacks == []


def test_the_plan_and_the_chart_count_the_shots_the_d10_stops() -> None:
    """The odds a GM sees through full cover: a shot the d10 stops is a miss, so every hit
    and critical is scaled by the d10's chance (counted face by face, R32) and the miss
    bar takes the rest; the bars still add up to one."""
    from futurepath_desktop.core.odds import CRIT, FAIL, MISS, odds_for
    from futurepath_desktop.ui.plots.data import outcome_bars

    session, _ = with_ap_rifle(0)
    command = c.ResolveAttack("art", "bear-1", distance_ft=30, cover=FULL, through_cover=True)
    plan = command.plan(session)
    faces_through = [face for face in range(1, 11) if face >= 6]
    assert plan.connects == Fraction(len(faces_through), 10)
    rolled = odds_for(plan.setup).outcomes.exact  # the accuracy roll, once it is through
    bars = outcome_bars(plan.setup, plan.connects)
    share = len(faces_through) / 10
    assert bars.miss == pytest.approx(1 - share + share * float(rolled[MISS]))
    assert bars.critical_failure == pytest.approx(share * float(rolled[FAIL]))
    assert sum(bars.critical.values()) == pytest.approx(share * float(rolled[CRIT]))
    total = bars.miss + bars.critical_failure + sum(bars.hit.values()) + sum(bars.critical.values())
    assert total == pytest.approx(1)
    # In the open the same attack has nothing to get through.
    open_plan = c.ResolveAttack("art", "bear-1", distance_ft=30).plan(session)
    assert open_plan.connects == 1


def test_the_hit_chance_by_ac_curve_counts_the_d10_too() -> None:
    """The chart beside the bars: against every AC, the chance to hit through full cover
    is the d10's share of the accuracy roll's, never above it."""
    from futurepath_desktop.core.odds import hit_chances
    from futurepath_desktop.ui.plots.data import AC_RANGE, hit_chance_by_ac

    session, _ = with_ap_rifle(0)
    plan = c.ResolveAttack("art", "bear-1", distance_ft=30, cover=FULL, through_cover=True).plan(
        session
    )
    tally = plan.setup.tally()
    rolled = hit_chances(
        plan.setup.accuracy_modifier + tally.flat,
        tally.net,
        plan.setup.advantage_die,
        list(AC_RANGE),
        plan.setup.weapon.crit_min,
    )
    share = Fraction(sum(face >= 6 for face in range(1, 11)), 10)
    curve = hit_chance_by_ac(plan.setup, connects=plan.connects)
    assert [ac for ac, _ in curve] == list(AC_RANGE)
    assert [p for _, p in curve] == pytest.approx([float(share * p) for p in rolled])
    assert max(p for _, p in curve) <= float(share)
