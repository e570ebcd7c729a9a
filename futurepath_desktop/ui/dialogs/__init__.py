"""The quick dialogs of the table: each asks for a little and closes on Enter."""

from __future__ import annotations

from collections.abc import Callable, Iterable

from PySide6.QtWidgets import (
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QLabel,
    QLineEdit,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from futurepath_desktop.ui.theme import REFUSED
from futurepath_desktop.ui.widgets.number_box import NumberBox


def ok_cancel(dialog: QDialog, ok_text: str = "") -> QDialogButtonBox:
    """OK and Cancel wired to the dialog (OK optionally renamed, e.g. "Join")."""
    standard = QDialogButtonBox.StandardButton
    buttons = QDialogButtonBox(standard.Ok | standard.Cancel)
    if ok_text:
        buttons.button(standard.Ok).setText(ok_text)
    buttons.accepted.connect(dialog.accept)
    buttons.rejected.connect(dialog.reject)
    return buttons


def problem_line(name: str, text: str = "") -> tuple[QWidget, QLabel]:
    """A red line that says what keeps OK from working, and the holder to lay out in its
    place. Hidden, the line keeps its room in the holder (a form layout would close the
    row up), so the buttons below stay where the GM's mouse is going."""
    line = QLabel(text)
    line.setObjectName(name)
    line.setWordWrap(True)
    line.setStyleSheet(f"color: {REFUSED}")
    policy = line.sizePolicy()
    policy.setRetainSizeWhenHidden(True)
    line.setSizePolicy(policy)
    holder = QWidget()
    box = QVBoxLayout(holder)
    box.setContentsMargins(0, 0, 0, 0)
    box.addWidget(line)
    return holder, line


def say_problem(dialog: QDialog, line: QLabel, buttons: QDialogButtonBox, problem: str) -> None:
    """Show what keeps OK from working on ``line`` (``problem``; hidden when there is
    none, the line keeping its last words' room) and let OK work only without one. A
    problem on more lines than the dialog has room for makes it taller, not its fields
    shorter."""
    if problem:
        line.setText(problem)
    line.setVisible(bool(problem))
    # The new words' height now, not at the next layout pass: each widget from the line up
    # to the dialog has its measure taken again by the layout that holds it.
    widget = line.parentWidget()
    while widget is not None and widget is not dialog:
        widget.updateGeometry()
        widget = widget.parentWidget()
    layout = dialog.layout()
    need = dialog.sizeHint().height()
    if layout is not None and layout.hasHeightForWidth():  # wrapped words, at this width
        need = max(need, layout.totalHeightForWidth(dialog.width()))
    if need > dialog.height():
        dialog.resize(dialog.width(), need)
    ok = buttons.button(QDialogButtonBox.StandardButton.Ok)
    if ok is not None:
        ok.setEnabled(not problem)


def form(dialog: QDialog, name: str, title: str, width: int) -> QFormLayout:
    """Name and title a quick dialog and give it a form of labelled rows."""
    dialog.setObjectName(name)
    dialog.setWindowTitle(title)
    dialog.setMinimumWidth(width)
    return QFormLayout(dialog)


def text_field(name: str, limit: int, hint: str = "", text: str = "") -> QLineEdit:
    """A line of text that takes no more than the file keeps (``limit`` characters)."""
    field = QLineEdit(text)
    field.setObjectName(name)
    field.setMaxLength(limit)
    field.setPlaceholderText(hint)
    return field


def ok_only_when(buttons: QDialogButtonBox, field: QLineEdit, wanted: Callable[[], bool]) -> None:
    """OK can be pressed only while ``wanted()`` holds, checked as ``field`` is typed in."""

    def check() -> None:
        ok = buttons.button(QDialogButtonBox.StandardButton.Ok)
        ok.setEnabled(wanted())

    field.textChanged.connect(check)
    check()


def spin_box(
    name: str,
    low: int,
    high: int,
    *,
    value: int | None = None,
    step: int = 1,
    suffix: str = "",
    special: str = "",
) -> QSpinBox:
    """A number box with its bounds (the file's), step, unit and a word for its lowest
    value ("instant", "no range")."""
    box = NumberBox.within(low, high)
    box.setObjectName(name)
    box.setSingleStep(step)
    box.setSuffix(suffix)
    if special:
        box.setSpecialValueText(special)
    box.setValue(low if value is None else value)
    return box


def choices(name: str, items: Iterable[tuple[str, object]]) -> QComboBox:
    """A drop-down of (words, data) items."""
    combo = QComboBox()
    combo.setObjectName(name)
    for words, data in items:
        combo.addItem(words, data)
    return combo
