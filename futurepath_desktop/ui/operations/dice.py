"""Operations with loose dice."""

from __future__ import annotations

from futurepath_desktop.session import commands as c
from futurepath_desktop.ui.undo import SessionController


def roll_dice(controller: SessionController, expression: str) -> str:
    """Roll a dice expression into the log; "" if it rolled, else why it was refused."""
    refusals: list[str] = []
    controller.failed.connect(refusals.append)
    try:
        rolled = controller.push(c.RollDice(expression))
    finally:
        controller.failed.disconnect(refusals.append)
    return "" if rolled else (refusals[-1] if refusals else "The dice could not be rolled")
