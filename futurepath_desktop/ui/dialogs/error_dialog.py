"""ErrorDialog: an unexpected error, told plainly: the session is kept and the window goes
on; a report to copy (what happened, the version, the platform) and the logs folder a
click away. Errors that come while it is open are counted in it, not shown anew."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtGui import QFont, QFontDatabase, QGuiApplication
from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QLabel,
    QPlainTextEdit,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from futurepath_desktop import paths
from futurepath_desktop.ui import folders

KEPT = (
    "Your session is kept: everything up to the last action is in the autosave journal, "
    "and the window goes on. If the same thing keeps happening, save the session and "
    "restart Future Path Desktop."
)


class ErrorDialog(QDialog):
    """The report of an unexpected error, with buttons to copy it and open the logs."""

    def __init__(self, report: str, kept: str, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("errorDialog")
        self.setWindowTitle("Something went wrong")
        self.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        self.errors = 1
        layout = QVBoxLayout(self)
        heading = QLabel("<b>Future Path Desktop met an unexpected error.</b>")
        heading.setObjectName("errorHeading")
        self.kept = QLabel(f"{KEPT}{' ' + kept if kept else ''}")
        self.kept.setObjectName("errorKept")
        self.kept.setWordWrap(True)
        self.count = QLabel()
        self.count.setObjectName("errorCount")
        self.count.hide()
        ask = QLabel(
            "To help put it right, copy the report below into a message to the "
            "developers; the log file holds it too."
        )
        ask.setWordWrap(True)
        self.report = QPlainTextEdit(report)
        self.report.setObjectName("errorReport")
        self.report.setReadOnly(True)
        self.report.setLineWrapMode(QPlainTextEdit.LineWrapMode.NoWrap)
        self.report.setAccessibleName("Error report")
        fixed = QFont(QFontDatabase.systemFont(QFontDatabase.SystemFont.FixedFont))
        self.report.setFont(fixed)
        for label in (heading, self.kept, self.count, ask):
            label.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
            layout.addWidget(label)
        layout.addWidget(self.report, 1)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        self.copy_button = QPushButton("Copy Report")
        self.copy_button.setObjectName("errorCopy")
        self.copy_button.clicked.connect(self.copy_report)
        self.logs_button = QPushButton("Open Logs Folder")
        self.logs_button.setObjectName("errorLogs")
        self.logs_button.setToolTip(str(paths.logs_dir()))
        self.logs_button.clicked.connect(lambda: folders.open_folder(paths.logs_dir()))
        buttons.addButton(self.copy_button, QDialogButtonBox.ButtonRole.ActionRole)
        buttons.addButton(self.logs_button, QDialogButtonBox.ButtonRole.ActionRole)
        buttons.rejected.connect(self.reject)
        layout.addWidget(buttons)
        self.resize(640, 460)

    def again(self, report: str | None) -> None:
        """Another error came while the dialog was open: count it, and add its report
        if it is a new one (``None``: the same as one already shown)."""
        self.errors += 1
        self.count.setText(f"It has happened {self.errors} times since this message opened.")
        self.count.show()
        if report is not None:
            self.report.appendPlainText(f"\n{report}")

    def copy_report(self) -> None:
        """Put the report on the clipboard."""
        QGuiApplication.clipboard().setText(self.report.toPlainText())
        self.copy_button.setText("Copied")
