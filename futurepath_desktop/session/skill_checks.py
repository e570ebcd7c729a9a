"""A skill check a command rolls and logs: d20 + a bonus against a DC (R2-R4), with the
outcome in the game's words (the Acrobatics of R51, the Treat Injury of R26)."""

from __future__ import annotations

from futurepath_desktop.core.checks import roll_check
from futurepath_desktop.session.edit import Edit


def skill_check(
    edit: Edit,
    lead: str,
    skill: str,
    bonus: int,
    dc: int,
    outcomes: tuple[str, str],
    why: str,
    shown: str = "",
) -> bool:
    """Roll ``skill`` (d20 + ``bonus``) against ``dc``, log it after ``lead`` with the made
    or failed words of ``outcomes`` and the ruling, and say whether it was made."""
    check = roll_check(edit.roller(), bonus, label=skill)
    made = check.total >= dc
    edit.log(
        "check",
        f"{lead}: {skill} {check.total}{shown} vs DC {dc}, {outcomes[0 if made else 1]} ({why})",
        rolls=[check.roll],
    )
    return made
