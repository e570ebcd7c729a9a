"""The teams, the turn order and the session's settings, driven through the window: each
action is reached by its key or its menu entry, its dialog is answered as a GM would, and
the session, the panels and the undo history show the result."""

from __future__ import annotations

from functools import partial

from PySide6.QtCore import QModelIndex, QPoint, Qt
from PySide6.QtGui import QContextMenuEvent
from PySide6.QtWidgets import (
    QApplication,
    QCheckBox,
    QComboBox,
    QDialog,
    QInputDialog,
    QLabel,
    QLineEdit,
    QMenu,
    QMessageBox,
    QPushButton,
    QRadioButton,
    QSpinBox,
)
from pytestqt.qtbot import QtBot

from futurepath_desktop.session import commands as c
from futurepath_desktop.session import store
from futurepath_desktop.ui.action_builder import letter_of
from futurepath_desktop.ui.main_window import MainWindow
from futurepath_desktop.ui.operations import combat
from tests.ui.conftest import answer_dialog, find


def team_row(window: MainWindow, team_id: str) -> int:
    """Where a team's row is in the Team Initiative panel."""
    model = window.initiative_model
    rows = [model.team_at(model.index(r, 0)) for r in range(model.rowCount())]
    return next(r for r, team in enumerate(rows) if team is not None and team.id == team_id)


def pick_team(window: MainWindow, team_id: str) -> None:
    """Make a team's row the current one in the Team Initiative panel."""
    model = window.initiative_model
    window.initiative.view.setCurrentIndex(model.index(team_row(window, team_id), 0))


def trigger(window: MainWindow, name: str) -> None:
    action = window.actions_by_name[name]
    assert action.isEnabled(), f"{name} is not available now"
    action.trigger()


def said(window: MainWindow) -> str:
    return window.statusBar().currentMessage()


def reopens(window: MainWindow) -> None:
    """What the window made saves and loads back as it is (R: nothing the window accepts
    may make a file that will not reopen)."""
    text = store.encode(window.controller.session)
    assert store.encode(store.decode(text)) == text


def test_the_session_is_renamed_from_the_file_menu(qtbot: QtBot, window: MainWindow) -> None:
    session, steps = window.controller.session, window.controller.stack.count()

    def answer(dialog: QDialog) -> None:
        assert isinstance(dialog, QInputDialog) and dialog.textValue() == session.name
        dialog.setTextValue("Bears at dawn")
        dialog.accept()

    answer_dialog(qtbot, answer)
    trigger(window, "actionRenameSession")
    assert session.name == "Bears at dawn"
    assert window.controller.stack.count() == steps + 1
    reopens(window)

    def too_long(dialog: QDialog) -> None:
        assert isinstance(dialog, QInputDialog)
        field = dialog.findChild(QLineEdit)
        assert field is not None
        field.setText("x" * 200)  # as pasted: the field keeps what the file takes
        dialog.accept()

    answer_dialog(qtbot, too_long)
    trigger(window, "actionRenameSession")
    assert session.name == "x" * 120
    reopens(window)

    def blank(dialog: QDialog) -> None:
        assert isinstance(dialog, QInputDialog)
        dialog.setTextValue("   ")
        dialog.accept()

    answer_dialog(qtbot, blank)
    trigger(window, "actionRenameSession")
    assert session.name == "x" * 120, "a blank name is refused"
    assert "120" in said(window), said(window)
    window.controller.stack.undo()
    window.controller.stack.undo()
    assert session.name != "Bears at dawn"


def test_the_rule_options_dialog_changes_the_rules_in_one_step(
    qtbot: QtBot, window: MainWindow
) -> None:
    """R40: Health and Fatigue, cover as an AC bonus and the initiative penalty, chosen in
    the dialog; the Health column reads the Health track at once; undo puts all back."""
    session = window.controller.session
    before = session.options
    brandon = window.initiative_model.index_of("brandon", 2)
    shown_before = brandon.data()

    def answer(dialog: QDialog) -> None:
        find(dialog, QRadioButton, "vitality-health-fatigue").click()
        find(dialog, QRadioButton, "cover-defense-bonus").click()
        find(dialog, QCheckBox, "conditionsLowerInitiative").setChecked(True)
        dialog.accept()

    answer_dialog(qtbot, answer)
    trigger(window, "actionRuleOptions")
    options = session.options
    assert options.vitality == "health-fatigue" and options.cover == "defense-bonus"
    assert options.condition_lowers_team_initiative
    hero = session.combatants["brandon"]
    shown = window.initiative_model.index_of("brandon", 2).data()
    assert shown.startswith(f"{hero.health}/{hero.max_health}"), shown  # R27's track
    assert shown != shown_before
    assert "Rule options changed" in session.log[-1].text
    reopens(window)
    window.controller.stack.undo()
    assert session.options == before
    assert window.initiative_model.index_of("brandon", 2).data() == shown_before


def test_in_a_fight_the_health_rules_are_shut_and_say_when_they_change(
    qtbot: QtBot, window: MainWindow
) -> None:
    """R26/R27 are tracks of their own: during combat the dialog's Health choice is shut
    and says it changes between fights; the other options still change."""
    from PySide6.QtWidgets import QGroupBox

    assert combat.start_combat(window.controller, ())
    seen: dict[str, tuple[bool, str]] = {}

    def answer(dialog: QDialog) -> None:
        health = find(dialog, QRadioButton, "vitality-health-fatigue")
        box = health.parent()
        assert isinstance(box, QGroupBox)
        seen["shut"] = (health.isEnabled(), box.title())
        find(dialog, QRadioButton, "cover-defense-bonus").click()
        dialog.accept()

    answer_dialog(qtbot, answer)
    trigger(window, "actionRuleOptions")
    qtbot.waitUntil(lambda: "shut" in seen)
    enabled, title = seen["shut"]
    assert not enabled and "between fights" in title
    options = window.controller.session.options
    assert options.vitality == "future-path" and options.cover == "defense-bonus"


def test_a_cancelled_dialog_changes_nothing(qtbot: QtBot, window: MainWindow) -> None:
    before, steps = store.encode(window.controller.session), window.controller.stack.count()
    answer_dialog(qtbot, lambda dialog: dialog.reject())
    trigger(window, "actionRuleOptions")
    pick_team(window, "bears")
    answer_dialog(qtbot, lambda dialog: dialog.reject())
    trigger(window, "actionEditTeam")
    assert store.encode(window.controller.session) == before
    assert window.controller.stack.count() == steps


def test_the_gm_adjusts_a_teams_initiative_by_key(qtbot: QtBot, window: MainWindow) -> None:
    """R8: I on a selected team; the order follows the new initiative, and the log says
    who changed it and why."""
    assert combat.start_combat(window.controller, ())
    session = window.controller.session
    pick_team(window, "bears")
    window.initiative.view.setFocus()
    bears = session.teams["bears"]
    others = max(t.initiative or 0 for t in session.teams.values() if t.id != "bears")

    def answer(dialog: QDialog) -> None:
        spin = find(dialog, QSpinBox, "initiativeSpin")
        assert spin.value() == bears.initiative
        spin.setValue(others + 5)
        find(dialog, QLineEdit, "initiativeReason").setText("they heard us coming")
        dialog.accept()

    answer_dialog(qtbot, answer)
    qtbot.keyClick(window.initiative.view, Qt.Key.Key_I)
    qtbot.waitUntil(lambda: session.teams["bears"].initiative == others + 5)
    assert session.combat.order[0] == "bears"
    assert "they heard us coming" in session.log[-1].text
    assert team_row(window, "bears") == 0, "the panel shows the new order"
    reopens(window)


def test_the_gm_moves_a_team_in_the_acting_order(qtbot: QtBot, window: MainWindow) -> None:
    """R8: Alt+PgDown and Alt+PgUp move the selected team one place; past either end the
    status bar says so and nothing is pushed."""
    assert combat.start_combat(window.controller, ())
    session = window.controller.session
    first, second = session.combat.order
    pick_team(window, first)
    window.initiative.view.setFocus()
    qtbot.keyClick(window.initiative.view, Qt.Key.Key_PageDown, Qt.KeyboardModifier.AltModifier)
    assert session.combat.order == (second, first)
    assert "reorders the teams" in session.log[-1].text
    steps = window.controller.stack.count()
    selected = window.initiative.view.selectionModel().selectedRows(0)
    assert [i.data() for i in selected] == [session.teams[first].name], "it stays selected"
    trigger(window, "actionActLater")
    assert session.combat.order == (second, first)
    assert "already acts last" in said(window)
    assert window.controller.stack.count() == steps
    trigger(window, "actionActEarlier")
    assert session.combat.order == (first, second)
    reopens(window)
    # Alt+Down opens a drop-down list; it must not move a team as well.
    target = window.inspector.attack.target
    target.setFocus()
    qtbot.keyClick(target, Qt.Key.Key_Down, Qt.KeyboardModifier.AltModifier)
    target.hidePopup()
    assert session.combat.order == (first, second)


def test_a_team_is_edited_with_f2(qtbot: QtBot, window: MainWindow) -> None:
    session = window.controller.session
    pick_team(window, "bears")
    window.initiative.view.setFocus()

    def answer(dialog: QDialog) -> None:
        name = find(dialog, QLineEdit, "teamName")
        assert name.text() == "Space Bears"
        assert not find(dialog, QPushButton, "teamColour").autoDefault(), "Enter is OK"
        name.setText("Ursine Raiders")
        side = find(dialog, QComboBox, "teamSide")
        side.setCurrentIndex(side.findData("neutral"))
        dialog.accept()

    window.inspector.show_combatant("bear-1")
    answer_dialog(qtbot, answer)
    qtbot.keyClick(window.initiative.view, Qt.Key.Key_F2)
    qtbot.waitUntil(lambda: session.teams["bears"].name == "Ursine Raiders")
    assert "Ursine Raiders" in window.inspector.title.text(), "the inspector follows"
    assert "The team Space Bears is now called Ursine Raiders" in session.log[-1].text
    assert session.teams["bears"].side == "neutral"
    model = window.initiative_model
    assert model.index(team_row(window, "bears"), 0).data() == "Ursine Raiders"
    reopens(window)

    refused: list[str] = []

    def blank(dialog: QDialog) -> None:
        find(dialog, QLineEdit, "teamName").setText("   ")
        dialog.accept()  # refused in the dialog, which says why and stays
        if dialog.isVisible():
            refused.append(find(dialog, QLabel, "teamProblem").text())
        dialog.reject()

    answer_dialog(qtbot, blank)
    trigger(window, "actionEditTeam")
    assert session.teams["bears"].name == "Ursine Raiders", "a blank name is refused"
    assert refused == ["A team needs a name."], "and the dialog says why"


def test_teams_move_in_the_roster_outside_combat(window: MainWindow) -> None:
    session = window.controller.session
    assert list(session.teams) == ["players", "bears"]
    pick_team(window, "bears")
    trigger(window, "actionMoveTeamUp")
    assert list(session.teams) == ["bears", "players"]
    assert window.controller.stack.undoText() == "Move team Space Bears up"
    pick_team(window, "bears")
    trigger(window, "actionMoveTeamUp")
    assert "already at the top" in said(window)
    assert combat.start_combat(window.controller, ())
    assert not window.actions_by_name["actionMoveTeamUp"].isEnabled(), "in combat: the order"


def test_a_combatant_moves_to_another_team(qtbot: QtBot, window: MainWindow) -> None:
    session = window.controller.session
    window.initiative.select(["brandon"])

    def answer(dialog: QDialog) -> None:
        assert isinstance(dialog, QInputDialog)
        assert dialog.comboBoxItems() == ["Space Bears"]
        dialog.setTextValue("Space Bears")
        dialog.accept()

    answer_dialog(qtbot, answer)
    trigger(window, "actionMoveToTeam")
    assert session.combatants["brandon"].team_id == "bears"
    assert [m.id for m in session.members("bears")][-1] == "brandon"
    assert window.initiative.current_id() == "brandon", "the moved one stays selected"
    reopens(window)
    window.controller.stack.undo()
    assert session.combatants["brandon"].team_id == "players"
    assert combat.start_combat(window.controller, ())
    assert not window.actions_by_name["actionMoveToTeam"].isEnabled()


def test_a_team_is_removed_after_the_gm_says_yes(qtbot: QtBot, window: MainWindow) -> None:
    """The question names the members and what goes with them; one step; undo brings
    the team, its members and their token and crew seat back."""
    session = window.controller.session
    before = store.encode(session)
    pick_team(window, "players")
    asked: list[str] = []

    def answer(dialog: QDialog) -> None:
        assert isinstance(dialog, QMessageBox)
        assert dialog.defaultButton() is dialog.button(QMessageBox.StandardButton.No)
        asked.append(dialog.text())
        dialog.button(QMessageBox.StandardButton.Yes).click()

    answer_dialog(qtbot, answer)
    trigger(window, "actionRemoveTeam")
    assert "Brandon, James, Art, Katie" in asked[0]
    assert "crew positions on Wayfarer" in asked[0]
    assert "players" not in session.teams and "brandon" not in session.combatants
    assert "The team Players leaves the session with Brandon" in session.log[-1].text
    reopens(window)
    window.controller.stack.undo()
    assert store.encode(session) == before


def test_team_actions_without_a_team_say_what_to_do(window: MainWindow) -> None:
    window.initiative.view.setCurrentIndex(window.initiative_model.index(-1, 0))
    window.initiative.view.selectionModel().clear()
    steps = window.controller.stack.count()
    for name in ("actionEditTeam", "actionRemoveTeam", "actionMoveTeamDown"):
        trigger(window, name)
        assert "Select a team" in said(window)
    # The keyboard's row with nothing selected (as after a click on empty space) is not
    # a choice either: a move must not go to a team the GM cannot see highlighted.
    pick_team(window, "bears")
    window.initiative.view.selectionModel().clearSelection()
    trigger(window, "actionMoveTeamUp")
    assert "Select a team" in said(window)
    assert window.controller.stack.count() == steps


def test_a_right_click_offers_what_can_be_done_to_the_row(window: MainWindow) -> None:
    """Out of combat the turn-order entries are left out; in combat they are offered and
    Move to Team is not. An entry runs the same action as the menu bar's."""
    dock = window.initiative

    def offered() -> list[str]:
        menu = dock.context_menu()
        entries = ["-" if a.isSeparator() else a.objectName() for a in menu.actions()]
        menu.deleteLater()
        return entries

    idle = offered()
    assert "actionEditTeam" in idle and "actionMoveToTeam" in idle
    assert "actionAdjustInitiative" not in idle
    assert idle[0] != "-" and idle[-1] != "-" and "-\n-" not in "\n".join(idle)
    assert combat.start_combat(window.controller, ())
    fighting = offered()
    assert "actionAdjustInitiative" in fighting and "actionMoveToTeam" not in fighting
    first, second = window.controller.session.combat.order
    pick_team(window, second)
    menu = dock.context_menu()
    earlier = next(a for a in menu.actions() if a.objectName() == "actionActEarlier")
    earlier.trigger()
    menu.deleteLater()
    assert window.controller.session.combat.order == (second, first)


def test_a_right_click_menu_has_letters_of_its_own(window: MainWindow) -> None:
    """The row's menu shares its entries with the window's menus, which deal their
    letters as they open: the row's menu deals its own, none twice, and the Combat menu,
    opened after it, again has a letter for each entry, none twice."""
    assert combat.start_combat(window.controller, ())

    def letters(menu: QMenu) -> list[str]:
        return [letter_of(a.text()) for a in menu.actions() if not a.isSeparator()]

    row_menu = window.initiative.context_menu()
    given = letters(row_menu)
    assert all(given) and len(given) == len(set(given)), given
    bar = next(a.menu() for a in window.menuBar().actions() if a.text() == "&Combat")
    assert isinstance(bar, QMenu)
    bar.popup(QPoint(0, 0))
    bar.hide()
    dealt = letters(bar)
    assert all(dealt) and len(dealt) == len(set(dealt)), dealt
    row_menu.deleteLater()


def read_menu_soon(
    shown: list[list[str]], after_ms: int = 50, titles: list[str] | None = None
) -> None:
    """When the next pop-up menu is up, note its entries (without their letters) in
    ``shown``, and its first section's title in ``titles``, and close it."""
    from PySide6.QtCore import QTimer
    from PySide6.QtWidgets import QApplication, QMenu

    def close_menu() -> None:
        popup = QApplication.activePopupWidget()
        assert isinstance(popup, QMenu)
        shown.append([a.text().replace("&", "") for a in popup.actions() if not a.isSeparator()])
        first = popup.actions()[0]
        if titles is not None and first.isSeparator():
            titles.append(first.text())
        popup.close()

    QTimer.singleShot(after_ms, close_menu)


def test_a_right_click_selects_the_row_under_the_pointer(qtbot: QtBot, window: MainWindow) -> None:
    view = window.initiative.view
    window.initiative.select(["brandon"])
    target = window.initiative_model.index_of("bear-2")
    at = view.visualRect(target).center()
    shown: list[list[str]] = []
    read_menu_soon(shown)
    click = QContextMenuEvent(QContextMenuEvent.Reason.Mouse, at, view.viewport().mapToGlobal(at))
    QApplication.sendEvent(view.viewport(), click)
    qtbot.waitUntil(lambda: bool(shown))
    assert window.initiative.current_id() == "bear-2"
    assert window.initiative.selected_ids() == ["bear-2"]
    assert "Edit Team…" in shown[0] and "Damage…" in shown[0]


def test_a_row_menu_too_tall_for_either_side_opens_over_the_row(
    qtbot: QtBot, window: MainWindow
) -> None:
    """The fighting row menu on a 1280×800 screen is taller than the room above or below a
    row in the middle: it opens as low as it fits, over the row clicked, not at the
    screen's top (where Qt puts such a menu by itself). A menu that fits below or above
    is left where Qt puts it."""
    from PySide6.QtCore import QRect

    from futurepath_desktop.ui.widgets.menu_key import menu_point

    assert combat.start_combat(window.controller, ())
    window.initiative.select(["bear-2"])
    menu = window.initiative.context_menu()
    tall = menu.sizeHint().height()
    menu.deleteLater()
    laptop = QRect(0, 0, 1280, 800)
    row = QPoint(120, 372)  # Space Bear 2's row in the 1280×800 screenshot
    assert row.y() + tall > 800 and row.y() - tall < 0, "too tall for either side"
    top = menu_point(row, tall, laptop).y()
    assert 0 < top <= row.y() and top + tall == 800
    for fits in (QPoint(120, 200), QPoint(120, 780)):  # below 200 there is room; above 780
        assert menu_point(fits, min(tall, 560), laptop) == fits


def test_the_row_menu_says_whose_it_is(qtbot: QtBot, window: MainWindow) -> None:
    """The row's menu opens with the name of the row right-clicked (a combatant's or a
    team's), or how many combatants a wider selection holds, as the token's menu does."""
    view, session = window.initiative.view, window.controller.session
    shown: list[list[str]] = []
    titles: list[str] = []

    def right_click(index: QModelIndex) -> None:
        at = view.visualRect(index).center()
        read_menu_soon(shown, 50, titles)
        click = QContextMenuEvent(
            QContextMenuEvent.Reason.Mouse, at, view.viewport().mapToGlobal(at)
        )
        QApplication.sendEvent(view.viewport(), click)
        qtbot.waitUntil(lambda: bool(shown))

    right_click(window.initiative_model.index_of("bear-2"))
    assert titles == [session.combatants["bear-2"].name]
    team = session.teams[session.combatants["bear-2"].team_id]
    team_row = window.initiative_model.index_of("bear-2").parent()
    shown.clear()
    titles.clear()
    right_click(team_row)
    assert titles == [team.name]
    window.initiative.select(["brandon", "bear-2"])
    shown.clear()
    titles.clear()
    right_click(window.initiative_model.index_of("brandon"))  # already selected: both stay
    assert titles == ["2 combatants"]


def menus_read(shown: list[list[str]], count: int) -> bool:
    return len(shown) == count


def test_the_menu_key_opens_the_current_rows_menu(qtbot: QtBot, window: MainWindow) -> None:
    """The Menu key acts on the row the keys are on, whatever is below it: the menu is the
    current combatant's, and the selection stays (it had named the row below)."""
    view = window.initiative.view
    window.initiative.select(["brandon"])
    view.setFocus()
    shown: list[list[str]] = []
    for presses in range(1, 4):  # and again: no creeping down the list
        read_menu_soon(shown)
        # What the platform sends for the key: the current row's middle, in the view's
        # own coordinates (the header above the rows included).
        row = view.visualRect(window.initiative_model.index_of("brandon")).center()
        at = view.viewport().mapTo(view, row)
        key = QContextMenuEvent(QContextMenuEvent.Reason.Keyboard, at, view.mapToGlobal(at))
        QApplication.sendEvent(view, key)
        qtbot.waitUntil(partial(menus_read, shown, presses))
        assert window.initiative.selected_ids() == ["brandon"]
        assert window.initiative.current_id() == "brandon"


def test_shift_f10_opens_the_current_rows_menu_as_the_menu_key_does(
    qtbot: QtBot, window: MainWindow
) -> None:
    """Shift+F10, the other key for a context menu (Windows makes one of it itself)."""
    import sys

    from PySide6.QtCore import QTimer

    view = window.initiative.view
    window.initiative.select(["james"])
    view.setFocus()
    shown: list[list[str]] = []
    lit: list[str] = []

    def note_lit() -> None:  # opened by the keys, its first entry is lit for Enter
        popup = QApplication.activePopupWidget()
        active = popup.activeAction() if isinstance(popup, QMenu) else None
        lit.append(active.text().replace("&", "") if active is not None else "")

    QTimer.singleShot(20, note_lit)
    read_menu_soon(shown)
    qtbot.keyClick(view, Qt.Key.Key_F10, Qt.KeyboardModifier.ShiftModifier)
    if sys.platform == "win32":
        return  # the platform's own event, which the test above sends, opens it there
    qtbot.waitUntil(lambda: bool(shown))
    assert "Damage…" in shown[0]
    assert lit == [shown[0][0]], (lit, shown[0][:2])
    assert window.initiative.selected_ids() == ["james"]


def test_the_menu_key_opens_the_selected_tokens_menu_on_the_map(
    qtbot: QtBot, window: MainWindow
) -> None:
    """With the keys on the map, the Menu key (or Shift+F10) opens the selected token's
    menu, as a right-click on it does; with no token selected, nothing opens."""
    import sys

    view = window.map.view
    view.select("bear-2")
    view.setFocus()
    shown: list[list[str]] = []
    titles: list[str] = []
    read_menu_soon(shown, 100, titles)
    key = QContextMenuEvent(QContextMenuEvent.Reason.Keyboard, QPoint(5, 5), QPoint(5, 5))
    QApplication.sendEvent(view, key)
    qtbot.waitUntil(lambda: bool(shown))
    assert "Damage…" in shown[0] and titles[-1] == "Space Bear 2"
    assert window.initiative.selected_ids() == ["bear-2"]
    if sys.platform != "win32":
        read_menu_soon(shown, 100, titles)
        qtbot.keyClick(view, Qt.Key.Key_F10, Qt.KeyboardModifier.ShiftModifier)
        qtbot.waitUntil(lambda: len(shown) == 2)
        assert titles[-1] == "Space Bear 2"
    view.select(None)
    QApplication.sendEvent(view, key)
    qtbot.wait(150)
    assert QApplication.activePopupWidget() is None


def test_the_longest_team_name_keeps_the_combat_bar_whole(qtbot: QtBot) -> None:
    """A team named as long as the file allows is shortened in the turn label (in full
    in its tip); no action of the combat bar is pushed into its overflow at 1280×800."""
    from PySide6.QtWidgets import QToolButton

    from futurepath_desktop.session.demo import demo_session
    from futurepath_desktop.session.edit import run

    session = demo_session()
    run(session, c.EditTeam("players", {"name": "Bear" * 30}))
    main = MainWindow(session, autosave=False, remember_layout=False)
    qtbot.addWidget(main, before_close_func=lambda w: w.controller.stack.setClean())
    main.resize(1280, 800)
    main.show()
    qtbot.waitUntil(lambda: main.painted)
    overflow = main.combat_bar.findChild(QToolButton, "qt_toolbar_ext_button")
    assert overflow is None or not overflow.isVisible()
    assert main.actions_by_name["actionPlayerView"] in main.combat_bar.actions()


def test_a_new_team_colour_reaches_its_tokens_on_the_map(window: MainWindow) -> None:
    from futurepath_desktop.ui.operations import teams

    tokens = window.map.scene.tokens
    assert tokens["bear-1"].look.colour == window.controller.session.teams["bears"].colour
    assert teams.edit_team(window.controller, "bears", {"colour": "#22aa55"})
    assert tokens["bear-1"].look.colour == "#22aa55"
    assert tokens["brandon"].look.colour != "#22aa55"
    window.controller.stack.undo()
    assert tokens["bear-1"].look.colour == window.controller.session.teams["bears"].colour


def test_a_large_initiative_is_shown_whole(window: MainWindow) -> None:
    """The Init column widens for a GM's adjustment past two digits (R8)."""
    from PySide6.QtGui import QFontMetrics

    from futurepath_desktop.ui.models.initiative_cells import INIT
    from futurepath_desktop.ui.operations import teams

    assert combat.start_combat(window.controller, ())
    assert teams.adjust_initiative(window.controller, "bears", 99_999)
    view = window.initiative.view
    row = team_row(window, "bears")
    shown = window.initiative_model.index(row, INIT).data()
    assert shown == "99999"
    bold = view.font()
    bold.setBold(True)
    assert view.header().sectionSize(INIT) > QFontMetrics(bold).horizontalAdvance(shown)


def test_a_right_click_on_a_map_token_opens_its_combatants_menu(
    qtbot: QtBot, window: MainWindow
) -> None:
    """The map's token offers what the combatant's row does; a right-drag still pans."""
    from PySide6.QtWidgets import QApplication

    from futurepath_desktop.session import map_rules
    from futurepath_desktop.ui.map.scene import square_rect

    window.resize(1600, 1000)
    view = window.map.view
    window.initiative.select(["brandon"])
    square = window.controller.session.tokens["bear-2"].square
    at = view.mapFromScene(square_rect(*square).center())
    shown: list[list[str]] = []
    titles: list[str] = []
    read_menu_soon(shown, 100, titles)
    qtbot.mousePress(view.viewport(), Qt.MouseButton.RightButton, pos=at)
    qtbot.mouseRelease(view.viewport(), Qt.MouseButton.RightButton, pos=at)
    qtbot.waitUntil(lambda: bool(shown))
    assert window.initiative.selected_ids() == ["bear-2"]
    assert "Damage…" in shown[0] and "Add Condition…" in shown[0]
    assert titles and titles[-1] == "Space Bear 2", "the menu says whose it is"
    # The token is the one on the square under the pointer, right up to its edges.
    session = window.controller.session
    taken = map_rules.footprints(session)
    for ident, token in session.tokens.items():
        rect = square_rect(*token.square)
        for corner in (rect.topLeft(), rect.bottomRight()):
            inside = corner + (rect.center() - corner) * 0.1
            assert view._token_at(view.mapFromScene(inside)) == ident
        x, y = token.square
        for beside in ((x + 1, y), (x - 1, y), (x, y + 1), (x, y - 1)):
            if beside not in taken:
                edge = square_rect(*beside).center()
                assert view._token_at(view.mapFromScene(edge)) is None
    # A right-drag pans the map and opens nothing.
    before = len(shown)
    qtbot.mousePress(view.viewport(), Qt.MouseButton.RightButton, pos=at)
    qtbot.mouseMove(view.viewport(), at + QPoint(-60, 0))
    qtbot.mouseRelease(view.viewport(), Qt.MouseButton.RightButton, pos=at + QPoint(-60, 0))
    qtbot.wait(150)
    assert len(shown) == before
    assert QApplication.activePopupWidget() is None


def test_a_new_team_is_chosen_in_the_panel_once_made(qtbot: QtBot, window: MainWindow) -> None:
    """Ctrl+T: the team made is the row chosen in Team Initiative (current, in sight), so
    the next key (New Combatant, F2) acts on it rather than on whoever was chosen before."""
    session = window.controller.session
    window.initiative.select(["bear-1"])
    window.initiative.view.setFocus()

    def answer(dialog: QDialog) -> None:
        find(dialog, QLineEdit, "teamName").setText("Mercenaries")
        dialog.accept()

    answer_dialog(qtbot, answer)
    qtbot.keyClick(window.initiative.view, Qt.Key.Key_T, Qt.KeyboardModifier.ControlModifier)
    qtbot.waitUntil(lambda: any(t.name == "Mercenaries" for t in session.teams.values()))
    made = next(t.id for t in session.teams.values() if t.name == "Mercenaries")
    view = window.initiative.view
    row = window.initiative_model.index_of(made)
    assert view.currentIndex() == row
    assert [i.row() for i in view.selectionModel().selectedRows(0)] == [row.row()]
    assert view.visualRect(row).intersects(view.viewport().rect()), "in sight"


def test_mid_fight_new_team_is_refused_before_its_dialog(qtbot: QtBot, window: MainWindow) -> None:
    """Mid-fight a team comes in by Join (R9): Ctrl+T says so at once, rather than after the
    GM has filled in a dialog that is then refused."""
    from futurepath_desktop.session import commands as c

    session = window.controller.session
    assert window.controller.push(c.StartCombat(unaware_ids=()))
    teams = dict(session.teams)
    window.initiative.view.setFocus()
    qtbot.keyClick(window.initiative.view, Qt.Key.Key_T, Qt.KeyboardModifier.ControlModifier)
    assert QApplication.activeModalWidget() is None, "no dialog to fill in"
    assert "Join (J)" in window.statusBar().currentMessage()
    assert session.teams == teams
