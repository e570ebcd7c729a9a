"""``futurepath-desktop import FILE…``: character sheets into the prep library, from the
command line. One line per character, a line per warning, and an error line for each file
that is not a sheet."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import TextIO

from futurepath_desktop.core.conditions import CATALOG
from futurepath_desktop.session.errors import SessionLoadError
from futurepath_desktop.session.file_read import read_regular
from futurepath_desktop.session.library import Library, Template
from futurepath_desktop.session.records.kinds import new_id
from futurepath_desktop.session.records.roster import Combatant, WeaponSpec
from futurepath_desktop.session.sheets import MAX_SHEET_BYTES, SheetImport, import_sheet


def run_import(paths: Sequence[str], library: Library, out: TextIO) -> int:
    """Add the character of each sheet in ``paths`` to ``library`` (a character of the same
    name already there is replaced) and say what was read. Returns 0 when at least one
    file was read, 1 when none could be."""
    read = 0
    for path in paths:
        try:
            data = read_regular(path, MAX_SHEET_BYTES, what="a character sheet")
            result = import_sheet(data, Path(path).name)
        except SessionLoadError as error:
            print(f"error: {error}", file=out)
            continue
        try:
            library.save(character_template(result, library))
        except OSError as error:
            print(f"error: cannot add {result.combatant.name} to the library: {error}", file=out)
            continue
        read += 1
        print(summary(result.combatant), file=out)
        for warning in result.warnings:
            print(f"  warning: {warning}", file=out)
        if result.conditions:
            names = ", ".join(CATALOG[key].name for key in result.conditions)
            print(
                f"  note: {result.combatant.name}'s sheet ticks {names}; the library keeps no "
                "conditions, so add them when the fight starts",
                file=out,
            )
    if not paths:
        print("error: no character sheet was given", file=out)
    return 0 if read else 1


def character_template(result: SheetImport, library: Library) -> Template:
    """The library entry of an imported character. It keeps the sheet's HP as they are (a
    player arrives hurt), and takes the id of a character of the same name already in the
    library, so importing a sheet again replaces it."""
    combatant = result.combatant
    same = [t for t in library.entries("character") if t.name == combatant.name]
    note = f"Imported from {result.source}."
    if result.conditions:
        names = ", ".join(CATALOG[key].name for key in result.conditions)
        note += f" The sheet ticks: {names}."
    return Template(
        kind="character",
        id=same[0].id if same else new_id("tpl"),
        name=combatant.name,
        combatant=combatant,
        notes=note,
    )


def summary(combatant: Combatant) -> str:
    """One line: name, HP, AC, initiative (R5), Advantage Die (R2) and weapons."""
    hp = f"HP {combatant.hp}/{combatant.max_hp}"
    if combatant.temp_hp:
        hp += f" (+{combatant.temp_hp} temporary)"
    ac = f"AC {combatant.ac}"
    if combatant.flat_ac is not None:
        ac += f" (flat-footed {combatant.flat_ac})"
    weapons = ", ".join(_weapon(w) for w in combatant.weapons) or "none"
    return (
        f"{combatant.name}: {hp}, {ac}, initiative {combatant.initiative():+d}, "
        f"Advantage Die {combatant.advantage_die}, weapons: {weapons}"
    )


def _weapon(weapon: WeaponSpec) -> str:
    core = weapon.to_core()
    dice = core.damage_die + (f"{weapon.damage_bonus:+d}" if weapon.damage_bonus else "")
    parts = [f"level {weapon.level}", f"{dice} x{weapon.crit_multiplier}/{_threat(weapon)}"]
    if weapon.ranged:
        parts.append(f"ranged {weapon.range_increment_ft} ft")
    else:
        parts.append(f"melee, reach {5 + 5 * weapon.reach} ft")  # R37
    if weapon.ammo is not None:
        parts.append(f"ammo {weapon.ammo}/{weapon.ammo_max}")
    return f"{weapon.name} ({', '.join(parts)})"


def _threat(weapon: WeaponSpec) -> str:
    """R4: the critical range as the sheet writes it (``19-20``, ``20``)."""
    return "20" if weapon.crit_min == 20 else f"{weapon.crit_min}-20"
