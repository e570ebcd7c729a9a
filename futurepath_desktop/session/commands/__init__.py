"""Every change a game master makes to a session, as a command.

Each command performs itself through an :class:`~futurepath_desktop.session.edit.Edit`;
``edit.run`` returns its label, its exact inverse and a report of what changed.
"""

from futurepath_desktop.session.commands.attack import Reload, ResolveAttack
from futurepath_desktop.session.commands.combat import (
    AdjustInitiative,
    DeclareAction,
    DelayReady,
    EndCombat,
    JoinCombat,
    NextPhase,
    NextRound,
    NextTurn,
    ReorderTeams,
    StartCombat,
    TriggerReadied,
)
from futurepath_desktop.session.commands.health import (
    AddCondition,
    Damage,
    ExtendCondition,
    GrantTempHP,
    Heal,
    RemoveCondition,
)
from futurepath_desktop.session.commands.misc import RenameSession, RollDice, SetOptions
from futurepath_desktop.session.commands.roster import (
    AddCombatant,
    AddTeam,
    EditCombatant,
    EditTeam,
    MoveCombatant,
    MoveTeam,
    RemoveCombatant,
    RemoveTeam,
)

__all__ = [
    "AddCombatant",
    "AddCondition",
    "AddTeam",
    "AdjustInitiative",
    "Damage",
    "DeclareAction",
    "DelayReady",
    "EditCombatant",
    "EditTeam",
    "EndCombat",
    "ExtendCondition",
    "GrantTempHP",
    "Heal",
    "JoinCombat",
    "MoveCombatant",
    "MoveTeam",
    "NextPhase",
    "NextRound",
    "NextTurn",
    "Reload",
    "RemoveCombatant",
    "RemoveCondition",
    "RemoveTeam",
    "RenameSession",
    "ReorderTeams",
    "ResolveAttack",
    "RollDice",
    "SetOptions",
    "StartCombat",
    "TriggerReadied",
]
