"""The Map panel: the grid map with its tool row and a status line."""

from __future__ import annotations

from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QAction, QActionGroup
from PySide6.QtWidgets import (
    QDockWidget,
    QLabel,
    QMenu,
    QSizePolicy,
    QToolBar,
    QToolButton,
    QVBoxLayout,
    QWidget,
)

from futurepath_desktop.session import map_rules
from futurepath_desktop.session.change import Change
from futurepath_desktop.ui import accessible
from futurepath_desktop.ui.docks.panel import text_action
from futurepath_desktop.ui.map.scene import MapScene
from futurepath_desktop.ui.map.tool_options import ToolOptions
from futurepath_desktop.ui.map.view import MapView, Tool
from futurepath_desktop.ui.operations import map as operations
from futurepath_desktop.ui.portraits import kept_path
from futurepath_desktop.ui.undo import SessionController
from futurepath_desktop.ui.widgets.tool_row import ToolRow

INSIDE_WIDTH = 160  # the widest the list of who is inside a template grows, in pixels
NO_MAP = "This session has no map: Setup ▸ Map size… creates one."


class MapDock(QDockWidget):
    """The grid map: tools on top, the map, and what lies under the mouse."""

    selectInside = Signal(list)  # combatant ids inside the chosen template

    def __init__(self, controller: SessionController, parent: QWidget | None = None) -> None:
        super().__init__("Map", parent)
        self.setObjectName("mapDock")
        self.controller = controller
        self.scene = MapScene(self)
        # The view fits the whole map in the panel before the first frame, and a whole map
        # is seen from far out: draw the tokens that way at once rather than twice.
        self.scene.set_detail(False)
        self.view = MapView(self.scene, controller, self)
        body = QWidget()
        layout = QVBoxLayout(body)
        layout.setContentsMargins(2, 2, 2, 2)
        layout.setSpacing(2)
        # The tools wrap onto a second line in a narrow panel rather than going behind "»".
        self.tools = ToolRow("mapTools")
        self.tool_actions: dict[Tool, QAction] = {}
        group = QActionGroup(self)
        # Digits, so that they never clash with the window's letter keys.
        keys = {tool: str(number) for number, tool in enumerate(Tool, start=1)}
        for tool in Tool:
            action = text_action(tool.value, self)
            action.setCheckable(True)
            action.setObjectName(f"mapTool{tool.name.title()}")
            action.setToolTip(f"{tool.value} ({keys[tool]} while the map has the focus)")
            action.setStatusTip(f"Map tool: {tool.value}")
            action.setShortcut(keys[tool])
            action.setShortcutContext(Qt.ShortcutContext.WidgetWithChildrenShortcut)
            action.triggered.connect(lambda _=False, t=tool: self.set_tool(t))
            if tool is Tool.BRUSH:
                action.setIconText("Terrain")  # short: the seven tools keep to one row if they can
            group.addAction(action)
            self.tools.addAction(action)
            self.addAction(action)  # its key, wherever in the panel the keys are
            self.tool_actions[tool] = action
        self.tool_actions[Tool.MOVE].setChecked(True)
        # Fitting the view and setting the map up sit at the end of the options row.
        self.view_tools = QToolBar("Map view")
        self.view_tools.setObjectName("mapViewTools")
        self.view_tools.setToolButtonStyle(Qt.ToolButtonStyle.ToolButtonTextOnly)
        self.fit_action = text_action("Fit", self)
        self.fit_action.setObjectName("mapFit")
        self.fit_action.setToolTip("Fit the whole map in view (0)")
        self.fit_action.setStatusTip("Map tool: fit the whole map in view")
        self.fit_action.setShortcut("0")
        self.fit_action.setShortcutContext(Qt.ShortcutContext.WidgetWithChildrenShortcut)
        self.fit_action.triggered.connect(self.view.fit)
        self.view_tools.addAction(self.fit_action)
        self.addAction(self.fit_action)
        self.background_action = text_action("Background…", self)
        self.background_action.setObjectName("mapBackground")
        self.background_action.setToolTip("Lay an image under the grid (or take it off)")
        self.background_action.triggered.connect(self.choose_background)

        self.new_map_action = text_action("Map size…", self)
        self.new_map_action.setObjectName("mapSize")
        self.new_map_action.setToolTip("Create the map, or change its size")
        self.new_map_action.triggered.connect(self.ask_size)
        setup = QMenu(self)
        setup.addAction(self.new_map_action)
        setup.addAction(self.background_action)
        self.setup_button = QToolButton()
        self.setup_button.setObjectName("mapSetup")
        self.setup_button.setText("Setup")
        self.setup_button.setToolTip("The map's size and its background image")
        self.setup_button.setMenu(setup)
        self.setup_button.setPopupMode(QToolButton.ToolButtonPopupMode.InstantPopup)
        self.view_tools.addWidget(self.setup_button)
        layout.addWidget(self.tools)
        self.options = ToolOptions(self.view.settings, self.view_tools)
        self.options.damage_inside.triggered.connect(self._damage_inside)
        self.options.remove_template.triggered.connect(self._remove_template)
        layout.addWidget(self.options)
        self.view.setMinimumSize(240, 160)
        self.view.setAccessibleName("Map")
        layout.addWidget(self.view, 1)
        self.status = QLabel("Drag a token to move it by the rules; Shift+drop overrides.")
        self.status.setObjectName("mapStatus")
        self.status.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Fixed)
        # Two lines, always: a longer hint wraps instead of being cut, and the map does not
        # jump (and refit) as the line under the mouse changes length.
        self.status.setWordWrap(True)
        lines = self.status.fontMetrics()
        self.status.setFixedHeight(2 * lines.lineSpacing() + 2)
        layout.addWidget(self.status)
        self.setWidget(body)
        self.template_id: str | None = None
        self.described = ""  # the line under the map last said of the square under the mouse
        self.view.hovered.connect(self._hover)
        self.keys_said = ""  # what the line under the map says the keys do, while they do
        self.view.keysLeft.connect(self._keys_gone)
        self.view.templateChosen.connect(self.choose_template)
        controller.changed.connect(self._on_change)
        controller.sessionReplaced.connect(self._replaced)
        controller.pathChanged.connect(self.refresh)  # the background is relative to it
        self.set_tool(Tool.MOVE)
        self.refresh()

    # --- keeping in step --------------------------------------------------------------------

    def refresh(self) -> None:
        """Show the session's map afresh (a new or reopened session)."""
        path = self.controller.path
        self.scene.folder = path.parent if path is not None else None
        self.scene.forget_background()  # read the image again: it may have moved or gone
        self.scene.sync(self.controller.session)
        self._describe()
        self.template_id = None
        self._show_inside()
        self._sync_hint()
        self._warn_background()

    def _replaced(self) -> None:
        self.view.cancel()  # nothing half-done, drawn or noted from the session that went
        self.refresh()

    def _on_change(self, change: Change) -> None:
        self.scene.apply(self.controller.session, change)
        if change.in_table("tokens", "combatants", "teams", "areas") or change.map or change.combat:
            self._describe()
        if change.map:
            self._sync_hint()
            self._warn_background()
        self._show_inside()
        self.view.show_ranges()
        # The line under the map told of the square under the mouse: tell it as it is now
        # (a brush stroke, an undo, fog laid over it), not as it was.
        square = self.view.hovered_square
        if square is not None and self.described and self.status.text() == self.described:
            self._hover(self.view.describe(square))

    def _describe(self) -> None:
        """Tell screen readers what the tokens (scene items, unseen by them) show."""
        self.view.setAccessibleDescription(accessible.map_words(self.controller.session))

    def _sync_hint(self) -> None:
        """The line under the map follows the session's map: the hint that there is none
        only while there is none (after opening or recovering a session that has one, the
        current tool's hint)."""
        if self.controller.session.map is None:
            self.status.setText(NO_MAP)
        elif self.status.text() == NO_MAP:
            self.status.setText(self.view.current.hint)

    # --- tools ---------------------------------------------------------------------------------

    def set_tool(self, tool: Tool) -> None:
        """Pick the tool a left click uses, and show its options."""
        self.view.use(tool)
        self.tool_actions[tool].setChecked(True)
        self.options.show_for(self.view.current)
        map_hint = self.view.current.hint if self.controller.session.map is not None else NO_MAP
        self.status.setText(map_hint)

    def say_keys(self, text: str) -> None:
        """Say under the map what the keys do now that it has them (until they leave)."""
        self.status.setText(text)
        self.keys_said = text

    def _keys_gone(self) -> None:
        if self.keys_said and self.status.text() == self.keys_said:
            self.status.setText(self.view.current.hint)  # not the walk's keys, now gone
        self.keys_said = ""

    def _hover(self, text: str) -> None:
        if text:
            self.status.setText(text)
            self.described = text

    # --- templates ------------------------------------------------------------------------------

    def choose_template(self, template_id: str) -> None:
        """Make a template the one the buttons act on, and select who is inside."""
        self.template_id = template_id
        self._show_inside()
        ids = self.inside_ids()
        if ids:
            self.selectInside.emit(ids)

    def inside_ids(self) -> list[str]:
        """Who stands inside the chosen template."""
        session = self.controller.session
        if session.map is None or self.template_id is None:
            return []
        template = session.templates.get(self.template_id)
        if template is None:
            return []
        return map_rules.inside_template(self.controller.session, template)

    def _show_inside(self) -> None:
        ids = self.inside_ids()
        session = self.controller.session
        names = ", ".join(session.combatants[i].name for i in ids)
        chosen = self.template_id is not None and self._template()
        text = f"Inside: {names}" if ids else "Nobody inside" if chosen else "No template chosen"
        # A long list would make the row wrap: then a count, the names in the tip (and
        # on the line under the map when the template is chosen).
        if self.options.inside.fontMetrics().horizontalAdvance(text) > INSIDE_WIDTH:
            text = f"{len(ids)} inside"
        options = self.options
        options.inside.setText(text)
        options.inside.setToolTip(names or "Click a template on the map to choose it")
        options.inside.setEnabled(chosen)
        options.damage_inside.setEnabled(bool(ids))
        options.remove_template.setEnabled(chosen)

    def _template(self) -> bool:
        return self.template_id in self.controller.session.templates

    def _damage_inside(self) -> None:
        """The Damage dialog for everyone inside the chosen template, named, at 0 (no
        amount the GM did not type), with the template as the source unless they say."""
        from futurepath_desktop.ui.dialogs.amount_dialog import AmountDialog

        ids = self.inside_ids()
        if not ids:
            return
        people = [self.controller.session.combatants[i].name for i in ids]
        who = f"Inside the template: {', '.join(people)}"
        dialog = AmountDialog("Damage", who, self, with_source=True)
        if dialog.exec() == AmountDialog.DialogCode.Accepted:
            source = dialog.source.text().strip() or "area"
            operations.damage_inside(self.controller, ids, dialog.value(), source)

    def _remove_template(self) -> None:
        chosen = self.template_id
        if chosen is not None and operations.remove_template(self.controller, chosen):
            self.template_id = None
            self._show_inside()

    def _warn_background(self) -> None:
        if self.scene.background_missing:
            self.status.setText(
                f"⚠ The background image {self.scene.background_missing} is missing; the map "
                "shows without it (Background… picks another)."
            )

    def choose_background(self) -> None:
        """Pick the image under the grid; it is kept relative to the session file."""
        from PySide6.QtWidgets import QFileDialog

        if self.controller.session.map is None:
            self.controller.failed.emit("Create the map first (Setup ▸ Map size…)")
            return
        path = self.controller.path
        if path is None:
            self.controller.failed.emit(
                "Save the session first: the image is kept relative to the session file"
            )
            return
        chosen, _ = QFileDialog.getOpenFileName(
            self, "Background image", str(path.parent), "Images (*.png *.jpg *.jpeg *.webp)"
        )
        if chosen:
            self.lay_background(chosen)

    def lay_background(self, chosen: str) -> bool:
        """Lay the picture file ``chosen`` (or dropped on the map) under the grid."""
        relative = kept_path(self.controller, chosen)  # relative to the session file
        return relative is not None and operations.set_background(self.controller, relative)

    def ask_size(self) -> None:
        """Create the map or change its size."""
        from PySide6.QtWidgets import QInputDialog  # loaded when first asked

        grid = self.controller.session.map
        width, ok = QInputDialog.getInt(
            self, "Map size", "Width in squares (5 ft each):", grid.width if grid else 30, 1, 1000
        )
        if not ok:
            return
        height, ok = QInputDialog.getInt(
            self, "Map size", "Height in squares:", grid.height if grid else 20, 1, 1000
        )
        if ok and operations.set_map_size(self.controller, width, height):
            self.view.fit()
