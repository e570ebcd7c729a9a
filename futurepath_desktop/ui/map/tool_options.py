"""The options row of the Map panel: the current tool's options (how a token moves, what
the brush paints, a template's shape and size, a grenade's damage), who is inside the
chosen template with a menu that acts on them, and the map's view tools at its end. It
changes with the tool, keeping to one line at a laptop's width so that the map does not
move as the tools change, and wraps onto a second line only in a narrower panel (nothing
cut, nothing behind a "»")."""

from __future__ import annotations

from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QLabel,
    QLineEdit,
    QMenu,
    QSizePolicy,
    QToolButton,
    QWidget,
)

from futurepath_desktop.core import grid as core_grid
from futurepath_desktop.ui.map.tools import MapTool, Settings
from futurepath_desktop.ui.widgets.number_box import NumberBox
from futurepath_desktop.ui.widgets.tool_row import FlowLayout

BRUSHES: tuple[tuple[str, core_grid.Terrain | None, int | None], ...] = (
    ("Normal ground", core_grid.Terrain.NORMAL, None),
    ("Difficult terrain", core_grid.Terrain.DIFFICULT, None),
    ("Half-square (wall through it)", core_grid.Terrain.HALF_SQUARE, None),
    ("Wall", core_grid.Terrain.WALL, None),
    ("No cover", None, 0),
    ("Partial cover", None, 1),
    ("Heavy cover", None, 2),
    ("Full cover", None, 3),
)


class ToolOptions(QWidget):
    """The options row; what is set in it is written to the tools' :class:`Settings`."""

    def __init__(self, settings: Settings, end: QWidget) -> None:
        super().__init__()
        self.settings = settings
        self.setObjectName("mapOptions")
        row = FlowLayout(self, spacing=4, last_at_end=True)  # Fit and Setup stay put
        row.setContentsMargins(4, 0, 4, 0)
        self.move_type = QComboBox()
        self.move_type.setObjectName("mapMoveType")
        for move in core_grid.MoveType:
            self.move_type.addItem(move.value.capitalize(), move)
        self.move_type.currentIndexChanged.connect(self._changed)
        # As wide as "Sprint", not as the longest move's name: the row keeps room for Fit.
        self.move_type.setSizeAdjustPolicy(
            QComboBox.SizeAdjustPolicy.AdjustToMinimumContentsLengthWithIcon
        )
        self.move_type.setMinimumContentsLength(14)
        self.brush = QComboBox()
        self.brush.setObjectName("mapBrush")
        for label, _, _ in BRUSHES:
            self.brush.addItem(label)
        self.brush.setCurrentIndex(1)
        self.brush.currentIndexChanged.connect(self._changed)
        self.shape = QComboBox()
        self.shape.setObjectName("mapTemplateShape")
        self.shape.addItems(["burst", "cone", "line"])
        self.shape.currentIndexChanged.connect(self._changed)
        self.size_ft = NumberBox()
        self.size_ft.setObjectName("mapTemplateSize")
        self.size_ft.setRange(5, 200)
        self.size_ft.setSingleStep(5)
        self.size_ft.setValue(10)
        self.size_ft.setSuffix(" ft")
        self.size_ft.valueChanged.connect(self._changed)
        self.damage = QLineEdit("3d6")
        self.damage.setObjectName("mapGrenadeDamage")
        self.damage.setMaximumWidth(80)
        self.damage.setToolTip("The grenade's damage, a dice expression")
        self.damage.textChanged.connect(self._changed)
        self.cooked = QCheckBox("Cooked")
        self.cooked.setToolTip(
            "Cook the grenade: a WIS check; it explodes at the start of the targets' turn"
        )
        self.cooked.setObjectName("mapGrenadeCooked")
        self.cooked.toggled.connect(self._changed)
        # Who is inside the chosen template, as one button whose menu acts on them: the
        # template's options keep to one line, so the map does not jump as tools change.
        self.inside = QToolButton()
        self.inside.setObjectName("mapInside")
        self.inside.setPopupMode(QToolButton.ToolButtonPopupMode.InstantPopup)
        actions = QMenu(self.inside)
        self.damage_inside = actions.addAction("Damage inside…")
        self.damage_inside.setObjectName("mapDamageInside")
        self.remove_template = actions.addAction("Remove template")
        self.remove_template.setObjectName("mapRemoveTemplate")
        self.inside.setMenu(actions)
        self.labels = {
            "move": QLabel("Move as"),
            "brush": QLabel("Paint"),
            "shape": QLabel("Shape"),
            "damage": QLabel("Damage"),
        }
        # The options each tool names (``MapTool.options``), by name.
        self.option_widgets: dict[str, tuple[QWidget, ...]] = {
            "move": (self.labels["move"], self.move_type),
            "brush": (self.labels["brush"], self.brush),
            "shape": (self.labels["shape"], self.shape),
            "size": (self.size_ft,),
            "inside": (self.inside,),
            "damage": (self.labels["damage"], self.damage),
            "cooked": (self.cooked,),
        }
        self.in_order: tuple[QWidget, ...] = (
            self.labels["move"],
            self.move_type,
            self.labels["brush"],
            self.brush,
            self.labels["shape"],
            self.shape,
            self.size_ft,
            self.labels["damage"],
            self.damage,
            self.cooked,
            self.inside,
        )
        tall = self.move_type.sizeHint().height()
        for widget in self.in_order:
            if isinstance(widget, (QLabel, QCheckBox)):
                widget.setMinimumHeight(tall)  # centred on the line, beside the boxes
            row.addWidget(widget)
        row.addWidget(end)
        # The row never forces the window wider than the screen.
        policy = QSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Preferred)
        policy.setHeightForWidth(True)
        self.setSizePolicy(policy)

    def show_for(self, tool: MapTool) -> None:
        """Show the options ``tool`` names, and only those."""
        shown = {widget for name in tool.options for widget in self.option_widgets[name]}
        for widget in self.in_order:
            widget.setVisible(widget in shown)

    def _changed(self, *_args: object) -> None:
        settings = self.settings
        # Qt hands back a text enum as plain text: the rules compare moves by kind.
        settings.move = core_grid.MoveType(self.move_type.currentData())
        _label, terrain, cover = BRUSHES[self.brush.currentIndex()]
        settings.brush_terrain, settings.brush_cover = terrain, cover
        settings.template_shape = self.shape.currentText()
        settings.template_ft = self.size_ft.value()
        settings.grenade_damage = self.damage.text().strip() or "3d6"
        settings.grenade_radius_ft = self.size_ft.value()
        settings.grenade_cooked = self.cooked.isChecked()
