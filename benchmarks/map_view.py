"""The Map panel on a 200×200 map with 1,000 tokens, against a bare QGraphicsView that
holds 1,000 plain rect items, in the same run, with the same viewport and zoom.

- Repaint after a pan: scroll by 40 px and repaint the viewport synchronously, (a) as the
  view does it (the cached background scrolls) and (b) forced in full (cache dropped).
- Path preview per mouse move: a token dragged over 60 squares; each move finds the
  path of R36 and redraws the preview (the work of one mouse move, then its repaint);
  and the path search alone, the same drag repeated, each move's median over the repeats.
"""

from __future__ import annotations

import os
import statistics
import tempfile
import time
from collections.abc import Callable

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
os.environ.setdefault("FUTUREPATH_HOME", tempfile.mkdtemp(prefix="fp-bench-"))

from PySide6.QtCore import QRectF
from PySide6.QtGui import QColor
from PySide6.QtWidgets import QApplication, QGraphicsRectItem, QGraphicsScene, QGraphicsView

from benchmarks.fixtures import big_map_session
from futurepath_desktop.core import grid as core_grid
from futurepath_desktop.ui.map.scene import SQUARE, MapScene, square_rect
from futurepath_desktop.ui.map.view import MapView
from futurepath_desktop.ui.undo import SessionController

VIEWPORT = (1000, 700)
ZOOMS = {"1:1": 1.0, "1:4": 0.25, "whole map": 0.0}  # 0: fit the whole map


def _ms(run: Callable[[], object], repeats: int) -> list[float]:
    times = []
    for _ in range(repeats):
        started = time.perf_counter()
        run()
        times.append((time.perf_counter() - started) * 1000)
    return times


def _zoom(view: QGraphicsView, scale: float) -> None:
    view.resetTransform()
    if isinstance(view, MapView):  # through the panel's own zoom, so tokens look as they would
        if scale:
            view.zoom_by(scale)
        else:
            view.fit()
    elif scale:
        view.scale(scale, scale)
    else:
        view.fitInView(view.sceneRect())
    view.centerOn(view.sceneRect().center())


def _pan_and_repaint(view: QGraphicsView, *, full: bool) -> Callable[[], object]:
    step = [40]

    def run() -> None:
        bar = view.horizontalScrollBar()
        if bar.value() + step[0] > bar.maximum() or bar.value() + step[0] < bar.minimum():
            step[0] = -step[0]
        bar.setValue(bar.value() + step[0])
        if full:
            view.resetCachedContent()
        view.viewport().repaint()

    return run


def measure(repeats: int = 40) -> dict[str, dict[str, float]]:
    """Median and worst ms for each case, the app's panel and the bare view."""
    app = QApplication.instance() or QApplication([])
    session = big_map_session()
    assert session.map is not None
    controller = SessionController(session, None)
    scene = MapScene()
    scene.sync(session)
    view = MapView(scene, controller)
    view.resize(*VIEWPORT)
    view.show()
    bare_scene = QGraphicsScene()
    bare_scene.setSceneRect(scene.sceneRect())
    for token in session.tokens.values():
        item = QGraphicsRectItem(QRectF(0, 0, SQUARE, SQUARE))
        item.setBrush(QColor("#3a7bd5"))
        item.setPos(token.x * SQUARE, token.y * SQUARE)
        bare_scene.addItem(item)
    bare = QGraphicsView(bare_scene)
    bare.resize(*VIEWPORT)
    bare.show()
    app.processEvents()
    figures: dict[str, dict[str, float]] = {}
    for label, scale in ZOOMS.items():
        for name, subject in (("app", view), ("bare", bare)):
            _zoom(subject, scale)
            app.processEvents()
            for full in (False, True):
                run = _pan_and_repaint(subject, full=full)
                _ms(run, 3)  # warm up
                times = _ms(run, repeats)
                key = f"pan {'full repaint' if full else 'repaint'} @ {label}"
                figures.setdefault(key, {})[f"{name}_median_ms"] = statistics.median(times)
                figures[key][f"{name}_worst_ms"] = max(times)
    # A drag: the first token walks 60 squares to the right and back down.
    _zoom(view, 1.0)
    _zoom(bare, 1.0)
    mover = next(iter(session.tokens))
    start = session.tokens[mover].square
    view.centerOn(square_rect(*start).center())
    bare.centerOn(square_rect(*start).center())
    app.processEvents()
    view.begin_drag(mover)
    squares = [(min(199, start[0] + k), min(199, start[1] + k // 3)) for k in range(1, 61)]
    moved = next(i for i in bare_scene.items() if isinstance(i, QGraphicsRectItem))
    compute, compute_bare, painted, painted_bare = [], [], [], []
    for square in squares:
        started = time.perf_counter()
        view.preview(square)
        compute.append((time.perf_counter() - started) * 1000)
        view.viewport().repaint()
        painted.append((time.perf_counter() - started) * 1000)
        started = time.perf_counter()
        moved.setPos(square[0] * SQUARE, square[1] * SQUARE)
        compute_bare.append((time.perf_counter() - started) * 1000)
        bare.viewport().repaint()
        painted_bare.append((time.perf_counter() - started) * 1000)
    # The path search alone, the same drag walked again and again: on a shared machine one
    # pass is noisy, so each move's figure is its median over the passes.
    drag = view.drag
    assert drag is not None
    limit = max(4 * drag.budget_ft, 4 * core_grid.SQUARE_FT)
    searches: list[list[float]] = [[] for _ in squares]
    for _ in range(max(3, repeats // 4)):
        for times, square in zip(searches, squares, strict=True):
            started = time.perf_counter()
            core_grid.find_path(drag.grid, drag.start, square, limit_ft=limit)
            times.append((time.perf_counter() - started) * 1000)
    per_move = [statistics.median(times) for times in searches]
    view.cancel()
    figures["drag: path search per mouse move"] = {
        "app_median_ms": statistics.median(per_move),
        "app_worst_ms": max(per_move),
    }
    figures["drag: work per mouse move"] = {
        "app_median_ms": statistics.median(compute),
        "app_worst_ms": max(compute),
        "bare_median_ms": statistics.median(compute_bare),
        "bare_worst_ms": max(compute_bare),
    }
    figures["drag: mouse move + repaint"] = {
        "app_median_ms": statistics.median(painted),
        "app_worst_ms": max(painted),
        "bare_median_ms": statistics.median(painted_bare),
        "bare_worst_ms": max(painted_bare),
    }
    view.close()
    bare.close()
    return figures


if __name__ == "__main__":
    frame = 1000 / 60
    print(f"200×200 map, 1,000 tokens, {VIEWPORT[0]}×{VIEWPORT[1]} viewport (frame {frame:.1f} ms)")
    for case, row in measure().items():
        bare = (
            f"   bare {row['bare_median_ms']:6.2f} ms (worst {row['bare_worst_ms']:6.2f})"
            if "bare_median_ms" in row
            else " " * 35
        )
        print(
            f"{case:38s} app {row['app_median_ms']:6.2f} ms (worst {row['app_worst_ms']:6.2f})"
            f"{bare}   app/frame {row['app_median_ms'] / frame:.2f}"
        )
