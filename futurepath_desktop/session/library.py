"""The prep library: player characters, NPC and monster templates, ship templates and
saved encounters, kept as one JSON file each in the library folder.

Templates are prepared offline and copied into a session with new ids.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Annotated, Literal

import msgspec
from msgspec import Meta

from futurepath_desktop import paths
from futurepath_desktop.session.edit import Edit
from futurepath_desktop.session.errors import CombatFlowError, CommandError, SessionLoadError
from futurepath_desktop.session.file_read import read_regular
from futurepath_desktop.session.numbering import copy_names, free_name
from futurepath_desktop.session.records.kinds import Name
from futurepath_desktop.session.state import (
    ActiveCondition,
    Combatant,
    CrewSlot,
    Session,
    Ship,
    Team,
    new_id,
)
from futurepath_desktop.session.store import atomic_write
from futurepath_desktop.session.wording import joined

TemplateKind = Literal["character", "npc", "monster", "ship", "encounter", "party"]
KINDS: tuple[TemplateKind, ...] = ("character", "npc", "monster", "ship", "encounter", "party")
LIBRARY_FORMAT_VERSION = 1
MAX_TEMPLATE_BYTES = 4 * 1024 * 1024

TemplateId = Annotated[
    str, Meta(min_length=1, max_length=64, pattern=r"^[A-Za-z0-9][A-Za-z0-9_-]*$")
]
"""A template's id is part of its file's name: letters, digits, ``-`` and ``_`` only, so
no id can name another folder (``..``, ``/``), match other files (``*``) or mean
something special to a file system (``:`` on Windows)."""


class EncounterTeam(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """A team of a saved encounter, with its members."""

    team: Team
    members: tuple[Combatant, ...] = ()


class Template(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """One library entry. A combatant template holds ``combatant``; an encounter holds
    ``teams``; a ship template holds ``ship``. A party (a campaign's player characters,
    kept between fights) holds ``teams`` as they stand, with the ``conditions`` they bear."""

    kind: TemplateKind
    id: TemplateId
    name: Name
    format_version: int = LIBRARY_FORMAT_VERSION
    combatant: Combatant | None = None
    teams: tuple[EncounterTeam, ...] = ()
    ship: Ship | None = None
    notes: str = ""
    conditions: tuple[ActiveCondition, ...] = ()

    def kind_word(self) -> str:
        """The kind as a GM says it ("an encounter", "a party")."""
        return KIND_WORDS[self.kind]


KIND_WORDS: dict[str, str] = {
    "character": "a player character",
    "npc": "an NPC",
    "monster": "a monster",
    "ship": "a ship",
    "encounter": "an encounter",
    "party": "a party",
}

_DECODER = msgspec.json.Decoder(Template)


def _slug(text: str) -> str:
    return re.sub(r"[^a-z0-9]+", "-", text.lower()).strip("-") or "template"


def combatant_template(combatant: Combatant, kind: TemplateKind = "npc") -> Template:
    """A template from a combatant as it stands (conditions and damage are not kept)."""
    fresh = msgspec.structs.replace(
        combatant,
        hp=combatant.max_hp,
        health=combatant.max_health,
        temp_hp=0,
        con_damage=0,
        fatigue=0,
        present=True,
    )
    return Template(kind=kind, id=new_id("tpl"), name=combatant.name, combatant=fresh)


def encounter_template(session: Session, team_ids: list[str], name: str) -> Template:
    """Save teams of a session as an encounter to reuse."""
    teams = tuple(
        EncounterTeam(
            msgspec.structs.replace(session.team(t), initiative=None, tiebreak=""),
            tuple(combatant_template(m).combatant for m in session.members(t) if m),  # type: ignore[misc]
        )
        for t in team_ids
    )
    return Template(kind="encounter", id=new_id("tpl"), name=name, teams=teams)


def ship_template(ship: Ship) -> Template:
    """A template from a ship as built (no damage, no effects; crew positions keep only the
    NPC names, since combatants belong to their session)."""
    crew = {p: CrewSlot(None, slot.name) for p, slot in ship.crew.items() if slot.name}
    fresh = msgspec.structs.replace(
        ship,
        damage=(),
        state="operational",
        adrift_from_round=None,
        explodes_round=None,
        systems={},
        bays={},
        effects=(),
        crew=crew,
        flying="normal",
    )
    return Template(kind="ship", id=new_id("tpl"), name=ship.name, ship=fresh)


def parse_template(data: bytes, source: str) -> Template:
    """Read one template file, or raise :class:`SessionLoadError` saying what and where."""
    if len(data) > MAX_TEMPLATE_BYTES:
        raise SessionLoadError(
            source,
            f"the file is {len(data):,} bytes; the most a template may be is "
            f"{MAX_TEMPLATE_BYTES:,}",
        )
    try:
        template = _DECODER.decode(data)
    except (msgspec.DecodeError, msgspec.ValidationError) as error:
        message = str(error)
        problem, sep, where = message.rpartition(" - at `")
        raise SessionLoadError(
            source, problem if sep else message, where.rstrip("`") if sep else "$"
        ) from None
    if template.format_version > LIBRARY_FORMAT_VERSION:
        raise SessionLoadError(source, "made by a newer Future Path Desktop", "$.format_version")
    if template.kind in ("encounter", "party") and not template.teams:
        raise SessionLoadError(source, f"{template.kind_word()} needs at least one team", "$.teams")
    bearers = {m.id for entry in template.teams for m in entry.members}
    for index, held in enumerate(template.conditions):
        if held.bearer_id not in bearers:
            raise SessionLoadError(
                source,
                f"the condition {held.name} is on {held.bearer_id!r}, who is not in the party",
                f"$.conditions[{index}].bearer_id",
            )
    if template.kind in ("character", "npc", "monster") and template.combatant is None:
        raise SessionLoadError(source, "a character template needs its combatant", "$.combatant")
    if template.kind == "ship" and template.ship is None:
        raise SessionLoadError(source, "a ship template needs its ship", "$.ship")
    members = [("$.combatant", template.combatant)] if template.combatant else []
    members += [
        (f"$.teams[{t}].members[{m}]", member)
        for t, entry in enumerate(template.teams)
        for m, member in enumerate(entry.members)
    ]
    for where, member in members:
        if member is not None and member.hp > member.max_hp:
            raise SessionLoadError(
                source, f"HP {member.hp} is above the maximum {member.max_hp}", where + ".hp"
            )
        if member is not None and member.health > member.max_health:
            raise SessionLoadError(
                source,
                f"Health {member.health} is above the maximum {member.max_health}",
                where + ".health",
            )
    return template


class Library:
    """The library folder: one JSON file per template, in a folder per kind."""

    def __init__(self, root: Path | None = None) -> None:
        self.root = root or paths.library_dir(create=True)

    def _folder(self, kind: TemplateKind) -> Path:
        if kind not in KINDS:
            raise CommandError(f"there is no kind of template called {kind!r}")
        return self.root / kind

    def _file(self, template: Template) -> Path:
        return self._folder(template.kind) / f"{_slug(template.name)}-{template.id}.json"

    def _files_of(self, template: Template) -> list[Path]:
        """The files holding ``template`` (by its id, whatever name they were saved under)."""
        folder = self._folder(template.kind)
        if not folder.is_dir():
            return []
        ending = f"-{_safe_id(template.id)}.json"
        return [p for p in folder.iterdir() if p.name.endswith(ending) and p.is_file()]

    def save(self, template: Template) -> Path:
        """Add or replace a template (atomic write, previous version kept as .bak)."""
        _safe_id(template.id)
        path = self._file(template)
        for old in self._files_of(template):
            if old != path:
                old.unlink()
        path.parent.mkdir(parents=True, exist_ok=True)  # the library's own folder
        atomic_write(path, msgspec.json.format(msgspec.json.encode(template)))
        return path

    def entries(self, kind: TemplateKind | None = None) -> list[Template]:
        """The templates of one kind (or all), by name. Unreadable files are skipped."""
        kinds = [kind] if kind else list(KINDS)
        found = []
        for each in kinds:
            for path in sorted(self._folder(each).glob("*.json")):
                try:
                    found.append(read_template(path))
                except SessionLoadError:
                    continue
        return sorted(found, key=lambda t: (t.kind, t.name.lower()))

    def delete(self, template: Template) -> None:
        """Remove a template from the library."""
        for path in self._files_of(template):
            path.unlink()

    def import_file(self, path: Path) -> Template:
        """Copy a template file into the library (checked first)."""
        template = read_template(Path(path))
        self.save(template)
        return template

    @staticmethod
    def export(template: Template, path: Path) -> None:
        """Write one template to a file of the game master's choosing."""
        atomic_write(Path(path), msgspec.json.format(msgspec.json.encode(template)))


def _safe_id(ident: str) -> str:
    try:
        return msgspec.convert(ident, TemplateId)
    except msgspec.ValidationError:
        raise CommandError(
            f"the template id {ident[:80]!r} may hold only letters, digits, - and _"
        ) from None


def read_template(path: Path) -> Template:
    """Read and check one template file (a regular file only, never more than
    ``MAX_TEMPLATE_BYTES``), or raise :class:`SessionLoadError` saying what and where."""
    data = read_regular(path, MAX_TEMPLATE_BYTES, what="a library template")
    return parse_template(data, path.name)


class AddFromLibrary(msgspec.Struct, frozen=True):
    """Copy a template into the session with new ids: a combatant into ``team_id``, or an
    encounter's teams and members. Outside combat, or as waiting to join (R9)."""

    template: Template
    team_id: str | None = None
    count: int = 1
    """How many copies of a combatant template: several are numbered ("Space Bear 1…N"),
    carrying on from those already in the session."""

    def perform(self, session: Session, edit: Edit) -> str:
        from futurepath_desktop.session.commands.roster import validated

        template = self.template
        joining = session.combat.active
        if template.ship is not None:
            from futurepath_desktop.session.commands.ships import AddShip

            # A second ship of the template is numbered, as a second monster is.
            taken = [ship.name for ship in session.ships.values()]
            name = free_name(taken, template.ship.name) or template.ship.name
            ship = msgspec.structs.replace(template.ship, id=new_id("ship"), name=name)
            AddShip(ship).perform(session, edit)
            return f"Add ship {ship.name} from the library"
        if template.combatant is not None:
            if self.team_id is None:
                raise CommandError("choose the team the new combatant joins")
            team = session.team(self.team_id)
            taken = [c.name for c in session.combatants.values()]
            try:
                names = copy_names(taken, template.combatant.name, self.count)
            except ValueError as error:
                raise CommandError(str(error)) from None
            for name in names:
                copy = msgspec.structs.replace(
                    template.combatant,
                    id=new_id("cmb"),
                    name=name,
                    team_id=team.id,
                    present=not joining,
                )
                edit.put("combatants", validated(Combatant, copy))
            if len(names) <= 2:
                return f"Add {joined(names)} from the library"
            return f"Add {len(names)} from the library: {names[0]} to {names[-1]}"
        if not template.teams:
            raise CommandError(f"{template.name} has nothing to add to a session")
        if joining:
            raise CombatFlowError("an encounter is added between fights, not during one")
        copy_teams(edit, template)
        return f"Add encounter {template.name}"


def copy_teams(edit: Edit, template: Template) -> list[Team]:
    """Put a copy of an encounter's or a party's teams and members into the session, with
    new ids, and the conditions the members bear (their counters as they stood)."""
    # The commands package imports this module (the campaign's commands copy teams too).
    from futurepath_desktop.session.commands.roster import validated

    teams, members = [], {}
    for entry in template.teams:
        team = edit.put(
            "teams", validated(Team, msgspec.structs.replace(entry.team, id=new_id("team")))
        )
        teams.append(team)
        for member in entry.members:
            copy = msgspec.structs.replace(member, id=new_id("cmb"), team_id=team.id)
            members[member.id] = edit.put("combatants", validated(Combatant, copy))
    teams_by_old = {e.team.id: t.id for e, t in zip(template.teams, teams, strict=True)}
    for held in template.conditions:
        bearer = members[held.bearer_id]
        edit.put(
            "conditions",
            msgspec.structs.replace(
                held,
                id=new_id("cnd"),
                bearer_id=bearer.id,
                set_team=teams_by_old.get(held.set_team or ""),
                set_round=0,
                set_phase=0,
            ),
        )
    return teams
