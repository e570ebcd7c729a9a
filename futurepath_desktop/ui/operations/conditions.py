"""Operations on conditions and their counters."""

from __future__ import annotations

from collections.abc import Sequence

from futurepath_desktop.session import commands as c
from futurepath_desktop.session.records import Recurring
from futurepath_desktop.ui.undo import SessionController


def add_condition(
    controller: SessionController,
    ids: Sequence[str],
    key: str,
    rounds: int | None,
    *,
    note: str = "",
    name: str = "",
    recurring: Recurring | None = None,
) -> bool:
    """Put a condition with its counter on each of these combatants (``key`` from the
    catalog, or a name of the GM's own), with what each round of it does (R55)."""
    return controller.push(
        c.AddCondition(tuple(ids), key, rounds, note=note, name=name, recurring=recurring)
    )


def change_counters(controller: SessionController, held: Sequence[str], by: int) -> bool:
    """Give each of these held conditions ``by`` more rounds (fewer if negative), as one step."""
    return controller.push(c.ExtendConditions(tuple(held), by))


def end_conditions(controller: SessionController, held: Sequence[str]) -> bool:
    """End each of these held conditions, as one step."""
    return controller.push(c.RemoveConditions(tuple(held)))
