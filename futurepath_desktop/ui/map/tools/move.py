"""The Move tool: drag a token along the path the rules choose (R34-R36), its cost shown
against the budget as the mouse goes; Shift on the drop overrides. With a token selected
the arrows walk a target square and Enter moves there. A click on an empty square puts
the chosen combatant there, if it has no token yet; from the keys, the arrows walk a
square for it and Enter puts it there."""

from __future__ import annotations

import msgspec
from PySide6.QtCore import Qt

from futurepath_desktop.core import grid as core_grid
from futurepath_desktop.session import map_rules
from futurepath_desktop.session.wording import without_rulings
from futurepath_desktop.ui.map.scene import square_at, square_rect
from futurepath_desktop.ui.map.tools.base import NO_MODS, MapTool, Mods, Square, Tool
from futurepath_desktop.ui.operations import map as operations

ARROWS: dict[int, Square] = {
    Qt.Key.Key_Left.value: (-1, 0),
    Qt.Key.Key_Right.value: (1, 0),
    Qt.Key.Key_Up.value: (0, -1),
    Qt.Key.Key_Down.value: (0, 1),
}
ENTER = (Qt.Key.Key_Return.value, Qt.Key.Key_Enter.value)


def shift_held(modifiers: Qt.KeyboardModifier) -> bool:
    return bool(modifiers & Qt.KeyboardModifier.ShiftModifier)


def short_reason(refusal: str) -> str:
    """A refusal's first clause, in the game's words: the label under a path stays one
    line ("it is not Space Bear 1's turn"); the whole reason comes with the drop."""
    for mark in (";", ":"):
        refusal = refusal.partition(mark)[0]
    return without_rulings(refusal).strip()


class Drag(msgspec.Struct):
    """A token being dragged: who, from where, and the grid as it stood when it began."""

    combatant_id: str
    start: Square
    grid: core_grid.Grid
    budget_ft: int
    refusal: str = ""
    """Why the rules will not let the token move now (not its turn, a condition), if so:
    the label says so as the mouse goes, not only once the token is dropped."""
    hovered: Square | None = None
    path: core_grid.Path | None = None


class MoveTool(MapTool):
    """Moves tokens by the rules, with the mouse or the keys."""

    tool = Tool.MOVE
    hint = (
        "Drag a token along its path (Shift+drop overrides); click a free square to place "
        "one not yet on the map."
    )
    options = ("move",)

    drag: Drag | None = None
    target: Square | None = None
    """The keyboard's target square, while the arrows walk one."""
    placing: str | None = None
    """Who the keys are placing (someone with no token yet), while the arrows walk a square."""

    def press(self, square: Square, modifiers: Mods = NO_MODS, token: str | None = None) -> None:
        if token is not None:
            self.view.select(token)
            self.begin(token)
        else:
            self.place(square)

    def move(self, square: Square) -> None:
        if self.drag is not None:
            self.preview(square)

    hover = move  # a drag begun from the keys follows the mouse too

    def release(self, square: Square, modifiers: Mods = NO_MODS) -> None:
        if self.drag is not None:
            self.drop(square, override=shift_held(modifiers))

    def key(self, key: int, modifiers: Mods = NO_MODS) -> bool:
        if key in ARROWS:
            return self.step(ARROWS[key])
        if key in ENTER and self.placing is not None and self.target is not None:
            ident, square = self.placing, self.target
            self.cancel()
            with self.view.notes.trying(square):
                if operations.place_token(self.controller, ident, square):
                    self.view.give_keys_back()
            return True
        if key in ENTER and self.drag is not None:
            if self.target is not None and self.drop(self.target, override=shift_held(modifiers)):
                self.view.give_keys_back()
            return True
        return False

    def cancel(self) -> None:
        """Drop the drag and its path. The keyboard's target hint ("Enter moves here")
        goes with it: the line under the map says what lies there now."""
        if self.target is not None:
            self.view.hovered.emit(self.view.describe(self.target))
        self.drag = None
        self.target = None
        self.placing = None
        drawings = self.view.drawings
        drawings.path.setVisible(False)
        drawings.path_label.setVisible(False)
        drawings.target.setVisible(False)

    def selection_changed(self) -> None:
        # The arrows walk afresh from the newly selected token; a walk under way (its
        # path and label on the map) goes, as Escape would.
        if self.target is not None:
            self.cancel()
        self.target = None

    # --- the steps ------------------------------------------------------------------------

    def place(self, square: Square) -> bool:
        """Put the combatant whose turn it is on an empty square, if it has no token."""
        ident = self.view.place_candidate()
        grid = self.session.map
        if ident is None or grid is None or ident in self.session.tokens:
            return False
        if not grid.inside(square):
            return False
        with self.view.notes.trying(square):
            return operations.place_token(self.controller, ident, square)

    def begin(self, combatant_id: str) -> None:
        """Start dragging a token: the grid is taken once, not on every mouse move."""
        # The movement rules (and the attack rules they read) load with the first drag.
        from futurepath_desktop.session import moving

        self.view.notes.clear()  # a new try: the last refusal has been read
        session = self.session
        assert session.map is not None
        refusal = moving.movement_refusal(session, session.combatants[combatant_id])
        self.drag = Drag(
            combatant_id,
            session.tokens[combatant_id].square,
            map_rules.grid_for(session, combatant_id),
            moving.feet_left(session, combatant_id, self.settings.move),
            short_reason(refusal or ""),
        )

    def step(self, step: Square) -> bool:
        """With a token selected, the arrows walk a target square (the path and its cost
        show as with the mouse); otherwise they are not the tool's (the view pans)."""
        selected = self.view.selected_id
        grid = self.session.map
        tokens = self.session.tokens
        if selected is None or grid is None or selected not in self.session.combatants:
            return False
        if selected not in tokens:
            return self.walk_placing(selected, step)
        if self.drag is None or self.target is None:
            self.begin(selected)
            self.target = tokens[selected].square
        assert self.target is not None
        target = (self.target[0] + step[0], self.target[1] + step[1])
        if grid.inside(target):
            self.target = target
            self.preview(target)
            self.view.drawings.show_target(target)
            self.view.ensureVisible(square_rect(*target), 40, 40)
            self.view.hovered.emit(self.view.describe(target) + " — Enter moves here, Esc cancels")
        return True

    def walk_placing(self, ident: str, step: Square) -> bool:
        """The arrows walk a square for someone with no token yet, from the middle of the
        map in view; Enter puts the token there."""
        grid = self.session.map
        assert grid is not None
        if self.placing != ident or self.target is None:
            self.placing = ident
            x, y = square_at(self.view.mapToScene(self.view.viewport().rect().center()))
            self.target = (min(max(x, 0), grid.width - 1), min(max(y, 0), grid.height - 1))
        else:
            target = (self.target[0] + step[0], self.target[1] + step[1])
            self.target = target if grid.inside(target) else self.target
        self.view.drawings.show_target(self.target)
        self.view.ensureVisible(square_rect(*self.target), 40, 40)
        name = self.session.combatants[ident].name
        self.view.hovered.emit(
            f"{self.view.describe(self.target)} — Enter puts {name} here, Esc cancels"
        )
        return True

    def preview(self, square: Square) -> core_grid.Path | None:
        """Show the path the rules choose to ``square`` and its cost against the budget."""
        drag = self.drag
        if drag is None:
            return None
        drag.hovered = square
        # Past four runs' worth nothing is worth showing, and the bound keeps a search on a
        # large map (a walled-in goal) from flooding it on every mouse move.
        limit = max(4 * drag.budget_ft, 4 * core_grid.SQUARE_FT)
        path = core_grid.find_path(drag.grid, drag.start, square, limit_ft=limit)
        drag.path = path
        drawings = self.view.drawings
        if path is None or path.steps == 0:
            drawings.show_no_path(path is None)
        else:
            from futurepath_desktop.session import moving  # loaded by begin() already

            note = moving.move_note(
                self.session, drag.combatant_id, self.settings.move, path.cost_ft
            )
            drawings.show_path(path, drag.budget_ft, note, drag.refusal)
        self.view.notes.place(drawings.path_label, square)
        return path

    def drop(self, square: Square, *, override: bool = False) -> bool:
        """End a drag: one undoable move (or nothing, if dropped where it began)."""
        drag = self.drag
        self.view.cancel()
        if drag is None or square == drag.start:
            return False
        from futurepath_desktop.session import moving  # loaded by begin() already

        acrobatics = None
        if not override and moving.needs_acrobatics(
            self.session, drag.combatant_id, square, self.settings.move
        ):
            acrobatics = self.ask_acrobatics(drag.combatant_id)
            if acrobatics is None:
                return False  # the GM cancelled: the token stays
        with self.view.notes.trying(square):
            return operations.move_token(
                self.controller,
                drag.combatant_id,
                square,
                self.settings.move,
                override=override,
                acrobatics=acrobatics,
            )

    def ask_acrobatics(self, combatant_id: str) -> int | None:
        """R51: the sprinter's Acrobatics bonus, before the check is rolled (None: cancel)."""
        from PySide6.QtWidgets import QInputDialog

        combatant = self.session.combatants[combatant_id]
        value, ok = QInputDialog.getInt(
            self.view,
            "Acrobatics check",
            f"{combatant.name} sprints across difficult ground: a DC 15 Acrobatics check, or "
            "prone halfway.\nAcrobatics bonus:",
            combatant.abilities.mod("dexterity"),
            -100,
            100,
        )
        return value if ok else None
