"""The window's actions: every command it offers, each with a stable objectName, its keys
and a tip, made once here and shared by the menus, the tool rows, the keys and the
shortcuts table (docs/shortcuts.md is written from them)."""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from typing import TYPE_CHECKING

from PySide6.QtGui import QAction, QKeySequence

from futurepath_desktop.ui import keyboard, theme
from futurepath_desktop.ui.docks.panel import text_action

if TYPE_CHECKING:
    from types import ModuleType

    from futurepath_desktop.ui.main_window import MainWindow


def _commands() -> ModuleType:
    """The session commands, loaded on the first action rather than at start-up."""
    from futurepath_desktop.session import commands

    return commands


def make_action(
    w: MainWindow,
    name: str,
    text: str,
    slot: Callable[[], object],
    keys: str | QKeySequence.StandardKey | None = None,
    tip: str = "",
) -> QAction:
    """One action of the window: named, with its keys and tip, listed by name."""
    action = text_action(text, w)
    action.setObjectName(name)
    if keys is not None:
        action.setShortcut(QKeySequence(keys))
    if tip:
        action.setToolTip(f"{tip} ({action.shortcut().toString()})" if keys else tip)
        action.setStatusTip(tip)
    action.triggered.connect(lambda _checked=False: slot())
    w.addAction(action)
    w.actions_by_name[name] = action
    return action


def create_actions(w: MainWindow) -> None:
    """Every command the window offers, with stable objectNames and shortcuts."""
    a = partial(make_action, w)
    f = w.files
    w.new_action = a("actionNew", "&New Session", f.new, "Ctrl+N")
    w.open_action = a("actionOpen", "&Open…", f.open, "Ctrl+O", "Open a session file")
    w.save_action = a("actionSave", "&Save", f.save, "Ctrl+S", "Save the session")
    w.save_as_action = a("actionSaveAs", "Save &As…", f.save_as, "Ctrl+Shift+S")
    w.quit_action = a("actionQuit", "&Quit", w.close, "Ctrl+Q")
    w.undo_action = w.controller.stack.createUndoAction(w, "&Undo")
    w.undo_action.setObjectName("actionUndo")
    w.undo_action.setShortcut(QKeySequence("Ctrl+Z"))
    w.redo_action = w.controller.stack.createRedoAction(w, "&Redo")
    w.redo_action.setObjectName("actionRedo")
    # The same keys on every platform, so docs/shortcuts.md holds everywhere.
    w.redo_action.setShortcuts([QKeySequence("Ctrl+Shift+Z"), QKeySequence("Ctrl+Y")])
    for action in (w.undo_action, w.redo_action):
        w.addAction(action)
        w.actions_by_name[action.objectName()] = action
    t = lambda: w.table  # noqa: E731 (the handlers exist once the docks do)
    w.start_action = a(
        "actionStartCombat",
        "Start Combat",
        lambda: t().start_combat(),
        "F5",
        "Start combat: mark who is unaware",
    )
    w.next_turn_action = a(
        "actionNextTurn",
        "Next Turn",
        lambda: w.controller.push(_commands().NextTurn()),
        "N",
        "Hand the turn to the next team",
    )
    w.next_phase_action = a(
        "actionNextPhase",
        "Next Phase",
        lambda: w.controller.push(_commands().NextPhase()),
        "Shift+N",
        "Go on to the next phase",
    )
    w.next_round_action = a(
        "actionNextRound",
        "Next Round",
        lambda: w.controller.push(_commands().NextRound()),
        "Ctrl+Shift+N",
        "Run the rest of the round",
    )
    w.end_action = a(
        "actionEndCombat",
        "End Combat",
        lambda: t().end_combat(),
        "Shift+F5",
        "End combat and resolve leftover effects",
    )
    w.damage_action = a(
        "actionDamage",
        "Damage…",
        lambda: t().amount("damage"),
        "D",
        "Damage the selected combatants",
    )
    w.heal_action = a(
        "actionHeal", "Heal…", lambda: t().amount("heal"), "H", "Heal the selected combatants"
    )
    w.temp_action = a("actionTempHP", "Temporary HP…", lambda: t().amount("temp"), "T")
    w.condition_action = a(
        "actionAddCondition",
        "Add Condition…",
        lambda: t().add_condition(),
        "C",
        "Put a condition on the selected combatants",
    )
    w.extend_action = a(
        "actionExtendCondition",
        "Extend +1",
        lambda: t().change_counter(1),
        "+",
        "One more round on the selected counters",
    )
    w.shorten_action = a(
        "actionShortenCondition",
        "Shorten −1",
        lambda: t().change_counter(-1),
        "-",
        "One round less on the selected counters",
    )
    w.remove_condition_action = a(
        "actionRemoveCondition",
        "End Condition",
        lambda: t().remove_conditions(),
        "Ctrl+Backspace",
        "End the selected conditions",
    )
    w.join_action = a(
        "actionJoin",
        "Join…",
        lambda: t().join(),
        "J",
        "Bring waiting combatants into the fight",  # R9
    )
    w.add_combatant_action = a(
        "actionAddCombatant",
        "New Combatant…",
        lambda: t().add_combatant(),
        "Ins",
        "Create a combatant",
    )
    w.add_team_action = a("actionAddTeam", "New Team…", lambda: t().add_team(), "Ctrl+T")
    w.library_action = a(
        "actionAddFromLibrary",
        "From Library…",
        lambda: t().add_from_library(w.library),
        "Ctrl+L",
        "Add a prepared character, monster or encounter",
    )
    w.save_library_action = a(
        "actionSaveToLibrary", "Save to Library", lambda: t().save_to_library(w.library)
    )
    w.remove_action = a(
        "actionRemoveCombatant", "Remove Combatant…", lambda: t().remove_selected(), "Del"
    )
    w.attack_action = a(
        "actionAttack",
        "Attack…",
        w.focus_attack,
        "A",
        "Set up an attack for the selected combatant",
    )
    w.roll_action = a(
        "actionRollDice",
        "Roll Dice…",
        w.focus_dice,
        "Ctrl+R",
        "Type a dice expression into the log",
    )
    w.player_view_action = a(
        "actionPlayerView",
        "Player View",
        w.toggle_player_view,
        "F9",
        "Open or close a second window for the players",
    )
    w.player_view_action.setCheckable(True)
    w.focus_map_action = a(
        "actionFocusMap",
        "Go to the Map",
        lambda: keyboard.focus_map(w),
        "M",
        "Give the map the keys: arrows walk the selected token, Enter moves it",
    )
    w.focus_bridge_action = a(
        "actionFocusBridge",
        "Go to the Bridge",
        lambda: keyboard.raise_panel(w, w.bridge),
        "B",
        "Bring the bridge to the front and give it the keys",
    )
    w.next_tab_action = a(
        "actionNextTab",
        "Next Tab",
        lambda: keyboard.cycle_tabs(w, 1),
        "Ctrl+PgDown",
        "Bring the next of the map, the bridge and the charts to the front",
    )
    w.previous_tab_action = a(
        "actionPreviousTab",
        "Previous Tab",
        lambda: keyboard.cycle_tabs(w, -1),
        "Ctrl+PgUp",
        "Bring the previous of the map, the bridge and the charts to the front",
    )
    w.next_panel_action = a(
        "actionNextPanel",
        "Next Panel",
        lambda: keyboard.cycle_panels(w, 1),
        "F6",
        "Give the keys to the next panel",
    )
    w.previous_panel_action = a(
        "actionPreviousPanel",
        "Previous Panel",
        lambda: keyboard.cycle_panels(w, -1),
        "Shift+F6",
        "Give the keys to the previous panel",
    )
    w.reset_layout_action = a("actionResetLayout", "Reset Layout", w.reset_layout)
    w.shortcuts_action = a(
        "actionShortcuts",
        "Keyboard Shortcuts",
        w.show_shortcuts,
        "F1",
    )
    w.theme_actions = {
        choice: a(
            f"actionTheme{choice.title()}",
            f"{choice.title()} Theme",
            partial(w.set_theme, choice),
        )
        for choice in (theme.SYSTEM, theme.LIGHT, theme.DARK)
    }
    for action in w.theme_actions.values():
        action.setCheckable(True)
