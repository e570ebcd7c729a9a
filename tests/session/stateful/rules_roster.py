"""The rules of the roster (teams and combatants), of a ground fight's flow and actions, of
health and conditions, and of the session's options, name and free dice rolls."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from hypothesis import strategies as st
from hypothesis.stateful import precondition, rule

from futurepath_desktop.core.actions import ACTIONS
from futurepath_desktop.core.advantage import AdvantageSource
from futurepath_desktop.core.conditions import CATALOG
from futurepath_desktop.session import commands as c
from futurepath_desktop.session.commands.characters import SheetCharacter
from futurepath_desktop.session.edit import Command
from futurepath_desktop.session.sheets import import_sheet
from futurepath_desktop.session.state import Abilities, Combatant, Options, Team, WeaponSpec
from tests.session.stateful.machine import LONG, Machine, draws, texts

names = st.sampled_from(["Vex", "Orla", "Drone", "Kith", "Marauder", "Medic"])
sides = st.sampled_from(["players", "allies", "enemies", "neutral"])
amounts = st.integers(-3, 40)
condition_keys = st.sampled_from([*CATALOG, "custom:marked", "no-such-condition"])
rounds = st.one_of(st.none(), st.integers(-1, 5), st.just(1001))
action_names = st.sampled_from([*sorted(ACTIONS), "Juggle"])
expressions = st.sampled_from(["1d20+3", "2d6", "4d6kh3", "1d2-5", "d%", "2d", "1000000d6", "x"])
weapons = st.sampled_from(
    [
        (WeaponSpec("Blade", 2),),
        (WeaponSpec("Carbine", 3, ranged=True, range_increment_ft=30, ammo=2, ammo_max=2),),
        (WeaponSpec("Blade", 2), WeaponSpec("Pistol", 1, ranged=True, ammo=0, ammo_max=6)),
    ]
)
combatant_edits = st.sampled_from(
    [
        {"ac": 15},
        {"hp": 3},
        {"hp": 999},
        {"max_hp": 30, "hp": 30},
        {"name": "Renamed"},
        {"name": ""},
        {"initiative_misc": 4},
        {"advantage_die": "2d8"},
        {"fatigue": 9},
        {"team_id": "nowhere"},
        {"team_id": "players"},
        {"weapons": (WeaponSpec("Lance", 9),)},
        {"weapons": (WeaponSpec("Rifle", 4, ranged=True, ammo=1, ammo_max=3),)},
        {"hidden": True},
        {"present": False},
        {"speed_ft": 0},
        {"id": "other"},
        {"wings": 2},
    ]
)
team_edits = st.sampled_from(
    [
        {"name": "Renamed team"},
        {"name": ""},
        {"colour": "#112233"},
        {"colour": "red"},
        {"side": "allies"},
        {"side": "nobody"},
        {"initiative": 12},
        {"id": "other"},
        {"motto": "onward"},
    ]
)


SHEETS = Path(__file__).resolve().parents[1] / "sheets"


class RosterRules(Machine):
    """Teams and combatants: added, edited, moved, removed."""

    @rule(name=names, side=sides, index=st.one_of(st.none(), st.integers(-1, 5)))
    @draws(c.AddTeam)
    def add_team(self, name: str, side: str, index: int | None) -> None:
        team = Team(id=self.fresh("t"), name=name, side=side)  # type: ignore[arg-type]
        self.push(c.AddTeam(team, index))

    @rule(data=st.data(), changes=team_edits)
    @draws(c.EditTeam)
    def edit_team(self, data: Any, changes: dict[str, Any]) -> None:
        self.push(c.EditTeam(self.pick(data, self.team_ids()), changes))

    @rule(
        data=st.data(),
        name=st.one_of(names, st.just(" ")),
        dex=st.integers(1, 20),
        hp=st.integers(1, 40),
        present=st.booleans(),
        armed=weapons,
    )
    @draws(c.AddCombatant)
    def add_combatant(
        self, data: Any, name: str, dex: int, hp: int, present: bool, armed: tuple[WeaponSpec]
    ) -> None:
        ident = self.fresh("c") if data.draw(st.integers(0, 9)) else "brandon"  # taken, or back
        combatant = Combatant(
            id=ident,
            name=name,
            team_id=self.pick(data, self.team_ids()),
            abilities=Abilities(dexterity=dex, strength=data.draw(st.integers(1, 20))),
            max_hp=hp,
            hp=hp,
            weapons=armed,
            present=present,
            aware=data.draw(st.booleans()),
        )
        self.push(c.AddCombatant(combatant, data.draw(st.one_of(st.none(), st.integers(0, 9)))))

    @rule(
        data=st.data(),
        keys=st.lists(st.sampled_from(["shaken", "prone", "stunned", "no-such"]), max_size=2),
    )
    @draws(c.ImportCharacters)
    def import_characters(self, data: Any, keys: list[str]) -> None:
        """Characters read from the sample sheets, with conditions their sheets tick (and
        one no catalog has), into a team that is there or not."""
        read = [import_sheet(p.read_bytes(), p.name) for p in sorted(SHEETS.glob("*.json"))]
        chosen = data.draw(st.lists(st.sampled_from(read), max_size=2))
        characters = tuple(SheetCharacter(r.combatant, tuple(keys)) for r in chosen)
        self.push(c.ImportCharacters(characters, self.pick(data, self.team_ids())))

    @rule(data=st.data(), changes=combatant_edits)
    @draws(c.EditCombatant)
    def edit_combatant(self, data: Any, changes: dict[str, Any]) -> None:
        self.push(c.EditCombatant(self.pick(data, self.combatant_ids()), changes))

    @rule(data=st.data())
    @draws(c.RemoveCombatants)
    def remove_combatants(self, data: Any) -> None:
        ids = self.combatant_ids()
        self.push(
            c.RemoveCombatants(self.some(data, ids, 2) if data.draw(st.integers(0, 9)) else ())
        )

    @rule(data=st.data(), index=st.integers(-1, 10))
    @draws(c.MoveCombatant)
    def move_combatant(self, data: Any, index: int) -> None:
        self.push(
            c.MoveCombatant(
                self.pick(data, self.combatant_ids()), self.pick(data, self.team_ids()), index
            )
        )

    @rule(data=st.data(), index=st.integers(-1, 5))
    @draws(c.MoveTeam)
    def move_team(self, data: Any, index: int) -> None:
        self.push(c.MoveTeam(self.pick(data, self.team_ids()), index))

    @rule(data=st.data())
    @draws(c.RemoveTeam)
    def remove_team(self, data: Any) -> None:
        if data.draw(st.integers(0, 4)) == 0:  # rarely: it empties much of the roster
            self.push(c.RemoveTeam(self.pick(data, self.team_ids())))


class HealthRules(Machine):
    """Damage, healing, temporary HP, falling and conditions (R26-R30, R33)."""

    @rule(
        data=st.data(),
        amount=amounts,
        kind=st.sampled_from(["damage", "heal", "temp"]),
        source=texts,
    )
    @draws(c.Damage, c.Heal, c.GrantTempHP)
    def hurt_or_heal(self, data: Any, amount: int, kind: str, source: str) -> None:
        targets = self.some(data, self.combatant_ids())
        if kind == "damage":
            self.push(c.Damage(targets, amount, source))
        else:
            self.push(c.Heal(targets, amount) if kind == "heal" else c.GrantTempHP(targets, amount))

    @rule(
        data=st.data(),
        feet=st.one_of(st.integers(-5, 60), st.sampled_from([500, 505, 100_001])),
        soft=st.booleans(),
    )
    @draws(c.Fall)
    def fall(self, data: Any, feet: int, soft: bool) -> None:
        """R33, past both ends of what a fall may be as well."""
        self.push(c.Fall(self.some(data, self.combatant_ids(), 2), feet, soft))

    @rule(data=st.data(), key=condition_keys, length=rounds, note=texts, source=texts)
    @draws(c.AddCondition)
    def add_condition(
        self, data: Any, key: str, length: int | None, note: str, source: str
    ) -> None:
        bearers = self.some(data, self.combatant_ids(), 2)
        name = "Marked" if key.startswith("custom") else ""
        self.push(c.AddCondition(bearers, key, length, note=note, name=name, source=source))

    @rule(data=st.data(), by=st.integers(-3, 3), remove=st.booleans())
    @draws(c.RemoveConditions, c.ExtendConditions)
    def change_conditions(self, data: Any, by: int, remove: bool) -> None:
        held = list(self.session.conditions)
        chosen = self.some(data, held, 2) if data.draw(st.integers(0, 9)) else ()
        self.push(c.RemoveConditions(chosen) if remove else c.ExtendConditions(chosen, by))


class FightRules(Machine):
    """A ground fight: its flow (R8-R14), declared and readied actions, attacks, reloads,
    late joiners and the GM's changes to the order."""

    @precondition(lambda self: not self.session.combat.active)
    @rule(data=st.data(), surprise=st.booleans())
    @draws(c.StartCombat)
    def start_combat(self, data: Any, surprise: bool) -> None:
        ids = [i for i, x in self.session.combatants.items() if x.present]
        self.push(c.StartCombat(self.some(data, ids) if surprise else None))

    @precondition(lambda self: self.session.combat.active)
    @rule(step=st.sampled_from(["turn", "turn", "turn", "turn", "phase", "round"]))
    @draws(c.NextTurn, c.NextPhase, c.NextRound)
    def advance(self, step: str) -> None:
        steps: dict[str, type[Command]] = {
            "turn": c.NextTurn,
            "phase": c.NextPhase,
            "round": c.NextRound,
        }
        self.push(steps[step]())

    @precondition(lambda self: self.session.combat.acting_team is not None)
    @rule(
        data=st.data(), weapon=st.integers(0, 1), kind=st.sampled_from(["plain", "bonus", "full"])
    )
    @draws(c.ResolveAttack)
    def acting_team_attacks(self, data: Any, weapon: int, kind: str) -> None:
        acting = self.session.combat.acting_team
        mine = [m.id for m in self.session.members(acting or "", present_only=True)]
        foes = [i for i, x in self.session.combatants.items() if x.team_id != acting and x.present]
        attacker = self.pick(data, mine)
        ranged = attacker in self.session.combatants and any(
            w.ranged for w in self.session.combatants[attacker].weapons[weapon : weapon + 1]
        )
        self.push(
            c.ResolveAttack(
                attacker,
                self.pick(data, foes),
                weapon_index=weapon,
                distance_ft=40 if ranged else 5,
                bonus_attack=kind == "bonus",
                full_attack=kind == "full",
            )
        )

    @rule(
        data=st.data(),
        distance=st.sampled_from([5, 10, 45, 200, -5]),
        cover=st.integers(0, 4),
        kind=st.sampled_from(["plain", "bonus", "full", "extra"]),
        fiat=st.integers(-2, 2),
    )
    @draws(c.ResolveAttack)
    def attack(self, data: Any, distance: int, cover: int, kind: str, fiat: int) -> None:
        ids = self.combatant_ids()
        sources = (AdvantageSource("GM", advantages=max(0, fiat), disadvantages=max(0, -fiat)),)
        self.push(
            c.ResolveAttack(
                self.pick(data, ids),
                self.pick(data, ids),
                weapon_index=data.draw(st.integers(-1, 2)),
                distance_ft=distance,
                cover=cover,
                fiat=sources,
                bonus_attack=kind == "bonus",
                full_attack=kind == "full",
                use_extra_damage=kind == "extra",
                declare=data.draw(st.booleans()),
            )
        )

    @rule(data=st.data(), weapon=st.integers(-1, 2), paralyze=st.booleans())
    @draws(c.CoupDeGrace)
    def coup_de_grace(self, data: Any, weapon: int, paralyze: bool) -> None:
        """R24, on a target made helpless first as often as not (else it is refused)."""
        ids = self.combatant_ids()
        target = self.pick(data, ids)
        if paralyze:
            self.push(c.AddCondition((target,), "paralyzed"))
        self.push(c.CoupDeGrace(self.pick(data, ids), target, weapon))

    @rule(data=st.data(), weapon=st.integers(-1, 2), hardness=st.integers(-1, 12))
    @draws(c.AttackObject)
    def attack_object(self, data: Any, weapon: int, hardness: int) -> None:
        """R25, Hardness past both ends too."""
        self.push(c.AttackObject(self.pick(data, self.combatant_ids()), weapon, "a door", hardness))

    @rule(data=st.data(), wound=st.booleans(), kit=st.booleans(), ranks=st.integers(0, 2))
    @draws(c.Stabilize)
    def stabilize(self, data: Any, wound: bool, kit: bool, ranks: int) -> None:
        """R26, on a patient brought to dying first as often as not."""
        ids = self.combatant_ids()
        patient = self.pick(data, ids)
        if wound and patient in self.session.combatants:
            self.push(c.Damage((patient,), self.session.combatants[patient].hp + 1))
        dc = data.draw(st.sampled_from([None, 1, 15, 101]))
        self.push(c.Stabilize(self.pick(data, ids), patient, kit, ranks, 0, dc))

    @rule(
        data=st.data(),
        shape=st.sampled_from([None, "burst", "cone", "line"]),
        size=st.sampled_from([0, 5, 10, 7]),
        reach=st.sampled_from([None, 0, 30, 2000]),
        square=st.tuples(st.integers(-1, 30), st.integers(-1, 20)),
        rounds=st.sampled_from([None, 1, 3, 0]),
        damage=st.sampled_from(["", "2d6", "1d4 CON"]),
    )
    @draws(c.UsePower)
    def use_power(
        self, data: Any, shape: Any, size: int, reach: Any, square: Any, rounds: Any, damage: str
    ) -> None:
        """R39, with areas off the map, ranges past the limit and dice that are not dice."""
        ids = self.combatant_ids()
        target = data.draw(st.one_of(st.none(), st.sampled_from(ids))) if ids else None
        self.push(
            c.UsePower(
                self.pick(data, ids), "Static", reach, shape, size, x=square[0], y=square[1],
                target_id=target, damage=damage, rounds=rounds,
            )
        )  # fmt: skip

    @rule(data=st.data(), weapon=st.integers(-1, 2))
    @draws(c.Reload)
    def reload(self, data: Any, weapon: int) -> None:
        self.push(c.Reload(self.pick(data, self.combatant_ids()), weapon))

    @rule(data=st.data(), surprise=st.booleans(), new_team=st.booleans())
    @draws(c.JoinCombat)
    def join(self, data: Any, surprise: bool, new_team: bool) -> None:
        waiting = [i for i, x in self.session.combatants.items() if not x.present]
        who = self.some(data, waiting, 2)
        if new_team:
            team = Team(id=self.fresh("j"), name="Late")
            self.push(c.JoinCombat(who, new_team=team, surprise=surprise))
        else:
            team_id = self.pick(data, self.team_ids())
            self.push(c.JoinCombat(who, team_id=team_id, surprise=surprise))

    @rule(data=st.data(), name=action_names)
    @draws(c.DeclareAction)
    def declare(self, data: Any, name: str) -> None:
        ids = self.combatant_ids()
        target = self.pick(data, ids) if data.draw(st.booleans()) else None
        self.push(c.DeclareAction(self.pick(data, ids), name, target))

    @rule(data=st.data(), trigger=texts, action=st.sampled_from(["Attack (Ranged)", "", LONG]))
    @draws(c.DelayReady)
    def ready(self, data: Any, trigger: str, action: str) -> None:
        self.push(c.DelayReady(self.pick(data, self.combatant_ids()), trigger, action))

    @rule(data=st.data(), race=st.booleans())
    @draws(c.TriggerReadied)
    def trigger(self, data: Any, race: bool) -> None:
        readied = [r.id for r in self.session.combat.readied]
        racer = self.pick(data, self.combatant_ids()) if race else None
        self.push(c.TriggerReadied(self.pick(data, readied), racer))

    @rule(data=st.data(), value=st.sampled_from([-5, 0, 12, 40, 100_001]), reason=texts)
    @draws(c.AdjustInitiative)
    def adjust(self, data: Any, value: int, reason: str) -> None:
        self.push(c.AdjustInitiative(self.pick(data, self.team_ids()), value, reason))

    @rule(data=st.data(), reason=texts)
    @draws(c.ReorderTeams)
    def reorder(self, data: Any, reason: str) -> None:
        order = list(self.session.combat.order)
        if order and data.draw(st.integers(0, 5)):
            self.push(c.ReorderTeams(tuple(data.draw(st.permutations(order))), reason))
        else:
            self.push(c.ReorderTeams((*order[1:], "missing")))

    @precondition(lambda self: self.session.combat.active)
    @rule(resolve=st.booleans(), now=st.integers(0, 5))
    @draws(c.EndCombat)
    def end(self, resolve: bool, now: int) -> None:
        if now == 0:  # fights run a while before they end
            self.push(c.EndCombat(resolve))


class OptionRules(Machine):
    """The session's rule options (R40), its name and free dice rolls (R1)."""

    @rule(expression=expressions, label=texts)
    @draws(c.RollDice)
    def roll(self, expression: str, label: str) -> None:
        self.push(c.RollDice(expression, label))

    @rule(
        vitality=st.sampled_from(["future-path", "health-fatigue", "grit"]),
        cover=st.sampled_from(["disadvantage", "defense-bonus"]),
        lowers=st.booleans(),
        visibility=st.integers(-1, 4),
    )
    @draws(c.SetOptions)
    def options(self, vitality: str, cover: str, lowers: bool, visibility: int) -> None:
        self.push(c.SetOptions(Options(vitality, cover, lowers, visibility)))  # type: ignore[arg-type]

    @rule(name=st.sampled_from(["Bears II", "  The cargo bay  ", "", "   ", "x" * 121]))
    @draws(c.RenameSession)
    def rename(self, name: str) -> None:
        self.push(c.RenameSession(name))
