"""Combat ▸ Reminders…: the session's reminders in a list, each added, changed or removed
as one undoable step; and the form for one reminder, which shows what the log will say."""

from __future__ import annotations

import html
from typing import TYPE_CHECKING

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QHBoxLayout,
    QLabel,
    QListWidget,
    QListWidgetItem,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from futurepath_desktop.session.records import Reminder, new_id
from futurepath_desktop.session.state import Session
from futurepath_desktop.ui.dialogs import choices, form, ok_cancel, ok_only_when, spin_box
from futurepath_desktop.ui.dialogs import text_field as line

if TYPE_CHECKING:
    from futurepath_desktop.ui.undo import SessionController

TEXT_MAX = 200
WHEN_CHOICES = (
    ("At the start of their turn", "turn_start"),
    ("At the end of their turn", "turn_end"),
    ("When a round begins", "round"),
)


class ReminderEditor(QDialog):
    """One reminder: what to say, when, for whose turn, every round or in one."""

    def __init__(self, session: Session, reminder: Reminder, parent: QWidget | None) -> None:
        super().__init__(parent)
        self.session = session
        self.ident = reminder.id
        rows = form(self, "reminderEditor", "Reminder", 460)
        self.text = line("reminderText", TEXT_MAX, "regeneration: heal 2", reminder.text)
        self.when = choices("reminderWhen", WHEN_CHOICES)
        self.when.setCurrentIndex(self.when.findData(reminder.when))
        self.who = choices("reminderWho", [(c.name, c.id) for c in session.combatants.values()])
        if reminder.combatant_id is not None:
            self.who.setCurrentIndex(self.who.findData(reminder.combatant_id))
        self.round = spin_box("reminderRound", 0, 999, value=reminder.round)
        self.round.setSpecialValueText("Every round")
        self.round.setPrefix("Round ")
        self.preview = QLabel()
        self.preview.setObjectName("reminderPreview")
        self.preview.setWordWrap(True)
        rows.addRow("&Say", self.text)
        rows.addRow("&When", self.when)
        rows.addRow("Whose &turn", self.who)
        rows.addRow("&In", self.round)
        rows.addRow("", self.preview)
        buttons = ok_cancel(self)
        ok_only_when(buttons, self.text, lambda: bool(self.text.text().strip()))
        rows.addRow(buttons)
        for signal in (self.text.textChanged, self.when.currentIndexChanged):
            signal.connect(self._follow)
        self.who.currentIndexChanged.connect(self._follow)
        self.round.valueChanged.connect(self._follow)
        self._follow()

    def reminder(self) -> Reminder:
        when = self.when.currentData()
        who = None if when == "round" else self.who.currentData()
        return Reminder(self.ident, self.text.text().strip(), when, who, self.round.value())

    def _follow(self) -> None:
        from futurepath_desktop.session.commands.reminders import reminder_line

        turn = self.when.currentData() != "round"
        self.who.setEnabled(turn and self.who.count() > 0)
        text = self.text.text().strip()
        if not text:
            self.preview.setText("<i>Write what the reminder should say.</i>")
        elif turn and self.who.count() == 0:
            self.preview.setText("<i>There is no one in the session yet.</i>")
        else:
            kept = self.reminder()
            said = reminder_line(self.session, kept, kept.round or "N")
            self.preview.setText(f"The log will say: <b>{html.escape(said, quote=False)}</b>")


class RemindersDialog(QDialog):
    """The session's reminders: Add…, Edit…, Remove, each one undoable step."""

    def __init__(
        self, controller: SessionController, combatant_id: str | None, parent: QWidget | None
    ) -> None:
        super().__init__(parent)
        self.controller = controller
        self.combatant_id = combatant_id
        self.setObjectName("remindersDialog")
        self.setWindowTitle("Reminders")
        self.resize(560, 360)
        layout = QVBoxLayout(self)
        intro = QLabel(
            "A reminder comes up at the start or end of a combatant's turn, or when a round "
            "begins, and goes in the log. It changes nothing by itself."
        )
        intro.setWordWrap(True)
        self.list = QListWidget()
        self.list.setObjectName("remindersList")
        self.list.itemActivated.connect(lambda _item: self.edit())
        buttons = QHBoxLayout()
        self.add_button = QPushButton("&Add…")
        self.edit_button = QPushButton("&Edit…")
        self.remove_button = QPushButton("&Remove")
        for button, name, slot in (
            (self.add_button, "reminderAdd", self.add),
            (self.edit_button, "reminderEdit", self.edit),
            (self.remove_button, "reminderRemove", self.remove),
        ):
            button.setObjectName(name)
            button.clicked.connect(slot)
            buttons.addWidget(button)
        buttons.addStretch(1)
        close = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        close.rejected.connect(self.reject)
        buttons.addWidget(close)
        layout.addWidget(intro)
        layout.addWidget(self.list, 1)
        layout.addLayout(buttons)
        self.list.currentRowChanged.connect(lambda _row: self._enable())
        self.fill()

    @property
    def session(self) -> Session:
        return self.controller.session

    def fill(self, keep: str | None = None) -> None:
        from futurepath_desktop.session.commands.reminders import describe

        self.list.clear()
        for reminder in self.session.reminders.values():
            item = QListWidgetItem(describe(self.session, reminder))
            item.setData(Qt.ItemDataRole.UserRole, reminder.id)
            self.list.addItem(item)
            if reminder.id == keep:
                self.list.setCurrentItem(item)
        if self.list.currentRow() < 0 and self.list.count():
            self.list.setCurrentRow(0)
        if not self.list.count():
            self.list.addItem(QListWidgetItem("No reminders yet: Add… makes one."))
            self.list.item(0).setFlags(Qt.ItemFlag.NoItemFlags)
        self._enable()

    def chosen(self) -> Reminder | None:
        item = self.list.currentItem()
        ident = item.data(Qt.ItemDataRole.UserRole) if item is not None else None
        return self.session.reminders.get(ident) if ident else None

    def _enable(self) -> None:
        has = self.chosen() is not None
        self.edit_button.setEnabled(has)
        self.remove_button.setEnabled(has)

    def _ask(self, reminder: Reminder) -> None:
        from futurepath_desktop.ui.operations.reminders import put_reminder

        editor = ReminderEditor(self.session, reminder, self)
        if editor.exec() == QDialog.DialogCode.Accepted:
            kept = editor.reminder()
            if put_reminder(self.controller, kept):
                self.fill(kept.id)

    def add(self) -> None:
        when = "turn_start" if self.combatant_id in self.session.combatants else "round"
        self._ask(Reminder(new_id("rem"), "", when, self.combatant_id))  # type: ignore[arg-type]

    def edit(self) -> None:
        chosen = self.chosen()
        if chosen is not None:
            self._ask(chosen)

    def remove(self) -> None:
        from futurepath_desktop.ui.operations.reminders import remove_reminder

        chosen = self.chosen()
        if chosen is not None and remove_reminder(self.controller, chosen.id):
            self.fill()
