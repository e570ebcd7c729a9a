"""The Grenade tool: click where it lands, on a token or not (R38); Ctrl+click a token to
pick the thrower. Its maximum throw shows among the thrower's ranges."""

from __future__ import annotations

from PySide6.QtCore import Qt

from futurepath_desktop.ui.map.tools.base import NO_MODS, MapTool, Mods, Square, Tool
from futurepath_desktop.ui.operations import map as operations


class GrenadeTool(MapTool):
    """Throws at the square clicked, from the thrower's token."""

    tool = Tool.GRENADE
    hint = "Click where it lands, on a token or not; Ctrl+click a token to pick the thrower."
    options = ("damage", "size", "cooked")
    ranges = True
    throw_range = True

    def press(self, square: Square, modifiers: Mods = NO_MODS, token: str | None = None) -> None:
        if token is not None and modifiers & Qt.KeyboardModifier.ControlModifier:
            self.view.select(token)
        else:
            self.throw_at(square)  # at the square clicked, whoever stands on it (R38)

    def thrower(self) -> str | None:
        """Who throws: the selected combatant, or else the first standing member of the
        acting team with a token on the map."""
        if self.view.selected_id is not None:
            return self.view.selected_id
        session = self.session
        team = session.combat.acting_team
        if team is None or session.map is None:
            return None
        vitality = session.options.vitality
        return next(
            (
                m.id
                for m in session.members(team)
                if m.id in session.tokens and not m.is_down(vitality)
            ),
            None,
        )

    def throw_at(self, square: Square) -> bool:
        """Throw a grenade at a square, a token's or not (R38), from the thrower's token."""
        notes = self.view.notes
        thrower = self.thrower()
        if thrower is None:
            return notes.refuse(
                "Select the thrower first (Ctrl+click its token), then click the target", square
            )
        token = self.session.tokens.get(thrower)
        if token is not None and token.square == square:
            name = self.session.combatants[thrower].name
            return notes.refuse(f"{name} throws: click the target square, not {name}", square)
        settings = self.settings
        with notes.trying(square):
            return operations.throw_grenade(
                self.controller,
                thrower,
                square,
                settings.grenade_damage,
                settings.grenade_radius_ft,
                cooked=settings.grenade_cooked,
            )
