"""Random sequences of commands: refused ones change nothing, save→load is the identity at
every step, undoing everything gives back the start and redoing it gives back the end."""

from __future__ import annotations

from typing import Any

from hypothesis import HealthCheck, settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, invariant, precondition, rule

from futurepath_desktop.core.actions import ACTIONS
from futurepath_desktop.core.advantage import AdvantageSource
from futurepath_desktop.core.conditions import CATALOG
from futurepath_desktop.core.errors import FuturePathError
from futurepath_desktop.session import commands as c
from futurepath_desktop.session.demo import demo_session
from futurepath_desktop.session.edit import Command, History
from futurepath_desktop.session.state import Abilities, Combatant, Options, Team, WeaponSpec
from futurepath_desktop.session.store import decode, encode

names = st.sampled_from(["Vex", "Orla", "Drone", "Kith", "Marauder", "Medic"])
amounts = st.integers(-3, 40)
condition_keys = st.sampled_from([*CATALOG, "custom:marked"])
rounds = st.one_of(st.none(), st.integers(-1, 5))
action_names = st.sampled_from(sorted(ACTIONS))
expressions = st.sampled_from(["1d20+3", "2d6", "4d6kh3", "1d2-5", "d%", "2d", "1000000d6", "x"])
edits = st.sampled_from(
    [
        {"ac": 15},
        {"hp": 3},
        {"hp": 999},
        {"max_hp": 30, "hp": 30},
        {"name": "Renamed"},
        {"initiative_misc": 4},
        {"advantage_die": "2d8"},
        {"fatigue": 9},
        {"team_id": "nowhere"},
        {"weapons": (WeaponSpec("Lance", 9),)},
        {"hidden": True},
        {"id": "other"},
    ]
)


class SessionMachine(RuleBasedStateMachine):
    """Drives a session through random commands, undo and redo."""

    def __init__(self) -> None:
        super().__init__()
        self.session = demo_session()
        self.history = History(self.session)
        self.initial = self.session.to_file()
        self.counter = 0

    # --- helpers -------------------------------------------------------------------------

    def push(self, command: Command) -> None:
        before = encode(self.session)
        try:
            self.history.push(command)
        except FuturePathError:
            assert encode(self.session) == before, f"refused {command!r} changed the session"

    def pick(self, data: Any, pool: list[str]) -> str:
        return data.draw(st.sampled_from(pool)) if pool else "missing"

    def combatant_ids(self) -> list[str]:
        return list(self.session.combatants)

    # --- rules ---------------------------------------------------------------------------

    @rule(name=names, side=st.sampled_from(["players", "enemies", "neutral"]))
    def add_team(self, name: str, side: str) -> None:
        self.counter += 1
        self.push(c.AddTeam(Team(id=f"t{self.counter}", name=name, side=side)))  # type: ignore[arg-type]

    @rule(
        data=st.data(),
        name=names,
        dex=st.integers(1, 20),
        hp=st.integers(1, 40),
        present=st.booleans(),
    )
    def add_combatant(self, data: Any, name: str, dex: int, hp: int, present: bool) -> None:
        self.counter += 1
        team = self.pick(data, list(self.session.teams))
        self.push(
            c.AddCombatant(
                Combatant(
                    id=f"c{self.counter}",
                    name=name,
                    team_id=team,
                    abilities=Abilities(dexterity=dex),
                    max_hp=hp,
                    hp=hp,
                    weapons=(WeaponSpec("Blade", 2),),
                    present=present,
                    aware=data.draw(st.booleans()),
                )
            )
        )

    @rule(data=st.data(), changes=edits)
    def edit_combatant(self, data: Any, changes: dict[str, Any]) -> None:
        self.push(c.EditCombatant(self.pick(data, self.combatant_ids()), changes))

    @rule(data=st.data())
    def remove_combatant(self, data: Any) -> None:
        self.push(c.RemoveCombatants((self.pick(data, self.combatant_ids()),)))

    @rule(data=st.data(), index=st.integers(-1, 10))
    def move_combatant(self, data: Any, index: int) -> None:
        self.push(
            c.MoveCombatant(
                self.pick(data, self.combatant_ids()),
                self.pick(data, list(self.session.teams)),
                index,
            )
        )

    @rule(data=st.data(), index=st.integers(0, 5))
    def move_team(self, data: Any, index: int) -> None:
        self.push(c.MoveTeam(self.pick(data, list(self.session.teams)), index))

    @rule(data=st.data())
    def remove_team(self, data: Any) -> None:
        if data.draw(st.integers(0, 4)) == 0:  # rarely: it empties much of the roster
            self.push(c.RemoveTeam(self.pick(data, list(self.session.teams))))

    @rule(data=st.data(), amount=amounts, kind=st.sampled_from(["damage", "heal", "temp"]))
    def hurt_or_heal(self, data: Any, amount: int, kind: str) -> None:
        ids = self.combatant_ids()
        targets = (
            tuple(data.draw(st.lists(st.sampled_from(ids), min_size=1, max_size=3))) if ids else ()
        )
        command: Command = {"damage": c.Damage, "heal": c.Heal, "temp": c.GrantTempHP}[kind](
            targets, amount
        )
        self.push(command)

    @rule(data=st.data(), key=condition_keys, length=rounds)
    def add_condition(self, data: Any, key: str, length: int | None) -> None:
        ids = self.combatant_ids()
        bearers = (
            tuple(data.draw(st.lists(st.sampled_from(ids), min_size=1, max_size=2))) if ids else ()
        )
        self.push(
            c.AddCondition(bearers, key, length, name="Marked" if key.startswith("custom") else "")
        )

    @rule(data=st.data(), by=st.integers(-3, 3), remove=st.booleans())
    def change_condition(self, data: Any, by: int, remove: bool) -> None:
        held = self.pick(data, list(self.session.conditions))
        self.push(c.RemoveCondition(held) if remove else c.ExtendCondition(held, by))

    @precondition(lambda self: not self.session.combat.active)
    @rule(data=st.data(), surprise=st.booleans())
    def start_combat(self, data: Any, surprise: bool) -> None:
        ids = [i for i, x in self.session.combatants.items() if x.present]
        unaware = (
            tuple(data.draw(st.lists(st.sampled_from(ids), max_size=3, unique=True)))
            if ids and surprise
            else ()
        )
        self.push(c.StartCombat(unaware))

    @precondition(lambda self: self.session.combat.active)
    @rule(step=st.sampled_from(["turn", "turn", "turn", "turn", "phase", "round"]))
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

    @rule(data=st.data(), surprise=st.booleans(), new_team=st.booleans())
    def join(self, data: Any, surprise: bool, new_team: bool) -> None:
        waiting = [i for i, x in self.session.combatants.items() if not x.present]
        who = (self.pick(data, waiting),)
        if new_team:
            self.counter += 1
            self.push(
                c.JoinCombat(
                    who, new_team=Team(id=f"j{self.counter}", name="Late"), surprise=surprise
                )
            )
        else:
            self.push(
                c.JoinCombat(
                    who, team_id=self.pick(data, list(self.session.teams)), surprise=surprise
                )
            )

    @rule(data=st.data(), name=action_names)
    def declare(self, data: Any, name: str) -> None:
        ids = self.combatant_ids()
        self.push(c.DeclareAction(self.pick(data, ids), name, self.pick(data, ids)))

    @rule(
        data=st.data(),
        distance=st.sampled_from([5, 10, 45, 200]),
        cover=st.integers(0, 3),
        kind=st.sampled_from(["plain", "bonus", "full", "extra"]),
        fiat=st.integers(-2, 2),
    )
    def attack(self, data: Any, distance: int, cover: int, kind: str, fiat: int) -> None:
        ids = self.combatant_ids()
        sources = (AdvantageSource("GM", advantages=max(0, fiat), disadvantages=max(0, -fiat)),)
        self.push(
            c.ResolveAttack(
                self.pick(data, ids),
                self.pick(data, ids),
                weapon_index=data.draw(st.integers(0, 1)),
                distance_ft=distance,
                cover=cover,
                fiat=sources,
                bonus_attack=kind == "bonus",
                full_attack=kind == "full",
                use_extra_damage=kind == "extra",
            )
        )

    @rule(data=st.data(), trigger=st.sampled_from(["", "a bear moves"]))
    def ready(self, data: Any, trigger: str) -> None:
        self.push(c.DelayReady(self.pick(data, self.combatant_ids()), trigger, "Attack (Ranged)"))

    @rule(data=st.data(), race=st.booleans())
    def trigger(self, data: Any, race: bool) -> None:
        readied = [r.id for r in self.session.combat.readied]
        racer = self.pick(data, self.combatant_ids()) if race else None
        self.push(c.TriggerReadied(self.pick(data, readied), racer))

    @rule(expression=expressions)
    def roll(self, expression: str) -> None:
        self.push(c.RollDice(expression, "test"))

    @rule(
        vitality=st.sampled_from(["future-path", "health-fatigue"]),
        cover=st.sampled_from(["disadvantage", "defense-bonus"]),
        lowers=st.booleans(),
        visibility=st.integers(0, 3),
    )
    def options(self, vitality: str, cover: str, lowers: bool, visibility: int) -> None:
        self.push(c.SetOptions(Options(vitality, cover, lowers, visibility)))  # type: ignore[arg-type]

    @rule(data=st.data(), value=st.integers(-5, 40))
    def adjust(self, data: Any, value: int) -> None:
        self.push(c.AdjustInitiative(self.pick(data, list(self.session.teams)), value, "test"))

    @rule(data=st.data())
    def reorder(self, data: Any) -> None:
        order = list(self.session.combat.order)
        self.push(c.ReorderTeams(tuple(data.draw(st.permutations(order))) if order else ()))

    @precondition(lambda self: self.session.combat.active)
    @rule(resolve=st.booleans(), now=st.integers(0, 5))
    def end(self, resolve: bool, now: int) -> None:
        if now == 0:  # fights run a while before they end
            self.push(c.EndCombat(resolve))

    @precondition(lambda self: bool(self.history.undo_stack))
    @rule(times=st.integers(1, 4))
    def undo(self, times: int) -> None:
        for _ in range(times):
            self.history.undo()

    @precondition(lambda self: bool(self.history.redo_stack))
    @rule(times=st.integers(1, 4))
    def redo(self, times: int) -> None:
        for _ in range(times):
            self.history.redo()

    # --- what must always hold -------------------------------------------------------------

    @invariant()
    def save_then_load_is_the_identity(self) -> None:
        assert decode(encode(self.session)) == self.session

    def teardown(self) -> None:
        while self.history.redo():
            pass
        final = self.session.to_file()
        while self.history.undo():
            pass
        assert self.session.to_file() == self.initial, "undoing everything gives back the start"
        while self.history.redo():
            pass
        assert self.session.to_file() == final, "redoing everything gives back the end"


class FightMachine(SessionMachine):
    """The same commands, weighted toward running a fight: it starts one at once and leaves
    out the rules that tear the roster down."""

    def __init__(self) -> None:
        super().__init__()
        self.history.push(c.StartCombat())

    def add_team(self) -> None:
        """Not a rule here."""

    def remove_team(self) -> None:
        """Not a rule here."""

    def remove_combatant(self) -> None:
        """Not a rule here."""

    def move_team(self) -> None:
        """Not a rule here."""


STATEFUL = settings(
    max_examples=50,
    stateful_step_count=200,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much],
)
SessionMachine.TestCase.settings = STATEFUL
FightMachine.TestCase.settings = STATEFUL
TestSessionCommands = SessionMachine.TestCase
TestFightCommands = FightMachine.TestCase
