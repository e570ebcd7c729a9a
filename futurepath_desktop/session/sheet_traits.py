"""The skill ranks and damage reduction of a Future Path character sheet."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from futurepath_desktop.session.records.roster import DamageReduction, SkillRanks
from futurepath_desktop.session.sheet_values import SheetValues

SKILL_FIELDS = {
    "acrobatics": "acrobatics",
    "perception": "perception",
    "treat injury": "treat_injury",
}
"""The skills a fight asks for by their names on the sheet (R26, R31, R36)."""
MEDICAL = "medical"
"""The sheet's skill list calls Treat Injury (the rules' name, R26) "Medical": it is read as
Treat Injury when the sheet has no skill of that name."""

DR_FIELDS = (
    ("drKinetic", "kinetic"),
    ("drElectric", "electric"),
    ("drThermal", "thermal"),
    ("drChemical", "chemical"),
    ("drAll", "all"),
)


def read_skills(values: SheetValues) -> SkillRanks | None:
    """The ranks of Acrobatics, Treat Injury and Perception; None when the sheet has no
    skill list."""
    entries = values.card("coreSkills", needed=False).get("skillsList")
    if not isinstance(entries, Sequence) or isinstance(entries, str):
        return None
    ranks: dict[str, int] = {}
    medical: int | None = None
    for index, entry in enumerate(entries):
        if not isinstance(entry, Mapping) or not isinstance(entry.get("Name"), str):
            continue
        name = entry["Name"].strip().lower()
        if name not in SKILL_FIELDS and name != MEDICAL:
            continue
        rank = values.integer(
            f"coreSkills.skillsList[{index}].Rank", entry.get("Rank"), low=0, high=100, default=0
        )
        if name == MEDICAL:
            medical = rank
        else:
            ranks[SKILL_FIELDS[name]] = rank
    if "treat_injury" not in ranks and medical is not None:
        ranks["treat_injury"] = medical
    return SkillRanks(**ranks)


def read_damage_reduction(values: SheetValues) -> DamageReduction:
    """Damage reduction by type; a blank field is none."""
    card = values.card("DamageReductionCard", needed=False)
    return DamageReduction(
        **{
            field: values.integer(
                f"DamageReductionCard.{key}", card.get(key), low=0, high=1000, default=0
            )
            for key, field in DR_FIELDS
        }
    )
