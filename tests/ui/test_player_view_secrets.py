"""R61 on the real player view: for random sessions played through the controller while
the view is open, no text in any of its widgets, item models or map items names a hidden
enemy, shows an enemy's exact HP or carries a GM note; a hidden player character is
listed, marked hidden; a visible enemy is listed. The oracle is tests/player_scenarios.py,
read from the ruling, not from ``player_info``."""

from __future__ import annotations

import shiboken6
from hypothesis import example, given, settings
from PySide6.QtCore import QAbstractItemModel, QModelIndex, Qt
from PySide6.QtWidgets import (
    QAbstractButton,
    QAbstractItemView,
    QApplication,
    QGraphicsRectItem,
    QGraphicsSimpleTextItem,
    QGraphicsTextItem,
    QGraphicsView,
    QLabel,
    QLineEdit,
    QTextEdit,
    QWidget,
)

from futurepath_desktop.session import commands as c
from futurepath_desktop.session.demo import demo_session
from futurepath_desktop.session.state import Session
from futurepath_desktop.ui.map.items import TokenItem
from futurepath_desktop.ui.map.scene import area_rect
from futurepath_desktop.ui.player_view import PlayerView
from futurepath_desktop.ui.undo import SessionController
from tests import player_scenarios as ps

ROLES = (
    Qt.ItemDataRole.DisplayRole,
    Qt.ItemDataRole.ToolTipRole,
    Qt.ItemDataRole.StatusTipRole,
    Qt.ItemDataRole.WhatsThisRole,
)


def model_texts(model: QAbstractItemModel) -> list[str]:
    """Every cell of every row (children too) in every role that shows text, and the
    headers."""
    found: list[str] = []
    for orientation in (Qt.Orientation.Horizontal, Qt.Orientation.Vertical):
        count = model.columnCount() if orientation == Qt.Orientation.Horizontal else 0
        for section in range(count):
            for role in ROLES:
                value = model.headerData(section, orientation, role)
                if value is not None:
                    found.append(str(value))

    def walk(parent: QModelIndex) -> None:
        for row in range(model.rowCount(parent)):
            for column in range(model.columnCount(parent)):
                index = model.index(row, column, parent)
                for role in ROLES:
                    value = model.data(index, role)
                    if value is not None:
                        found.append(str(value))
            walk(model.index(row, 0, parent))

    walk(QModelIndex())
    return found


def scene_texts(view: QGraphicsView) -> list[str]:
    """The text items and tool tips of a map, and what each token's picture shows."""
    scene = view.scene()
    found: list[str] = []
    for item in scene.items():
        found.append(item.toolTip())
        if isinstance(item, QGraphicsSimpleTextItem):
            found.append(item.text())
        elif isinstance(item, QGraphicsTextItem):
            found.append(item.toPlainText())
        if isinstance(item, TokenItem):
            found += [item.look.name, *item.look.badges]
    return found


def all_texts(view: PlayerView) -> list[str]:
    """Every text the player view holds, in every child widget."""
    found = [view.windowTitle(), view.toolTip()]
    for widget in [view, *view.findChildren(QWidget)]:
        found += [widget.windowTitle(), widget.toolTip(), widget.statusTip(), widget.whatsThis()]
        if isinstance(widget, QLabel):
            found.append(widget.text())
        if isinstance(widget, QAbstractButton):
            found.append(widget.text())
        if isinstance(widget, QLineEdit):
            found += [widget.text(), widget.placeholderText()]
        if isinstance(widget, QTextEdit):
            found.append(widget.toPlainText())
        if isinstance(widget, QAbstractItemView) and widget.model() is not None:
            found += model_texts(widget.model())
        if isinstance(widget, QGraphicsView) and widget.scene() is not None:
            found += scene_texts(widget)
    return [t for t in found if t]


def tree_rows(view: PlayerView) -> list[str]:
    """The first column of every row of the list."""
    model = view.tree.model()
    return [str(model.index(r, 0).data()).strip() for r in range(model.rowCount())]


def fog_levels(view: PlayerView, session: Session) -> list[float]:
    """The z of each fog cover the players' map draws (found by its rectangle)."""
    grid = session.map
    rects = [area_rect(f) for f in session.fog()] if grid is not None else []
    return [
        item.zValue()
        for item in view.map_scene.items()
        # The zones are drawn as area items; the fog covers are plain rectangles.
        if type(item) is QGraphicsRectItem and item.rect() in rects
    ]


def check(session: Session, view: PlayerView) -> None:
    """R61 on everything the view shows, and what it must show."""
    texts = all_texts(view)
    assert not ps.leaks(session, texts)
    rows = tree_rows(view)
    for ident in ps.shown_ids(session):
        member = session.combatants[ident]
        marked = f"{member.name} (hidden)"
        if ps.friendly(session, ident) and ps.hides(session, ident):
            assert marked in rows, f"{member.name} is listed, marked hidden"
        else:
            assert member.name in rows, f"{member.name} is listed"
    grid = session.map
    expected = set(session.tokens) & ps.shown_ids(session) if grid is not None else set()
    tokens = view.map_scene.tokens
    assert set(tokens) == expected
    named = ps.nameable_acting_team(session)
    for ident, item in tokens.items():
        friend_hides = ps.friendly(session, ident) and ps.hides(session, ident)
        assert item.look.hidden == friend_hides
        assert item.look.name == session.combatants[ident].name
        if friend_hides:  # badged as the GM's map badges the Hidden condition
            assert item.look.badges[0] == "Hidden"[:2]
        # The acting ring must not tell the players that an unseen team acts.
        assert item.look.acting == ps.ringed(session, ident)
        # A friend's token is drawn over the opaque fog, anyone else's under it.
        fog_z = fog_levels(view, session)
        if ident in ps.over_fog_ids(session):
            assert all(item.zValue() > z for z in fog_z), f"{ident} is under the fog"
        else:
            assert all(item.zValue() < z for z in fog_z), f"{ident} is over the fog"
    acting = session.combat.acting_team
    header = view.header.text()
    if acting is not None and named is None:
        assert not ps.word(session.teams[acting].name).search(header)
    if named is not None:
        assert f"{session.teams[named].name}" in header


@settings(max_examples=40, deadline=None)
@given(ps.scenarios)
@example(ps.SURPRISE_BY_A_HIDDEN_BEAR)
def test_r61_no_text_in_the_player_view_tells_a_secret(
    qapp: QApplication, scenario: ps.Scenario
) -> None:
    assert ps.friends_never_16()
    session = scenario.fresh()
    controller = SessionController(session)
    view = PlayerView(controller)
    try:
        view.show()
        check(session, view)
        # Played live: the view follows each change, as it does at the table.
        ps.play(scenario, controller.push)
        qapp.processEvents()
        check(session, view)
        if scenario is ps.SURPRISE_BY_A_HIDDEN_BEAR:
            assert session.combat.surprise_round and session.combat.acting_team == "bears"
            assert "Space Bears" not in view.header.text()
            assert "Space Bear 1" in tree_rows(view) and "Brandon" in tree_rows(view)
    finally:
        view.close()
        view.deleteLater()
        controller.deleteLater()
        qapp.processEvents()
        assert not shiboken6.isValid(view) or not view.isVisible()


def test_the_demo_lists_its_hidden_tracer_marked_hidden_and_its_bears(
    qapp: QApplication,
) -> None:
    session = demo_session()
    controller = SessionController(session)
    view = PlayerView(controller)
    view.show()
    rows = tree_rows(view)
    assert "Brandon (hidden)" in rows and "Space Bear 4" in rows
    assert view.map_scene.tokens["brandon"].look.hidden
    check(session, view)
    view.close()


def test_when_the_only_bear_acting_hides_the_players_lose_track_of_whose_turn_it_is(
    qapp: QApplication,
) -> None:
    session = demo_session()
    controller = SessionController(session)
    view = PlayerView(controller)
    view.show()
    assert controller.push(c.EditCombatant("bear-4", {"aware": True}))
    assert controller.push(c.StartCombat())
    assert controller.push(c.NextTurn())  # after Brandon's surprise turn: the bears' (R11)
    assert session.combat.acting_team == "bears"
    assert "Space Bears' turn" in view.header.text()
    rings = {i for i, item in view.map_scene.tokens.items() if item.look.acting}
    assert rings == {"bear-4"}  # R11: in the surprise round only the aware bear acts
    assert controller.push(c.AddCondition(("bear-4",), "hidden"))
    assert "Space Bears" not in view.header.text()
    assert not any(item.look.acting for item in view.map_scene.tokens.values())
    assert "bear-4" not in view.map_scene.tokens and "Space Bear 4" not in tree_rows(view)
    check(session, view)
    view.close()
