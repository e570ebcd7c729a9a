"""The actions table's rows for the session's own settings, the turn order, a combatant's
turn and the teams (``ui.actions`` puts each menu's rows in its place: ``rows_for``).
Plain data, like the rest of the table."""

from __future__ import annotations

from futurepath_desktop.ui.action_row import COMBAT, FILE, ROSTER, Action

TURN_ORDER = f"{COMBAT}/Turn Order"
"""The Combat menu's submenu for the order teams act in (R8)."""
OTHER_ACTIONS = f"{COMBAT}/Other Actions"
"""The Combat menu's submenu for the rarer things a combatant does with its turn."""

ROWS: tuple[Action, ...] = (
    # File: the players' sheets, the session's name and its rule options
    Action(
        "actionImportCharacters",
        "Import C&haracters…",
        "character_prompts.import_characters",
        tip="Add the players' Future Path character sheets to their team",
        menu=FILE,
        section=2,
    ),
    Action(
        "actionRenameSession",
        "Session Na&me…",
        "team_prompts.rename_session",
        tip="Give the session a new name",
        menu=FILE,
        section=2,
    ),
    Action(
        "actionRuleOptions",
        "Rule O&ptions…",
        "team_prompts.rule_options",
        tip="Choose hit points or Health and Fatigue, and how cover counts",  # R40
        menu=FILE,
        section=2,
    ),
    # Combat: the GM's adjustments of the turn order
    Action(
        "actionAdjustInitiative",
        "Adjust Initiative…",
        "team_prompts.adjust_initiative",
        ("I",),
        "Set the selected team's initiative; the order follows it",  # R8
        menu=TURN_ORDER,
        section=4,
        when="fighting",
    ),
    *(
        Action(
            f"actionAct{word}",
            f"Act {word}",
            "team_prompts.shift_in_order",
            (keys,),
            f"Move the selected team one place {word.lower()} in the acting order",  # R8
            menu=TURN_ORDER,
            section=4,
            when="fighting",
            args=(by,),
        )
        # Not Alt+Up/Down: a drop-down list with the keys opens on those.
        for word, keys, by in (("Earlier", "Alt+PgUp", -1), ("Later", "Alt+PgDown", 1))
    ),
    # Combat: what the selected combatant does with its turn
    Action(
        "actionDeclareAction",
        "Declare Action…",
        "turn_prompts.declare_action",
        ("Shift+A",),
        "Put an action into the selected combatant's turn",  # R15-R17
        menu=COMBAT,
        section=5,
        when="fighting",
    ),
    Action(
        "actionDelayReady",
        "Delay or Ready…",
        "turn_prompts.delay_or_ready",
        ("R",),
        "Give up the turn to act when something happens",  # R18
        menu=COMBAT,
        section=5,
        when="fighting",
    ),
    Action(
        "actionTriggerReadied",
        "Trigger Readied…",
        "turn_prompts.trigger_readied",
        ("Shift+R",),
        "A readied action's trigger happened: it goes off",  # R18
        menu=COMBAT,
        section=5,
        when="fighting",
    ),
    Action(
        "actionUsePower",
        "Use Power…",
        "turn_prompts.use_power",
        ("Shift+P",),
        "The selected combatant uses a power: range, area, target and how long it lasts",  # R39
        menu=COMBAT,
        section=5,
    ),
    Action(
        "actionCoupDeGrace",
        "Coup de Grace",
        "turn_prompts.coup_de_grace",
        # R24; chosen at the helpless one itself, the GM says who strikes
        tip="The attacker strikes a helpless target: a critical hit",
        menu=OTHER_ACTIONS,
        section=5,
    ),
    Action(
        "actionStabilize",
        "Stabilize…",
        "turn_prompts.stabilize",
        tip="The selected combatant tends a dying one: kit, Treat Injury and the check",  # R26
        menu=OTHER_ACTIONS,
        section=5,
    ),
    Action(
        "actionAttackObject",
        "Attack an Object…",
        "turn_prompts.attack_object",
        tip="The selected combatant strikes a door, a console or a barrier",  # R25
        menu=OTHER_ACTIONS,
        section=5,
    ),
    Action(
        "actionReload",
        "Reload",
        "turn_prompts.reload",
        tip="Fill the selected combatant's weapon with ammunition again",
        menu=OTHER_ACTIONS,
        section=5,
    ),
    Action(
        "actionDetonate",
        "Detonate Grenade",
        "turn_prompts.detonate",
        tip="Set a waiting grenade off now",  # R38
        menu=OTHER_ACTIONS,
        section=5,
        when="fighting",
    ),
    # Roster: the selected team
    Action(
        "actionEditTeam",
        "Edit Team…",
        "team_prompts.edit_team",
        ("F2",),
        "Rename the selected team, or change its colour or side",
        menu=ROSTER,
        section=1,
    ),
    Action(
        "actionMoveToTeam",
        "Move to Team…",
        "team_prompts.move_to_team",
        tip="Put the selected combatants in another team",
        menu=ROSTER,
        section=1,
        when="idle",
    ),
    *(
        Action(
            f"actionMoveTeam{way.title()}",
            f"Move Team {way.title()}",
            "team_prompts.move_team",
            tip=f"Move the selected team one place {way} the list",
            menu=ROSTER,
            section=1,
            when="idle",
            args=(by,),
        )
        for way, by in (("up", -1), ("down", 1))
    ),
    Action(
        "actionRemoveToken",
        "Take Off the Map",
        "turn_prompts.remove_token",
        tip="Take the selected combatant's token off the map; they stay in the fight",
        menu=ROSTER,
        section=1,
    ),
    Action(
        "actionRemoveTeam",
        "Remove Team…",
        "team_prompts.remove_team",
        tip="Remove the selected team and everyone in it",
        menu=ROSTER,
        section=1,
    ),
)


def rows_for(menu: str) -> tuple[Action, ...]:
    """The rows of one menu and its submenus, in order."""
    from futurepath_desktop.ui import (
        desk_rows,
        picture_rows,
        prep_rows,
        print_rows,
        rhythm_rows,
        screen_rows,
        web_rows,
    )

    every = (
        *ROWS,
        *prep_rows.ROWS,
        *print_rows.ROWS,
        *picture_rows.ROWS,
        *rhythm_rows.ROWS,
        *screen_rows.ROWS,
        *web_rows.ROWS,
        *desk_rows.ROWS,
    )
    return tuple(row for row in every if row.menu.split("/")[0] == menu)
