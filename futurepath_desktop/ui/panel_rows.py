"""Which of the window's actions (``ui.actions``, by name) each panel offers: on its tool
row, and on a right-click on one of its rows."""

from __future__ import annotations

PANEL_ROWS: dict[str, tuple[str, ...]] = {
    "initiative": (
        "actionAddCombatant",
        "actionAddFromLibrary",
        "actionJoin",
        "actionDamage",
        "actionHeal",
        "actionAddCondition",
    ),
    "counters": (
        "actionAddCondition",
        "actionExtendCondition",
        "actionShortenCondition",
        "actionRemoveCondition",
    ),
}
"""The window's actions a panel's tool row offers, left to right."""

CONTEXT_ROWS: dict[str, tuple[str, ...]] = {
    "initiative": (
        "actionAttack",
        "actionUsePower",
        "actionCoupDeGrace",
        "actionDamage",
        "actionHeal",
        "actionTempHP",
        "actionStabilize",
        "actionFall",
        "actionAddCondition",
        "-",
        "actionAdjustInitiative",
        "actionActEarlier",
        "actionActLater",
        "-",
        "actionDeclareAction",
        "actionDelayReady",
        "actionTriggerReadied",
        "actionReload",
        "-",
        "actionSetPortrait",
        "actionRemovePortrait",
        "actionEditTeam",
        "actionMoveToTeam",
        "actionRemoveToken",
        "actionRemoveCombatant",
        "actionRemoveTeam",
    ),
    "counters": (
        "actionExtendCondition",
        "actionShortenCondition",
        "actionRemoveCondition",
    ),
}
"""What a right-click on a panel's row offers, top to bottom ("-" a separator); the
entries that cannot be used now (out of combat, say) are left out."""
