"""Errors of the session layer. Each says what is wrong and, for files, where."""

from __future__ import annotations

from futurepath_desktop.core.errors import FuturePathError


class CommandError(FuturePathError):
    """A command that cannot be carried out; the session is left unchanged."""


class NotFoundError(CommandError, KeyError):
    """A command names a team, combatant or condition the session does not have."""

    def __init__(self, what: str, ident: str) -> None:
        self.what = what
        self.ident = ident
        super().__init__(f"There is no {what} with id {ident!r} in this session.")

    def __str__(self) -> str:
        return str(self.args[0])


class CombatFlowError(CommandError):
    """A combat step that does not fit where the fight stands (R11-R14, R9)."""


class SessionLoadError(FuturePathError):
    """A session file that cannot be opened, with the problem and its JSON path."""

    def __init__(self, source: str, problem: str, json_path: str = "$") -> None:
        self.source = source
        self.problem = problem
        self.json_path = json_path
        where = f" at {json_path}" if json_path and json_path != "$" else ""
        super().__init__(f"Cannot open {source}: {problem}{where}")
