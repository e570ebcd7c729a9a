"""LogDock: every roll and event, with a filter, copying, and a dice box."""

from __future__ import annotations

import re

from PySide6.QtCore import QItemSelectionModel, QModelIndex, Qt, Signal
from PySide6.QtGui import (
    QGuiApplication,
    QKeySequence,
    QShortcut,
    QShowEvent,
)
from PySide6.QtWidgets import (
    QAbstractItemView,
    QApplication,
    QComboBox,
    QDockWidget,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QLineEdit,
    QPlainTextEdit,
    QPushButton,
    QSplitter,
    QVBoxLayout,
    QWidget,
)

from futurepath_desktop.session.state import LogEntry
from futurepath_desktop.ui import theme
from futurepath_desktop.ui.docks.log_rows import LogView, VisibleRowHeights
from futurepath_desktop.ui.docks.panel import text_action
from futurepath_desktop.ui.models import log_model
from futurepath_desktop.ui.models.log_model import (
    EVENT,
    FILTER_ROLE,
    PHASE,
    PHASE_NAMES,
    ROUND,
    TEAM,
    LogModel,
    entry_text,
)
from futurepath_desktop.ui.models.table_proxy import TableProxy
from futurepath_desktop.ui.widgets.columns import HandSized, fitting_width

KINDS = (
    ("Everything", ""),
    ("Attacks", "attack"),
    ("Damage and healing", "damage|heal"),
    ("Conditions", "condition|counter|expiry"),
    ("Dice", "roll"),
    ("Turns and phases", "turn|phase|initiative|join"),
)


def breakdown_text(entry: LogEntry) -> str:
    """What the breakdown pane shows: the entry's rolls and reasons, one to a line (its
    event is in the row just above), or the event itself when it has no breakdown.

    In the panel's own font: a narrow laptop panel wraps a proportional font's lines far
    less than a monospaced one's, and no breakdown needs its columns lined up."""
    lines = entry_text(entry).splitlines()
    return "\n".join(line.strip() for line in lines[1:]) if len(lines) > 1 else lines[0]


class _LogFilter(TableProxy):
    """Filters by kind and by text in any column, in Qt's own code: one pattern over the
    model's FILTER_ROLE (the kind, then every column's text), and none at all while
    nothing is filtered, so that a long fight's log opens without a Python call a row."""

    def __init__(self) -> None:
        super().__init__()
        self.kinds: set[str] = set()
        self.text = ""
        self._filtering = False
        self.setFilterRole(FILTER_ROLE)
        self.setFilterKeyColumn(0)

    def set_text(self, text: str) -> None:
        """Show only the entries with ``text`` in some column (any case)."""
        self.text = text
        self._apply()

    def set_kinds(self, kinds: set[str]) -> None:
        """Show only the entries of these kinds (all of them if none)."""
        self.kinds = kinds
        self._apply()

    def _apply(self) -> None:
        # Loaded with the first filter: at start-up (nothing filtered) the bindings need
        # not build the class.
        from PySide6.QtCore import QRegularExpression

        if not self.kinds and not self.text:
            if self._filtering:
                self.setFilterRegularExpression(QRegularExpression())
                self._filtering = False
            return
        self._filtering = True
        kinds = "|".join(re.escape(k) for k in sorted(self.kinds)) if self.kinds else "[^\n]*"
        # The text never spans two columns: they are joined by a tab, which it cannot hold.
        text = QRegularExpression.escape(self.text) if "\t" not in self.text else "(?!)"
        options = (
            QRegularExpression.PatternOption.CaseInsensitiveOption
            | QRegularExpression.PatternOption.DotMatchesEverythingOption
        )
        self.setFilterRegularExpression(QRegularExpression(f"^(?:{kinds})\n.*{text}", options))


class LogDock(QDockWidget):
    """The fight's log, newest at the bottom; the selected entry's breakdown below it."""

    rollRequested = Signal(str)

    def __init__(self, model: LogModel, parent: QWidget | None = None) -> None:
        super().__init__("Log", parent)
        self.setObjectName("logDock")
        self.model = model
        body = QWidget()
        layout = QVBoxLayout(body)
        layout.setContentsMargins(2, 2, 2, 2)
        layout.setSpacing(4)
        row = QHBoxLayout()
        self.filter = QLineEdit()
        self.filter.setObjectName("logFilter")
        self.filter.setPlaceholderText("Filter the log…")
        self.filter.setClearButtonEnabled(True)
        row.addWidget(self.filter, 2)
        self.kind = QComboBox()
        self.kind.setObjectName("logKind")
        for label, value in KINDS:
            self.kind.addItem(label, value)
        row.addWidget(self.kind, 1)
        self.copy_button = QPushButton("Copy")
        self.copy_button.setToolTip("Copy the selected entries, or the whole filtered log")
        row.addWidget(self.copy_button)
        layout.addLayout(row)
        self.proxy = _LogFilter()
        self.proxy.setSourceModel(model)
        self.view = LogView()
        self.view.setObjectName("logView")
        self.view.setModel(self.proxy)
        self.view.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        # An event wraps onto as many lines as it needs: a row is measured when it comes
        # into view (a four-hour fight's 50,000 entries are not all measured at once).
        self.view.setWordWrap(True)
        self.view.verticalHeader().setVisible(False)
        self.view.verticalHeader().setDefaultSectionSize(self.view.fontMetrics().height() + 6)
        self.view.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        header = self.view.horizontalHeader()
        # Whole rows are selected: bold titles for the selected columns would say nothing
        # and only cut the titles the panel was sized for.
        header.setHighlightSections(False)
        # Fixed widths: measuring contents would read every one of thousands of rows.
        header.setSectionResizeMode(QHeaderView.ResizeMode.Interactive)
        header.setSectionResizeMode(EVENT, QHeaderView.ResizeMode.Stretch)
        self.hand_sized = HandSized(header)
        self._at_end = True  # the view at its end follows the rows to come
        self.rows = self.view.rows = VisibleRowHeights(self.view, EVENT)
        self.rows.stay_put = lambda: not self._at_end
        self._fitted: list[int] = []  # round, phase and team: the widths of their words
        self._sharing = False
        self.view.resized = self._share_room
        self.fit_columns()
        self.detail = QPlainTextEdit()
        self.detail.setObjectName("logDetail")
        self.detail.setReadOnly(True)
        self.detail.setPlaceholderText("Select an entry to see its full breakdown")
        self.splitter = splitter = QSplitter(Qt.Orientation.Vertical)
        splitter.addWidget(self.view)
        splitter.addWidget(self.detail)
        splitter.setStretchFactor(0, 3)
        splitter.setStretchFactor(1, 1)
        splitter.setChildrenCollapsible(False)
        layout.addWidget(splitter, 1)
        dice = QHBoxLayout()
        self.dice = QLineEdit()
        self.dice.setObjectName("diceBox")
        self.dice.setPlaceholderText("Roll dice: 3d6+2, 1d20-1d2, 4d6kh3 … (Ctrl+R)")
        dice.addWidget(self.dice, 1)
        roll = QPushButton("Roll")
        roll.setObjectName("rollButton")
        dice.addWidget(roll)
        layout.addLayout(dice)
        # What is wrong with the last expression, under the box it was typed in; it goes
        # as the GM starts mending the expression, or with the next roll that works.
        self.dice_error = QLabel("")
        self.dice_error.setObjectName("diceError")
        self.dice_error.setWordWrap(True)
        self.dice_error.hide()
        layout.addWidget(self.dice_error)
        self.setWidget(body)
        self.filter.textChanged.connect(self.proxy.set_text)
        self.kind.currentIndexChanged.connect(self._kind_changed)
        self.view.selectionModel().currentRowChanged.connect(self._show_detail)
        # A reset (another session, a cut-back log) drops the current entry unannounced.
        self.proxy.modelReset.connect(lambda: self._show_detail(self.view.currentIndex()))
        self.copy_button.clicked.connect(self.copy)
        roll.clicked.connect(self._roll)
        self.dice.returnPressed.connect(self._roll)
        self.dice.textEdited.connect(self.clear_dice_error)
        QShortcut(QKeySequence.StandardKey.Copy, self.view, self.copy)
        copy = text_action("Copy", self.view)  # a right-click on an entry
        copy.setShortcut(QKeySequence.StandardKey.Copy)  # the key it already has, as a hint
        copy.triggered.connect(self.copy)
        self.view.offer_menu("logMenu", [copy])
        model.rowsAboutToBeInserted.connect(self._note_newest)
        model.rowsInserted.connect(self._follow)
        model.modelReset.connect(self._follow)  # another session: its newest entries
        self._opened = False
        self._reading = ""  # which entry was current as more came in: "newest", "older"
        # At the end, the log stays at its end when rows grow as they are measured or
        # the panel changes size; scrolled up, it stays where it was put.
        bar = self.view.verticalScrollBar()
        bar.valueChanged.connect(self._scrolled)
        bar.rangeChanged.connect(self._range_changed)

    def showEvent(self, event: QShowEvent) -> None:
        """The log opens at its newest entry (a reopened fight's last turn)."""
        super().showEvent(event)
        if not self._opened:
            self._opened = True
            self._follow()

    def fit_columns(self, compact: bool = True) -> None:
        """Round, phase and team as wide as their words; the event takes the rest."""
        view, header = self.view, self.view.horizontalHeader()
        phases = [*PHASE_NAMES.values(), *getattr(log_model, "SPACE_PHASE_NAMES", {}).values()]
        teams = ["Space Bears", *(t.name for t in self.model.session.teams.values())]
        widths = (
            fitting_width(view, header, "Round", ["99", "–"]),
            fitting_width(view, header, "Phase", phases),
            fitting_width(view, header, "Team", teams),
        )
        self._fitted = [min(width, 140 if compact else 200) for width in widths]
        self._share_room()

    def _share_room(self, *_: object) -> None:
        """On a narrow panel the phase and the team give up room, so that the event keeps
        two fifths of the width (on a small screen it had a word a line); on a wider one
        they have their words' width again. A column the GM sized stays theirs."""
        # The table's own width less its frame and a scroll bar's, whether one shows or
        # not: a room that followed the scroll bar (there as the rows grow taller, gone as
        # they shrink) would size the columns back and forth without end.
        view = self.view
        room = view.width() - 2 * view.frameWidth() - view.verticalScrollBar().sizeHint().width()
        if self._sharing or not self._fitted or room <= 0:
            return
        widths = list(self._fitted)
        spare = room * 3 // 5 - widths[ROUND]  # what the phase and the team may share
        wanted = widths[PHASE] + widths[TEAM]
        if wanted > spare:
            least = self._fitted[ROUND]
            for column in (PHASE, TEAM):
                widths[column] = max(least, widths[column] * max(spare, 0) // wanted)
        self._sharing = True
        try:
            for column, width in enumerate(widths):
                self.hand_sized.resize(column, width)
        finally:
            self._sharing = False

    def _kind_changed(self) -> None:
        value = self.kind.currentData() or ""
        self.proxy.set_kinds(set(value.split("|")) if value else set())

    def _note_newest(self) -> None:
        current = self.view.currentIndex()
        newest = current.row() == self.proxy.rowCount() - 1
        self._reading = "" if not current.isValid() else "newest" if newest else "older"
        if self._reading == "older":  # the rows to come do not scroll it away, even from
            self._at_end = False  # the end: it stays where the GM can see it

    def _follow(self) -> None:
        reading, self._reading = self._reading, ""
        if reading == "older":
            self._at_end = False  # though the new rows moved the scroll bar to its end
            return
        if reading == "newest":  # the GM was reading the newest entry: the pane moves on
            newest = self.proxy.index(self.proxy.rowCount() - 1, 0)
            flags = QItemSelectionModel.SelectionFlag.ClearAndSelect
            self.view.selectionModel().setCurrentIndex(
                newest, flags | QItemSelectionModel.SelectionFlag.Rows
            )
        self.view.scrollToBottom()
        self._at_end = True
        self.rows.fit_visible()  # the new rows, now in view

    def _scrolled(self, value: int) -> None:
        self._at_end = value >= self.view.verticalScrollBar().maximum()

    def _range_changed(self, _low: int, high: int) -> None:
        if self._at_end:
            self.view.verticalScrollBar().setValue(high)

    def _show_detail(self, current: QModelIndex) -> None:
        source = self.proxy.mapToSource(current)
        entry = self.model.entry(source.row()) if source.isValid() else None
        self.detail.setPlainText(breakdown_text(entry) if entry else "")
        if entry is None:
            return
        if QApplication.mouseButtons() != Qt.MouseButton.NoButton:
            self.view.released = self._fit_detail  # a click: the list moves once it is done
        else:
            self._fit_detail()

    def _height_of(self, lines: float) -> int:
        """How tall the breakdown pane is to show ``lines`` lines."""
        detail = self.detail
        frame = 2 * detail.document().documentMargin() + 2 * detail.frameWidth() + 2
        return round(lines * detail.fontMetrics().lineSpacing() + frame)

    def _fit_detail(self) -> None:
        """Give the breakdown the lines it needs, at least three (the pane does not jump at
        every short entry) and no more (the list has the rest), so a whole attack's
        breakdown is read without scrolling while the entries above keep two rows or so."""
        lines = self.detail.document().documentLayout().documentSize().height()  # plain text
        needed = self._height_of(max(lines, 3))
        # Three lines at least, not a text box's 70 px (set here: at start-up, asking the
        # box's document for its margin would have the bindings build the document's class).
        self.detail.setMinimumHeight(self._height_of(3))
        sizes = self.splitter.sizes()
        total = sum(sizes)
        # The entries keep their header and the selected row, at least.
        current = self.view.currentIndex().row()
        row = max(self.view.rowHeight(current), self.view.verticalHeader().defaultSectionSize())
        table = self.view.horizontalHeader().height() + row + 2 * self.view.frameWidth()
        height = max(0, min(needed, total - table))
        if height != sizes[1]:
            self.splitter.setSizes([total - height, height])

    def show_dice_error(self, text: str) -> None:
        """Say under the dice box what is wrong with the expression typed in it."""
        app = QApplication.instance()
        dark = theme.is_dark(app) if isinstance(app, QApplication) else False
        self.dice_error.setStyleSheet(f"color: {theme.accent(dark)['bad'].name()};")
        self.dice_error.setText(f"⚠ {text}")
        self.dice_error.setToolTip(text)
        self.dice_error.show()

    def clear_dice_error(self) -> None:
        """The last roll worked: no error under the box."""
        self.dice_error.clear()
        self.dice_error.setToolTip("")
        self.dice_error.hide()

    def _roll(self) -> None:
        text = self.dice.text().strip()
        if text:
            self.rollRequested.emit(text)

    def selected_text(self) -> str:
        """The selected entries (or all shown ones) as text."""
        rows = sorted({i.row() for i in self.view.selectionModel().selectedRows()})
        if not rows:
            rows = list(range(self.proxy.rowCount()))
        entries = [
            self.model.entry(self.proxy.mapToSource(self.proxy.index(r, 0)).row()) for r in rows
        ]
        return "\n".join(entry_text(e) for e in entries if e is not None)

    def copy(self) -> None:
        """Copy to the clipboard."""
        QGuiApplication.clipboard().setText(self.selected_text())
