"""Operations on the GM's reminders: one added or changed, one removed, each one undoable
step."""

from __future__ import annotations

from futurepath_desktop.session import commands as c
from futurepath_desktop.session.records import Reminder
from futurepath_desktop.ui.undo import SessionController


def put_reminder(controller: SessionController, reminder: Reminder) -> bool:
    """Add a reminder, or change the one with its id."""
    return controller.push(c.PutReminder(reminder))


def remove_reminder(controller: SessionController, reminder_id: str) -> bool:
    return controller.push(c.RemoveReminder(reminder_id))
