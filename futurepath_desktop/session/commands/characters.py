"""The players' characters from their own sheets, into the session in one step."""

from __future__ import annotations

import msgspec

from futurepath_desktop.session.commands.health import AddCondition
from futurepath_desktop.session.commands.roster import validated
from futurepath_desktop.session.edit import Edit
from futurepath_desktop.session.errors import CommandError
from futurepath_desktop.session.state import Combatant, Session, new_id


class SheetCharacter(msgspec.Struct, frozen=True):
    """A character read from a sheet, and the conditions its sheet ticks (catalog keys)."""

    combatant: Combatant
    conditions: tuple[str, ...] = ()


class ImportCharacters(msgspec.Struct, frozen=True):
    """Add characters read from sheets to a team, with the conditions their sheets tick;
    one undoable step however many. During a fight they wait to join (R9)."""

    characters: tuple[SheetCharacter, ...]
    team_id: str

    def perform(self, session: Session, edit: Edit) -> str:
        if not self.characters:
            raise CommandError("no character to import")
        team = session.team(self.team_id)
        joining = session.combat.active
        for character in self.characters:
            copy = msgspec.structs.replace(
                character.combatant, id=new_id("cmb"), team_id=team.id, present=not joining
            )
            edit.put("combatants", validated(Combatant, copy))
            for key in character.conditions:
                AddCondition((copy.id,), key, source="the character sheet").perform(session, edit)
        count = len(self.characters)
        if count == 1:
            return f"Import {self.characters[0].combatant.name}"
        return f"Import {count} characters"
