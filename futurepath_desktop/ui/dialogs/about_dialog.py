"""AboutDialog: Help ▸ About: the version and what the app runs on, where it keeps the
sessions and its logs (each a link that opens the folder), and the licences: the app's,
Qt's LGPL notice and the libraries'."""

from __future__ import annotations

from html import escape

from PySide6.QtCore import QSize, Qt
from PySide6.QtGui import QFont, QGuiApplication, QIcon
from PySide6.QtWidgets import (
    QApplication,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QPushButton,
    QTextBrowser,
    QVBoxLayout,
    QWidget,
)

from futurepath_desktop.ui import app_facts, folders, licences

SELECTABLE = Qt.TextInteractionFlag.TextBrowserInteraction
"""Text the GM can select and copy, with links that can be clicked."""
TAGLINE = "A battle tracker for game masters running the Future Path tabletop RPG."


class AboutDialog(QDialog):
    """What the app is, where its files are, and under what licences it comes."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("aboutDialog")
        self.setWindowTitle("About Future Path Desktop")
        layout = QVBoxLayout(self)
        layout.setSpacing(10)
        layout.addLayout(self._header())
        layout.addWidget(self._folders())
        self.licences = QTextBrowser()
        self.licences.setObjectName("aboutLicences")
        self.licences.setOpenExternalLinks(True)
        self.licences.setHtml(licences.licences_html())
        self.licences.setAccessibleName("Licences")
        self.licences.setMinimumHeight(200)
        heading = QLabel("<b>Licences</b>")
        heading.setBuddy(self.licences)
        layout.addWidget(heading)
        layout.addWidget(self.licences, 1)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        self.copy_button = QPushButton("Copy Details")
        self.copy_button.setObjectName("aboutCopy")
        self.copy_button.setToolTip("Copy the version, the platform and the folders")
        self.copy_button.clicked.connect(self.copy_details)
        about_qt = QPushButton("About Qt")
        about_qt.setObjectName("aboutQt")
        about_qt.clicked.connect(QApplication.aboutQt)
        buttons.addButton(self.copy_button, QDialogButtonBox.ButtonRole.ActionRole)
        buttons.addButton(about_qt, QDialogButtonBox.ButtonRole.HelpRole)
        buttons.rejected.connect(self.reject)
        layout.addWidget(buttons)
        self.resize(self.sizeHint().expandedTo(QSize(660, 600)))

    def _header(self) -> QHBoxLayout:
        row = QHBoxLayout()
        row.setSpacing(16)
        icon = QGuiApplication.windowIcon()
        if icon.isNull():
            from futurepath_desktop.resource_paths import icon_path

            icon = QIcon(str(icon_path()))
        picture = QLabel()
        picture.setPixmap(icon.pixmap(72, 72))
        picture.setAlignment(Qt.AlignmentFlag.AlignTop)
        row.addWidget(picture)
        words = QVBoxLayout()
        words.setSpacing(4)
        title = QLabel("Future Path Desktop")
        title.setObjectName("aboutTitle")
        font = QFont(title.font())
        font.setBold(True)
        font.setPointSizeF(font.pointSizeF() * 1.6)
        title.setFont(font)
        title.setTextInteractionFlags(SELECTABLE)
        words.addWidget(title)
        first, *running = app_facts.facts()
        self.version = QLabel(f"Version {first.removeprefix('Future Path Desktop ')}")
        self.version.setObjectName("aboutVersion")
        self.facts = QLabel(f"{TAGLINE}<br><br>" + "<br>".join(escape(f) for f in running))
        self.facts.setObjectName("aboutFacts")
        self.facts.setWordWrap(True)
        for label in (self.version, self.facts):
            label.setTextInteractionFlags(SELECTABLE)
            words.addWidget(label)
        row.addLayout(words, 1)
        return row

    def _folders(self) -> QGroupBox:
        box = QGroupBox("Your files")
        box.setObjectName("aboutFolders")
        form = QFormLayout(box)
        form.setFieldGrowthPolicy(QFormLayout.FieldGrowthPolicy.AllNonFixedFieldsGrow)
        self.folder_links: dict[str, QLabel] = {}
        for what, where in app_facts.folders():
            link = QLabel(f"<a href='{escape(where.as_uri())}'>{escape(str(where))}</a>")
            link.setObjectName(f"aboutFolder{what.title().replace(' ', '')}")
            link.setTextInteractionFlags(SELECTABLE)
            link.setToolTip(f"Open the {what.lower()} folder")
            link.setAccessibleName(f"{what} folder")
            link.setAccessibleDescription(str(where))
            link.linkActivated.connect(lambda _url, path=where: folders.open_folder(path))
            form.addRow(f"{what}:", link)
            self.folder_links[what] = link
        return box

    def details(self) -> str:
        """The version, the platform and the folders, as text to paste into a message."""
        lines = app_facts.facts()
        lines += [f"{what}: {where}" for what, where in app_facts.folders()]
        return "\n".join(lines)

    def copy_details(self) -> None:
        """Put :meth:`details` on the clipboard."""
        QGuiApplication.clipboard().setText(self.details())
        self.copy_button.setText("Copied")
