"""Moving is an action (R50, R51): who may move now, how fast their conditions let them,
which action of the turn a move spends, and the Acrobatics check of a Sprint across
difficult ground.

A move on the map spends the mover's Standard action (Move, Walk, or Climb, Crawl, Swim),
a Sprint (Full-Round, ends the turn: any run past speed becomes one), or the 5-foot step
(the Simple action, ends the turn). Several drags in one turn add up under the same action.
Out of combat tokens move freely; the GM can always override, and the log says so."""

from __future__ import annotations

import msgspec

from futurepath_desktop.core import grid as core_grid
from futurepath_desktop.core.actions import ACTIONS, ActionType, validate_turn
from futurepath_desktop.core.errors import ActionNotAllowedError
from futurepath_desktop.core.rounds import Phase
from futurepath_desktop.session.attack_plan import condition_defs
from futurepath_desktop.session.edit import Edit
from futurepath_desktop.session.errors import CommandError
from futurepath_desktop.session.map_rules import acts_now, grid_for, remaining_ft
from futurepath_desktop.session.skill_checks import skill_check
from futurepath_desktop.session.state import Combatant, Session
from futurepath_desktop.session.wording import not_their_turn

MoveType = core_grid.MoveType
Square = tuple[int, int]

MOVE_ACTIONS: dict[MoveType, str] = {
    MoveType.RUN: "Move",
    MoveType.WALK: "Walk",
    MoveType.CLIMB_CRAWL_SWIM: "Climb, Crawl, Swim",
    MoveType.SPRINT: "Sprint",
    MoveType.CLIMB_CRAWL_SWIM_FULL: "Climb, Crawl, Swim (double speed)",
    MoveType.FIVE_FOOT_STEP: "5-foot Step",
}
"""The action of the chapter's table that each way of moving spends (R50)."""
MOVE_TYPES = {name: move for move, name in MOVE_ACTIONS.items()}

OVERRIDE_HINT = (
    "hold Shift as you drop it (Shift+Enter on a walk by keys) to move anyway (the log says so)"
)


class MoveAction(msgspec.Struct, frozen=True):
    """What a move spends: the action it declares (None: it goes on under one already
    declared), the one it replaces (a Move that grew into a Sprint), and its budget."""

    name: str
    declare: bool
    replaces: str | None
    budget_ft: int


def speed_now(session: Session, combatant: Combatant) -> tuple[int, str]:
    """R50: the mover's speed under its conditions, and why it is lower ("" if not).
    Entangled, Slowed and Prone (crawling) halve it; halving is not repeated."""
    halves = [d.name for d in condition_defs(session, combatant) if d.effects.half_speed]
    if halves:
        return combatant.speed_ft // 2, f"half speed: {', '.join(dict.fromkeys(halves))}"
    return combatant.speed_ft, ""


def movement_refusal(session: Session, combatant: Combatant) -> str | None:
    """Why this combatant may not move now, or None (R50, R11)."""
    combat = session.combat
    if not combat.active:
        return None
    acting = combat.acting_team
    if acting is None:
        phase = Phase(combat.phase).label
        return f"nobody moves in phase {phase}; moves happen on a team's turn (R50)"
    if not acts_now(session, combatant.id, acting):
        if combat.surprise_round and combatant.team_id == acting:
            return f"{combatant.name} is surprised and cannot move in the surprise round (R11)"
        team = session.teams[acting].name if acting in session.teams else None
        return f"{not_their_turn(combatant.name, team)} (R50)"
    for entry in condition_defs(session, combatant):
        if entry.effects.cannot_move or entry.effects.cannot_act:
            return f"{combatant.name} is {entry.name} and cannot move (R50)"
    return None


def move_action(
    session: Session, combatant: Combatant, move: MoveType, total_ft: int
) -> MoveAction:
    """R50: the action a move of ``total_ft`` this turn (earlier drags included) spends,
    checked against the turn so far; raises CommandError saying why not."""
    speed, _ = speed_now(session, combatant)
    declared = session.combat.turns.get(combatant.id, ())
    names = [name for name, _ in declared]
    current = next((n for n in names if n in MOVE_TYPES), None)
    wanted = MOVE_ACTIONS[move]
    if move == MoveType.RUN and total_ft > speed:
        wanted = "Sprint"  # R50: beyond speed, up to 3 × speed, is a Sprint
    if current == "Sprint" and wanted == "Move":
        wanted = "Sprint"  # more of the same Sprint
    budget = core_grid.move_budget_ft(speed, MOVE_TYPES[wanted])
    if current == wanted:
        return MoveAction(wanted, False, None, budget)
    replaces = None
    sequence = list(declared)
    so_far = validate_turn(declared)
    if so_far.ended:
        raise CommandError(
            f"{combatant.name}'s turn has ended (this turn: {so_far.summary()}; R16); "
            f"{OVERRIDE_HINT}"
        )
    if current is not None:
        if not (current == "Move" and wanted == "Sprint"):
            raise CommandError(
                f"{combatant.name} has already moved this turn ({current}); another way of "
                f"moving is another action (R50); {OVERRIDE_HINT}"
            )
        replaces = current
        sequence = [d for d in declared if d[0] != current]
    try:
        validate_turn([*sequence, (wanted, None)])
    except ActionNotAllowedError as error:
        used = validate_turn(declared).summary()
        raise CommandError(
            f"{combatant.name} cannot {wanted.lower()} now: {error.reason} (this turn: {used}); "
            f"{OVERRIDE_HINT}"
        ) from None
    return MoveAction(wanted, True, replaces, budget)


def spend_move(
    session: Session, edit: Edit, combatant: Combatant, name: str, replaces: str | None
) -> None:
    """Record the move's action in the mover's turn (a Move that grew replaces itself)."""
    combat = session.combat
    declared = [d for d in combat.turns.get(combatant.id, ()) if d[0] != replaces]
    turns = dict(combat.turns)
    turns[combatant.id] = (*declared, (name, None))
    # R11: moving is acting: a surprised mover is no longer flat-footed.
    unaware = tuple(u for u in combat.unaware if u != combatant.id)
    edit.set_combat(msgspec.structs.replace(combat, turns=turns, unaware=unaware))
    if replaces:
        edit.log("action", f"{combatant.name}: the {replaces.lower()} becomes a {name} (R50)")
    else:
        edit.log("action", f"{combatant.name}: {name}")


def sprint_check(
    session: Session,
    edit: Edit,
    combatant: Combatant,
    path: core_grid.Path,
    grid: core_grid.Grid,
    acrobatics: int | None,
    dc_misc: int,
) -> tuple[int, Square, bool]:
    """R51: a Sprint whose path enters difficult ground rolls Acrobatics (DC 15 + misc); on
    a failure the mover stops about halfway along the path, Prone. Returns the feet spent,
    the square reached and whether it fell."""
    entered = path.squares[1:]
    rough = [s for s in entered if (grid.enter_cost(s) or 0) > core_grid.SQUARE_FT]
    goal = path.squares[-1]
    if not rough:
        return path.cost_ft, goal, False
    bonus = combatant.abilities.mod("dexterity") if acrobatics is None else acrobatics
    dc = 15 + dc_misc
    said = "DEX" if acrobatics is None else "Acrobatics"
    if skill_check(
        edit,
        f"{combatant.name} sprints across difficult ground",
        "Acrobatics",
        bonus,
        dc,
        ("made", "failed: stops about halfway and falls prone"),
        "R51",
        f" (d20 + {said} {bonus:+})",
    ):
        return path.cost_ft, goal, False
    stop = path.steps // 2
    while stop > 0 and path.squares[stop] in grid.occupants:
        stop -= 1  # never stop in someone else's square
    spent = sum(grid.enter_cost(s) or 0 for s in path.squares[1 : stop + 1])
    return spent, path.squares[stop], True


def feet_left(session: Session, combatant_id: str, move: MoveType) -> int:
    """The farthest this move could still go now (what the map's drag shows): out of
    combat the move type's budget (R35); in combat 0 when the mover may not move, else the
    largest budget an allowed action gives (a run past speed counts as a Sprint, R50)."""
    if not session.combat.active:
        return remaining_ft(session, combatant_id, move)
    combatant = session.combatants[combatant_id]
    token = session.tokens.get(combatant_id)
    moved = token.moved_ft if token is not None else 0
    if movement_refusal(session, combatant) is not None:
        return 0
    speed, _ = speed_now(session, combatant)
    best = 0
    for total in {moved + core_grid.SQUARE_FT, max(moved, speed) + core_grid.SQUARE_FT}:
        try:
            best = max(best, move_action(session, combatant, move, total).budget_ft - moved)
        except CommandError:
            continue
    return best


def move_note(session: Session, combatant_id: str, move: MoveType, cost_ft: int) -> str:
    """What a drag's preview warns of, in combat (R15, R16, R50): a move that would be a
    Sprint, which ends the turn (a run grown past speed too), or another move that ends it;
    the first move of a turn, which is its Standard action, so no attack follows. "" when
    the move goes on under an action already spent, or is refused anyway."""
    combatant = session.combatants.get(combatant_id)
    token = session.tokens.get(combatant_id)
    if combatant is None or token is None or not session.combat.active:
        return ""
    try:
        action = move_action(session, combatant, move, token.moved_ft + cost_ft)
    except CommandError:
        return ""
    if not action.declare:
        return ""
    if action.name == "Sprint":
        return "a Sprint: it ends the turn"
    spec = ACTIONS[action.name]
    if spec.ends_turn:
        return "it ends the turn"
    return "the Standard action: no attack after" if spec.type is ActionType.MOVE else ""


def needs_acrobatics(session: Session, combatant_id: str, goal: Square, move: MoveType) -> bool:
    """Whether moving there now would be a Sprint whose path enters difficult ground, so
    that the window asks for the Acrobatics check first (R51)."""
    combatant = session.combatants.get(combatant_id)
    token = session.tokens.get(combatant_id)
    if combatant is None or token is None or not session.combat.active:
        return False
    grid = grid_for(session, combatant_id)
    if not grid.inside(goal) or movement_refusal(session, combatant) is not None:
        return False
    path = core_grid.find_path(
        grid, token.square, goal, limit_ft=feet_left(session, combatant_id, move)
    )
    if path is None:
        return False
    try:
        action = move_action(session, combatant, move, token.moved_ft + path.cost_ft)
    except CommandError:
        return False
    rough = any((grid.enter_cost(s) or 0) > core_grid.SQUARE_FT for s in path.squares[1:])
    return action.name == "Sprint" and rough
