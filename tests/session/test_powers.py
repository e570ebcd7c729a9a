"""R39: a power has a range and/or an area; a ranged area is centred on a point within
range, otherwise on the user; without a listed target it affects every creature inside;
its duration is a round counter and when it ends the effect ends (damage done stays). A
surprised combatant uses no power in the surprise round (R11).

Who is inside a burst is worked independently: a token at most size / 5 squares away in
both directions from the centre (R34's every-step-is-5-ft metric)."""

from __future__ import annotations

import pytest

from futurepath_desktop.core.rounds import Phase
from futurepath_desktop.session import commands as c
from futurepath_desktop.session.demo import demo_session
from futurepath_desktop.session.errors import CommandError
from futurepath_desktop.session.history import History
from futurepath_desktop.session.state import Session


def inside_burst(session: Session, centre: tuple[int, int], size_ft: int) -> set[str]:
    reach = size_ft // 5
    return {
        ident
        for ident, token in session.tokens.items()
        if max(abs(token.x - centre[0]), abs(token.y - centre[1])) <= reach
    }


def test_a_ranged_burst_hits_everyone_inside_once_and_lasts_as_a_counter() -> None:
    session = demo_session()
    history = History(session)
    centre = session.tokens["bear-1"].square
    expected = inside_burst(session, centre, 15)
    assert len(expected) >= 2  # bear-1 and its neighbours
    hp = {i: session.combatants[i].hp for i in expected}
    history.push(
        c.UsePower(
            "james", "Static Burst", range_ft=60, shape="burst", size_ft=15,
            x=centre[0], y=centre[1], damage="2d6", rounds=2,
        )
    )  # fmt: skip
    (roll,) = next(e for e in session.log if e.text.startswith("Static Burst: ")).rolls
    for ident in expected:
        assert session.combatants[ident].hp == hp[ident] - roll.total
        assert [h.remaining for h in session.conditions_on(ident)] == [2]
    others = set(session.tokens) - expected
    assert not any(session.conditions_on(i) for i in others)
    (area,) = [t for t in session.templates.values() if t.label == "Static Burst"]
    # The counter ends, and the area leaves the map with it; the damage stays.
    history.push(c.RemoveConditions((area.condition_id,)))  # type: ignore[arg-type]
    assert area.id not in session.templates
    assert all(session.combatants[i].hp == hp[i] - roll.total for i in expected)


def test_the_centre_must_be_within_range() -> None:
    session = demo_session()
    history = History(session)
    far = (26, 16)
    with pytest.raises(CommandError, match="beyond Static Burst's 30 ft"):
        history.push(
            c.UsePower(
                "james", "Static Burst", range_ft=30, shape="burst", size_ft=5, x=far[0], y=far[1]
            )
        )


def test_an_area_without_range_is_centred_on_the_user() -> None:
    session = demo_session()
    history = History(session)
    user = session.tokens["james"].square
    expected = inside_burst(session, user, 10)
    history.push(c.UsePower("james", "Aura", shape="burst", size_ft=10, heal="1"))
    said = next(e for e in session.log if e.text.startswith("James uses Aura"))
    names = {session.combatants[i].name for i in expected}
    assert all(name in said.text for name in names)


def test_a_listed_target_is_the_one_affected_and_a_ranged_power_needs_one() -> None:
    session = demo_session()
    history = History(session)
    with pytest.raises(CommandError, match="name its target"):
        history.push(c.UsePower("james", "Zap", range_ft=30, damage="1d4"))
    hp = session.combatants["brandon"].hp
    history.push(c.UsePower("james", "Mend", range_ft=30, target_id="brandon", heal="5"))
    assert session.combatants["brandon"].hp == hp  # already at full: overhealing, logged
    with pytest.raises(CommandError, match="beyond Zap's 5 ft"):
        history.push(c.UsePower("james", "Zap", range_ft=5, target_id="bear-1", damage="1d4"))


def test_no_power_for_the_surprised_in_the_surprise_round() -> None:
    session = demo_session()
    history = History(session)
    history.push(c.StartCombat())  # only Brandon is aware (R11)
    assert session.combat.surprise_round
    with pytest.raises(CommandError, match="James is Surprised and cannot use a power"):
        history.push(c.UsePower("james", "Mend", range_ft=30, target_id="art", heal="2"))
    while session.combat.phase != Phase.ACTION:
        history.push(c.NextTurn())
    history.push(c.UsePower("james", "Mend", range_ft=30, target_id="art", heal="2"))
