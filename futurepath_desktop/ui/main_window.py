"""MainWindow: the docked battle tracker, built in Qt's dockwidgets order: actions, menus,
tool bars, docks."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import QByteArray, QEvent, QObject, Qt, QTimer, Signal
from PySide6.QtGui import QAction, QCloseEvent, QResizeEvent, QShowEvent
from PySide6.QtWidgets import QApplication, QDockWidget, QMainWindow, QMenu, QWidget

from futurepath_desktop.session.change import Change
from futurepath_desktop.session.state import Session
from futurepath_desktop.ui import action_builder, keyboard, layout, theme, window_extras
from futurepath_desktop.ui.action_row import holds
from futurepath_desktop.ui.actions import ACTIONS, FILE, VIEW
from futurepath_desktop.ui.combat_bar import CombatBar
from futurepath_desktop.ui.docks.bridge_dock import BridgeDock
from futurepath_desktop.ui.docks.counters_dock import CountersDock
from futurepath_desktop.ui.docks.initiative_dock import InitiativeDock
from futurepath_desktop.ui.docks.inspector_dock import InspectorDock
from futurepath_desktop.ui.docks.log_dock import LogDock
from futurepath_desktop.ui.files import FileHandler
from futurepath_desktop.ui.map.map_dock import MapDock
from futurepath_desktop.ui.models.counters_model import CountersModel
from futurepath_desktop.ui.models.initiative_model import InitiativeModel
from futurepath_desktop.ui.models.log_model import LogModel
from futurepath_desktop.ui.plots.odds_dock import OddsDock
from futurepath_desktop.ui.undo import SessionController
from futurepath_desktop.ui.widgets.autosave_status import AutosaveStatus
from futurepath_desktop.ui.widgets.focus_frame import FocusTracker
from futurepath_desktop.ui.window_settings import keep, settings

APP_TITLE = "Future Path Desktop"
WARNING = "⚠ "
"""How a refused command's message starts in the status bar."""

if TYPE_CHECKING:
    from futurepath_desktop.session.library import Library
    from futurepath_desktop.ui.player_view import PlayerView


class MainWindow(QMainWindow):
    """One window, docked panels, every change through the undo stack."""

    first_painted = Signal()  # after the first frame and the work deferred until then

    def __init__(
        self,
        session: Session,
        path: Path | None = None,
        *,
        autosave: bool = True,
        remember_layout: bool = True,
    ) -> None:
        super().__init__()
        self.setObjectName("mainWindow")
        self.settings = settings()
        self.controller = SessionController(session, path, self)
        self._library: Library | None = None
        self.initiative_model = InitiativeModel(self.controller, self)
        self.counters_model = CountersModel(self.controller, self)
        self.log_model = LogModel(self.controller, self)
        self.files = FileHandler(self.controller, self.settings, self)
        self.player_view: PlayerView | None = None
        self.actions_by_name: dict[str, QAction] = {}
        self.painted = False
        self.remember_layout = remember_layout  # off for the smoke test: not the GM's layout
        self.setDockNestingEnabled(True)
        self.create_actions()
        self.create_menus()
        self.create_tool_bars()
        self.create_dock_windows()
        self._connect()
        self.initiative.view.viewport().installEventFilter(self)
        if self.controller.session.combatants:  # the inspector is never empty at start
            self.initiative.select([next(iter(self.controller.session.combatants))])
        self.layout_kind = ""
        self.sized_width = 0  # the width the columns were last sized for
        self.own_layout = False  # the GM's own arrangement, restored from last time
        self._make_status_bar()
        first = layout.place_first(self)
        layout.arrange(self, layout.kind_for(self.width()))
        # Unless restored, centred again by its real frame once shown (if no one has
        # sized it since).
        self.first_geometry = None if self.restore_layout() else first
        self.focus_tracker = FocusTracker(self, theme.focus_colour(False))
        self.apply_palette()
        self.refresh(Change())
        if autosave:
            self.controller.start_autosave()

    # --- actions ----------------------------------------------------------------------------

    def create_actions(self) -> None:
        """Every action of the table (``ui.actions``), by its stable objectName."""
        self.actions_by_name.update(action_builder.make_actions(self))

    def create_menus(self) -> None:
        """File, Edit, Combat, Roster, View, Help from the table (the panels' toggles join
        the View menu once the docks exist)."""
        self.recent_menu = QMenu("Open &Recent", self)
        self.recent_menu.setObjectName("recentMenu")
        menus = action_builder.build_menus(
            self, self.actions_by_name, {(FILE, 0): [self.recent_menu]}
        )
        self.view_menu = menus[VIEW]
        self._fill_recent()

    def createPopupMenu(self) -> QMenu | None:
        """The panel list (a right-click on the menu bar or a tool bar): View's toggles,
        with View's letters though View may never have been opened."""
        action_builder.give_letters(self.view_menu)
        return super().createPopupMenu()

    def create_tool_bars(self) -> None:
        """One bar, laid out by the table: the combat buttons and the phase indicator,
        then the file's buttons."""
        self.combat_bar = CombatBar(self.actions_by_name, self)
        self.phase_indicator = self.combat_bar.phase_indicator
        self.addToolBar(Qt.ToolBarArea.TopToolBarArea, self.combat_bar)

    def create_dock_windows(self) -> None:
        """Initiative and counters on the left, inspector and log on the right."""
        row = action_builder.panel_row
        self.initiative = InitiativeDock(
            self.initiative_model, row(self.actions_by_name, "initiative"), self
        )
        self.initiative.offer(action_builder.context_row(self.actions_by_name, "initiative"))
        self.counters = CountersDock(
            self.counters_model, row(self.actions_by_name, "counters"), self
        )
        self.counters.offer(action_builder.context_row(self.actions_by_name, "counters"))
        self.inspector = InspectorDock(self.controller, self)
        self.map = MapDock(self.controller, self)
        self.bridge = BridgeDock(self.controller, self)
        self.odds = OddsDock(
            self.controller,
            lambda: (self.inspector.attack.plan, self.inspector.attack.command()),
            self.bridge.volley,
            self,
        )
        for action in [*self.map.tool_actions.values(), self.map.fit_action]:
            self.actions_by_name[action.objectName()] = action
        self.log = LogDock(self.log_model, self)
        self.history = QDockWidget("History", self)
        self.history.setObjectName("historyDock")
        self.history.visibilityChanged.connect(self._show_history)
        toggles = [dock.toggleViewAction() for dock in self.docks()]
        action_builder.put_first(self.view_menu, [toggles, [self.combat_bar.toggleViewAction()]])
        keyboard.take_over_view_menu(self)

    @property
    def player_view_action(self) -> QAction:
        """View ▸ Player View, ticked while the players' window is open."""
        return self.actions_by_name["actionPlayerView"]

    def _show_history(self, visible: bool) -> None:
        """Make the undo history's list the first time its tab is shown."""
        if not visible or self.history.findChild(QWidget, "historyView") is not None:
            return
        from futurepath_desktop.ui.docks.history_list import HistoryList

        undo_view = HistoryList(self.controller.stack, "Session opened")
        undo_view.setObjectName("historyView")
        self.history.setWidget(undo_view)

    def _connect(self) -> None:
        self.controller.changed.connect(self.refresh)
        self.controller.failed.connect(lambda text: self.say(f"{WARNING}{text}", 9000))
        self.controller.stack.cleanChanged.connect(self._update_title)
        self.controller.pathChanged.connect(self._update_title)
        self.files.recentChanged.connect(self._fill_recent)
        self.files.message.connect(self.say)
        self.initiative.selectionChanged.connect(self._inspect_selection)
        self.log.rollRequested.connect(self._roll)
        self.map.view.combatantClicked.connect(lambda ident: self.initiative.select([ident]))
        self.map.view.tokenMenuRequested.connect(self.initiative.menu_for)
        self.map.selectInside.connect(self.initiative.select)
        self.inspector.attack.planned.connect(self.odds.attack_changed)
        self.bridge.volleyChanged.connect(self.odds.volley_changed)
        self.inspector.attack.chartRequested.connect(lambda: self.show_chart(0))
        self.bridge.chartRequested.connect(lambda: self.show_chart(1))
        self.map.view.place_candidate = self.initiative.current_id
        window_extras.install(self)  # dropped files, portraits' actions, the round clock

    @property
    def library(self) -> Library:
        """The prep library, opened on first use."""
        if self._library is None:
            from futurepath_desktop.session.library import Library

            self._library = Library()
        return self._library

    # --- behaviour -----------------------------------------------------------------------------

    def _make_status_bar(self) -> None:
        """A status bar from the start, one line high for good: a message that comes or
        goes never shifts the panels above it."""
        bar = self.statusBar()
        bar.setObjectName("statusBar")
        bar.setSizeGripEnabled(False)
        bar.setFixedHeight(max(bar.sizeHint().height(), bar.fontMetrics().height() + 8))
        # As a lambda: PySide finds no slot wrapper for QWidget.setToolTip.
        bar.messageChanged.connect(lambda text: bar.setToolTip(text))  # noqa: PLW0108
        self.autosave_status = AutosaveStatus(bar)
        self.controller.autosaveTrouble.connect(self.autosave_status.show_trouble)

    def say(self, text: str, timeout: int = 6000) -> None:
        """A message in the status bar."""
        self.statusBar().showMessage(text, timeout)

    def refresh(self, change: Change) -> None:
        """Keep the combat bar, actions and title in step with the session."""
        session = self.controller.session
        if self.statusBar().currentMessage().startswith(WARNING):
            self.statusBar().clearMessage()  # a later command went through
        self.combat_bar.show_session(session)
        for spec in ACTIONS:
            if spec.when:
                self.actions_by_name[spec.name].setEnabled(holds(spec.when, session))
        self._update_title()

    def _update_title(self) -> None:
        path = self.controller.path
        name = path.name if path else self.controller.session.name
        self.setWindowTitle(f"{name}[*] — {APP_TITLE}")
        self.setWindowModified(not self.controller.stack.isClean())

    def _inspect_selection(self) -> None:
        current = self.initiative.current_id()
        selected = self.initiative.selected_ids(expand_teams=False)
        shown = current if current in selected else (selected[0] if selected else None)
        self.inspector.show_combatant(shown)
        self.map.view.select(shown, notify=False)

    def _roll(self, expression: str) -> None:
        from futurepath_desktop.ui.operations.dice import roll_dice

        refused = roll_dice(self.controller, expression)
        if refused:
            self.log.show_dice_error(refused)
        else:
            self.log.dice.clear()
            self.log.clear_dice_error()

    def show_player_view(self) -> None:
        """Open the players' window (the GM's keeps the keyboard)."""
        from futurepath_desktop.ui import player_window

        player_window.show(self)

    def show_shortcuts(self) -> None:
        """List every shortcut."""
        from futurepath_desktop.ui.dialogs.shortcuts_dialog import ShortcutsDialog

        ShortcutsDialog(self).exec()

    def _fill_recent(self) -> None:
        self.recent_menu.clear()
        for name in self.files.recent():
            action = self.recent_menu.addAction(Path(name).name)
            action.setToolTip(name)
            action.triggered.connect(lambda _c=False, p=name: self.files.open_path(Path(p)))
        self.recent_menu.setEnabled(bool(self.files.recent()))

    # --- theme and layout ---------------------------------------------------------------------

    def set_theme(self, choice: str) -> None:
        """Follow the system, or force light or dark."""
        self.settings.setValue("theme", choice)
        app = QApplication.instance()
        if isinstance(app, QApplication):
            theme.apply_theme(app, choice)
        self.apply_palette()

    def apply_palette(self) -> None:
        """Give the models the accent colours of the scheme in use."""
        choice = str(self.settings.value("theme", theme.SYSTEM))
        for spec in ACTIONS:
            if spec.handler == "window.set_theme":
                self.actions_by_name[spec.name].setChecked(spec.args == (choice,))
        app = QApplication.instance()
        dark = theme.is_dark(app) if isinstance(app, QApplication) else False
        colours = theme.accent(dark)
        self.focus_tracker.set_colour(theme.focus_colour(dark))
        for model in (self.initiative_model, self.counters_model, self.log_model):
            model.palette.clear()
            model.palette.update(colours)
        self.phase_indicator.show_session(self.controller.session)
        self.initiative_model.forget_cells()
        self.map.scene.set_dark(dark)
        self.odds.set_dark(dark)

    def restore_layout(self) -> bool:
        """Put the window and docks back where they were last time; whether the window's
        geometry was."""
        geometry = self.settings.value("geometry")
        state = self.settings.value("windowState")
        restored = isinstance(geometry, QByteArray) and self.restoreGeometry(geometry)
        if isinstance(state, QByteArray) and self.restoreState(state):
            self.own_layout = True
        return bool(restored)

    def showEvent(self, event: QShowEvent) -> None:
        """The first time: fit and centre the window by its real frame, now known."""
        super().showEvent(event)
        first, self.first_geometry = self.first_geometry, None
        if first is not None and self.geometry() == first:
            QTimer.singleShot(0, self, lambda: layout.place_by_frame(self, first))

    def show_chart(self, tab: int) -> None:
        """Bring the Odds and Charts panel up at one of its tabs."""
        self.odds.show()
        self.odds.raise_()
        if not self.odds.built:
            self.odds.build()
        self.odds.tabs.setCurrentIndex(tab)
        self.odds.schedule()

    def hide_stray_tab_bars(self) -> None:
        """Hide the orphaned tab bars QMainWindow sometimes leaves (see ``layout``)."""
        layout.hide_stray_tab_bars(self)

    def docks(self) -> tuple[QDockWidget, ...]:
        """Every panel, in the order the View menu lists them."""
        return (
            self.initiative,
            self.map,
            self.bridge,
            self.odds,
            self.counters,
            self.inspector,
            self.log,
            self.history,
        )

    def reset_layout(self) -> None:
        """The docks laid out for the window's size, which they follow again from now."""
        self.own_layout = False
        layout.arrange(self, layout.kind_for(self.width()), reopen=True)

    def resizeEvent(self, event: QResizeEvent) -> None:
        """A laptop-sized window gets the compact layout, a big one the roomy layout."""
        super().resizeEvent(event)
        layout.follow_size(self, event.size().width())

    def closeEvent(self, event: QCloseEvent) -> None:
        """Ask before unsaved changes are lost (only away from the undo stack's clean
        point); remember the layout and the file, reopened at the next start; close
        autosave, which removes its journal."""
        if not self.files.may_discard():
            event.ignore()
            return
        # Read before the window goes; written after, so the window (and the players'
        # one) leave the screen at once while the disk catches up.
        layout_now: dict[str, object] = {
            "geometry": self.saveGeometry(),
            "windowState": self.saveState(),
            "lastSession": str(self.controller.path or ""),  # "": a session never saved
        }
        if self.player_view is not None:
            self.player_view.close()
        self.hide()
        if self.remember_layout:
            keep(self.settings, layout_now)
        self.controller.close()
        event.accept()

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        """Notice the first paint: only then does anything heavy (the odds engine) load."""
        if not self.painted and event.type() == QEvent.Type.Paint:
            self.painted = True
            self.initiative.view.viewport().removeEventFilter(self)
            QTimer.singleShot(0, self._after_first_paint)
        return super().eventFilter(watched, event)

    def _after_first_paint(self) -> None:
        self.first_painted.emit()
        if not self.isVisible():
            return  # closed by whoever waited for the frame (the smoke test)
        self.hide_stray_tab_bars()
        self.inspector.attack.set_ready()
        self.odds.set_ready()
        from futurepath_desktop.ui.dialog_focus import DialogFocus

        self.dialog_focus = DialogFocus(self)
        # Keyboard first: arrows move through the combatants, letters act on them.
        self.initiative.view.setFocus()

    def widgets(self) -> dict[str, QWidget]:
        """The docks and bars by objectName (for tests and the smoke test)."""
        return {w.objectName(): w for w in (*self.docks(), self.combat_bar)}
