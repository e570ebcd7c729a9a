"""Giving a sheet back after a fight: every card and field of the player's file kept as it
was, in its order, and only current HP, temporary HP, the condition ticks and each
weapon's ammunition written in."""

from __future__ import annotations

import json
from typing import Any

import msgspec
import pytest

from futurepath_desktop.session.records.roster import Combatant
from futurepath_desktop.session.sheet_export import export_sheet
from futurepath_desktop.session.sheets import NotASheetError, import_sheet
from tests.session.sheet_helpers import TOMAS, VELA, as_bytes, sample


def ordered(data: bytes) -> list[Any]:
    """A JSON document with every object as its list of (key, value) pairs, so two compare
    equal only with their keys in the same order."""
    return [json.loads(data, object_pairs_hook=list)]


def with_ammo(combatant: Combatant, name: str, ammo: int) -> Combatant:
    weapons = tuple(
        msgspec.structs.replace(w, ammo=ammo) if w.name == name else w for w in combatant.weapons
    )
    return msgspec.structs.replace(combatant, weapons=weapons)


@pytest.mark.parametrize("path", [VELA, TOMAS], ids=lambda p: p.stem)
def test_given_back_unchanged_the_file_is_the_same_bytes(path: Any) -> None:
    original = path.read_bytes()
    result = import_sheet(original, path.name)
    assert export_sheet(original, result.combatant, result.conditions) == original


def test_round_trip_changes_exactly_the_fights_fields() -> None:
    original = TOMAS.read_bytes()
    result = import_sheet(original, TOMAS.name)
    after_fight = msgspec.structs.replace(result.combatant, hp=4, temp_hp=0)
    after_fight = with_ammo(after_fight, "Personal Pistol", 2)
    conditions = [k for k in result.conditions if k != "shaken"] + ["prone"]
    given_back = export_sheet(original, after_fight, conditions)

    expected = json.loads(original)
    expected["healthInjuryCard"]["currentHP"] = "4"
    expected["healthInjuryCard"]["tempHP"] = "0"
    expected["conditionsCard"]["cond_shaken"] = False
    expected["conditionsCard"]["cond_prone"] = True
    expected["weaponsCard"]["weaponsList"][1]["Ammo"] = "2"
    assert json.loads(given_back) == expected
    # Every card and field in its place: only the five values' lines differ.
    assert ordered(given_back) == ordered(as_bytes(expected))
    changed = [
        (old, new)
        for old, new in zip(original.splitlines(), given_back.splitlines(), strict=True)
        if old != new
    ]
    assert changed == [
        (b'    "tempHP": "3",', b'    "tempHP": "0",'),
        (b'    "currentHP": "11",', b'    "currentHP": "4",'),
        (b'        "Ammo": "7",', b'        "Ammo": "2",'),
        (b'    "cond_prone": false,', b'    "cond_prone": true,'),
        (b'    "cond_shaken": true,', b'    "cond_shaken": false,'),
    ]
    # Read again, the sheet gives the fight's state back.
    again = import_sheet(given_back, TOMAS.name)
    assert (again.combatant.hp, again.combatant.temp_hp) == (4, 0)
    assert again.combatant.weapons[1].ammo == 2
    assert again.conditions == ("prone",)


def test_a_sheet_with_unknown_fields_and_plain_numbers_keeps_them() -> None:
    sheet = sample(VELA)
    sheet["healthInjuryCard"] = {"maxHP": 9, "currentHP": 9, "nonlethalHP": "", "shields": [1]}
    sheet["holoPortraitCard"] = {"pixels": "iVBORw0KGgo=", "scale": 1.50}
    sheet["conditionsCard"]["cond_glowing"] = True
    sheet["weaponsCard"]["weaponsList"][0]["Ammo"] = "20/30"
    original = as_bytes(sheet).replace(b"1.5", b"1.50")  # a number as a person typed it
    result = import_sheet(original, "vela.json")
    hurt = with_ammo(
        msgspec.structs.replace(result.combatant, hp=-2, temp_hp=5), "Needle Carbine", 0
    )
    given_back = export_sheet(original, hurt, ["dying", "bleeding"])

    assert b'"scale": 1.50' in given_back
    expected = json.loads(original)
    expected["healthInjuryCard"]["currentHP"] = -2  # still a JSON number, as it was
    expected["healthInjuryCard"]["tempHP"] = "5"  # a field the sheet lacked, added to its card
    expected["weaponsCard"]["weaponsList"][0]["Ammo"] = "0/30"
    expected["conditionsCard"]["cond_unstable"] = True  # R26, R54: dying at -2 HP
    # cond_glowing is the player's; bleeding has no tick on this sheet.
    assert json.loads(given_back) == expected
    assert list(json.loads(given_back)["healthInjuryCard"]) == [
        "maxHP",
        "currentHP",
        "nonlethalHP",
        "shields",
        "tempHP",
    ]


def test_weapons_are_matched_by_name_not_by_place() -> None:
    original = VELA.read_bytes()
    vela = import_sheet(original, VELA.name).combatant
    swapped = msgspec.structs.replace(vela, weapons=vela.weapons[::-1])
    given_back = json.loads(export_sheet(original, with_ammo(swapped, "Needle Carbine", 3), ()))
    assert [w["Ammo"] for w in given_back["weaponsCard"]["weaponsList"]] == ["3", "-"]


def test_a_byte_order_mark_is_kept() -> None:
    original = b"\xef\xbb\xbf" + VELA.read_bytes()
    result = import_sheet(original, VELA.name)
    hurt = msgspec.structs.replace(result.combatant, hp=1)
    given_back = export_sheet(original, hurt, ())
    assert given_back.startswith(b"\xef\xbb\xbf")
    assert json.loads(given_back[3:])["healthInjuryCard"]["currentHP"] == "1"


def test_an_original_that_is_not_a_sheet_is_refused() -> None:
    vela = import_sheet(VELA.read_bytes(), VELA.name).combatant
    with pytest.raises(NotASheetError, match=r"Cannot open notes\.txt"):
        export_sheet(b"just notes", vela, (), source="notes.txt")
