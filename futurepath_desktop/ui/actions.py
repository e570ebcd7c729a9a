"""The window's actions as one table: each row names an action (its objectName), its
text, keys, tip, where it appears (its menu and section, the combat bar) and the handler
it runs (``ui.panel_rows`` says which of them the panels offer). The menus, the
combat bar, the keys, the shortcuts dialog and docs/shortcuts.md (``ui.shortcut_list``)
are all made from it, so they cannot disagree.

This module is plain data (no Qt), so the shortcuts page can be written without a window.
"""

from __future__ import annotations

from futurepath_desktop.ui.action_row import (
    COMBAT,
    EDIT,
    FILE,
    HELP,
    MENUS,
    ROSTER,
    VIEW,
    Action,
    When,
)
from futurepath_desktop.ui.space_rows import SPACE_ROWS
from futurepath_desktop.ui.team_actions import rows_for

__all__ = [
    "ACTIONS",
    "BY_NAME",
    "COMBAT",
    "EDIT",
    "FILE",
    "HELP",
    "MENUS",
    "ROSTER",
    "VIEW",
    "Action",
    "When",
]

ACTIONS: tuple[Action, ...] = (
    # File (Open Recent follows Open, in section 0)
    Action("actionNew", "&New Session", "files.new", ("Ctrl+N",), menu=FILE),
    Action("actionOpen", "&Open…", "files.open", ("Ctrl+O",), "Open a session file", menu=FILE),
    Action(
        "actionSave",
        "&Save",
        "files.save",
        ("Ctrl+S",),
        "Save the session",
        menu=FILE,
        section=1,
        bar="right",
    ),
    Action("actionSaveAs", "Save &As…", "files.save_as", ("Ctrl+Shift+S",), menu=FILE, section=1),
    *rows_for(FILE),
    Action("actionQuit", "&Quit", "window.close", ("Ctrl+Q",), menu=FILE, section=3),
    # Edit: the undo stack makes these two, so that they name what they undo and redo.
    Action(
        "actionUndo",
        "&Undo",
        "stack.undo",
        ("Ctrl+Z",),
        "Undo the last change",
        menu=EDIT,
        bar="right",
        bar_text="Undo",
    ),
    Action(
        "actionRedo",
        "&Redo",
        "stack.redo",
        # The same keys on every platform, so docs/shortcuts.md holds everywhere.
        ("Ctrl+Shift+Z", "Ctrl+Y"),
        "Redo the last change undone",
        menu=EDIT,
        bar="right",
        bar_text="Redo",
    ),
    # Combat: the fight's steps
    Action(
        "actionStartCombat",
        "Start Combat",
        "prompts.start_combat",
        ("F5",),
        "Start combat: mark who is unaware, for a surprise round",
        menu=COMBAT,
        bar="swap",
        when="idle",
    ),
    Action(
        "actionNextTurn",
        "Next Turn",
        "combat.next_turn",
        ("N",),
        "Hand the turn to the next team",
        menu=COMBAT,
        bar="left",
        when="fighting",
    ),
    Action(
        "actionNextPhase",
        "Next Phase",
        "prompts.next_phase",
        ("Shift+N",),
        "Go on to the next phase (a team yet to act in the Action phase loses its turn)",
        menu=COMBAT,
        bar="left",
        when="fighting",
    ),
    Action(
        "actionNextRound",
        "Next Round",
        "combat.next_round",
        ("Ctrl+Shift+N",),
        "Run the rest of the round",
        menu=COMBAT,
        when="fighting",
    ),
    Action(
        "actionEndCombat",
        "End Combat",
        "prompts.end_combat",
        ("Shift+F5",),
        "End combat and resolve leftover effects",
        menu=COMBAT,
        bar="swap",
        when="fighting",
    ),
    # Combat: what happens to the selection
    Action(
        "actionAttack",
        "Attack…",
        "keyboard.focus_attack",
        ("A",),
        "Set up an attack for the selected combatant",
        menu=COMBAT,
        section=1,
    ),
    Action(
        "actionDamage",
        "Damage…",
        "prompts.damage",
        ("D",),
        "Damage the selected combatants",
        menu=COMBAT,
        section=1,
    ),
    Action(
        "actionHeal",
        "Heal…",
        "prompts.heal",
        ("H",),
        "Heal the selected combatants",
        menu=COMBAT,
        section=1,
    ),
    Action(
        "actionTempHP", "Temporary HP…", "prompts.grant_temp_hp", ("T",), menu=COMBAT, section=1
    ),
    Action(
        "actionFall",
        "Fall…",
        "prompts.fall",
        ("F",),
        "The selected combatants fall: damage by the height, then prone",  # R33
        menu=COMBAT,
        section=1,
    ),
    # Combat: conditions and their counters
    Action(
        "actionAddCondition",
        "Add Condition…",
        "prompts.add_condition",
        ("C",),
        "Put a condition on the selected combatants",
        menu=COMBAT,
        section=2,
    ),
    Action(
        "actionExtendCondition",
        "Extend +1",
        "prompts.change_counters",
        ("+",),
        "One more round on the selected counters",
        menu=COMBAT,
        section=2,
        args=(1,),
    ),
    Action(
        "actionShortenCondition",
        "Shorten −1",
        "prompts.change_counters",
        ("-",),
        "One round less on the selected counters",
        menu=COMBAT,
        section=2,
        args=(-1,),
    ),
    Action(
        "actionRemoveCondition",
        "End Condition",
        "prompts.end_conditions",
        ("Ctrl+Backspace",),
        "End the selected conditions",
        menu=COMBAT,
        section=2,
    ),
    # Combat: arrivals and loose dice
    Action(
        "actionJoin",
        "Join…",
        "prompts.join",
        ("J",),
        "Bring waiting combatants into the fight",  # R9
        menu=COMBAT,
        section=3,
    ),
    Action(
        "actionRollDice",
        "Roll Dice…",
        "keyboard.focus_dice",
        ("Ctrl+R",),
        "Type a dice expression into the log",
        menu=COMBAT,
        section=3,
    ),
    *rows_for(COMBAT),
    *SPACE_ROWS,
    # Roster
    Action(
        "actionAddCombatant",
        "New Combatant…",
        "prompts.add_combatant",
        ("Ins",),
        "Create a combatant",
        menu=ROSTER,
    ),
    Action("actionAddTeam", "New Team…", "prompts.add_team", ("Ctrl+T",), menu=ROSTER),
    Action(
        "actionAddFromLibrary",
        "Prep &Library…",
        "library_prompts.show_library",
        ("Ctrl+L",),
        "Search the prepared characters, monsters and encounters and add them",
        menu=ROSTER,
    ),
    Action("actionSaveToLibrary", "Save to Library", "prompts.save_to_library", menu=ROSTER),
    Action(
        "actionRemoveCombatant",
        "Remove Combatant…",
        "prompts.remove_combatants",
        ("Del",),
        menu=ROSTER,
    ),
    *rows_for(ROSTER),
    # Roster: ships (on the bridge)
    Action(
        "actionNewShip",
        "New Ship…",
        "ship_prompts.new_ship",
        tip="Make a ship: name, side, size, hard points, mods and crew",
        menu=ROSTER,
        section=2,
    ),
    Action(
        "actionEditShip",
        "Edit Ship…",
        "ship_prompts.edit_ship",
        tip="Change the ship shown on the bridge, its crew included",
        menu=ROSTER,
        section=2,
    ),
    Action(
        "actionRemoveShip",
        "Remove Ship…",
        "ship_prompts.remove_ship",
        tip="Take the ship shown on the bridge out of the session",
        menu=ROSTER,
        section=2,
    ),
    # View (section 0 holds the panels' own toggles, section 1 the tool bar's)
    Action(
        "actionFocusInitiative",
        "Go to Team Initiative",
        "keyboard.focus_initiative",
        ("L",),
        "Give the list of combatants the keys: arrows move through them, letters act on them",
        menu=VIEW,
        section=2,
    ),
    Action(
        "actionFocusMap",
        "Go to the Map",
        "keyboard.focus_map",
        ("M",),
        "Give the map the keys: arrows walk the selected token, Enter moves it (or places "
        "one not yet on the map)",
        menu=VIEW,
        section=2,
    ),
    Action(
        "actionFocusBridge",
        "Go to the Bridge",
        "keyboard.focus_bridge",
        ("B",),
        "Bring the bridge to the front and give it the keys",
        menu=VIEW,
        section=2,
    ),
    Action(
        "actionFocusHistory",
        "Go to the History",
        "keyboard.focus_history",
        ("Ctrl+H",),
        "Bring up every step of the session with the keys in it: the arrows, Home and End "
        "undo or redo to a step",
        menu=VIEW,
        section=2,
    ),
    Action(
        "actionNextTab",
        "Next Tab",
        "keyboard.cycle_tabs",
        ("Ctrl+PgDown",),
        "Bring the next tab to the front: the inspector's while the keys are in it, else "
        "the map's, the bridge's or the charts'",
        menu=VIEW,
        section=2,
        args=(1,),
    ),
    Action(
        "actionPreviousTab",
        "Previous Tab",
        "keyboard.cycle_tabs",
        ("Ctrl+PgUp",),
        "Bring the previous tab to the front: the inspector's while the keys are in it, "
        "else the map's, the bridge's or the charts'",
        menu=VIEW,
        section=2,
        args=(-1,),
    ),
    Action(
        "actionNextPanel",
        "Next Panel",
        "keyboard.cycle_panels",
        ("F6",),
        "Give the keys to the next panel",
        menu=VIEW,
        section=2,
        args=(1,),
    ),
    Action(
        "actionPreviousPanel",
        "Previous Panel",
        "keyboard.cycle_panels",
        ("Shift+F6",),
        "Give the keys to the previous panel",
        menu=VIEW,
        section=2,
        args=(-1,),
    ),
    Action(
        "actionPlayerView",
        "Player View",
        "player_window.toggle",
        ("F9",),
        "Open or close a second window for the players",
        menu=VIEW,
        section=3,
        bar="right",
        checkable=True,
    ),
    Action("actionResetLayout", "Reset Layout", "window.reset_layout", menu=VIEW, section=3),
    *(
        Action(
            f"actionTheme{choice.title()}",
            f"{choice.title()} Theme",
            "window.set_theme",
            menu=f"{VIEW}/Theme",
            section=3,
            checkable=True,
            one_of="themeChoice",
            args=(choice,),
        )
        for choice in ("system", "light", "dark")  # theme.SYSTEM, LIGHT, DARK
    ),
    *rows_for(VIEW),
    # Help
    Action("actionShortcuts", "Keyboard Shortcuts", "window.show_shortcuts", ("F1",), menu=HELP),
    *rows_for(HELP),
)

BY_NAME = {action.name: action for action in ACTIONS}
JOIN_KEY = BY_NAME["actionJoin"].keys[0]
"""The key that brings newcomers into the fight (R9), for the words that name it."""
