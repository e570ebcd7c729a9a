"""Whatever a sheet holds in its number fields, the import never fails and never makes a
record the session loader would refuse (the guard at the door); the export never fails
and changes nothing else."""

from __future__ import annotations

import json
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from futurepath_desktop.session.sheet_export import export_sheet
from futurepath_desktop.session.sheets import import_sheet
from tests.session.sheet_helpers import as_bytes, reopened, sample

FIELDS: list[tuple[str | int, ...]] = [
    ("identityCard", "charSize"),
    ("healthInjuryCard", "maxHP"),
    ("healthInjuryCard", "currentHP"),
    ("healthInjuryCard", "tempHP"),
    ("attributesCard", "advantageDie"),
    ("attributesCard", "extraDamage"),
    ("attributesCard", "initiative"),
    ("ArmorStatsCard", "acTotal"),
    ("ArmorStatsCard", "acFlat"),
    ("ArmorStatsCard", "acSizeMod"),
    ("DamageReductionCard", "drKinetic"),
    ("DamageReductionCard", "drAll"),
    ("SpeedCard", "combatSpeedFt"),
    ("SpeedCard", "combatSpeedSq"),
    ("conditionsCard", "cond_shaken"),
    ("conditionsCard", "cond_unstable"),
    *[
        ("abilityScoresCard", f"{kind}{a}")
        for kind in ("score", "mod")
        for a in ("STR", "DEX", "WIS")
    ],
    *[
        ("weaponsCard", "weaponsList", 0, key)
        for key in (
            "Name",
            "Lvl",
            "Damage",
            "Accuracy",
            "AP",
            "Critical",
            "Range",
            "isMelee",
            "Ammo",
        )
    ],
    ("coreSkills", "skillsList", 0, "Rank"),
]

number_text = st.one_of(
    st.integers(-(10**12), 10**12).map(str),
    st.integers(-(10**12), 10**12).map(lambda n: f"{n:+d}"),
    st.sampled_from(
        ["", "-", " ", "+", "--3", "1e3", "0x10", "½", "٣", "NaN", "d", "x2/", "/", "M", "ft"]
    ),
)
junk = st.one_of(
    number_text,
    st.text(max_size=30),
    st.integers(-(10**30), 10**30),
    st.floats(allow_nan=False, allow_infinity=False),
    st.booleans(),
    st.none(),
    st.lists(st.integers(), max_size=3),
    st.dictionaries(st.text(max_size=5), st.integers(), max_size=2),
)


def _put(sheet: dict[str, Any], path: tuple[str | int, ...], value: object) -> None:
    place: Any = sheet
    for key in path[:-1]:
        place = place[key]
    place[path[-1]] = value


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.dictionaries(st.sampled_from(FIELDS), junk, min_size=1, max_size=8))
def test_junk_in_any_field_imports_with_warnings_and_reopens(changes: dict[Any, object]) -> None:
    sheet = sample()
    for path, value in changes.items():
        _put(sheet, path, value)
    data = as_bytes(sheet)
    result = import_sheet(data, "junk.json")
    combatant = result.combatant
    assert reopened(combatant) == combatant
    assert all(w.startswith("Vela Korsan: ") for w in result.warnings)
    assert combatant.hp <= combatant.max_hp
    assert all(w.ranged <= (w.range_increment_ft > 0) for w in combatant.weapons)
    for weapon in combatant.weapons:
        weapon.to_core()  # the rules core takes every weapon the import makes
    # Given back unchanged, the sheet reads the same as it did.
    again = export_sheet(data, combatant, result.conditions)
    assert import_sheet(again, "junk.json").combatant.hp == combatant.hp


@settings(max_examples=200, deadline=None)
@given(st.recursive(junk, lambda inner: st.lists(inner, max_size=3), max_leaves=10))
def test_junk_cards_import_with_warnings(card: object) -> None:
    sheet = sample()
    for name in ("abilityScoresCard", "weaponsCard", "conditionsCard", "coreSkills"):
        sheet[name] = card
    result = import_sheet(as_bytes(sheet), "junk.json")
    assert reopened(result.combatant) == result.combatant
    json.loads(export_sheet(as_bytes(sheet), result.combatant, ()))
