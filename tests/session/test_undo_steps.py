"""Packed undo steps (``session.undo_steps``) put back exactly what the command changed.

The oracle is the session itself: its file's bytes are taken before every command, and
undoing step by step must give each of them back, and redoing each state after."""

from __future__ import annotations

import random

from benchmarks.fight import play
from futurepath_desktop.session import commands as c
from futurepath_desktop.session.demo import demo_session
from futurepath_desktop.session.edit import run
from futurepath_desktop.session.history import History
from futurepath_desktop.session.store import encode
from futurepath_desktop.session.undo_steps import pack, unpack


def test_undo_and_redo_give_back_every_state_of_a_long_fight() -> None:
    session = demo_session()
    history = History(session)
    states = [encode(session)]

    def push(command: object) -> object:
        applied = history.push(command)  # type: ignore[arg-type]
        states.append(encode(session))
        return applied

    play(session, push, 600, seed=11)
    for expected in reversed(states[:-1]):
        assert history.undo() is not None
        assert encode(session) == expected
    for expected in states[1:]:
        assert history.redo() is not None
        assert encode(session) == expected


def test_a_changed_record_keeps_only_what_changed() -> None:
    """Healing keeps the old health, not a second copy of the whole combatant."""
    session = demo_session()
    bear = next(b for b in session.combatants.values() if b.notes)
    run(session, c.Damage((bear.id,), 3))
    applied = run(session, c.Heal((bear.id,), 2))
    step = pack(applied, session)
    assert bear.notes.encode() not in step.data
    assert unpack(step, session) == applied.inverse


def test_counters_run_out_from_the_middle_and_come_back_in_their_places() -> None:
    """A table's order keeps only the removed records' places; undo restores the order."""
    session = demo_session()
    rng = random.Random(5)
    present = [b.id for b in session.combatants.values()]
    keys = ("shaken", "dazed", "prone", "slowed", "bleeding", "deafened", "entangled")
    for key in keys:
        for bearer in present:
            run(session, c.AddCondition((bearer,), key, rounds=rng.randint(1, 9)))
    order = list(session.conditions)
    assert len(order) >= 20
    middle = order[len(order) // 2]
    applied = run(session, c.RemoveConditions((middle,)))
    step = pack(applied, session)
    assert middle.encode() in step.data  # the removed condition, whole
    assert order[0].encode() not in step.data  # not the ids that stayed where they were
    run(session, unpack(step, session))
    assert list(session.conditions) == order


def test_undo_and_redo_report_the_same_changes_as_comparing_every_record() -> None:
    """Undo and redo take the changed fields from the step instead of comparing each old
    record with the new one; the report must be the one the comparison gives."""
    from msgspec.structs import replace

    from futurepath_desktop.session.edit import dry_run

    session = demo_session()
    history = History(session)
    play(session, history.push, 400, seed=23)
    compared = 0

    for stack, step in ((history.undo_stack, history.undo), (history.redo_stack, history.redo)):
        while stack:
            restore = unpack(stack[-1], session)
            expected = dry_run(session, replace(restore, known=None))
            applied = step()
            assert applied is not None and applied.change == expected
            compared += 1
    assert compared == 800
