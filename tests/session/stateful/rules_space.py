"""The rules of space combat (R41-R47): ships and crews, the space round and its phases,
the stations' actions, volleys and swarms, scans, repairs, the Medical Officer's care, the
Battle Damage Chart and the space house rules."""

from __future__ import annotations

from typing import Any

from hypothesis import strategies as st
from hypothesis.stateful import precondition, rule

from futurepath_desktop.core import starship as rules
from futurepath_desktop.core.starship import Flying, Position, SpacePhase
from futurepath_desktop.session import commands as c
from futurepath_desktop.session.state import ChartRow, CrewSlot, Ship
from tests.session.stateful.machine import LONG, Machine, draws, texts

positions = st.sampled_from(list(Position))
ship_sizes = st.sampled_from(["tiny", "small", "medium", "huge", "colossal", "planet"])
hard_points = st.sampled_from([0, 1, 2, 4, 6, 41])
ship_edits = st.sampled_from(
    [
        (("name", "Renamed"),),
        (("name", ""),),
        (("hard_points", 6),),
        (("hard_points", -1),),
        (("size", "huge"),),
        (("size", "planet"),),
        (("shields", 3), ("structure", 2)),
        (("shields", 11),),
        (("flying", "offensively"),),
        (("state", "adrift"),),
        (("side", "players"),),
        (("damage", ()),),
        (("id", "other"),),
        (("warp", 9),),
        (("crew", {"pilot": CrewSlot(None, "Ace")}),),
    ]
)
actions = st.sampled_from(["", "orders the helm: evasive", "boosts the shields", LONG])
systems = st.sampled_from([None, None, *rules.SYSTEMS, "warp"])
bays = st.sampled_from([None, None, "1", "cargo"])


def the_chart() -> tuple[ChartRow, ...]:
    """R46's chart, from the rules core."""
    return tuple(ChartRow(e.roll, e.dc, e.name, e.effect, e.key) for e in rules.BATTLE_DAMAGE_CHART)


class SpaceRules(Machine):
    """Ships, crews and the space round, with ships and crew that exist and some that do
    not, stations in their phase and out of it."""

    def ship_ids(self) -> list[str]:
        return list(self.session.ships)

    def may_act_now(self, data: Any, ship_id: str) -> Position:
        """A position, most often one whose phase it is on that ship (R41)."""
        fight = self.session.space.round
        optional_name = fight.optional.get(ship_id)
        optional = Position(optional_name) if optional_name else None
        now = [p for p in Position if rules.may_act(p, SpacePhase(fight.phase), optional)]
        if now and data.draw(st.integers(0, 4)):
            return Position(data.draw(st.sampled_from(now)))
        return Position(data.draw(positions))

    def crew_slot(self, data: Any) -> CrewSlot:
        """A combatant (there or not), a named NPC, or nobody."""
        kind = data.draw(st.sampled_from(["combatant", "combatant", "npc", "nobody"]))
        if kind == "combatant":
            return CrewSlot(self.pick(data, self.combatant_ids()))
        return CrewSlot(None, "Ensign Ro" if kind == "npc" else "")

    @rule(
        data=st.data(),
        size=ship_sizes,
        points=hard_points,
        side=st.sampled_from(["players", "enemies", "allies"]),
        again=st.integers(0, 9),
    )
    @draws(c.AddShip)
    def add_ship(self, data: Any, size: str, points: int, side: str, again: int) -> None:
        ident = self.fresh("ship") if again or not self.session.ships else self.ship_ids()[0]
        crew = {p.value: self.crew_slot(data) for p in data.draw(st.sets(positions, max_size=3))}
        ship = Ship(ident, "Raider", side, size, points, weapons=1, crew=crew)  # type: ignore[arg-type]
        self.push(c.AddShip(ship))

    @rule(data=st.data(), changes=ship_edits, crew=st.booleans())
    @draws(c.EditShip)
    def edit_ship(self, data: Any, changes: tuple[tuple[str, Any], ...], crew: bool) -> None:
        if crew:  # a crew roster naming a combatant who is there, or not
            changes = (("crew", {"helm": self.crew_slot(data)}),)
        self.push(c.EditShip(self.pick(data, self.ship_ids()), changes))

    @rule(data=st.data())
    @draws(c.RemoveShip)
    def remove_ship(self, data: Any) -> None:
        if data.draw(st.integers(0, 3)) == 0:  # rarely: a fight needs its ships
            self.push(c.RemoveShip(self.pick(data, self.ship_ids())))

    @rule(data=st.data(), position=positions)
    @draws(c.AssignCrew)
    def assign_crew(self, data: Any, position: Position) -> None:
        slot = self.crew_slot(data)
        name = data.draw(st.sampled_from([slot.name, "  ", "n" * 130, LONG]))
        self.push(c.AssignCrew(self.pick(data, self.ship_ids()), position, slot.combatant_id, name))

    @precondition(lambda self: not self.session.space.round.active)
    @rule(data=st.data(), surprise=st.booleans())
    @draws(c.StartSpaceCombat)
    def start_space_combat(self, data: Any, surprise: bool) -> None:
        unseen = self.some(data, self.ship_ids(), 1) if surprise else ()
        self.push(c.StartSpaceCombat(unseen))

    @rule()
    @draws(c.NextSpacePhase)
    def next_space_phase(self) -> None:
        self.push(c.NextSpacePhase())

    @rule(
        data=st.data(), action=actions, result=texts, flying=st.sampled_from([None, None, *Flying])
    )
    @draws(c.CrewAction)
    def crew_action(self, data: Any, action: str, result: str, flying: Flying | None) -> None:
        ship = self.pick(data, self.ship_ids())
        position = self.may_act_now(data, ship)
        if flying is not None and data.draw(st.integers(0, 3)):
            position = Position.HELM
        self.push(c.CrewAction(ship, position, action, result, flying))

    @rule(data=st.data(), position=positions)
    @draws(c.DeclareOptional)
    def declare_optional(self, data: Any, position: Position) -> None:
        if data.draw(st.integers(0, 3)):
            position = data.draw(st.sampled_from(rules.OPTIONAL_ACTION))
        self.push(c.DeclareOptional(self.pick(data, self.ship_ids()), position))

    @rule(data=st.data(), points=st.integers(0, 6), system=systems, bay=bays)
    @draws(c.Fire)
    def fire(self, data: Any, points: int, system: str | None, bay: str | None) -> None:
        ships = self.ship_ids()
        self.push(c.Fire(self.pick(data, ships), self.pick(data, ships), points, system, bay))

    @rule(data=st.data(), points=st.lists(st.integers(0, 5), min_size=1, max_size=3))
    @draws(c.Swarm)
    def swarm(self, data: Any, points: list[int]) -> None:
        ships = self.ship_ids()
        swarm = self.some(data, ships, 3)
        if data.draw(st.integers(0, 3)):
            points = points[: len(swarm)] + [1] * (len(swarm) - len(points))
        self.push(c.Swarm(swarm, self.pick(data, ships), tuple(points)))

    @rule(data=st.data())
    @draws(c.Scan)
    def scan(self, data: Any) -> None:
        ships = self.ship_ids()
        self.push(c.Scan(self.pick(data, ships), self.pick(data, ships)))

    @rule(data=st.data())
    @draws(c.Repair)
    def repair(self, data: Any) -> None:
        ship = self.pick(data, self.ship_ids())
        held = self.session.ships.get(ship)
        damage = [d.id for d in held.damage] if held is not None else []
        self.push(c.Repair(ship, self.pick(data, damage)))

    @rule(data=st.data(), amount=st.integers(-1, 8), treat=st.booleans())
    @draws(c.MedicalCare)
    def medical_care(self, data: Any, amount: int, treat: bool) -> None:
        ship = self.pick(data, self.ship_ids())
        held = self.session.ships.get(ship)
        crew = [s.combatant_id for s in held.crew.values() if s.combatant_id] if held else []
        patient = self.pick(data, crew or self.combatant_ids())
        mine = [h.id for h in self.session.conditions_on(patient)]
        condition = self.pick(data, mine or list(self.session.conditions)) if treat else None
        self.push(c.MedicalCare(ship, patient, amount, condition))

    @rule(
        roll=st.integers(1, 13),
        dc=st.sampled_from([None, 0, 15, 99, 100]),
        name=st.sampled_from(["Hull breach", ""]),
        key=st.sampled_from(["none", "shaken", "capacitor", "plasma", "meltdown", "weird"]),
        effect=st.sampled_from(["Something breaks", "e" * 19_990]),
    )
    @draws(c.SetChartRow)
    def set_chart_row(self, roll: int, dc: int | None, name: str, key: str, effect: str) -> None:
        self.push(c.SetChartRow(ChartRow(roll, dc, name, effect, key)))

    @rule(data=st.data(), how=st.sampled_from(["as is", "harder", "short", "twice"]))
    @draws(c.SetChart)
    def set_chart(self, data: Any, how: str) -> None:
        rows = list(self.session.space.chart or the_chart())
        if how == "harder":
            index = data.draw(st.integers(0, len(rows) - 1))
            old = rows[index]
            rows[index] = ChartRow(old.roll, (old.dc or 0) + 5, old.name, old.effect, old.key)
        elif how == "short":
            rows = rows[1:]
        elif how == "twice":
            rows = [*rows, rows[0]]
        self.push(c.SetChart(tuple(data.draw(st.permutations(rows)))))

    @rule(penalty=st.integers(-1, 11), dc=st.sampled_from([-1, 0, 10, 15, 60, 61]))
    @draws(c.SetSpaceRules)
    def set_space_rules(self, penalty: int, dc: int) -> None:
        self.push(c.SetSpaceRules(penalty, dc))

    @rule(now=st.integers(0, 5))
    @draws(c.EndSpaceCombat)
    def end_space_combat(self, now: int) -> None:
        if now == 0:  # fights run a while before they end
            self.push(c.EndSpaceCombat())
