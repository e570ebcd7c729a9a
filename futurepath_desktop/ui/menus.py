"""The window's menus: File, Edit, Combat, Roster, View and Help, each listing the
window's actions (the same ones the tool rows, the keys and the shortcuts table use)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtWidgets import QMenu

if TYPE_CHECKING:
    from futurepath_desktop.ui.main_window import MainWindow


def build_menus(w: MainWindow) -> tuple[QMenu, QMenu]:
    """Every menu; returns the Open Recent menu and the (still empty) View menu."""
    bar = w.menuBar()
    file_menu = bar.addMenu("&File")
    file_menu.addActions([w.new_action, w.open_action])
    recent = file_menu.addMenu("Open &Recent")
    recent.setObjectName("recentMenu")
    file_menu.addSeparator()
    file_menu.addActions([w.save_action, w.save_as_action])
    file_menu.addSeparator()
    file_menu.addAction(w.quit_action)
    edit = bar.addMenu("&Edit")
    edit.addActions([w.undo_action, w.redo_action])
    combat = bar.addMenu("&Combat")
    combat.addActions(
        [w.start_action, w.next_turn_action, w.next_phase_action, w.next_round_action, w.end_action]
    )
    combat.addSeparator()
    combat.addActions([w.attack_action, w.damage_action, w.heal_action, w.temp_action])
    combat.addSeparator()
    combat.addActions(
        [w.condition_action, w.extend_action, w.shorten_action, w.remove_condition_action]
    )
    combat.addSeparator()
    combat.addActions([w.join_action, w.roll_action])
    roster = bar.addMenu("&Roster")
    roster.addActions(
        [
            w.add_combatant_action,
            w.add_team_action,
            w.library_action,
            w.save_library_action,
            w.remove_action,
        ]
    )
    view = bar.addMenu("&View")
    help_menu = bar.addMenu("&Help")
    help_menu.addAction(w.shortcuts_action)
    return recent, view


def fill_view_menu(w: MainWindow) -> None:
    """Each panel's toggle, the tool bar's, the keys that move between panels, the player
    view, the layout and the theme."""
    view = w.view_menu
    for dock in w.docks():
        view.addAction(dock.toggleViewAction())
    view.addSeparator()
    view.addAction(w.combat_bar.toggleViewAction())
    view.addSeparator()
    view.addActions([w.focus_map_action, w.next_panel_action, w.previous_panel_action])
    view.addSeparator()
    view.addAction(w.player_view_action)
    view.addAction(w.reset_layout_action)
    themes = view.addMenu("Theme")
    themes.addActions(list(w.theme_actions.values()))
