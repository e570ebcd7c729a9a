"""Replay the combat chapter's example encounter with the rules core.

    python -m futurepath_desktop.core.demo [--seed N]

Brandon (Tracer), James (Electro-Mancer) and Art (Xenophile) wake four Space Bears with
an explosive trap; Katie (Helix Warrior) arrives at the end of round 1. Every number
printed comes from the core's functions and one seeded roller (R1): change the seed and
the fight changes.
"""

from __future__ import annotations

import argparse
import random
from collections.abc import Iterator

import msgspec
from msgspec import field

from futurepath_desktop.core.abilities import ability_modifier
from futurepath_desktop.core.actions import TurnEconomy
from futurepath_desktop.core.attack_resolution import resolve_attack
from futurepath_desktop.core.attacks import AttackSetup, Weapon, range_source
from futurepath_desktop.core.condition_effects import effective_ac, roll_sources
from futurepath_desktop.core.conditions import ConditionDef, RollTag, condition
from futurepath_desktop.core.counters import RoundCounter
from futurepath_desktop.core.dice import Roller
from futurepath_desktop.core.initiative import (
    TeamStanding,
    initiative_score,
    order_teams,
    team_initiative,
)
from futurepath_desktop.core.vitality import HitPoints

DEFAULT_SEED = 146


class Fighter(msgspec.Struct):
    """A combatant of the demo: scores, AC, health, weapon and conditions."""

    name: str
    team: str
    str_: int
    dex: int
    con: int
    wis: int
    misc: int
    ac: int
    hp: HitPoints
    weapon: Weapon
    aware: bool = True
    hidden: bool = False
    acted: bool = False
    conditions: dict[str, tuple[ConditionDef, RoundCounter]] = field(default_factory=dict)

    @property
    def score(self) -> int:
        return initiative_score(self.dex, self.wis, self.misc)

    @property
    def up(self) -> bool:
        return not self.hp.down

    def active(self) -> list[ConditionDef]:
        held = [c for c, _ in self.conditions.values()]
        if not self.aware and not self.acted:
            held.append(condition("surprised"))  # R11: flat-footed until it has acted
        return held


def cast() -> tuple[list[Fighter], Fighter]:
    """The players, the bears, and Katie, who arrives late."""
    pistol = Weapon("silenced pistol", 3, ranged=True, range_increment_ft=30, accuracy_bonus=1)
    # R49: the Shock technique reaches across the room (a ranged technique).
    shock = Weapon("Shock technique", 2, ranged=True, range_increment_ft=30, accuracy_bonus=2)
    rifle = Weapon("pulse rifle", 4, ranged=True, range_increment_ft=60)
    axe = Weapon("vibro-axe", 5, crit_min=19)
    claws = Weapon("claws", 3)
    players = [
        Fighter("Brandon", "Players", 10, 16, 12, 13, 1, 15, HitPoints(22, 22, 12), pistol),
        Fighter("James", "Players", 9, 12, 11, 14, 0, 13, HitPoints(18, 18, 11), shock),
        Fighter("Art", "Players", 11, 13, 12, 14, 0, 14, HitPoints(20, 20, 12), rifle),
    ]
    bears = [
        Fighter(
            f"Space Bear {i}", "Space Bears", 17, 13, 15, 13, 1, 13, HitPoints(16, 16, 15), claws
        )
        for i in range(1, 5)
    ]
    katie = Fighter("Katie", "Players", 16, 10, 15, 9, -2, 16, HitPoints(28, 28, 15), axe)
    return players + bears, katie


class Encounter:
    """A small driver over the core: turn order, surprise, attacks and counters."""

    def __init__(self, seed: int) -> None:
        self.roller = Roller(random.Random(seed))
        self.fighters, self.katie = cast()
        self.lines: list[str] = []
        self.round = 0
        self.team_scores: dict[str, int] = {}

    def say(self, text: str = "") -> None:
        self.lines.append(text)

    def team(self, name: str) -> list[Fighter]:
        return [f for f in self.fighters if f.team == name]

    def set_condition(self, bearer: Fighter, key: str, rounds: int) -> None:
        entry = condition(key)
        held = bearer.conditions.get(key)
        counter = held[1].extend(rounds) if held else RoundCounter(rounds)
        bearer.conditions[key] = (entry, counter)
        unit = "round" if counter.remaining == 1 else "rounds"
        self.say(f"    {bearer.name} is {entry.name} for {counter.remaining} {unit}.")

    # --- phases ----------------------------------------------------------------------

    def initiative(self) -> list[str]:
        self.say("Phase 1, Initiative (R5-R7)")
        standings = []
        for name in ("Players", "Space Bears"):
            members = self.team(name)
            scores = [m.score for m in members]
            value = team_initiative(scores)
            detail = ", ".join(f"{m.name} {m.score}" for m in members)
            self.say(f"  {name}: {detail} → team initiative {value} (mean, rounded up)")
            best_dex = max(m.dex for m in members)
            standings.append(TeamStanding(name, value, best_dex))
            self.team_scores[name] = value  # R8: fixed for the whole combat
        with_katie = team_initiative([*(m.score for m in self.team("Players")), self.katie.score])
        self.say(
            f"  (Had Katie ({self.katie.score}) been here, the players would stand at "
            f"{with_katie}, below the bears.)"
        )
        order = order_teams(standings, self.roller)
        for tiebreak in order.tiebreaks:
            self.say(f"  {tiebreak.describe()}")
        self.say(f"  Acting order: {' → '.join(order.order)}")
        return list(order.order)

    def attack(self, attacker: Fighter, target: Fighter, distance_ft: int) -> None:
        technique = "technique" in attacker.weapon.name.lower()
        action = "Attack (Ranged)" if attacker.weapon.ranged else "Attack (Melee)"
        # R49: a Combat Technique is a Full-Round action.
        turn = TurnEconomy().declare("Combat Technique" if technique else action, target.name)
        tags = [RollTag.ATTACK, RollTag.RANGED if attacker.weapon.ranged else RollTag.MELEE]
        sources, can_gain = roll_sources(attacker.active(), tags)
        far = range_source(attacker.weapon, distance_ft)  # R19/R48: beyond the first increment
        if far is not None:
            sources = (*sources, far)
        self.say(f"    {attacker.name} → {target.name}, {distance_ft} ft away:")
        ac = effective_ac(target.ac, ability_modifier(target.dex), target.active())
        setup = AttackSetup(
            attacker.name,
            target.name,
            attacker.weapon,
            ability_modifier(attacker.str_),
            ability_modifier(attacker.dex),
            ac.value,
            sources,
            can_gain_advantage=can_gain,
        )
        result = resolve_attack(self.roller, setup)
        for note in ac.notes:
            self.say(f"    {target.name}'s AC {target.ac} → {ac.value}: {note}")
        for line in result.render().splitlines():
            self.say(f"    {line}")
        if result.total_damage:
            target.hp, outcome = target.hp.damage(result.total_damage)
            state = "down!" if target.hp.down else f"{target.hp.hp}/{target.hp.max_hp} HP left"
            overkill = f" ({outcome.overkill} overkill)" if outcome.overkill else ""
            self.say(f"    {target.name} takes {outcome.taken}{overkill}: {state}")
        self.say(f"    ({attacker.name}'s turn: {turn.summary()})")

    def first_up(self, team: str, visible_only: bool = False) -> Fighter | None:
        foes = [f for f in self.team(team) if f.up and not (visible_only and f.hidden)]
        return min(foes, key=lambda f: (f.hp.hp, f.name), default=None)

    def surprise_round(self) -> None:
        self.say("Phase 2, Surprise (R11): the bears do not know Brandon is there.")
        for fighter in self.fighters:
            if fighter.name != "Brandon":
                fighter.aware = False
        actors = [f.name for f in self.fighters if f.aware]
        unaware = [f.name for f in self.fighters if not f.aware]
        self.say(f"  Unaware (flat-footed, R11): {', '.join(unaware)}")
        self.say(f"  Surprise round, only the aware act: {', '.join(actors)}")
        brandon = self.fighters[0]
        target = self.team("Space Bears")[0]
        self.say("  Brandon fires at the closest bear from his hiding place:")
        self.attack(brandon, target, 25)
        brandon.acted = True
        brandon.hidden = False

    def team_turn(self, team: str) -> None:
        self.say(f"  {team} act:")
        foes = "Space Bears" if team == "Players" else "Players"
        # R13 (amended): the team's turn starts, so the counters already on its members will
        # move this round; one set during the turn waits for their next turn.
        for fighter in self.team(team):
            for key, (entry, counter) in fighter.conditions.items():
                fighter.conditions[key] = (entry, counter.turn_started())
        for fighter in self.team(team):
            if fighter.hp.dying:
                fighter.hp, bled = fighter.hp.bleed(self.roller)
                if bled is not None:
                    left = fighter.hp.con - fighter.hp.con_damage
                    fate = "and dies" if fighter.hp.dead else f"(CON {left} left)"
                    self.say(
                        f"    {fighter.name} is dying and bleeds {bled.render()} CON {fate} (R26)."
                    )
            if not fighter.up:
                continue
            blocked = [
                c.name for c in fighter.active() if c.effects.cannot_attack or c.effects.cannot_act
            ]
            if blocked:
                self.say(f"    {fighter.name} cannot attack ({', '.join(blocked)}).")
            elif self.round == 1 and fighter.name == "Brandon":
                fighter.hidden = True
                self.say("    Brandon slips back into stealth (Hidden).")
            else:
                target = self.first_up(foes, visible_only=True)
                if fighter.name == "James" and self.round == 1:
                    # The chapter: James shocks "one of the other bears", not the stunned one.
                    target = next(
                        (b for b in self.team(foes) if b.up and "stunned" not in b.conditions),
                        target,
                    )
                if target is None:
                    break
                self.attack(fighter, target, 5 if not fighter.weapon.ranged else 40)
                stuns = fighter.name == "James" and self.round == 1
                if stuns and not target.hp.down and "stunned" not in target.conditions:
                    self.say("    The shock locks the bear's muscles:")
                    self.set_condition(target, "stunned", 2)
            fighter.acted = True
            fighter.aware = True

    def counters_phase(self) -> None:
        self.say("  Phase 5, Counters (R13):")
        if not any(f.conditions for f in self.fighters):
            self.say("    no counters running.")
        for fighter in self.fighters:
            for key, (entry, counter) in list(fighter.conditions.items()):
                ticked = counter.tick()
                if ticked is counter:
                    self.say(
                        f"    {fighter.name}: {entry.name} stays at {counter.remaining} "
                        "(no turn started since it was set)."
                    )
                    continue
                if ticked.expired:
                    del fighter.conditions[key]
                    self.say(f"    {fighter.name}: {entry.name} {counter.remaining} → 0, it ends.")
                else:
                    fighter.conditions[key] = (entry, ticked)
                    change = f"{counter.remaining} → {ticked.remaining}"
                    self.say(f"    {fighter.name}: {entry.name} {change}.")

    def bears_down(self) -> bool:
        return not any(f.up for f in self.team("Space Bears"))

    def run(self) -> Iterator[str]:
        self.say("The fog clears: four Space Bears, woken by the explosion of a trap.")
        self.say()
        order = self.initiative()
        self.say()
        self.say("The explosion shakes the players and stuns one bear:")
        for player in self.team("Players"):
            self.set_condition(player, "shaken", 1)
        self.set_condition(self.team("Space Bears")[0], "stunned", 1)
        self.round = 1
        self.say()
        self.say("Round 1")
        self.surprise_round()
        while self.round <= 8 and not self.bears_down():
            if self.round > 1:
                self.say()
                self.say(f"Round {self.round}")
            self.say("  Phase 3, Advantages:")
            in_play = [f for f in self.fighters if f.conditions and f.up]
            for fighter in in_play:
                names = ", ".join(c.name for c, _ in fighter.conditions.values())
                self.say(f"    {fighter.name}: {names}")
            if not in_play:
                self.say("    no conditions in play.")
            self.say("  Phase 4, Action, in team order:")
            for team in order:
                self.team_turn(team)
                if self.bears_down():
                    break
            self.counters_phase()
            if self.round == 1:
                self.fighters.append(self.katie)
                recomputed = team_initiative(m.score for m in self.team("Players"))
                self.say(
                    "    Katie bursts in and joins the players' team (R9): their initiative "
                    f"stays at {self.team_scores['Players']} (recomputed it would be "
                    f"{recomputed}, R8)."
                )
            self.round += 1
        self.say()
        if self.bears_down():
            self.say("The last Space Bear falls. Combat is over.")
        else:
            self.say("The bears still stand; the GM calls the fight here.")
        for fighter in self.fighters:
            if fighter.conditions:
                names = ", ".join(
                    f"{c.name} ({k.remaining})" for c, k in fighter.conditions.values()
                )
                self.say(f"  Leftover on {fighter.name}: {names} (R14)")
        yield from self.lines


def main(argv: list[str] | None = None) -> int:
    """Print the replayed encounter."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--seed", type=int, default=DEFAULT_SEED, help="the roller's seed (R1)")
    args = parser.parse_args(argv)
    for line in Encounter(args.seed).run():
        print(line)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
