"""The words for the parts of a session file, for the plain account of a file that will not
open (``session.load_errors``). A new field or table of the format needs a line here only
if its name in the file does not already read well ("speed_ft" → "speed")."""

from __future__ import annotations

RECORDS = {
    # A list (or table) in the file: what one of its members is called; {n} counts from 1.
    "teams": "team {n}",
    "combatants": "combatant {n}",
    "conditions": "condition {n}",
    "weapons": "weapon {n}",
    "proficiencies": "proficiency {n}",
    "feats": "feat {n}",
    "log": "log entry {n}",
    "rolls": "roll {n}",
    "lines": "line {n}",
    "order": "place {n} of the acting order",
    "surprise_actors": "surprise actor {n}",
    "unaware": "unaware combatant {n}",
    "acted": "combatant {n} who has acted",
    "pending_surprise": "surprise entry {n}",
    "triggered": "combatant {n} whose readied action went off",
    "readied": "readied action {n}",
    "tokens": "token {n}",
    "areas": "area {n}",
    "templates": "template {n}",
    "grenades": "grenade {n}",
    "reminders": "reminder {n}",
    "terrain": "terrain row {n}",
    "cover": "cover row {n}",
    "ships": "ship {n}",
    "damage": "Battle Damage {n}",
    "effects": "effect {n}",
    "stations": "station action {n}",
    "pending": "pending Battle Damage {n}",
    "chart": "Battle Damage chart row {n}",
    "scanned": "scanned ship {n}",
    "surprise": "surprised ship {n}",
    "internal": "number {n} of its state",
}
KEYED = {
    # A table keyed by name: one entry with its key, one whose key the path does not give,
    # and what the keys are.
    "turns": ("the turn declared by '{key}'", "a declared turn", "a declarer's id"),
    "to_roll": ("the attacks '{key}' declared", "a declared attack", "a declarer's id"),
    "crew": ("the {key} position", "a crew position", "a crew position"),
    "systems": ("system '{key}'", "a system", "a system's name"),
    "bays": ("bay '{key}'", "a bay", "a bay's name"),
    "optional": ("the optional station of '{key}'", "an optional station", "a ship's id"),
    "system_hits": ("the hits on '{key}'", "a system's hits", "a system's name"),
}
PARTS = {
    # A part of the file that holds fields; None: said through its fields only.
    "map": "the map",
    "combat": "the fight",
    "options": "the options section",
    "rng": "the random generator",
    "space": "space combat",
    "round": "the space round",
    "abilities": None,
}
FIELDS = {
    "id": "id",
    "remaining": "rounds left",
    "hp": "HP",
    "max_hp": "maximum HP",
    "temp_hp": "temporary HP",
    "con_damage": "Constitution damage",
    "max_health": "maximum Health",
    "health": "Health",
    "ac": "AC",
    "size_mod": "size modifier",
    "speed_ft": "speed",
    "initiative_misc": "initiative bonus",
    "team_id": "team",
    "bearer_id": "bearer",
    "combatant_id": "combatant",
    "thrower_id": "thrower",
    "anchor_id": "anchor",
    "format_version": "format version",
    "crit_min": "critical threat range",
    "crit_multiplier": "critical multiplier",
    "range_increment_ft": "range increment",
    "radius_ft": "radius",
    "size_ft": "size",
    "dc": "DC",
    "seq": "number",
    "turn_index": "acting team",
    "strength": "Strength",
    "dexterity": "Dexterity",
    "constitution": "Constitution",
    "intelligence": "Intelligence",
    "wisdom": "Wisdom",
    "charisma": "Charisma",
}
TYPES = {
    "int": "a whole number",
    "float": "a number",
    "number": "a number",
    "str": "text",
    "bool": "true or false",
    "array": "a list",
    "object": "a set of fields",
    "null": "empty",
}
FOUND = {**TYPES, "float": "a decimal number", "int": "a number"}
PATTERNS = {
    r"^[A-Za-z0-9_.:-]+$": "may only hold letters, digits and . _ : -",
    r"^#[0-9a-fA-F]{6}$": "must be a colour written like #4a7bd0",
    r"^[.dh#]*$": "may only hold the letters . d h and #",
    r"^[.phf]*$": "may only hold the letters . p h and f",
}
MALFORMED = {
    "expected ',' or '}'": "a comma or a closing } is missing",
    "expected ',' or ']'": "a comma or a closing ] is missing",
    "expected ':'": "a colon is missing after a field's name",
    "trailing characters": "there is more after the end of the session",
    "object keys must be strings": "a field's name is not in double quotes",
    "invalid character": "there is a character that does not belong there",
}
