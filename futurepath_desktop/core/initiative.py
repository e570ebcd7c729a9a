"""Team initiative (R5-R10): scores, checks, team averages, ordering and opposed checks."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence

import msgspec

from futurepath_desktop.core.abilities import ability_modifier
from futurepath_desktop.core.checks import CheckRoll, roll_check
from futurepath_desktop.core.dice import Roller
from futurepath_desktop.core.errors import InvalidValueError

MAX_TIEBREAK_ROUNDS = 1000
"""Opposed checks reroll ties; this bound only guards against a broken generator."""


def initiative_score(dex: int, wis: int, misc: int = 0, *, scores: bool = False) -> int:
    """R5 (amended): the initiative score is the DEX modifier + the WIS modifier + MISC, as
    the character sheet computes it (DEX 13, WIS 15 → +3). With ``scores`` (the rule option
    ``initiative = scores``, R40) it is the two ability scores added, as the chapter reads."""
    if scores:
        return dex + wis + misc
    return ability_modifier(dex) + ability_modifier(wis) + misc


def initiative_check(roller: Roller, score: int, *, label: str = "Initiative") -> CheckRoll:
    """R5: an initiative check is d20 + the initiative score."""
    return roll_check(roller, score, label=label)


def team_initiative(scores: Iterable[int]) -> int:
    """R6: a team's initiative is the mean of its members' scores, rounded up (ceil)."""
    listed = list(scores)
    if not listed:
        raise InvalidValueError("a team needs at least one member to have an initiative (R6)")
    return -(-sum(listed) // len(listed))  # the ceiling of the mean, in whole numbers


class TeamStanding(msgspec.Struct, frozen=True):
    """What ordering needs to know of a team: its initiative and its best member's DEX."""

    team_id: str
    initiative: int
    best_dex: int


class OpposedRound(msgspec.Struct, frozen=True):
    """One round of opposed checks: each side's roll."""

    rolls: tuple[tuple[str, CheckRoll], ...]


class TieBreak(msgspec.Struct, frozen=True):
    """How a group of teams tied on initiative was ordered (R7)."""

    team_ids: tuple[str, ...]
    initiative: int
    by_dex: bool
    rounds: tuple[OpposedRound, ...]
    order: tuple[str, ...]

    def describe(self, names: Mapping[str, str] | None = None) -> str:
        """A log line: who tied, and how the tie broke (each team by its name in
        ``names``, else by its id)."""
        called = names or {}
        tied = ", ".join(called.get(t, t) for t in self.team_ids)
        checks = len(self.rounds)
        unit = "round" if checks == 1 else "rounds"
        how = f"{checks} {unit} of opposed checks" if checks else "best DEX"
        order = " > ".join(called.get(t, t) for t in self.order)
        return f"Tie at {self.initiative} between {tied}, broken by {how}: {order}"

    def roll_lines(self, names: Mapping[str, str] | None = None) -> list[str]:
        """Each opposed check, by team: ``Space Bears: 1d20 (14) + 2 = 16``."""
        called = names or {}
        return [
            f"{called.get(team, team)}: {check.roll.render()}"
            for each in self.rounds
            for team, check in each.rolls
        ]


class TeamOrder(msgspec.Struct, frozen=True):
    """The acting order of teams, highest first, and every tie-break it needed."""

    order: tuple[str, ...]
    tiebreaks: tuple[TieBreak, ...]


def order_teams(teams: Sequence[TeamStanding], roller: Roller) -> TeamOrder:
    """R6/R7: order teams by initiative, higher first.

    Ties go to the team whose best member has the higher DEX; teams still tied roll
    opposed initiative checks (R10) until the tie breaks. The rolls made are returned so
    they can be logged.
    """
    ids = [t.team_id for t in teams]
    if len(set(ids)) != len(ids):
        raise InvalidValueError(f"team ids must be unique to be ordered, got {ids}")
    by_initiative: dict[int, list[TeamStanding]] = {}
    for team in teams:
        by_initiative.setdefault(team.initiative, []).append(team)
    order: list[str] = []
    tiebreaks: list[TieBreak] = []
    for initiative in sorted(by_initiative, reverse=True):
        group = by_initiative[initiative]
        if len(group) == 1:
            order.append(group[0].team_id)
            continue
        group_order: list[str] = []
        rounds: list[OpposedRound] = []
        by_dex: dict[int, list[TeamStanding]] = {}
        for team in group:
            by_dex.setdefault(team.best_dex, []).append(team)
        for dex in sorted(by_dex, reverse=True):
            still_tied = by_dex[dex]
            if len(still_tied) == 1:
                group_order.append(still_tied[0].team_id)
                continue
            result = opposed_checks(
                {t.team_id: t.initiative for t in still_tied}, roller, label="Team tie-break"
            )
            group_order.extend(result.ranking)
            rounds.extend(result.rounds)
        tiebreaks.append(
            TieBreak(
                tuple(t.team_id for t in group),
                initiative,
                by_dex=len(by_dex) > 1,
                rounds=tuple(rounds),
                order=tuple(group_order),
            )
        )
        order.extend(group_order)
    return TeamOrder(tuple(order), tuple(tiebreaks))


class OpposedResult(msgspec.Struct, frozen=True):
    """R10: the outcome of opposed initiative checks: a full ranking and every round rolled."""

    ranking: tuple[str, ...]
    rounds: tuple[OpposedRound, ...]

    @property
    def winner(self) -> str:
        """The side that goes first."""
        return self.ranking[0]


def opposed_checks(
    scores: Mapping[str, int], roller: Roller, *, label: str = "Opposed initiative"
) -> OpposedResult:
    """R10: each side rolls an initiative check; sides that tie roll again among themselves.

    Returns a full ranking (highest first), so three or more sides are ordered too (R7).
    """
    if len(scores) < 2:
        raise InvalidValueError("an opposed check needs at least two sides")
    rounds: list[OpposedRound] = []

    def rank(names: list[str]) -> list[str]:
        if len(names) == 1:
            return names
        for _ in range(MAX_TIEBREAK_ROUNDS):
            rolls = tuple((n, initiative_check(roller, scores[n], label=label)) for n in names)
            rounds.append(OpposedRound(rolls))
            totals: dict[int, list[str]] = {}
            for name, roll in rolls:
                totals.setdefault(roll.total, []).append(name)
            if len(totals) > 1:
                ranked: list[str] = []
                for total in sorted(totals, reverse=True):
                    ranked.extend(rank(totals[total]))
                return ranked
        raise RuntimeError("opposed checks kept tying; the random generator is broken")

    return OpposedResult(tuple(rank(list(scores))), tuple(rounds))
