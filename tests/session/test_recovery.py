"""Recovery keeps what it can: a damaged line in the middle of a journal keeps everything
before it and says what was lost; a line that reads but does not apply is reported, not
raised; a crash at any step of folding the journal into a new base recovers exactly; the
recovered session is checked as an opened file is."""

from __future__ import annotations

import os
import random
from pathlib import Path

import msgspec
import pytest

from futurepath_desktop.session import autosave
from futurepath_desktop.session.autosave import Autosave, find_unclean
from futurepath_desktop.session.commands import AddCondition, Damage, Heal, NextTurn, StartCombat
from futurepath_desktop.session.demo import demo_session
from futurepath_desktop.session.edit import Command
from futurepath_desktop.session.errors import SessionLoadError
from futurepath_desktop.session.history import History
from futurepath_desktop.session.recovery import keep_damaged, recover_all
from futurepath_desktop.session.state import Session
from futurepath_desktop.session.store import decode, encode
from tests.session.crashes import crash

COMMANDS: list[Command] = [
    StartCombat(),
    Damage(("bear-1",), 3),
    AddCondition(("bear-2",), "stunned", 2),
    NextTurn(),
    Heal(("bear-1",), 1),
    Damage(("bear-3", "bear-4"), 2),
    NextTurn(),
]


def _journaled(count: int = len(COMMANDS)) -> tuple[Autosave, list[bytes]]:
    """A journal of the first ``count`` commands, and the session's bytes after each (the
    first: before any)."""
    session = demo_session()
    history = History(session)
    saver = Autosave(session)
    states = [encode(session)]
    for command in COMMANDS[:count]:
        saver.record(history.push(command))
        states.append(encode(session))
    crash(saver)
    return saver, states


def _lines(saver: Autosave) -> list[bytes]:
    return saver.journal.read_bytes().splitlines()


def test_a_damaged_middle_line_keeps_everything_before_it_and_says_what_was_lost(
    private_home: Path,
) -> None:
    saver, states = _journaled()
    lines = _lines(saver)
    assert len(lines) == len(COMMANDS)
    lines[3] = lines[3][:10] + b"#garbled#" + lines[3][20:]
    saver.journal.write_bytes(b"\n".join(lines) + b"\n")
    (found,) = find_unclean()
    recovery = recover_all(found)
    assert encode(recovery.session) == states[3]  # the three actions before the damage
    assert recovery.replayed == 3
    assert "the record of action 4 is damaged" in recovery.lost
    assert "the 3 actions after it" in recovery.lost
    kept = keep_damaged(found)  # what could not be read is put aside, not thrown away
    assert kept is not None
    assert (kept / saver.journal.name).read_bytes() == saver.journal.read_bytes()
    assert find_unclean() == [found], "the copy is not offered as a journal of its own"
    saver.close()


def test_a_line_that_reads_but_does_not_apply_is_reported_not_raised(private_home: Path) -> None:
    saver, states = _journaled()
    lines = _lines(saver)
    line = msgspec.json.decode(lines[4])
    # An order of teams naming one the session does not have: it reads as a patch, but
    # the session cannot take it.
    line["order"] = {"teams": ["nobody"]}
    lines[4] = msgspec.json.encode(line)
    saver.journal.write_bytes(b"\n".join(lines) + b"\n")
    (found,) = find_unclean()
    recovery = recover_all(found)
    assert recovery.replayed == 4
    assert encode(recovery.session) == states[4]
    assert "action 5" in recovery.lost and "could not be read back" in recovery.lost
    saver.close()


def test_a_line_that_makes_a_session_the_loader_refuses_is_dropped_and_named(
    private_home: Path,
) -> None:
    saver, states = _journaled()
    lines = _lines(saver)
    line = msgspec.json.decode(lines[-1])
    line["log_append"] = [{**line["log_append"][0], "seq": 0}]  # out of order: refused
    lines[-1] = msgspec.json.encode(line)
    saver.journal.write_bytes(b"\n".join(lines) + b"\n")
    (found,) = find_unclean()
    recovery = recover_all(found)
    assert recovery.replayed == len(COMMANDS) - 1
    assert encode(recovery.session) == states[-2]
    assert f"action {len(COMMANDS)}" in recovery.lost and "would not open" in recovery.lost
    saver.close()


@pytest.mark.parametrize("crash_after", ["new base written", "journal emptied", "base renamed"])
def test_a_crash_at_any_step_of_a_checkpoint_recovers_exactly(
    private_home: Path, crash_after: str
) -> None:
    """A checkpoint writes the new base beside the old, empties the journal, then renames
    the new base in. The files a crash leaves after each step recover the session exactly
    as it was at its last action."""
    saver, _ = _journaled(3)  # three lines journaled; the fourth action is folded in
    session = demo_session()
    history = History(session)
    for command in COMMANDS[:4]:
        history.push(command)
    folded = encode(session)
    base, journal, new_base = saver.base, saver.journal, saver.folded
    new_base.write_bytes(folded)
    meta = msgspec.json.decode(saver.meta.read_bytes())
    meta["last_action"] = "Round 1: the players' turn"  # written before the journal goes
    saver.meta.write_bytes(msgspec.json.encode(meta))
    if crash_after in ("journal emptied", "base renamed"):
        journal.write_bytes(b"")
    if crash_after == "base renamed":
        os.replace(new_base, base)
    (found,) = find_unclean()
    assert encode(recover_all(found).session) == folded


def test_a_checkpoint_leaves_one_base_and_an_empty_journal(
    private_home: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(autosave, "CHECKPOINT_EVERY", 4)
    saver, states = _journaled(4)
    assert saver.journal.read_bytes() == b""
    assert not saver.folded.exists()
    assert saver.base.read_bytes() == states[4]
    saver.close()


def test_recovery_never_raises_anything_but_a_load_error(private_home: Path) -> None:
    """Random damage to a journal's lines (bytes flipped, cut, lines swapped or doubled):
    recovery gives a session that opens, or a SessionLoadError; nothing else escapes."""
    saver, _ = _journaled()
    good = _lines(saver)
    rng = random.Random(16)
    for _ in range(120):
        lines = list(good)
        for _ in range(rng.randint(1, 3)):
            at = rng.randrange(len(lines))
            match rng.randrange(4):
                case 0:
                    line = bytearray(lines[at])
                    line[rng.randrange(len(line))] = rng.randrange(256)
                    lines[at] = bytes(line)
                case 1:
                    lines[at] = lines[at][: rng.randrange(len(lines[at]))]
                case 2:
                    other = rng.randrange(len(lines))
                    lines[at], lines[other] = lines[other], lines[at]
                case _:
                    lines.insert(at, lines[at])
        saver.journal.write_bytes(b"\n".join(lines) + b"\n")
        (found,) = find_unclean()
        try:
            recovery = recover_all(found)
        except SessionLoadError:
            continue
        assert isinstance(recovery.session, Session)
        assert recovery.replayed <= len(lines)
        assert decode(encode(recovery.session)) == recovery.session  # it opens as a file
    saver.close()


def test_a_run_with_nothing_unsaved_is_not_offered(private_home: Path, tmp_path: Path) -> None:
    """A run that did nothing, or saved after its last action, leaves nothing to recover:
    it is not offered (and would hide one that has something)."""
    from futurepath_desktop.session.store import save_session

    idle = Autosave(demo_session())
    crash(idle)
    assert find_unclean() == []
    session = demo_session()
    history = History(session)
    saved = Autosave(session)
    saved.record(history.push(StartCombat()))
    path = tmp_path / "fight.fpsession"
    save_session(session, path)
    saved.saved_as(path)
    crash(saved)
    assert find_unclean() == [], "saved after its last action"
    busy_session = demo_session()
    busy = Autosave(busy_session)
    busy.record(History(busy_session).push(Damage(("bear-1",), 2)))
    crash(busy)
    assert [f.stem for f in find_unclean()] == [busy.stem]


def test_a_recovered_session_not_yet_saved_is_offered_again_after_another_crash(
    private_home: Path,
) -> None:
    session = demo_session()
    History(session).push(Damage(("bear-1",), 2))
    again = Autosave(session, unsaved="Recovered Space Bears")
    crash(again)
    (found,) = find_unclean()
    assert found.last_action == "Recovered Space Bears"
    assert encode(recover_all(found).session) == encode(session)
