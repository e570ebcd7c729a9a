"""The encounter summary on paper: each team with its members' stats, conditions and
weapons, then the ships and their crew, as HTML for a ``QTextDocument``.

It is the GM's paper: hidden combatants are on it, and so are the GM's notes. Every
string a user typed (names, notes, conditions) is escaped; the words are the panels' own
(the inspector's weapon lines, the initiative panel's health and conditions)."""

from __future__ import annotations

from html import escape

from futurepath_desktop.core.attacks import DAMAGE_DIE_BY_LEVEL
from futurepath_desktop.core.starship import Position
from futurepath_desktop.session.health_track import track_words
from futurepath_desktop.session.space_rules import crew_name, manned
from futurepath_desktop.session.state import Combatant, Session, Team, WeaponSpec
from futurepath_desktop.session.wording import n_rounds
from futurepath_desktop.ui.models.health_reading import health_reading
from futurepath_desktop.ui.models.log_model import PHASE_NAMES, SPACE_PHASE_NAMES
from futurepath_desktop.ui.models.weapons_model import describe
from futurepath_desktop.ui.print_style import (
    BAD,
    FLAG,
    MUTED,
    ROW_RULE,
    cell,
    muted,
    section,
    table,
)

KINDS = {"pc": "PC", "npc": "NPC", "monster": "Monster"}
SIDES = {
    "players": "the players' side",
    "allies": "allies of the players",
    "enemies": "enemies",
    "neutral": "neutral",
}


def text(value: str) -> str:
    """A user's string, escaped, its line breaks kept."""
    return escape(value).replace("\n", "<br>")


def signed(value: int) -> str:
    """``+3``, ``−1`` (a real minus sign, as print sets it)."""
    return f"{value:+d}".replace("-", "−")


def fight_words(session: Session) -> str:
    """Where the fight stands: "Round 2, Action phase · Space Bears acting", the space
    fight's round and phase, or that it has not started."""
    combat, space = session.combat, session.space.round
    parts = []
    if combat.active:
        words = f"Round {combat.round}, {PHASE_NAMES.get(combat.phase, '')} phase"
        if combat.surprise_round:
            words = f"Round {combat.round}, surprise round"
        acting = session.teams.get(combat.acting_team or "")
        parts.append(f"{words} · {escape(acting.name)} acting" if acting else words)
    if space.active:
        phase = SPACE_PHASE_NAMES.get(space.phase, "")
        parts.append(f"Space round {space.round}, {phase} phase")
    if parts:
        return " · ".join(parts)
    return "Before the fight" if not session.log else "Out of combat"


def health_cell(session: Session, combatant: Combatant) -> str:
    """HP (or Health and Fatigue, under R40's option) as the panels read them, in words
    the paper can carry: "16/16 (+3 temp)", "10/12 · fatigue 1", "CON 9 of 12"."""
    if session.options.health_fatigue:
        pool = combatant.health_fatigue()
        words = f"{pool.health}/{pool.max_health}"
        if pool.fatigue:
            words += f" · fatigue {pool.fatigue}"
    else:
        hp = combatant.hit_points()
        words = f"{hp.hp}/{hp.max_hp}"
    if combatant.temp_hp:
        words += f" (+{combatant.temp_hp} temp)"
    if combatant.con_damage:  # R26, R55: what CON damage has left, as the inspector says
        con = combatant.abilities.constitution
        words += f"<br>CON {max(0, con - combatant.con_damage)} of {con}"
    _, _, state = health_reading(session, combatant)
    colour = {"bad": BAD, "hurt": FLAG}.get(state)
    return f'<span style="color:{colour}">{words}</span>' if colour else words


def status_cell(session: Session, combatant: Combatant) -> str:
    """Waiting, hidden, the health track (R54) and every condition with its rounds left."""
    flags = []
    if not combatant.present:
        flags.append(f'<i style="color:{MUTED}">waiting to join</i>')
    if combatant.hidden:
        flags.append("Hidden")
    flags += [
        f'<span style="color:{BAD}">{escape(w)}</span>' for w in track_words(session, combatant)
    ]
    for held in session.conditions_on(combatant.id):
        rounds = f", {n_rounds(held.remaining)} left" if held.remaining is not None else ""
        flags.append(f"{escape(held.name)}{rounds}")
    return "<br>".join(flags) or muted("—")


def weapon_line(combatant: Combatant, weapon: WeaponSpec) -> str:
    """The inspector's line for the weapon, then what it does on a hit (R20, R21) and,
    for a melee weapon, how far it threatens (R37)."""
    bonus = weapon.damage_bonus + (0 if weapon.ranged else combatant.ability_mod("strength"))
    damage = DAMAGE_DIE_BY_LEVEL[weapon.level] + (signed(bonus) if bonus else "")
    threat = "20" if weapon.crit_min == 20 else f"{weapon.crit_min}–20"
    extra = [f"damage {damage}", f"critical {threat} ×{weapon.crit_multiplier}"]
    if not weapon.ranged:
        extra.append(f"reach {5 + 5 * weapon.reach} ft")
    line = describe(weapon)  # "Silenced pistol (level 3, ranged 30 ft, 12 shot(s))"
    rest = line.removeprefix(weapon.name)
    return f"<b>{escape(weapon.name)}</b>{escape(rest)} — {', '.join(extra)}"


def ac_cell(combatant: Combatant) -> str:
    """The AC, and the flat-footed AC when the character sheet gave it (R29)."""
    if combatant.flat_ac is None:
        return str(combatant.ac)
    return f'{combatant.ac}<br><span style="color:{MUTED}">flat {combatant.flat_ac}</span>'


def initiative_cell(session: Session, combatant: Combatant) -> str:
    """R5's score as the initiative panel has it (a modifier, or R40's scores)."""
    value = combatant.initiative(session.options.initiative)
    return signed(value) if session.options.initiative == "modifiers" else str(value)


COLUMNS = (
    ("Name", 19),
    ("Kind", 10),
    ("HP", 12),
    ("AC", 7),
    ("Init.", 7),
    ("Adv. Die", 9),
    ("Speed", 9),
    ("Conditions", 27),
)
"""The team tables' columns and each one's share of the page's width, in percent."""


def combatant_rows(session: Session, combatant: Combatant) -> str:
    """The combatant's stats row, then a row of its weapons and the GM's notes, with a
    rule under the two."""
    cells = (
        f"<b>{escape(combatant.name)}</b>",
        KINDS.get(combatant.kind, escape(combatant.kind)),
        health_cell(session, combatant),
        ac_cell(combatant),
        initiative_cell(session, combatant),
        escape(combatant.advantage_die),
        f"{combatant.speed_ft} ft",
        status_cell(session, combatant),
    )
    lines = [weapon_line(combatant, weapon) for weapon in combatant.weapons] or [
        muted("No weapons")
    ]
    if combatant.notes.strip():
        lines.append(f'<i style="color:{MUTED}">{text(combatant.notes.strip())}</i>')
    details = f'<td colspan="{len(COLUMNS)}" style="padding-left: 14px; padding-top: 0;'
    details += f' font-size: 8.5pt; border-bottom: 1px solid {ROW_RULE};">{"<br>".join(lines)}</td>'
    return f"<tr>{''.join(cell(c, rule='') for c in cells)}</tr><tr>{details}</tr>"


def team_section(session: Session, team: Team) -> str:
    """The team's heading (its colour, side and initiative) and its table."""
    bits = [SIDES.get(team.side, escape(team.side))]
    if team.initiative is not None:
        bits.append(f"team initiative {team.initiative}")
    if session.combat.acting_team == team.id:
        bits.append("acting now")
    members = session.members(team.id)
    bits.append(f"{len(members)} {'member' if len(members) == 1 else 'members'}")
    mark = f'<span style="color:{escape(team.colour)}">■</span> '
    heading = section(escape(team.name), " · ".join(bits), mark)
    if not members:
        return heading + f"<p>{muted('Nobody in this team yet.')}</p>"
    health = "Health" if session.options.health_fatigue else "HP"
    columns = [(health if name == "HP" else name, share) for name, share in COLUMNS]
    return heading + table(columns, [combatant_rows(session, member) for member in members])


def ships_section(session: Session) -> str:
    """The ships (R41) and who holds each crew position, if the session has any."""
    if not session.ships:
        return ""
    rows = []
    for ship in session.ships.values():
        crew = [
            f"{position.label}: {escape(crew_name(session, ship, position))}"
            for position in Position
            if manned(ship, position)
        ]
        state = "" if ship.state == "operational" else f"<br>{escape(ship.state)}"
        damage = f", {ship.battle_damage} Battle Damage" if ship.battle_damage else ""
        cells = (
            f"<b>{escape(ship.name)}</b>{state}",
            SIDES.get(ship.side, escape(ship.side)),
            f"{escape(ship.size)}, {ship.hard_points} hard points{damage}",
            "<br>".join(crew) or muted("no crew"),
        )
        rows.append(f"<tr>{''.join(cell(c, width=1) for c in cells)}</tr>")
    columns = (("Ship", 18), ("Side", 16), ("Size", 16), ("Crew", 50))
    return section("Ships", "and who holds each crew position") + table(columns, rows)


def encounter_html(session: Session, printed: str = "") -> str:
    """The whole summary: a title, where the fight stands, every team, then the ships."""
    rule = "Health and Fatigue" if session.options.health_fatigue else "hit points"
    sub = f"Encounter summary · {fight_words(session)}<br>Health as {rule}"
    if printed:
        sub += f" · printed {escape(printed)}"
    teams = "".join(team_section(session, team) for team in session.teams.values())
    if not session.teams:
        teams = f"<p>{muted('No teams yet.')}</p>"
    return f"<h1>{escape(session.name)}</h1><p class='sub'>{sub}</p>{teams}{ships_section(session)}"
