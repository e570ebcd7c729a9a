"""What the players may see (R61), in one place: the player view and the players' map are
built from :func:`player_info` alone, and :func:`sight` is the one test of whether the
players know a combatant is there.

The players' characters know where their friends are, so a friendly combatant in the
fight is always shown, marked hidden when it hides. Anyone else is shown only when the
players could see it: in the fight, not hidden, without a secret condition (Hidden,
Invisible) and not standing in fog. Nothing here carries a GM note, an enemy's exact HP
or the name of a team the players cannot see acting.
"""

from __future__ import annotations

from enum import StrEnum

import msgspec

from futurepath_desktop.core import starship as ship_rules
from futurepath_desktop.core.rounds import Phase
from futurepath_desktop.session.map_rules import SECRET_CONDITIONS, acts_now
from futurepath_desktop.session.sides import FRIENDLY_SIDES, is_friendly
from futurepath_desktop.session.state import Combatant, Session, Ship
from futurepath_desktop.session.wording import possessive


class Sight(StrEnum):
    """How the players see one combatant."""

    SHOWN = "shown"
    MARKED_HIDDEN = "hidden"  # a friend who hides: the players still know where it is
    SECRET = "secret"  # not on the player view at all


class MemberRow(msgspec.Struct, frozen=True):
    """One combatant as the players see it."""

    id: str
    name: str
    health: str  # numbers for a friend, a word for anyone else
    conditions: tuple[str, ...]
    hidden: bool
    down: bool
    friendly: bool


class TeamRow(msgspec.Struct, frozen=True):
    """A team with the members the players may see, and its count of those alone."""

    id: str
    name: str
    colour: str
    side: str
    acting: bool
    standing: str  # "3 of 4 standing"
    members: tuple[MemberRow, ...]


class TokenMark(msgspec.Struct, frozen=True):
    """A token the players' map may show."""

    combatant_id: str
    hidden: bool
    acting: bool  # ringed: its team acts, and the players may know it
    over_fog: bool  # a friend's: drawn over the fog, for the players know where it stands


class ShipLine(msgspec.Struct, frozen=True):
    """A ship as the players see it: its name, Battle Damage and state."""

    id: str
    name: str
    side: str
    text: str


class PlayerInfo(msgspec.Struct, frozen=True):
    """Everything the player view may show, and nothing else."""

    header: str
    round: int
    phase: str
    surprise_round: bool
    acting_team: str | None  # the id, only when the players may know who acts
    acting_name: str | None
    teams: tuple[TeamRow, ...]
    tokens: tuple[TokenMark, ...]
    space_header: str | None  # None when no space fight runs
    ships: tuple[ShipLine, ...]


def _has_secret(session: Session, combatant: Combatant) -> bool:
    return combatant.hidden or any(
        held.key in SECRET_CONDITIONS for held in session.conditions_on(combatant.id)
    )


def _in_fog(session: Session, combatant: Combatant) -> bool:
    token = session.tokens.get(combatant.id)
    if token is None or not session.areas:
        return False
    # Any square under fog hides the whole token: the fog marks what the players don't see.
    return any(
        session.fogged((token.x + dx, token.y + dy))
        for dx in range(token.size)
        for dy in range(token.size)
    )


def sight(session: Session, combatant: Combatant) -> Sight:
    """R61: whether the players know this combatant is there, and whether it hides."""
    if not combatant.present:
        return Sight.SECRET
    if is_friendly(session, combatant):
        return Sight.MARKED_HIDDEN if _has_secret(session, combatant) else Sight.SHOWN
    if _has_secret(session, combatant) or _in_fog(session, combatant):
        return Sight.SECRET
    return Sight.SHOWN


def players_acting_team(session: Session) -> str | None:
    """The acting team, if the players may know it acts: a friendly team, or one with a
    member the players see acting (in the surprise round, only the aware act, R11)."""
    team_id = session.combat.acting_team
    team = session.teams.get(team_id) if team_id is not None else None
    if team_id is None or team is None:
        return None
    if team.side in FRIENDLY_SIDES:
        return team_id
    combat = session.combat
    actors = set(combat.surprise_actors) if combat.surprise_round else None
    for member in session.members(team_id, present_only=True):
        if actors is not None and member.id not in actors:
            continue
        if sight(session, member) is Sight.SHOWN:
            return team_id
    return None


def health_text(session: Session, combatant: Combatant, friendly: bool) -> str:
    """Numbers for the players' side, a word for everyone else (R61)."""
    if not friendly:
        return combatant.health_word(session.options.vitality).value
    if session.options.health_fatigue:
        return f"{combatant.health}/{combatant.max_health} Health, fatigue {combatant.fatigue}"
    return f"{combatant.hp}/{combatant.max_hp} HP"


def _conditions(session: Session, combatant: Combatant) -> tuple[str, ...]:
    # Names and counters only: a condition's note and source are the GM's.
    shown = [
        f"{held.name} ({held.remaining})" if held.remaining else held.name
        for held in session.conditions_on(combatant.id)
        if held.key not in SECRET_CONDITIONS
    ]
    if session.combat.active and combatant.id in session.combat.unaware:
        # R11: surprised in the surprise round, flat-footed after it until it has acted.
        word = "Surprised" if session.combat.surprise_round else "Flat-footed"
        if word not in shown:
            shown.insert(0, word)
    return tuple(shown)


def _member_row(session: Session, combatant: Combatant, seen: Sight) -> MemberRow:
    friendly = is_friendly(session, combatant)
    return MemberRow(
        id=combatant.id,
        name=combatant.name,
        health=health_text(session, combatant, friendly),
        conditions=_conditions(session, combatant),
        hidden=seen is Sight.MARKED_HIDDEN,
        down=combatant.is_down(session.options.vitality),
        friendly=friendly,
    )


def _header(session: Session, acting: str | None) -> str:
    combat = session.combat
    if not combat.active:
        return "Space combat" if session.space.round.active else "Waiting for the fight"
    phase = Phase(combat.phase)
    parts = [f"Round {combat.round}", phase.label]
    if combat.surprise_round and phase is Phase.SURPRISE:
        parts[-1] += " round"  # "2 Surprise round", not "2 Surprise · Surprise round"
    elif combat.surprise_round:
        parts.append("Surprise round")
    if acting is not None:
        parts.append(f"{possessive(session.teams[acting].name)} turn")
    return " · ".join(parts)


def pips(taken: int, capacity: int) -> str:
    """Battle Damage as pips against capacity: ``●●○`` (``✚`` for each past it)."""
    return (
        "●" * min(taken, capacity) + "○" * max(0, capacity - taken) + "✚" * max(0, taken - capacity)
    )


def ship_summary(ship: Ship) -> str:
    """One line for a ship, the same on the bridge and on the players' screen."""
    cap = ship_rules.capacity(ship.size)
    damage = f"{pips(ship.battle_damage, cap)} {ship.battle_damage}/{cap} Battle Damage"
    return f"{ship.name}: {damage}, {ship.state}"


def _ship_line(ship: Ship) -> ShipLine:
    return ShipLine(ship.id, ship.name, ship.side, ship_summary(ship))


def _space(session: Session) -> tuple[str | None, tuple[ShipLine, ...]]:
    fight = session.space.round
    if not fight.active or not session.ships:
        return None, ()
    phase = ship_rules.SpacePhase(fight.phase)
    if phase is ship_rules.SpacePhase.SURPRISE:
        # R61: an unseen enemy is not even hinted at; the players' own ambush they know of.
        ours = all(session.ship(i).side in FRIENDLY_SIDES for i in fight.surprise)
        header = "Before round 1 · your unseen ships fire" if ours else "Space combat begins"
    else:
        header = f"Space round {fight.round} · {phase.label}"
    # R47: a ship no passive sensor detects is not on the players' screens until it is seen.
    unseen = set(fight.surprise)
    ships = tuple(
        _ship_line(ship)
        for ship in session.ships.values()
        if ship.side in FRIENDLY_SIDES or ship.id not in unseen
    )
    return header, ships


def player_info(session: Session) -> PlayerInfo:
    """R61: everything the player view may show of this session, and nothing else."""
    combat = session.combat
    acting = players_acting_team(session)
    order = list(combat.order) if combat.active else list(session.teams)
    order += [t for t in session.teams if t not in order]  # a team that joined unplaced
    teams: list[TeamRow] = []
    for team_id in order:
        team = session.teams.get(team_id)
        if team is None:
            continue
        members = []
        for member in session.members(team_id, present_only=True):
            seen = sight(session, member)
            if seen is not Sight.SECRET:
                members.append(_member_row(session, member, seen))
        if not members:
            continue
        up = sum(1 for m in members if not m.down)
        teams.append(
            TeamRow(
                id=team_id,
                name=team.name,
                colour=team.colour,
                side=team.side,
                acting=team_id == acting,
                standing=f"{up} of {len(members)} standing",
                members=tuple(members),
            )
        )
    tokens: list[TokenMark] = []
    if session.map is not None:
        for ident in session.tokens:
            combatant = session.combatants.get(ident)
            if combatant is None:
                continue
            seen = sight(session, combatant)
            if seen is not Sight.SECRET:
                marked = seen is Sight.MARKED_HIDDEN
                friend = is_friendly(session, combatant)
                tokens.append(TokenMark(ident, marked, acts_now(session, ident, acting), friend))
    space_header, ships = _space(session)
    return PlayerInfo(
        header=_header(session, acting),
        round=combat.round if combat.active else 0,
        phase=Phase(combat.phase).label if combat.active else "",
        surprise_round=combat.active and combat.surprise_round,
        acting_team=acting,
        acting_name=session.teams[acting].name if acting is not None else None,
        teams=tuple(teams),
        tokens=tuple(tokens),
        space_header=space_header,
        ships=ships,
    )
