"""Importing Future Path character sheets: the two samples read as a GM reads them off the
page, and odd sheets imported with a warning naming the character and the field."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import msgspec
import pytest

from futurepath_desktop.session.errors import SessionLoadError
from futurepath_desktop.session.records.roster import (
    Abilities,
    Combatant,
    DamageReduction,
    SkillRanks,
    WeaponSpec,
)
from futurepath_desktop.session.sheets import NotASheetError, SheetImport, import_sheet
from tests.session.sheet_helpers import TOMAS, VELA, as_bytes, reopened, sample


def imported(sheet: dict[str, Any]) -> SheetImport:
    return import_sheet(as_bytes(sheet), "odd.json")


def test_vela_korsan_imports_as_on_her_sheet() -> None:
    result = import_sheet(VELA.read_bytes(), VELA.name)
    vela = result.combatant
    assert (vela.name, vela.kind, vela.team_id) == ("Vela Korsan", "pc", "players")
    assert vela.abilities == Abilities(10, 16, 12, 11, 14, 9)
    assert (vela.max_hp, vela.hp, vela.temp_hp) == (9, 9, 0)  # tempHP ""
    assert (vela.ac, vela.flat_ac, vela.size_mod) == (15, 12, 0)  # Medium
    assert vela.advantage_die == "1d2"  # R2: the sheet's "d2"
    assert vela.extra_damage == 0
    # R5: +5 on the sheet = DEX +3 + WIS +2 + misc 0.
    assert vela.initiative_misc == 0 and vela.initiative() == 5
    assert vela.speed_ft == 30
    # Perception 1; the sheet's "Medical" is the rules' Treat Injury (R26).
    assert vela.skills == SkillRanks(acrobatics=0, treat_injury=0, perception=1)
    assert vela.damage_reduction == DamageReduction()
    assert vela.weapons == (
        WeaponSpec(
            "Needle Carbine",
            3,  # d8 (R20)
            ranged=True,
            accuracy_bonus=1,
            crit_min=19,  # x2/19-20
            crit_multiplier=2,
            range_increment_ft=60,
            ammo=20,
            ammo_max=20,
        ),
        WeaponSpec("Combat Knife", 1, crit_min=20, crit_multiplier=2),  # d4, "M", ammo "-"
    )
    assert "Human, Path of Dexterity (Fast Hero), level 1" in vela.notes
    assert "every vent on the station" in vela.notes
    assert result.conditions == ()
    assert result.warnings == ()
    assert reopened(vela) == vela


def test_tomas_reyne_imports_hurt_and_shaken() -> None:
    result = import_sheet(TOMAS.read_bytes(), TOMAS.name)
    tomas = result.combatant
    assert tomas.name == "Tomas Reyne"
    assert tomas.abilities == Abilities(17, 11, 15, 8, 12, 10)
    assert (tomas.max_hp, tomas.hp, tomas.temp_hp) == (14, 11, 3)
    assert (tomas.ac, tomas.flat_ac, tomas.size_mod) == (13, 13, 0)
    assert tomas.advantage_die == "1d2"
    # R5: +1 = DEX +0 + WIS +1.
    assert tomas.initiative_misc == 0 and tomas.initiative() == 1
    assert tomas.skills == SkillRanks(0, 0, 0)
    maul, pistol = tomas.weapons
    # R37: "M" with "Reach 5ft" in its notes threatens 5 ft, the ordinary reach.
    assert maul == WeaponSpec("Shock Maul", 4, crit_multiplier=3, reach=0)
    assert pistol == WeaponSpec(
        "Personal Pistol", 2, ranged=True, range_increment_ft=100, ammo=7, ammo_max=7
    )
    assert "Shock Maul: d10, type E, Reach 5ft, Two-handed" in tomas.notes
    assert result.conditions == ("shaken",)
    assert result.warnings == ()
    assert reopened(tomas) == tomas


def test_an_unreadable_damage_is_named_and_the_rest_imports() -> None:
    sheet = sample()
    sheet["weaponsCard"]["weaponsList"][0]["Damage"] = "lots"
    result = imported(sheet)
    assert len(result.warnings) == 1
    assert result.warnings[0].startswith(
        "Vela Korsan: weaponsCard.weaponsList[0].Damage is 'lots', not dice"
    )
    carbine = result.combatant.weapons[0]
    assert (carbine.level, carbine.damage_bonus, carbine.ammo) == (3, 0, 20)
    assert result.combatant.ac == 15


def test_numbers_past_the_records_limits_are_clamped_with_a_warning() -> None:
    sheet = sample()
    sheet["healthInjuryCard"].update(maxHP="999999999", currentHP="999999999", tempHP="-4")
    sheet["ArmorStatsCard"]["acTotal"] = "1" + "0" * 5000  # longer than Python reads
    sheet["attributesCard"]["extraDamage"] = "+12"
    sheet["weaponsCard"]["weaponsList"][0]["Lvl"] = "11"
    sheet["weaponsCard"]["weaponsList"][0]["Ammo"] = "100000"
    result = imported(sheet)
    vela = result.combatant
    assert (vela.max_hp, vela.hp, vela.temp_hp) == (100_000, 100_000, 0)
    assert (vela.ac, vela.extra_damage) == (1000, 10)
    assert (vela.weapons[0].level, vela.weapons[0].ammo) == (8, 1000)
    said = "\n".join(result.warnings)
    for path in (
        "healthInjuryCard.maxHP",
        "healthInjuryCard.tempHP",
        "ArmorStatsCard.acTotal",
        "attributesCard.extraDamage",
        "weaponsCard.weaponsList[0].Lvl",
        "weaponsCard.weaponsList[0].Ammo",
    ):
        assert f"Vela Korsan: {path} is " in said
    assert reopened(vela) == vela


def test_current_hp_above_the_maximum_is_the_maximum() -> None:
    sheet = sample()
    sheet["healthInjuryCard"]["currentHP"] = "12"
    result = imported(sheet)
    assert result.combatant.hp == 9
    assert result.warnings == (
        "Vela Korsan: healthInjuryCard.currentHP is '12', above maxHP 9; 9 is used",
    )


def test_a_score_that_cannot_be_read_comes_from_its_modifier() -> None:
    sheet = sample()
    sheet["abilityScoresCard"].update(scoreDEX="", scoreSTR="strong", modSTR="?", modCHA="+4")
    result = imported(sheet)
    abilities = result.combatant.abilities
    assert (abilities.dexterity, abilities.strength, abilities.charisma) == (16, 10, 9)
    assert result.warnings == (
        "Vela Korsan: abilityScoresCard.scoreSTR is 'strong', not a number and so is "
        "abilityScoresCard.modSTR; 10 is used",
        "Vela Korsan: abilityScoresCard.scoreDEX is empty; 16 is used, from "
        "abilityScoresCard.modDEX +3",
        "Vela Korsan: abilityScoresCard.modCHA is '+4' but a score of 9 gives -1; the score "
        "is used",
    )
    # R5: the initiative still matches the sheet's, since the misc was taken off the DEX used.
    assert result.combatant.initiative() == 5


def test_initiative_keeps_the_sheets_misc() -> None:
    sheet = sample()
    sheet["attributesCard"]["initiative"] = "+7"
    vela = imported(sheet).combatant
    assert (vela.initiative_misc, vela.initiative()) == (2, 7)  # R5: 3 + 2 + 2
    sheet["attributesCard"]["initiative"] = "fast"
    result = imported(sheet)
    assert result.combatant.initiative_misc == 0
    assert result.warnings[0].startswith("Vela Korsan: attributesCard.initiative is 'fast'")


def test_a_missing_card_is_one_warning_and_defaults() -> None:
    sheet = sample()
    del sheet["ArmorStatsCard"]
    sheet["SpeedCard"] = ["not", "a", "card"]
    result = imported(sheet)
    assert (result.combatant.ac, result.combatant.flat_ac, result.combatant.speed_ft) == (
        10,
        None,
        30,
    )
    assert result.warnings == (
        "Vela Korsan: ArmorStatsCard is missing; its fields take the tracker's defaults",
        'Vela Korsan: SpeedCard is ["not", "a", "card"], not a card; its fields take the '
        "tracker's defaults",
    )


@pytest.mark.parametrize(
    ("written", "die", "warned"),
    [
        ("d2", "1d2", False),
        ("2d8", "2d8", False),
        ("D6", "1d6", False),
        ("1d12", "1d12", False),
        ("d7", "1d2", True),
        ("", "1d2", True),
    ],
)
def test_the_advantage_die_is_written_without_its_count(
    written: str, die: str, warned: bool
) -> None:
    sheet = sample()
    sheet["attributesCard"]["advantageDie"] = written
    result = imported(sheet)
    assert result.combatant.advantage_die == die  # R2
    assert bool(result.warnings) == warned
    assert all("attributesCard.advantageDie" in w for w in result.warnings)


def test_weapon_fields_as_a_sheet_may_write_them() -> None:
    sheet = sample()
    carbine, knife = sheet["weaponsCard"]["weaponsList"]
    carbine.update(Damage="1d8+2", Critical="x3/18-20", Ammo="15/20", AP="1")
    knife.update(Range="10ft", Notes="Light, Versatile")
    sheet["weaponsCard"]["weaponsList"].append(
        {"Name": "Rail Gun", "Lvl": "", "Damage": "2d8", "Range": "M", "isMelee": False}
    )
    result = imported(sheet)
    carbine_spec, knife_spec, rail = result.combatant.weapons
    assert (carbine_spec.damage_bonus, carbine_spec.crit_multiplier, carbine_spec.crit_min) == (
        2,
        3,
        18,
    )
    assert (carbine_spec.ammo, carbine_spec.ammo_max, carbine_spec.armor_piercing) == (15, 20, True)
    assert (knife_spec.reach, knife_spec.versatile) == (1, True)  # R37: 10 ft is one step
    # R20: 2d8 is level 6; a ranged weapon needs a range increment (R19).
    assert (rail.level, rail.ranged, rail.range_increment_ft) == (6, True, 30)
    assert result.warnings == (
        "Vela Korsan: weaponsCard.weaponsList[2].Lvl is '', empty; level 6 is used, from its 2d8",
        "Vela Korsan: weaponsCard.weaponsList[2].Range is 'M' but the weapon is ranged; a range "
        "increment of 30 ft is used",
    )
    assert reopened(result.combatant) == result.combatant


def test_odd_weapon_values_are_warned_about() -> None:
    sheet = sample()
    carbine = sheet["weaponsCard"]["weaponsList"][0]
    carbine.update(Name="", Lvl="4", Damage="2d6", Critical="x5/15-20", Ammo="lots")
    sheet["weaponsCard"]["weaponsList"].append("a stick")
    result = imported(sheet)
    weapon = result.combatant.weapons[0]
    assert weapon.name == "Weapon 1"
    assert (weapon.level, weapon.crit_multiplier, weapon.crit_min, weapon.ammo) == (4, 4, 17, None)
    paths = [w.split(" ")[2] for w in result.warnings]
    assert paths == [
        "weaponsCard.weaponsList[2]",
        "weaponsCard.weaponsList[0].Name",
        "weaponsCard.weaponsList[0].Damage",
        "weaponsCard.weaponsList[0].Critical",
        "weaponsCard.weaponsList[0].Critical",
        "weaponsCard.weaponsList[0].Ammo",
    ]
    assert "a level 4 weapon deals 1d10 (R20)" in result.warnings[2]


def test_size_skills_and_damage_reduction() -> None:
    sheet = sample()
    sheet["identityCard"]["charSize"] = "Large"
    sheet["coreSkills"]["skillsList"][0]["Rank"] = "3"  # Acrobatics
    sheet["coreSkills"]["skillsList"].append({"Name": "Treat Injury", "Rank": 2})
    sheet["DamageReductionCard"].update(drKinetic="2", drAll="1")
    vela = imported(sheet).combatant
    assert vela.size_mod == -1  # R29: AC 5 + size when helpless
    assert vela.skills == SkillRanks(acrobatics=3, treat_injury=2, perception=1)
    assert vela.damage_reduction == DamageReduction(kinetic=2, all=1)
    sheet["identityCard"]["charSize"] = "Enormous"
    sheet["ArmorStatsCard"]["acSizeMod"] = "-2"
    result = imported(sheet)
    assert result.combatant.size_mod == -2
    assert result.warnings == (
        "Vela Korsan: identityCard.charSize is 'Enormous', not a size; -2 from acSizeMod",
    )


def test_ticked_conditions_are_catalog_keys() -> None:
    sheet = sample()
    sheet["conditionsCard"].update(
        cond_flat_footed=True, cond_prone="true", cond_unstable=True, cond_glowing=True
    )
    result = imported(sheet)
    assert result.conditions == ("flat-footed", "prone")
    assert [w.split(" ")[2] for w in result.warnings] == [
        "conditionsCard.cond_unstable",
        "conditionsCard.cond_glowing",
    ]


def test_unknown_cards_and_fields_and_plain_numbers_are_fine() -> None:
    sheet = sample()
    sheet["holoPortraitCard"] = {"pixels": [1, 2, 3]}
    sheet["healthInjuryCard"].update(maxHP=20, currentHP=18.0, shields="lots")
    result = imported(sheet)
    assert (result.combatant.max_hp, result.combatant.hp) == (20, 18)
    assert result.warnings == ()


@pytest.mark.parametrize(
    ("data", "problem"),
    [
        (b"", "not JSON"),
        (b"name: Vela", "not JSON"),
        (b"\xff\xfe{}", "not JSON"),
        (b"[" * 100_000, "not JSON"),
        (b'["Vela Korsan"]', "it holds list"),
        (b'"Vela Korsan"', "it holds str"),
        (b"{}", "no character name at $.identityCard.charName"),
        (b'{"identityCard": {"charName": "  "}}', "no character name"),
        (b'{"identityCard": {"charName": 7}}', "no character name"),
        (b'{"identityCard": "Vela"}', "no character name"),
    ],
)
def test_a_file_that_is_not_a_sheet_is_refused(data: bytes, problem: str) -> None:
    with pytest.raises(NotASheetError) as refused:
        import_sheet(data, "party.json")
    message = str(refused.value)
    assert message.startswith("Cannot open party.json: ")
    assert "not a Future Path character sheet" in message and problem in message
    assert isinstance(refused.value, SessionLoadError)


def test_a_session_file_is_not_a_sheet() -> None:
    demo = Path(__file__).resolve().parents[2] / "resources" / "demo" / "space-bears.fpsession"
    with pytest.raises(NotASheetError, match=r"space-bears\.fpsession"):
        import_sheet(demo.read_bytes(), demo.name)


def test_the_new_fields_are_optional_and_checked() -> None:
    """A combatant written before sheets were imported loads with no flat-footed AC, no
    skills known and no damage reduction; a value past their limits is refused."""
    old = msgspec.json.encode({"id": "x", "name": "Old Bear", "team_id": "bears"})
    bear = msgspec.json.decode(old, type=Combatant)
    assert (bear.flat_ac, bear.skills, bear.damage_reduction) == (None, None, DamageReduction())
    for wrong in ({"skills": {"acrobatics": 101}}, {"damage_reduction": {"all": -1}}):
        with pytest.raises(msgspec.ValidationError):
            msgspec.convert({"id": "x", "name": "Bear", "team_id": "bears", **wrong}, Combatant)
