"""``futurepath-desktop import FILE…``: sheets into the prep library, one line a character."""

from __future__ import annotations

import io
from pathlib import Path

from futurepath_desktop.session.library import Library
from futurepath_desktop.session.sheet_cli import run_import
from tests.session.sheet_helpers import TOMAS, VELA, as_bytes, sample

TOMAS_LINE = (
    "Tomas Reyne: HP 11/14 (+3 temporary), AC 13 (flat-footed 13), initiative +1, "
    "Advantage Die 1d2, weapons: Shock Maul (level 4, 1d10 x3/20, melee, reach 5 ft), "
    "Personal Pistol (level 2, 1d6 x2/20, ranged 100 ft, ammo 7/7)"
)
VELA_LINE = (
    "Vela Korsan: HP 9/9, AC 15 (flat-footed 12), initiative +5, Advantage Die 1d2, "
    "weapons: Needle Carbine (level 3, 1d8 x2/19-20, ranged 60 ft, ammo 20/20), "
    "Combat Knife (level 1, 1d4 x2/20, melee, reach 5 ft)"
)


def test_the_samples_go_into_the_library(tmp_path: Path) -> None:
    library = Library(tmp_path / "library")
    out = io.StringIO()
    assert run_import([str(TOMAS), str(VELA)], library, out) == 0
    assert out.getvalue().splitlines() == [
        TOMAS_LINE,
        "  note: Tomas Reyne's sheet ticks Shaken; the library keeps no conditions, so add "
        "them when the fight starts",
        VELA_LINE,
    ]
    entries = library.entries("character")
    assert [t.name for t in entries] == ["Tomas Reyne", "Vela Korsan"]
    tomas = entries[0].combatant
    assert tomas is not None and (tomas.kind, tomas.hp, tomas.max_hp) == ("pc", 11, 14)
    assert entries[0].notes == "Imported from tomas-reyne.json. The sheet ticks: Shaken."


def test_importing_again_replaces_the_character(tmp_path: Path) -> None:
    library = Library(tmp_path / "library")
    run_import([str(VELA)], library, io.StringIO())
    sheet = sample(VELA)
    sheet["healthInjuryCard"]["currentHP"] = "3"
    newer = tmp_path / "vela-later.json"
    newer.write_bytes(as_bytes(sheet))
    run_import([str(newer)], library, io.StringIO())
    (vela,) = library.entries("character")
    assert vela.combatant is not None and vela.combatant.hp == 3


def test_warnings_and_files_that_are_not_sheets_get_their_own_lines(tmp_path: Path) -> None:
    sheet = sample(VELA)
    sheet["weaponsCard"]["weaponsList"][0]["Damage"] = "lots"
    odd = tmp_path / "odd.json"
    odd.write_bytes(as_bytes(sheet))
    notes = tmp_path / "notes.txt"
    notes.write_text("Vela owes Tomas 20 credits.")
    out = io.StringIO()
    library = Library(tmp_path / "library")
    assert run_import([str(notes), str(odd), str(tmp_path / "gone.json")], library, out) == 0
    lines = out.getvalue().splitlines()
    assert lines[0].startswith(
        "error: Cannot open notes.txt: it is not a Future Path character sheet"
    )
    assert lines[1] == VELA_LINE
    assert lines[2] == (
        "  warning: Vela Korsan: weaponsCard.weaponsList[0].Damage is 'lots', not dice; the "
        "level's die is used (R20)"
    )
    assert lines[3].startswith("error: Cannot open gone.json: ")
    assert len(lines) == 4


def test_nothing_read_is_a_failure(tmp_path: Path) -> None:
    library = Library(tmp_path / "library")
    out = io.StringIO()
    assert run_import([str(tmp_path)], library, out) == 1
    assert out.getvalue().startswith(f"error: Cannot open {tmp_path.name}: that is a folder")
    assert run_import([], library, io.StringIO()) == 1
    assert library.entries() == []
