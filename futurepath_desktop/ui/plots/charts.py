"""pyqtgraph charts: themed, with exact values on hover and PNG/CSV export.

This module imports pyqtgraph; import it only when a chart is first shown.
"""

from __future__ import annotations

import csv
import io
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import pyqtgraph as pg
from PySide6.QtCore import QPointF, Qt
from PySide6.QtGui import QColor, QFont, QFontMetricsF, QResizeEvent
from PySide6.QtWidgets import (
    QFileDialog,
    QGraphicsGridLayout,
    QHBoxLayout,
    QLabel,
    QPushButton,
    QSizePolicy,
    QVBoxLayout,
    QWidget,
)

from futurepath_desktop.session.store import atomic_write
from futurepath_desktop.ui.plots.data import OutcomeAxis, outcome_axis

pg.setConfigOptions(antialias=True)

PALETTE = ("#3a7bd5", "#c0392b", "#2e9d4f", "#d08a10", "#8e44ad", "#16a085", "#7f8c8d")

# The plot item's grid: title (row 0), top axis, view box, bottom axis (row 3). The legend
# takes the row under the bottom axis, so it never stands over the data it names.
LEGEND_ROW = 4


class OutsideLegend(pg.LegendItem):  # type: ignore[misc]
    """A legend laid out in its own row of the plot item, below the plot, in as many
    columns as the chart's width holds."""

    _laid_out = -1  # how many entries the grid was last laid out for
    layout: QGraphicsGridLayout  # pyqtgraph's names for its grid and its columns
    columnCount: int
    rowCount: int

    def updateSize(self) -> None:
        # pyqtgraph's own moves the legend to (0, 0), over the plot; in a layout, the
        # layout places it and only needs to hear that its size changed.
        self.updateGeometry()

    def mouseDragEvent(self, event: Any) -> None:
        event.ignore()  # a laid-out legend stays in its row

    def fit_columns(self, width: float) -> None:
        """As many columns as fit ``width`` pixels (at least one)."""
        if not self.items:
            return
        spacing = 12.0
        widest = max(
            sample.width() + label.item.boundingRect().width() + spacing
            for sample, label in self.items
        )
        columns = max(1, min(len(self.items), int(width // max(widest, 1.0))))
        if columns == self.columnCount and self._laid_out == len(self.items):
            return
        # A fresh grid: Qt's keeps the columns it once had, and their spacing, so a
        # legend laid out wide would never get narrow again.
        for index in range(self.layout.count() - 1, -1, -1):
            self.layout.removeAt(index)
        grid = QGraphicsGridLayout()
        grid.setVerticalSpacing(self.layout.verticalSpacing())
        grid.setHorizontalSpacing(self.layout.horizontalSpacing())
        self.layout = grid
        self.setLayout(grid)
        for index, (sample, label) in enumerate(self.items):
            row, column = divmod(index, columns)
            grid.addItem(sample, row, 2 * column, Qt.AlignmentFlag.AlignVCenter)
            grid.addItem(label, row, 2 * column + 1)
        self.columnCount = columns
        self.rowCount = (len(self.items) + columns - 1) // columns
        self._laid_out = len(self.items)
        self.updateGeometry()

    def recolour(self, colour: str) -> None:
        """Write every entry again in ``colour`` (pyqtgraph's ``setLabelTextColor`` only
        changes the colour of entries added later)."""
        self.setLabelTextColor(colour)
        for _sample, label in self.items:
            label.setText(label.text, color=colour)


class Chart(QWidget):
    """One plot with a title, axis labels, hover read-out and export buttons.

    ``series`` keeps what is drawn as plain numbers: (name, xs, ys), so that tests and the
    CSV export read back exactly what the chart shows.
    """

    def __init__(
        self,
        title: str,
        x_label: str,
        y_label: str,
        parent: QWidget | None = None,
        *,
        percent: bool = False,
    ):
        super().__init__(parent)
        self.title = title
        self.full_title = title  # what the chart shows now (the title may be shortened)
        # Chances are kept as probabilities in ``series`` and drawn as percentages.
        self.scale = 100.0 if percent else 1.0
        self.plot = pg.PlotWidget()
        self.plot.setTitle(title)
        self.plot.setLabel("bottom", x_label)
        self.plot.setLabel("left", y_label)
        self.plot.showGrid(x=True, y=True, alpha=0.25)
        self.plot.getAxis("left").enableAutoSIPrefix(False)
        self.plot.getAxis("bottom").enableAutoSIPrefix(False)
        if percent:
            self.plot.setLabel("left", f"{y_label} (%)")
            self.plot.setYRange(0, 100, padding=0.02)
        self.legend = OutsideLegend(offset=None, colCount=1, brush=pg.mkBrush(128, 128, 128, 40))
        self.plot.plotItem.layout.addItem(self.legend, LEGEND_ROW, 1)
        self.plot.plotItem.legend = self.legend  # named items join it by themselves
        self.plot.getViewBox().sigResized.connect(self._fit_legend)
        self.series: list[tuple[str, list[float], list[float]]] = []
        self._items: dict[tuple[str, str], Any] = {}
        self._used: set[tuple[str, str]] = set()
        self.hover = pg.TextItem(anchor=(0, 1))
        self.hover.setZValue(100)
        self.plot.addItem(self.hover, ignoreBounds=True)
        self.plot.scene().sigMouseMoved.connect(self._moved)
        # With nothing to chart, a sentence in place of the plot: no empty axes.
        self.hint = QLabel()
        self.hint.setObjectName("chartHint")
        self.hint.setWordWrap(True)
        self.hint.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.hint.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Expanding)
        self.hint.hide()
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.plot, 1)
        layout.addWidget(self.hint, 1)
        row = QHBoxLayout()
        row.addStretch(1)
        png = QPushButton("Export PNG…")
        png.clicked.connect(lambda: self._ask("PNG image (*.png)", self.export_png))
        data = QPushButton("Export CSV…")
        data.clicked.connect(lambda: self._ask("CSV table (*.csv)", self.export_csv))
        self.exports = (png, data)
        for button in self.exports:
            button.setFlat(True)
            row.addWidget(button)
        layout.addLayout(row)
        self.dark = False
        self.foreground = "#1d2126"

    def set_dark(self, dark: bool) -> None:
        """Follow the light or dark scheme."""
        self.dark = dark
        background, foreground = ("#1b1d21", "#e6e6e6") if dark else ("#ffffff", "#1d2126")
        self.plot.setBackground(background)
        for side in ("left", "bottom"):
            axis = self.plot.getAxis(side)
            axis.setPen(pg.mkPen(foreground))
            axis.setTextPen(pg.mkPen(foreground))
        self.foreground = foreground
        self._fit_title()
        self.hover.setColor(QColor(foreground))
        self.legend.recolour(foreground)

    def set_title(self, text: str) -> None:
        """Name what the chart shows now, in the scheme's colour."""
        self.show_hint("")
        self.full_title = text
        self._fit_title()

    def _fit_title(self) -> None:
        # Shortened to the chart's width (the whole title in the tool tip): a long title
        # would otherwise be cut at the chart's edge, and widen the plot past it.
        label = self.plot.plotItem.titleLabel
        font = QFont(label.item.font())
        size = str(label.opts.get("size") or "")
        if size.endswith("pt"):  # pyqtgraph writes its size into the text's style
            font.setPointSizeF(float(size[:-2]))
        font.setBold(bool(label.opts.get("bold")))
        metrics = QFontMetricsF(font)
        # The title stands over the view box, right of the left axis.
        room = max(40.0, self.plot.width() - self.plot.getAxis("left").width() - 16.0)
        shown = metrics.elidedText(self.full_title, Qt.TextElideMode.ElideRight, room)
        self.plot.setTitle(shown, color=self.foreground)
        self.plot.setToolTip(self.full_title if shown != self.full_title else "")

    def show_hint(self, text: str) -> None:
        """Show ``text`` (wrapped) instead of the plot, or the plot again if it is empty."""
        self.hint.setText(text)
        self.hint.setVisible(bool(text))
        self.plot.setVisible(not text)
        for button in self.exports:  # nothing drawn, nothing to export
            button.setEnabled(not text)

    def _fit_legend(self, *_args: object) -> None:
        # The widget's width, less the left axis: the view box's own width would grow with a
        # legend too wide for it and never let the legend take fewer columns.
        axis = self.plot.getAxis("left")
        self.legend.fit_columns(self.plot.width() - axis.width() - 16)

    def resizeEvent(self, event: QResizeEvent) -> None:
        """Another width lays the title and the legend out again."""
        super().resizeEvent(event)
        self._fit_title()
        self._fit_legend()

    def begin(self) -> None:
        """Start a redraw: series drawn before :meth:`end` are kept (their items updated in
        place), the others are removed then. Nothing is rebuilt on a toggle."""
        self.series = []
        self._used = set()

    def end(self) -> None:
        """Finish a redraw: drop what was not drawn this time."""
        for key in [k for k in self._items if k not in self._used]:
            item = self._items.pop(key)
            if key[0] != "mark":
                self.legend.removeItem(item)
            self.plot.removeItem(item)
        if not self.series:
            self.hover.setText("")
        self._fit_legend()

    def clear(self) -> None:
        """Remove every series (the hover label stays)."""
        self.begin()
        self.end()

    def _item(self, kind: str, name: str) -> Any:
        self._used.add((kind, name))
        return self._items.get((kind, name))

    def line(
        self,
        name: str,
        xs: Sequence[float],
        ys: Sequence[float],
        colour: str,
        width: float = 2,
        dashed: bool = False,
    ) -> None:
        """A line with its points marked (dashed for a second measure of the same thing)."""
        self.series.append((name, list(xs), list(ys)))
        item = self._item("line", name)
        drawn = [y * self.scale for y in ys]
        if item is None:
            item = self.plot.plot(
                list(xs),
                drawn,
                name=name,
                pen=pg.mkPen(
                    colour,
                    width=width,
                    style=pg.QtCore.Qt.PenStyle.DashLine
                    if dashed
                    else pg.QtCore.Qt.PenStyle.SolidLine,
                ),
                symbol="o",
                symbolSize=5,
                symbolBrush=colour,
                symbolPen=None,
            )
            self._items[("line", name)] = item
        else:
            item.setData(list(xs), drawn)

    def bars(
        self,
        name: str,
        xs: Sequence[float],
        ys: Sequence[float],
        colour: str,
        width: float = 0.8,
        offset: float = 0.0,
    ) -> None:
        """A set of bars."""
        self.series.append((name, list(xs), list(ys)))
        shifted = [x + offset for x in xs]
        drawn = [y * self.scale for y in ys]
        item = self._item("bars", name)
        if item is None:
            item = pg.BarGraphItem(
                x=shifted, height=drawn, width=width, brush=colour, pen=None, name=name
            )
            self.plot.addItem(item)  # a named item joins the legend by itself
            self._items[("bars", name)] = item
        else:
            item.setOpts(x=shifted, height=drawn, width=width)

    def whole_x(self, last: int, first: int = 0) -> None:
        """Whole-number ticks from ``first`` to ``last`` (rounds and hard points are not
        fractions)."""
        last = max(first + 1, last)
        step = max(1, (last - first) // 15)
        self.ticks([(n, str(n)) for n in range(first, last + 1, step)])
        self.plot.setXRange(first - 0.5, last + 0.5, padding=0)

    def whole_y(self, top: int) -> None:
        """Whole-number ticks from 0 to ``top`` on the left axis (counts are not fractions)."""
        step = max(1, top // 8)
        self.plot.getAxis("left").setTicks([[(n, str(n)) for n in range(0, top + 1, step)]])
        # A little room below 0 and above the top, so their labels and points show whole.
        self.plot.setYRange(-0.15, top + 0.15, padding=0)

    def outcome_axis(self, highest: int) -> OutcomeAxis:
        """The attack chart's x axis laid out for the axis's width in pixels and its font."""
        axis = self.plot.getAxis("bottom")
        font = axis.style.get("tickFont") or self.plot.font()
        metrics = QFontMetricsF(font)
        pixels = self.plot.getViewBox().width() or self.plot.width() * 0.85
        return outcome_axis(highest, pixels, metrics.horizontalAdvance)

    def ticks(self, labels: Sequence[tuple[float, str]]) -> None:
        """Name some places on the x axis (the miss and critical-failure bars)."""
        self.plot.getAxis("bottom").setTicks([list(labels)])

    def mark_x(self, x: float, label: str, colour: str = "#d08a10", key: str = "marker") -> None:
        """A vertical marker (the expected damage, the current target's AC)."""
        item = self._item("mark", key)
        if item is None:
            item = pg.InfiniteLine(
                pos=x,
                angle=90,
                pen=pg.mkPen(colour, width=2, style=pg.QtCore.Qt.PenStyle.DashLine),
                label=label,
                labelOpts={"color": colour, "position": 0.92},
            )
            self.plot.addItem(item, ignoreBounds=True)
            self._items[("mark", key)] = item
        else:
            item.setPos(x)
            item.label.setFormat(label)

    def _moved(self, position: QPointF) -> None:
        view = self.plot.plotItem.vb
        if not self.plot.sceneBoundingRect().contains(position) or not self.series:
            return
        point = view.mapSceneToView(position)
        (x0, x1), (y0, y1) = view.viewRange()
        width, height = max(x1 - x0, 1e-9), max(y1 - y0, 1e-9)
        best = None
        for name, xs, ys in self.series:
            for x, y in zip(xs, ys, strict=True):
                # Nearest on screen: both axes measured in fractions of the view.
                distance = abs(x - point.x()) / width + abs(y * self.scale - point.y()) / height
                if best is None or distance < best[0]:
                    best = (distance, name, x, y)
        if best is None or best[0] > 0.08:
            self.hover.setText("")
            return
        _, name, x, y = best
        shown = f"{y:.4%}" if self.scale == 100.0 else f"{y:g}"
        self.hover.setText(f"{name}\n{x:g}: {shown}")
        self.hover.setPos(point)

    def export_png(self, path: Path) -> None:
        """Save the chart as a PNG picture (written atomically, like every user file)."""
        from PySide6.QtCore import QBuffer, QByteArray, QIODevice

        data = QByteArray()
        buffer = QBuffer(data)
        buffer.open(QIODevice.OpenModeFlag.WriteOnly)
        self.plot.grab().save(buffer, "PNG")
        buffer.close()
        atomic_write(Path(path), bytes(data.data()))

    def export_csv(self, path: Path) -> None:
        """Save the numbers behind the chart as CSV: series, x, y."""
        text = io.StringIO()
        writer = csv.writer(text)
        writer.writerow(["series", "x", "y"])
        for name, xs, ys in self.series:
            for x, y in zip(xs, ys, strict=True):
                writer.writerow([name, x, y])
        atomic_write(Path(path), text.getvalue().encode("utf-8"))

    def _ask(self, kind: str, save: object) -> None:
        path, _ = QFileDialog.getSaveFileName(self, f"Export {self.title}", self.title, kind)
        if path and callable(save):
            save(Path(path))
