"""Commands on the session's settings: its rule options (R40) and its name."""

from __future__ import annotations

import msgspec

from futurepath_desktop.session.commands.roster import validated_options
from futurepath_desktop.session.edit import Edit
from futurepath_desktop.session.errors import CombatFlowError, CommandError
from futurepath_desktop.session.state import Options, Session

OPTION_WORDS: dict[str, tuple[str, dict[object, str]]] = {
    "vitality": ("health", {"future-path": "hit points", "health-fatigue": "Health and Fatigue"}),
    "cover": ("cover", {"disadvantage": "a disadvantage", "defense-bonus": "a bonus to AC"}),
    "condition_lowers_team_initiative": (
        "a condition lowers its team's initiative",
        {False: "no", True: "yes"},
    ),
    "initiative": (
        "initiative",
        {"modifiers": "DEX and WIS modifiers", "scores": "DEX and WIS scores"},
    ),
    "visibility": (
        "visibility",
        {0: "normal", 1: "poor", 2: "terrible", 3: "no vision"},
    ),
    "campaign": ("campaign", {"": "none"}),
}
"""How the log names each rule option and its values (R40, R31)."""


def _said(option: str, value: object) -> str:
    return OPTION_WORDS.get(option, (option, {}))[1].get(value, str(value))


class SetOptions(msgspec.Struct, frozen=True):
    """R40: change the session's rule options (undoable)."""

    options: Options

    def perform(self, session: Session, edit: Edit) -> str:
        options = validated_options(self.options)
        before = session.options
        if session.combat.active and options.vitality != before.vitality:
            raise CombatFlowError(
                "the health rules change between fights: HP (R26) and Health and Fatigue "
                "(R27) are tracks of their own, and the other one has taken none of this "
                "fight's damage; end combat first"
            )
        edit.set_options(options)
        changes = [
            f"{OPTION_WORDS[name][0]}: {_said(name, getattr(before, name))} → "
            f"{_said(name, getattr(options, name))}"
            for name in options.__struct_fields__
            if getattr(before, name) != getattr(options, name)
        ]
        edit.log("options", "Rule options changed (R40): " + ("; ".join(changes) or "no change"))
        return "Change rule options"


class RenameSession(msgspec.Struct, frozen=True):
    """Give the session a new name."""

    name: str

    def perform(self, session: Session, edit: Edit) -> str:
        name = self.name.strip()
        if not 1 <= len(name) <= 120:
            raise CommandError("a session's name is 1 to 120 characters long")
        edit.set_name(name)
        return f"Rename session to {name}"
