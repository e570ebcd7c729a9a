"""The fight's course read from the log as it grows (for the fight's charts)."""

from __future__ import annotations

from futurepath_desktop.session.commands.space_log import SPACE_KIND
from futurepath_desktop.session.state import Combatant, LogEntry, Session
from futurepath_desktop.ui.plots.data import (
    BATTLE_DAMAGE_TEXT,
    CHANGE_TEXT,
    EXPLODES_TEXT,
    LANDS_TEXT,
    REPAIRED_TEXT,
    FightHistory,
    NameFinder,
    record_change,
    who_in,
)


class FightReader:
    """Reads the fight's course from the log as it grows: entries appended since the last
    reading are read on their own; :meth:`reset` (the log cut back by undo, a combatant or
    ship renamed or added) makes the next reading start over."""

    def __init__(self) -> None:
        self._history: FightHistory | None = None
        self._seen = 0
        self._landed: dict[str, str] = {}  # the square a grenade landed on → its thrower
        self._ground = 0  # the ground round: space entries carry the space round instead

    def reset(self) -> None:
        """Read the whole log again next time."""
        self._history = None

    def history(self, session: Session) -> FightHistory:
        """The fight so far, reading only what the log gained since the last call."""
        if self._history is None or len(session.log) < self._seen:
            self._start(session)
        history = self._history
        assert history is not None
        by_name = {c.name: c for c in session.combatants.values()}
        names = sorted(by_name, key=len, reverse=True)
        people = {name: by_name[name] for name in names}  # longest first, as ``names``
        ships = sorted((s.name for s in session.ships.values()), key=len, reverse=True)
        known = NameFinder(names)
        for entry in session.log[self._seen :]:
            self._read(session, history, entry, people, names, ships, known)
        self._seen = len(session.log)
        # As it stands this space round: on a copy, so the next reading goes on from the log.
        shown = FightHistory(
            history.health,
            history.fatigue,
            history.dealt,
            history.taken,
            {ship: list(points) for ship, points in history.battle_damage.items()},
        )
        fight = session.space.round
        for points in shown.battle_damage.values():
            if fight.active and points[-1][0] < fight.round:
                points.append((fight.round, points[-1][1]))
        return shown

    def _start(self, session: Session) -> None:
        history = FightHistory()
        for ship in session.ships.values():
            history.battle_damage[ship.name] = [(0, 0)]
        for combatant in session.combatants.values():
            start = combatant.max_health if session.options.health_fatigue else combatant.max_hp
            history.health[combatant.name] = [(0, start)]
        self._history, self._seen, self._landed, self._ground = history, 0, {}, 0

    def _read(
        self,
        session: Session,
        history: FightHistory,
        entry: LogEntry,
        people: dict[str, Combatant],
        names: list[str],
        ships: list[str],
        known: NameFinder,
    ) -> None:
        if not entry.kind.startswith(SPACE_KIND):
            self._ground = entry.round
        ship_name = who_in(entry.text, ships)
        found = BATTLE_DAMAGE_TEXT.search(entry.text)
        if ship_name is not None and found:
            history.battle_damage[ship_name].append((entry.round, int(found.group(1))))
            return
        repaired = REPAIRED_TEXT.search(entry.text)
        if repaired and repaired.group("ship") in history.battle_damage:
            points = history.battle_damage[repaired.group("ship")]
            points.append((entry.round, int(repaired.group(2))))
            return
        thrower = None
        if (lands := LANDS_TEXT.search(entry.text)) and (who := who_in(entry.text, names)):
            self._landed[lands.group("square")] = who
        elif blast := EXPLODES_TEXT.search(entry.text):
            thrower = self._landed.get(blast.group("square"))
        acting = session.teams.get(entry.team_id or "")
        for text in (entry.text, *entry.lines):
            if "→" not in text:
                continue
            start = 0
            for hit in CHANGE_TEXT.finditer(text):
                name = known.ending(text[start : hit.start()])
                start = hit.end()
                if name is not None:
                    record_change(
                        history, session, people, people[name], hit, self._ground, thrower, acting
                    )
