"""Small helpers that keep the log's English right."""

from __future__ import annotations

import re
from functools import cache

_NUMBER = r"R\d+(?:[-–]R?\d+)?"  # R36, R42-R44


@cache
def _ruling() -> re.Pattern[str]:
    """Compiled when a refusal is first worded, not at start-up (~5 ms)."""
    return re.compile(
        rf"\s*\({_NUMBER}(?:,\s*{_NUMBER})*\)"  # "… there (R36)", "(R14, R55)"
        rf"|(?<=\(){_NUMBER}[:,]\s*"  # "(R38: 30 ft + …)"
        rf"|[,;]\s*{_NUMBER}(?:,\s*{_NUMBER})*(?=\))"  # "(run, R35)", "(…; R14, R55)"
        rf"|\s+under\s+{_NUMBER}\b"  # "… under R18" (a square such as R4 is not one)
        rf"|^{_NUMBER}:\s+"  # "R46: a hull breach deals …", a breakdown's line
    )


def possessive(name: str) -> str:
    """``Katie's``, but ``Players'`` and ``Space Bears'``."""
    return f"{name}'" if name.endswith("s") else f"{name}'s"


def not_their_turn(name: str, acting_team: str | None) -> str:
    """Why someone may not act or move: ``it is not Art's turn: the Space Bears team is
    acting`` (``acting_team`` is that team's name; None between turns)."""
    now = f"the {acting_team} team is acting" if acting_team else "no team is acting now"
    return f"it is not {possessive(name)} turn: {now}"


def verb(count: int, singular: str, plural: str) -> str:
    """The verb form for ``count`` subjects: ``acts`` for one, ``act`` for more."""
    return singular if count == 1 else plural


def without_rulings(text: str) -> str:
    """A message as the window shows it: the rulings' numbers (``(R36)``, ``run, R35``)
    belong in the log's breakdown, not in what the GM reads at the table."""
    return _ruling().sub("", text).strip()


def sentence(text: str) -> str:
    """``text`` as the start of a sentence: its first letter a capital (the rest as it is,
    names and all)."""
    return text[:1].upper() + text[1:]


def n_rounds(count: int) -> str:
    """``1 round``, ``3 rounds``."""
    return f"{count} {'round' if count == 1 else 'rounds'}"


def counted(count: int, singular: str, plural: str = "") -> str:
    """``1 hard point``, ``4 hard points``; ``1 success``, ``3 successes`` (``plural``
    when adding an s is not the word)."""
    return f"{count} {singular if count == 1 else plural or singular + 's'}"


def joined(words: list[str]) -> str:
    """Words as a list in a sentence: "Art", "Art and Brandon", "Art, Brandon and Cara"."""
    if len(words) <= 1:
        return "".join(words)
    return f"{', '.join(words[:-1])} and {words[-1]}"
