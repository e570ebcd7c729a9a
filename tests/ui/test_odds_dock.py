"""The Odds and Charts panel: pyqtgraph loads only when it is shown, and what each chart
draws is read back and checked against the exact odds (core.odds, battle_damage_odds)
and against the log."""

from __future__ import annotations

import textwrap
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import QRectF, Qt
from pytestqt.qtbot import QtBot

from futurepath_desktop.core.odds import attack_damage_odds, attack_odds
from futurepath_desktop.core.starship import battle_damage_odds
from futurepath_desktop.session.commands import Damage
from futurepath_desktop.session.space_rules import volley_dc
from futurepath_desktop.ui.main_window import MainWindow
from tests.helpers import run_python


def test_opening_the_window_leaves_pyqtgraph_unloaded_until_the_charts_show(
    tmp_path: Path,
) -> None:
    script = textwrap.dedent(
        """
        import sys
        from PySide6.QtWidgets import QApplication
        from futurepath_desktop.session.demo import demo_session
        from futurepath_desktop.ui.main_window import MainWindow
        app = QApplication([])
        window = MainWindow(demo_session(), autosave=False)
        window.show()
        for _ in range(20):
            app.processEvents()
        print("before", "pyqtgraph" in sys.modules)
        window.show_chart(0)
        for _ in range(5):
            app.processEvents()
        print("after", "pyqtgraph" in sys.modules)
        window.controller.stack.setClean()
        """
    )
    done = run_python("-c", script, home=tmp_path)
    assert done.returncode == 0, done.stderr
    assert "before False" in done.stdout and "after True" in done.stdout


def series(chart: object, name: str) -> tuple[list[float], list[float]]:
    for label, xs, ys in chart.series:  # type: ignore[attr-defined]
        if label == name:
            return xs, ys
    raise AssertionError(f"no series {name}")


def test_the_attack_chart_draws_exactly_the_odds(qtbot: QtBot, window: MainWindow) -> None:
    window.initiative.select(["art"])
    form = window.inspector.attack
    form.target.setCurrentIndex(form.target.findData("bear-2"))
    form.fiat_adv.setValue(2)
    form.recompute()
    window.show_chart(0)
    dock = window.odds
    dock.refresh()
    plan = form.plan
    assert plan is not None
    setup = plan.setup
    tally = setup.tally()
    exact = attack_damage_odds(
        setup.accuracy_modifier + tally.flat,
        tally.net,
        setup.advantage_die,
        setup.target_ac,
        setup.damage_die,
        setup.damage_modifier,
        setup.weapon.crit_min,
        setup.weapon.crit_multiplier,
    )
    drawn: dict[int, float] = {}
    for name in ("hit", "critical"):
        xs, ys = series(dock.outcomes, name)
        for x, y in zip(xs, ys, strict=True):
            drawn[int(x)] = drawn.get(int(x), 0.0) + y
    (_, (miss,)), (_, (fail,)) = (
        series(dock.outcomes, "miss"),
        series(dock.outcomes, "critical failure"),
    )
    drawn[0] = drawn.get(0, 0.0) + miss + fail
    assert drawn.keys() == exact.distribution.keys()
    for value, chance in exact.distribution.items():
        assert abs(drawn[value] - float(chance)) < 1e-12
    xs, ys = series(dock.by_ac, plan.weapon.name)
    for ac, p in zip(xs, ys, strict=True):
        expected = attack_odds(
            setup.accuracy_modifier + tally.flat,
            tally.net,
            setup.advantage_die,
            int(ac),
            setup.weapon.crit_min,
        ).hit
        assert abs(p - expected) < 1e-12
    # A toggle in the form redraws the chart with the new sources.
    form.fiat_adv.setValue(0)
    form.recompute()
    dock.refresh()
    again = form.plan
    assert again is not None and again.setup.tally().net == tally.net - 2
    new = again.setup.tally()
    xs, toggled = series(dock.by_ac, plan.weapon.name)
    assert toggled == [
        attack_odds(
            again.setup.accuracy_modifier + new.flat,
            new.net,
            again.setup.advantage_die,
            int(ac),
            again.setup.weapon.crit_min,
        ).hit
        for ac in xs
    ]
    assert toggled != ys


def test_the_battle_damage_chart_matches_the_exact_odds(qtbot: QtBot, window: MainWindow) -> None:
    window.bridge.show()
    window.bridge.raise_()
    qtbot.waitUntil(lambda: window.bridge.built)
    bridge = window.bridge.build()
    bridge.target.setCurrentIndex(bridge.target.findData("bear-hunter"))
    window.show_chart(1)
    window.odds.refresh()
    session = window.controller.session
    ship, target = session.ship("wayfarer"), session.ship("bear-hunter")
    dc = volley_dc(ship, target)
    xs, ys = series(window.odds.battle, "without a scan")
    assert xs == list(range(1, ship.hard_points + 1))
    for n, p in zip(xs, ys, strict=True):
        assert p == battle_damage_odds(int(n), dc.count, dc.threshold, ship.weapons, 0)
    xs, ys = series(window.odds.battle, f"with a scan (+{ship.sensors})")
    for n, p in zip(xs, ys, strict=True):
        assert p == battle_damage_odds(int(n), dc.count, dc.threshold, ship.weapons, ship.sensors)
    assert all(
        b >= a for a, b in zip(series(window.odds.battle, "without a scan")[1], ys, strict=True)
    )
    # Hard points come whole: every label on the x axis is a whole number, 1 to all of them.
    labels = [text for text, _rect in axis_labels(window.odds.battle)]
    assert labels and all(text.isdigit() for text in labels)
    assert min(map(int, labels)) == 1 and max(map(int, labels)) == ship.hard_points


def test_the_fight_so_far_follows_the_log_and_undo(
    qtbot: QtBot, window: MainWindow, tmp_path: Path
) -> None:
    window.show_chart(2)
    window.controller.push(Damage(("bear-1",), 5))
    window.controller.push(Damage(("bear-1",), 3))
    window.odds.refresh()
    _xs, ys = series(window.odds.health, "Space Bear 1")
    assert ys == [16, 11, 8]
    window.controller.stack.undo()
    window.odds.refresh()
    assert series(window.odds.health, "Space Bear 1")[1] == [16, 11]
    # Exports: the CSV holds the same numbers; the PNG is a picture.
    window.odds.health.export_csv(tmp_path / "health.csv")
    text = (tmp_path / "health.csv").read_text(encoding="utf-8")
    assert "Space Bear 1,0,16" in text and "Space Bear 1,0,11" in text
    window.odds.health.export_png(tmp_path / "health.png")
    assert (tmp_path / "health.png").read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


@pytest.mark.parametrize("dark", [False, True])
def test_charts_follow_the_scheme(qtbot: QtBot, window: MainWindow, dark: bool) -> None:
    window.show_chart(2)
    window.odds.set_dark(dark)
    background = window.odds.health.plot.backgroundBrush().color()
    assert (background.lightness() < 128) is dark


def test_under_health_and_fatigue_the_fight_chart_draws_both(
    qtbot: QtBot, window: MainWindow
) -> None:
    from futurepath_desktop.session.commands import SetOptions
    from futurepath_desktop.session.state import Options

    window.controller.push(SetOptions(Options(vitality="health-fatigue")))
    window.show_chart(2)
    window.controller.push(Damage(("bear-1",), 20))  # past its Health: Fatigue rises (R27)
    window.odds.refresh()
    bear = window.controller.session.combatants["bear-1"]
    health = series(window.odds.health, "Space Bear 1")[1]
    fatigue = series(window.odds.health, "Space Bear 1 fatigue")[1]
    assert health[-1] == bear.health and fatigue[-1] == bear.fatigue > 0


def axis_labels(chart: object) -> list[tuple[str, QRectF]]:
    """The bottom axis's labels and the rectangles pyqtgraph draws them in."""
    from PySide6.QtGui import QImage, QPainter

    axis = chart.plot.getAxis("bottom")  # type: ignore[attr-defined]
    picture = QImage(8, 8, QImage.Format.Format_ARGB32)
    painter = QPainter(picture)
    font = axis.style.get("tickFont")
    painter.setFont(font if font is not None else chart.plot.font())  # type: ignore[attr-defined]
    try:
        _axis, _ticks, texts = axis.generateDrawSpecs(painter)
    finally:
        painter.end()
    return [(text, QRectF(rect)) for rect, _flags, text in texts]


@pytest.mark.parametrize("width", [300, 430, 700])
@pytest.mark.parametrize("attacker", ["art", "brandon"])
def test_the_miss_and_critical_failure_labels_stand_clear_of_the_damage_labels(
    qtbot: QtBot, window: MainWindow, width: int, attacker: str
) -> None:
    window.initiative.select([attacker])
    form = window.inspector.attack
    form.target.setCurrentIndex(form.target.findData("bear-2"))
    form.recompute()
    window.show_chart(0)
    dock = window.odds
    dock.outcomes.setFixedWidth(width)
    qtbot.waitUntil(lambda: abs(dock.outcomes.width() - width) <= 1)
    qtbot.wait(30)
    dock.refresh()
    qtbot.wait(30)
    labels = axis_labels(dock.outcomes)
    texts = [text for text, _ in labels]
    assert "miss" in texts and "crit. fail" in texts, texts
    assert sum(text.isdigit() for text in texts) >= 3, texts
    for index, (text, rect) in enumerate(labels):
        for other, second in labels[index + 1 :]:
            assert not rect.intersects(second), f"{text!r} covers {other!r} at {width} px"
    # The bars stand under their labels.
    ticks = dict((text, x) for x, text in dock.outcomes.plot.getAxis("bottom")._tickLevels[0])
    (miss_x,), _ = series(dock.outcomes, "miss")
    (fail_x,), _ = series(dock.outcomes, "critical failure")
    assert (ticks["miss"], ticks["crit. fail"]) == (miss_x, fail_x)


def bar_rects(chart: object) -> list[QRectF]:
    """The scene rectangles of a chart's sets of bars (each set's whole extent)."""
    import pyqtgraph as pg

    plot = chart.plot  # type: ignore[attr-defined]
    return [
        item.mapRectToScene(item.boundingRect())
        for item in plot.plotItem.items
        if isinstance(item, pg.BarGraphItem)
    ]


@pytest.mark.parametrize("width", [260, 350, 430, 700])
def test_the_legends_stand_outside_the_plotted_bars(
    qtbot: QtBot, window: MainWindow, width: int
) -> None:
    window.initiative.select(["art"])
    form = window.inspector.attack
    form.target.setCurrentIndex(form.target.findData("bear-2"))
    form.recompute()
    window.controller.push(Damage(("bear-1",), 5, "a test"))
    dock = window.odds
    for tab, chart in ((0, "outcomes"), (2, "damage")):
        window.show_chart(tab)
        shown = getattr(dock, chart)
        shown.setFixedWidth(width)
        qtbot.waitUntil(lambda: abs(shown.width() - width) <= 1)  # noqa: B023 (waited on here)
        qtbot.wait(30)
        dock.refresh()
        qtbot.wait(30)
        legend = shown.plot.plotItem.legend
        assert legend.items, f"{shown.title}: no legend"
        box = legend.sceneBoundingRect()
        view = shown.plot.plotItem.vb.sceneBoundingRect()
        # Outside the plotted area altogether, so it can cover no data at any zoom.
        assert not box.intersects(view), f"{shown.title}: legend {box} over the plot {view}"
        bars = bar_rects(shown)
        assert bars, f"{shown.title}: no bars"
        for bar in bars:
            assert not box.intersects(bar), f"{shown.title}: legend {box} covers a bar {bar}"
        # And every entry's text, and the title's, is inside the chart, not cut off at its
        # edge.
        chart_rect = shown.plot.sceneRect()
        title = shown.plot.plotItem.titleLabel
        for text, item in [(label.text, label.item) for _s, label in legend.items] + [
            (title.text, title.item)
        ]:
            assert chart_rect.contains(item.sceneBoundingRect()), f"{text!r} is cut off"


def test_with_nothing_to_chart_the_attack_tab_says_what_to_do_without_axes(
    qtbot: QtBot, window: MainWindow
) -> None:
    from PySide6.QtCore import QRect, Qt
    from PySide6.QtGui import QFontMetrics

    window.initiative.select(["bear-3"])  # its claws do not reach Art across the room
    form = window.inspector.attack
    form.target.setCurrentIndex(form.target.findData("art"))
    form.distance.setValue(45)
    form.recompute()
    assert form.plan is None
    window.show_chart(0)
    dock = window.odds
    dock.refresh()
    qtbot.wait(30)
    for chart in (dock.outcomes, dock.by_ac):
        # No axes with meaningless numbers: the plot is not shown at all.
        assert not chart.plot.isVisible(), f"{chart.title} still draws its axes"
        hint = chart.hint
        assert hint.isVisible() and hint.wordWrap() and hint.text()
        # The whole sentence fits the space the hint has, wrapped.
        metrics = QFontMetrics(hint.font())
        needed = metrics.boundingRect(
            QRect(0, 0, hint.contentsRect().width(), 10_000),
            int(Qt.TextFlag.TextWordWrap),
            hint.text(),
        )
        assert needed.width() <= hint.contentsRect().width()
        assert needed.height() <= hint.contentsRect().height()
        assert not any(button.isEnabled() for button in chart.exports)
    # A plan again brings the charts back.
    window.initiative.select(["art"])
    form.target.setCurrentIndex(form.target.findData("bear-2"))
    form.recompute()
    dock.refresh()
    qtbot.wait(30)
    assert dock.outcomes.plot.isVisible() and not dock.outcomes.hint.isVisible()
    assert all(button.isEnabled() for button in dock.outcomes.exports)


def test_the_first_opening_says_the_charts_are_loading(
    qtbot: QtBot, window: MainWindow, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The plotting library takes a good part of a second to load the first time: while
    the charts are made, the panel says so and the pointer waits; after, it is the
    charts, and the pointer is the GM's again."""
    from PySide6.QtWidgets import QApplication, QLabel

    from futurepath_desktop.ui.plots import charts

    seen: list[tuple[str, object]] = []
    real = charts.Chart.__init__

    def making(chart: charts.Chart, *args: Any, **kwargs: Any) -> None:
        placeholder = window.odds.widget()
        cursor = QApplication.overrideCursor()
        text = placeholder.text() if isinstance(placeholder, QLabel) else "(the charts)"
        seen.append((text, cursor.shape() if cursor is not None else None))
        real(chart, *args, **kwargs)

    monkeypatch.setattr(charts.Chart, "__init__", making)
    assert not window.odds.built
    window.show_chart(2)
    assert seen and all(text == "Loading the charts…" for text, _ in seen)
    assert all(shape == Qt.CursorShape.WaitCursor for _, shape in seen)
    assert window.odds.widget() is window.odds.tabs and window.odds.tabs.currentIndex() == 2
    assert QApplication.overrideCursor() is None


def drawn(chart: object) -> bool:
    """Whether a chart shows something: a series, or its hint of what to set up."""
    return bool(chart.series) or bool(chart.hint.text())  # type: ignore[attr-defined]


def test_charts_left_up_are_drawn_as_the_window_becomes_ready(
    qtbot: QtBot, window: MainWindow, monkeypatch: pytest.MonkeyPatch
) -> None:
    """On a layout left with the panel up, the charts are made once the first frame is up,
    after the attack form's first plan, and drawn as they are made: no frame of empty axes,
    nor of the hint to set up an attack that is set up, comes between."""
    from PySide6.QtWidgets import QLabel

    from futurepath_desktop.ui.plots.odds_dock import OddsDock

    window.initiative.select(["art"])
    form = window.inspector.attack
    form.target.setCurrentIndex(form.target.findData("bear-2"))
    odds = window.odds
    odds.ready = form.ready = False  # as at start, before the first frame
    form.plan = None
    odds.show()
    odds.raise_()

    def says_loading() -> bool:
        placeholder = odds.widget()
        return isinstance(placeholder, QLabel) and "Loading" in placeholder.text()

    qtbot.waitUntil(says_loading)
    assert odds.charts() == []  # not made yet
    at_making: list[tuple[bool, bool]] = []
    making = OddsDock._build_if_shown

    def made_and_drawn(dock: OddsDock) -> None:
        making(dock)
        if dock.charts():  # before the event loop, and any paint, runs again
            at_making.append((bool(dock.outcomes.series), bool(dock.outcomes.hint.text())))

    monkeypatch.setattr(OddsDock, "_build_if_shown", made_and_drawn)
    form.set_ready()  # as the window does once it has painted: the form, then the charts
    odds.set_ready()
    qtbot.waitUntil(lambda: bool(at_making))
    assert at_making[0] == (True, False), "the attack's odds, not the hint, from the start"
