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
from futurepath_desktop.session.commands.map import (
    AddArea,
    Detonate,
    MoveToken,
    PaintTerrain,
    PlaceTemplate,
    PlaceToken,
    RemoveArea,
    RemoveTemplate,
    RemoveToken,
    SetMapSize,
    ThrowGrenade,
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
    "AddArea",
    "AddCombatant",
    "AddCondition",
    "AddTeam",
    "AdjustInitiative",
    "Damage",
    "DeclareAction",
    "DelayReady",
    "Detonate",
    "EditCombatant",
    "EditTeam",
    "EndCombat",
    "ExtendCondition",
    "GrantTempHP",
    "Heal",
    "JoinCombat",
    "MoveCombatant",
    "MoveTeam",
    "MoveToken",
    "NextPhase",
    "NextRound",
    "NextTurn",
    "PaintTerrain",
    "PlaceTemplate",
    "PlaceToken",
    "Reload",
    "RemoveArea",
    "RemoveCombatant",
    "RemoveCondition",
    "RemoveTeam",
    "RemoveTemplate",
    "RemoveToken",
    "RenameSession",
    "ReorderTeams",
    "ResolveAttack",
    "RollDice",
    "SetMapSize",
    "SetOptions",
    "StartCombat",
    "ThrowGrenade",
    "TriggerReadied",
]
