"""The state machine's ground: how a command is pushed and judged, how ids are drawn (some
that exist, some that do not), and what must hold after every step and at the end."""

from __future__ import annotations

import inspect
from collections.abc import Callable, Sequence
from typing import Any, TypeVar
from unittest import mock

from hypothesis import event
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, invariant, precondition, rule

from futurepath_desktop.core.errors import FuturePathError
from futurepath_desktop.session.demo import demo_session
from futurepath_desktop.session.edit import Command
from futurepath_desktop.session.history import History
from futurepath_desktop.session.records import kinds
from futurepath_desktop.session.state import MapState, Session, new_id
from futurepath_desktop.session.store import decode, encode
from tests.session.stateful.references import dangling

F = TypeVar("F", bound=Callable[..., Any])
Square = tuple[int, int]

MISSING = "missing"
"""An id no record has: one in ten draws of an id is this one, so refusals are exercised."""
LONG = "x" * 20_001
"""A text longer than any the file keeps (nor may a log line be)."""
texts = st.sampled_from(["", "test", "a bear moves", LONG])


def draws(*commands: type) -> Callable[[F], F]:
    """Mark a rule with the command classes it pushes (the coverage test reads these, and
    a push of a class its machine declares nowhere fails)."""

    def mark(function: F) -> F:
        function.draws = commands  # type: ignore[attr-defined]
        return function

    return mark


RULE_MARKERS = ("hypothesis_stateful_rule", "hypothesis_stateful_initialize_rule")


def drawn_by(machine: type) -> set[type]:
    """The command classes a machine's rules (and initial rules) push."""
    found: set[type] = set()
    for _, member in inspect.getmembers(machine):
        for marker in RULE_MARKERS:
            declared = getattr(member, marker, None)
            if declared is not None:
                found.update(getattr(declared.function, "draws", ()))
    return found


class CountedIds:
    """Stands in for ``os`` where new ids are made, so that ids come from a counter: the
    same commands run again from the same point make the same ids."""

    def __init__(self) -> None:
        self.count = 0

    def urandom(self, size: int) -> bytes:
        self.count += 1
        return self.count.to_bytes(size, "big")


class Machine(RuleBasedStateMachine):
    """Drives a session through random commands, undo and redo, and checks it at every
    step. The rules live in the ``rules_*`` mixins."""

    def __init__(self) -> None:
        super().__init__()
        self.ids = CountedIds()
        self._ids = mock.patch.object(kinds, "os", self.ids)
        self._ids.start()
        assert new_id("x") == "x-000000000001", "new ids are no longer made from os.urandom"
        self.session = demo_session()
        self.history = History(self.session)
        self.initial = encode(self.session)
        self.counter = 0
        self.steps = 0
        self.done: list[tuple[Command, int]] = []
        self.undone: list[tuple[Command, int]] = []
        self.drawable = drawn_by(type(self))

    # --- pushing ----------------------------------------------------------------------------

    def push(self, command: Command) -> bool:
        """Carry out a command; a refused one must leave the saved bytes as they were."""
        kind = type(command)
        assert kind in self.drawable, f"{kind.__name__} is pushed by a rule that does not say so"
        before = encode(self.session)
        ids_at = self.ids.count
        try:
            self.history.push(command)
        except FuturePathError:
            assert encode(self.session) == before, f"refused {command!r} changed the session"
            event(f"{kind.__name__}: refused")
            return False
        event(f"{kind.__name__}: done")
        self.done.append((command, ids_at))
        self.undone.clear()
        return True

    def fresh(self, prefix: str) -> str:
        """A new id for a record the test makes."""
        self.counter += 1
        return f"{prefix}{self.counter}"

    # --- drawing ids and squares ----------------------------------------------------------

    def pick(self, data: Any, pool: Sequence[str]) -> str:
        """An id from ``pool``, or (one time in ten, or when there is none) a missing one."""
        if not pool or data.draw(st.integers(0, 9)) == 0:
            return MISSING
        return str(data.draw(st.sampled_from(list(pool))))

    def some(self, data: Any, pool: Sequence[str], most: int = 3) -> tuple[str, ...]:
        """A few ids from ``pool`` (possibly with a missing one)."""
        return tuple(self.pick(data, pool) for _ in range(data.draw(st.integers(1, most))))

    def combatant_ids(self) -> list[str]:
        return list(self.session.combatants)

    def team_ids(self) -> list[str]:
        return list(self.session.teams)

    def grid(self) -> MapState:
        return self.session.map or MapState()

    def square(self, data: Any, near: Square | None = None) -> Square:
        """A square near ``near`` (or anywhere), now and then just off the map."""
        grid = self.grid()
        if near is not None and data.draw(st.booleans()):
            return (
                near[0] + data.draw(st.integers(-6, 6)),
                near[1] + data.draw(st.integers(-6, 6)),
            )
        return (
            data.draw(st.integers(-1, grid.width)),
            data.draw(st.integers(-1, grid.height)),
        )

    # --- undo and redo ---------------------------------------------------------------------

    @precondition(lambda self: bool(self.history.undo_stack))
    @rule(times=st.integers(1, 4))
    def undo(self, times: int) -> None:
        for _ in range(times):
            if self.history.undo() is not None:
                self.undone.append(self.done.pop())
                self.check()

    @precondition(lambda self: bool(self.history.redo_stack))
    @rule(times=st.integers(1, 4))
    def redo(self, times: int) -> None:
        for _ in range(times):
            if self.history.redo() is not None:
                self.done.append(self.undone.pop())
                self.check()

    # --- what must always hold -------------------------------------------------------------

    def check(self) -> None:
        """The session saves and reopens as it was: the loader's checks pass (nothing
        dangling, nothing off the map) and reading it back gives the same session; and a
        walk of every reference by hand finds nothing missing either."""
        missing = dangling(self.session)
        assert not missing, f"references name records that are not there: {missing}"
        saved = encode(self.session)
        reopened = decode(saved)
        assert reopened == self.session, "save then load is not the identity"
        assert encode(reopened) == saved, "the reopened session saves differently"
        assert len(self.done) == len(self.history.undo_stack)

    @invariant()
    def every_state_reopens_as_it_was(self) -> None:
        self.steps += 1
        self.check()

    def teardown(self) -> None:
        try:
            self._end()
        finally:
            self._ids.stop()

    def _end(self) -> None:
        while self.history.redo() is not None:
            self.done.append(self.undone.pop())
        final = encode(self.session)
        while self.history.undo() is not None:
            pass
        assert encode(self.session) == self.initial, "undoing everything gives back the start"
        while self.history.redo() is not None:
            pass
        assert encode(self.session) == final, "redoing everything gives back the end"
        self.replay(final)

    def replay(self, final: bytes) -> None:
        """The commands that stand, carried out again on a fresh session with the same seed
        (and the same ids made where they were first made), give the same end: redo is a
        second run."""
        again = self.start()
        history = History(again)
        for command, ids_at in self.done:
            self.ids.count = ids_at
            history.push(command)
        assert encode(again) == final, "running the same commands again ends elsewhere"

    def start(self) -> Session:
        """The session a run starts from."""
        return demo_session()
