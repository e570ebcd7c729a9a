"""Every change a game master makes to a session, as a command.

Each command performs itself through an :class:`~futurepath_desktop.session.edit.Edit`;
``edit.run`` returns its label, its exact inverse and a report of what changed.
"""

from futurepath_desktop.session.commands.attack import Reload, ResolveAttack
from futurepath_desktop.session.commands.campaign import JoinParty, NextEncounter, Rest, SetCampaign
from futurepath_desktop.session.commands.characters import ImportCharacters
from futurepath_desktop.session.commands.combat import (
    AdjustInitiative,
    EndCombat,
    JoinCombat,
    NextPhase,
    NextRound,
    NextTurn,
    ReorderTeams,
    StartCombat,
)
from futurepath_desktop.session.commands.coup_de_grace import CoupDeGrace
from futurepath_desktop.session.commands.dice import RollDice
from futurepath_desktop.session.commands.grenades import Detonate, ThrowGrenade
from futurepath_desktop.session.commands.health import (
    AddCondition,
    Damage,
    ExtendConditions,
    Fall,
    GrantTempHP,
    Heal,
    RemoveConditions,
)
from futurepath_desktop.session.commands.map import (
    AddArea,
    MoveToken,
    PaintTerrain,
    PlaceTemplate,
    PlaceToken,
    RemoveArea,
    RemoveTemplate,
    RemoveToken,
    SetMapBackground,
    SetMapSize,
)
from futurepath_desktop.session.commands.object_attack import AttackObject
from futurepath_desktop.session.commands.portraits import SetPortrait
from futurepath_desktop.session.commands.powers import UsePower
from futurepath_desktop.session.commands.reminders import PutReminder, RemoveReminder
from futurepath_desktop.session.commands.roster import (
    AddCombatant,
    AddTeam,
    EditCombatant,
    EditTeam,
    MoveCombatant,
    MoveTeam,
    RemoveCombatants,
    RemoveTeam,
)
from futurepath_desktop.session.commands.settings import RenameSession, SetOptions
from futurepath_desktop.session.commands.ships import (
    AddShip,
    AssignCrew,
    EditShip,
    RemoveShip,
    SetChart,
    SetChartRow,
    SetSpaceRules,
)
from futurepath_desktop.session.commands.space import (
    CrewAction,
    DeclareOptional,
    EndSpaceCombat,
    NextSpacePhase,
    StartSpaceCombat,
)
from futurepath_desktop.session.commands.space_actions import (
    Fire,
    MedicalCare,
    Repair,
    Scan,
    Swarm,
)
from futurepath_desktop.session.commands.stabilize import Stabilize
from futurepath_desktop.session.commands.turn_actions import (
    DeclareAction,
    DelayReady,
    TriggerReadied,
)

__all__ = [
    "AddArea",
    "AddCombatant",
    "AddCondition",
    "AddShip",
    "AddTeam",
    "AdjustInitiative",
    "AssignCrew",
    "AttackObject",
    "CoupDeGrace",
    "CrewAction",
    "Damage",
    "DeclareAction",
    "DeclareOptional",
    "DelayReady",
    "Detonate",
    "EditCombatant",
    "EditShip",
    "EditTeam",
    "EndCombat",
    "EndSpaceCombat",
    "ExtendConditions",
    "Fall",
    "Fire",
    "GrantTempHP",
    "Heal",
    "ImportCharacters",
    "JoinCombat",
    "JoinParty",
    "MedicalCare",
    "MoveCombatant",
    "MoveTeam",
    "MoveToken",
    "NextEncounter",
    "NextPhase",
    "NextRound",
    "NextSpacePhase",
    "NextTurn",
    "PaintTerrain",
    "PlaceTemplate",
    "PlaceToken",
    "PutReminder",
    "Reload",
    "RemoveArea",
    "RemoveCombatants",
    "RemoveConditions",
    "RemoveReminder",
    "RemoveShip",
    "RemoveTeam",
    "RemoveTemplate",
    "RemoveToken",
    "RenameSession",
    "ReorderTeams",
    "Repair",
    "ResolveAttack",
    "Rest",
    "RollDice",
    "Scan",
    "SetCampaign",
    "SetChart",
    "SetChartRow",
    "SetMapBackground",
    "SetMapSize",
    "SetOptions",
    "SetPortrait",
    "SetSpaceRules",
    "Stabilize",
    "StartCombat",
    "StartSpaceCombat",
    "Swarm",
    "ThrowGrenade",
    "TriggerReadied",
    "UsePower",
]
