"""The GM's reminders: "Katie's regeneration: heal 2" at the start of Katie's turn, "the
reinforcements arrive" when round 3 begins. A reminder changes nothing by the rules: when
its moment comes it is logged (kind ``reminder``) and the window shows it, and the GM acts
on it. The moments are the fight's own (``combat_flow`` calls :func:`remind_turn` and
:func:`remind_round`), so undoing Next Turn takes the reminder's log entry back with it."""

from __future__ import annotations

from collections.abc import Iterable

import msgspec

from futurepath_desktop.session.commands.roster import validated
from futurepath_desktop.session.edit import Edit
from futurepath_desktop.session.errors import CommandError
from futurepath_desktop.session.records import Reminder, ReminderWhen
from futurepath_desktop.session.state import Session
from futurepath_desktop.session.wording import possessive

MOST_REMINDERS = 500
"""A session keeps at most this many reminders (a limit a table never meets)."""

WHEN_WORDS: dict[str, str] = {
    "turn_start": "at the start of the turn",
    "turn_end": "at the end of the turn",
    "round": "when the round begins",
}


def reminder_line(session: Session, reminder: Reminder, round_number: int | str = 0) -> str:
    """What the log and the pop-up say: "Katie's regeneration: heal 2", "Round 3: …" (the
    round given, else the one the fight is in)."""
    who = session.combatants.get(reminder.combatant_id or "")
    if who is not None:
        return f"{possessive(who.name)} {reminder.text}"
    return f"Round {round_number or session.combat.round}: {reminder.text}"


def describe(session: Session, reminder: Reminder) -> str:
    """The reminder in a list of them: when it comes, and what it says."""
    who = session.combatants.get(reminder.combatant_id or "")
    if reminder.when == "round":
        moment = f"round {reminder.round} begins" if reminder.round else "every round"
    else:
        turn = "start" if reminder.when == "turn_start" else "end"
        name = possessive(who.name) if who else "nobody's"
        moment = f"{turn} of {name} turn"
        moment += f" in round {reminder.round}" if reminder.round else ""
    return f"{moment}: {reminder.text}"


def _due(reminder: Reminder, number: int) -> bool:
    return reminder.round in (0, number)


def remind_turn(session: Session, edit: Edit, members: Iterable[str], when: ReminderWhen) -> None:
    """Log the reminders of these combatants for the start or end of their turn."""
    members = set(members)
    number = session.combat.round
    for reminder in list(session.reminders.values()):
        if reminder.when == when and reminder.combatant_id in members and _due(reminder, number):
            edit.log("reminder", reminder_line(session, reminder))


def remind_round(session: Session, edit: Edit, number: int) -> None:
    """Log the reminders of a round that begins."""
    for reminder in list(session.reminders.values()):
        if reminder.when == "round" and _due(reminder, number):
            edit.log("reminder", reminder_line(session, reminder))


def _checked(session: Session, reminder: Reminder) -> Reminder:
    kept = validated(Reminder, msgspec.structs.replace(reminder, text=reminder.text.strip()))
    if reminder.when == "round":
        if kept.combatant_id is not None:
            kept = msgspec.structs.replace(kept, combatant_id=None)  # a round is no one's
    elif kept.combatant_id is None:
        raise CommandError("a reminder at a turn needs the combatant whose turn it is")
    else:
        session.combatant(kept.combatant_id)  # refused with its name when it is gone
    return kept


class PutReminder(msgspec.Struct, frozen=True):
    """Add a reminder, or change one (the same id)."""

    reminder: Reminder

    def perform(self, session: Session, edit: Edit) -> str:
        if not self.reminder.text.strip():
            raise CommandError("a reminder needs something to say")
        reminder = _checked(session, self.reminder)
        old = session.reminders.get(reminder.id)
        if old is None and len(session.reminders) >= MOST_REMINDERS:
            raise CommandError(f"a session keeps at most {MOST_REMINDERS} reminders")
        if old == reminder:
            raise CommandError("the reminder is already like that")
        edit.put("reminders", reminder)
        return f"{'Change' if old else 'Add'} reminder: {reminder.text}"


class RemoveReminder(msgspec.Struct, frozen=True):
    """Take a reminder away."""

    reminder_id: str

    def perform(self, session: Session, edit: Edit) -> str:
        reminder = session.reminders.get(self.reminder_id)
        if reminder is None:
            raise CommandError(f"there is no reminder with id {self.reminder_id!r}")
        edit.remove("reminders", reminder.id)
        return f"Remove reminder: {reminder.text}"
