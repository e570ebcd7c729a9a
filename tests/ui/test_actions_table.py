"""The window's actions as one table: the menus, the combat bar, the keys and the
shortcuts dialog are what it says; every handler it names exists; the operations push
one command each and report a refusal."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtCore import QPoint, Qt
from PySide6.QtGui import QAction, QContextMenuEvent, QKeySequence
from PySide6.QtWidgets import QApplication, QMenu, QTableView
from pytestqt.modeltest import ModelTester
from pytestqt.qtbot import QtBot

from futurepath_desktop.ui import action_builder
from futurepath_desktop.ui.actions import ACTIONS
from futurepath_desktop.ui.main_window import MainWindow
from futurepath_desktop.ui.operations import conditions, health, roster
from futurepath_desktop.ui.shortcut_list import plain, shortcut_rows
from tests.ui.conftest import answer_dialog

UI = Path(action_builder.__file__).parent

# The menus as the window showed them before they were made from the table (the old
# menus.py listed them by hand), with the team and session actions added since: "-" is a
# separator, "Name >" a submenu.
MENUS_BEFORE = {
    "&File": [
        "&New Session", "&Open…", "New Session from Encounter…", "Open &Recent >", "-",
        "&Save", "Save &As…", "Print Encounter…", "Print Log…", "Export Encounter as PDF…",
        "Export Log as PDF…", "-",
        "Import C&haracters…", "Session Na&me…", "Rule O&ptions…", "Save Party to Campaign…",
        "-", "&Quit",
    ],
    "&Edit": ["&Undo", "&Redo"],
    "&Combat": [
        "Start Combat", "Next Turn", "Next Phase", "Next Round", "End Combat", "-",
        "Attack…", "Damage…", "Heal…", "Temporary HP…", "Fall…", "-",
        "Add Condition…", "Extend +1", "Shorten −1", "End Condition", "-",
        "Join…", "Roll Dice…", "-",
        "Turn Order >", "Reminders…", "-",
        "Declare Action…", "Delay or Ready…", "Trigger Readied…", "Use Power…",
        "Other Actions >", "-", "Space >",
    ],
    "&Roster": [
        "New Combatant…", "New Team…", "Prep Library…", "Save to Library",
        "Remove Combatant…", "Next Encounter…", "Rest…", "Save as Encounter…",
        "Export Character Sheets…",
        "Set Portrait…", "Remove Portrait", "-",
        "Edit Team…", "Move to Team…", "Move Team Up", "Move Team Down", "Take Off the Map",
        "Remove Team…", "-",
        "New Ship…", "Edit Ship…", "Remove Ship…",
    ],
    "&View": [
        "Team Initiative", "Map", "Bridge", "Odds and Charts", "Condition Counters",
        "Inspector", "Log", "History", "-", "Combat", "-",
        "Go to Team Initiative", "Go to the Map", "Go to the Bridge", "Go to the History",
        "Next Tab",
        "Previous Tab", "Next Panel", "Previous Panel", "Zoom the Map In", "Zoom the Map Out",
        "Fit the Whole Map", "-",
        "Player View", "Reset Layout", "Theme >", "-",
        "Player View Screen…", "Player View Full Screen", "Player View Large Type",
        "Players' Page…", "-", "Round Timer", "Reset Round Timer",
        "Show Clocks to Players",
    ],
    "&Help": ["Keyboard Shortcuts", "-", "About Future Path Desktop"],
}  # fmt: skip


def entries(menu: QMenu) -> list[str]:
    """A menu's entries as the GM reads them, top to bottom."""
    out = []
    for action in menu.actions():
        if action.isSeparator():
            out.append("-")
        elif action.menu() is not None:
            out.append(f"{action.text()} >")
        else:
            out.append(action.text())
    return out


def test_the_menus_look_as_they_did(window: MainWindow) -> None:
    menus = {a.text(): a.menu() for a in window.menuBar().actions()}
    assert list(menus) == list(MENUS_BEFORE)
    for title, expected in MENUS_BEFORE.items():
        menu = menus[title]
        assert isinstance(menu, QMenu)
        shown = entries(menu)
        if title == "&Edit":  # the undo stack names what they would undo; nothing yet
            shown = [text.split(" ")[0] for text in shown]
        # Letters aside (the window gives every entry one, below): the same entries.
        assert [plain(t) for t in shown] == [plain(t) for t in expected], title
    view = menus["&View"]
    assert isinstance(view, QMenu)
    themes = next(a.menu() for a in view.actions() if plain(a.text()) == "Theme")
    assert isinstance(themes, QMenu)
    assert [plain(t) for t in entries(themes)] == ["System Theme", "Light Theme", "Dark Theme"]
    checked = [a.text() for a in themes.actions() if a.isChecked()]
    assert len(checked) == 1, "one theme ticked"


def test_every_action_is_what_its_row_says(window: MainWindow) -> None:
    for spec in ACTIONS:
        action = window.actions_by_name[spec.name]
        assert action.objectName() == spec.name
        if spec.handler not in ("stack.undo", "stack.redo"):  # those name what they undo
            assert plain(action.text()) == plain(spec.text)
            if "&" in spec.text:  # the table's own letter stays
                assert action.text() == spec.text
        assert [s.toString() for s in action.shortcuts()] == list(spec.keys)
        assert action.statusTip() == spec.tip
        if spec.keys and spec.tip:
            assert action.toolTip() == f"{spec.tip} ({spec.keys[0]})"
        assert action.isCheckable() == spec.checkable
        assert action in window.actions(), "its keys work anywhere in the window"
    names = [spec.name for spec in ACTIONS]
    assert len(names) == len(set(names)), "one row per action"


def test_choices_of_one_thing_are_one_of_a_group(qtbot: QtBot, window: MainWindow) -> None:
    """The theme's three choices are an exclusive group (menus mark them as one-of, and
    one is ticked at a time), whichever way the theme was set."""
    themes = [spec.name for spec in ACTIONS if spec.one_of == "themeChoice"]
    assert len(themes) == 3
    actions = [window.actions_by_name[name] for name in themes]
    group = actions[0].actionGroup()
    assert group is not None and group.isExclusive()
    assert all(action.actionGroup() is group for action in actions)
    try:
        for action in actions:
            action.trigger()
            assert [a.isChecked() for a in actions] == [a is action for a in actions]
    finally:
        window.actions_by_name["actionThemeLight"].trigger()
    ungrouped = [spec.name for spec in ACTIONS if not spec.one_of]
    assert all(window.actions_by_name[name].actionGroup() is None for name in ungrouped)


def test_the_table_writes_keys_as_qt_does() -> None:
    """The page shows the keys as written in the table: each must be what Qt binds."""
    for spec in ACTIONS:
        for keys in spec.keys:
            sequence = QKeySequence(keys)
            assert not sequence.isEmpty() and sequence.toString() == keys, (spec.name, keys)
    bound = [keys for keys, _ in shortcut_rows()]
    assert len(bound) == len(set(bound)), "no two actions share a key"


def test_every_handler_exists(window: MainWindow) -> None:
    """Each handler the table names is there, found as the window finds it (so a module
    left out of the builder's list, which the frozen bundle would lack, fails here)."""
    for spec in ACTIONS:
        owner, _, name = spec.handler.partition(".")
        if owner == "window":
            target: object = window
        elif owner == "files":
            target = window.files
        elif owner == "stack":
            target = window.controller.stack
        else:
            target, takes_window = action_builder.owner_module(owner)
            given_window = (
                "campaign_prompts",
                "character_prompts",
                "desk_prompts",
                "keyboard",
                "library_prompts",
                "picture_prompts",
                "player_window",
                "print_prompts",
                "prompts",
                "rhythm_prompts",
                "screen_prompts",
                "ship_prompts",
                "team_prompts",
                "turn_prompts",
                "web_prompts",
            )
            assert takes_window == (owner in given_window)
        assert callable(getattr(target, name, None)), spec.handler
    with pytest.raises(KeyError):
        action_builder.owner_module("nowhere")


def test_the_combat_bar_is_laid_out_by_the_table(window: MainWindow) -> None:
    def shown() -> list[str]:
        bar = window.combat_bar.actions()
        return [a.text().replace("&", "") for a in bar if a.isVisible() and a.text()]

    right = ["Save", "Undo", "Redo", "Player View"]
    assert shown() == ["Start Combat", "Next Turn", "Next Phase", *right]
    from futurepath_desktop.ui.operations import combat

    assert combat.start_combat(window.controller, ())
    assert shown() == ["End Combat", "Next Turn", "Next Phase", *right], "End in Start's place"
    undo = next(a for a in window.combat_bar.actions() if a.objectName() == "barUndo")
    assert undo.isEnabled() and undo.toolTip() == "Undo the last change (Ctrl+Z)"
    undo.trigger()
    assert not window.controller.session.combat.active
    assert not undo.isEnabled(), "nothing left to undo: the bar's button greys as the menu's"


def test_the_shortcuts_dialog_lists_the_table(qtbot: QtBot, window: MainWindow) -> None:
    seen: list[tuple[str, str]] = []
    seen_editing: list[bool] = []

    def read(dialog: object) -> None:
        from PySide6.QtWidgets import QDialog

        assert isinstance(dialog, QDialog)
        table = dialog.findChild(QTableView, "shortcutsTable")
        assert table is not None
        model = table.model()
        for row in range(model.rowCount()):
            seen.append((model.index(row, 0).data(), model.index(row, 1).data()))
        editable = model.flags(model.index(0, 0)) & Qt.ItemFlag.ItemIsEditable
        seen_editing.append(
            bool(editable) or table.editTriggers() != table.EditTrigger.NoEditTriggers
        )
        dialog.reject()

    answer_dialog(qtbot, read)
    window.actions_by_name["actionShortcuts"].trigger()
    assert seen == shortcut_rows()
    assert seen_editing == [False], "a list to read, not to type into"
    assert ("F1", "Keyboard Shortcuts") in seen and ("Ctrl+Shift+Z, Ctrl+Y", "Redo") in seen


def test_the_shortcuts_model(qtmodeltester: ModelTester) -> None:
    from futurepath_desktop.ui.models.shortcuts_model import ShortcutsModel

    model = ShortcutsModel()
    qtmodeltester.check(model, force_py=True)
    assert model.rowCount() == len(shortcut_rows()) > 30


def test_the_page_command_says_when_the_page_is_stale(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from tools import shortcuts_doc

    assert shortcuts_doc.main(["--check"]) == 0, "docs/shortcuts.md matches the table"
    page = tmp_path / "shortcuts.md"
    page.write_text("# stale\n", encoding="utf-8")
    monkeypatch.setattr(shortcuts_doc, "PAGE", page)
    assert shortcuts_doc.main(["--check"]) == 1
    assert shortcuts_doc.main([]) == 0 and shortcuts_doc.main(["--check"]) == 0


def test_operations_push_one_step_and_report_a_refusal(window: MainWindow) -> None:
    controller, session = window.controller, window.controller.session
    refusals: list[str] = []
    controller.failed.connect(refusals.append)
    steps = controller.stack.count()
    hp = session.combatants["bear-1"].hp
    assert health.damage(controller, ["bear-1"], 2)
    assert session.combatants["bear-1"].hp < hp and controller.stack.count() == steps + 1
    before = session.to_file()
    assert not health.heal(controller, ["bear-1"], -3), "a negative heal is refused"
    assert refusals and session.to_file() == before and controller.stack.count() == steps + 1
    assert not conditions.end_conditions(controller, ["no-such-condition"])
    ids = ["bear-1", "bear-2"]
    assert roster.remove_combatants(controller, ids)
    assert not set(ids) & set(session.combatants)
    assert controller.stack.count() == steps + 2, "removing several is one step"
    controller.stack.undo()
    assert set(ids) <= set(session.combatants)


def test_the_window_and_its_prompts_push_no_commands_themselves() -> None:
    """Widgets gather input and call an operation; only operations push."""
    prompts = ("prompts.py", "team_prompts.py", "turn_prompts.py")
    for name in ("main_window.py", *prompts, "keyboard.py", "combat_bar.py"):
        text = (UI / name).read_text(encoding="utf-8")
        assert ".push(" not in text and "session.commands import" not in text.replace(
            "session.commands.combat import leftover_effects", ""
        ), name
    for path in (UI / "operations").glob("*.py"):
        assert path.name == "__init__.py" or "controller" in path.read_text(encoding="utf-8")


def test_a_menu_entry_runs_its_operation(qtbot: QtBot, window: MainWindow) -> None:
    """Combat ▸ Next Turn goes through the table's handler to the operation."""
    from futurepath_desktop.ui.operations import combat

    assert combat.start_combat(window.controller, ())
    before, steps = window.controller.session.combat, window.controller.stack.count()
    action: QAction = window.actions_by_name["actionNextTurn"]
    assert action.isEnabled()
    action.trigger()
    assert window.controller.session.combat != before
    assert window.controller.stack.count() == steps + 1, "one step in the history"


def test_the_remove_prompt_says_what_goes_with_a_crew_member(window: MainWindow) -> None:
    """Brandon captains the Wayfarer and stands on the map: the question names both, read
    from a dry run of the removal, and asking changes nothing."""
    from futurepath_desktop.session import store
    from futurepath_desktop.ui.operations.roster import taken_along

    session = window.controller.session
    before = store.encode(session)
    words = taken_along(window.controller, ["brandon"])
    assert "their token on the map" in words
    assert "crew positions on Wayfarer" in words
    assert store.encode(session) == before
    assert taken_along(window.controller, ["nobody-here"]) == ""


def opened(menu: QMenu) -> QMenu:
    """``menu`` after it has opened and closed again, as the GM opens it (a menu deals its
    letters as it opens)."""
    menu.popup(QPoint(0, 0))
    menu.hide()
    return menu


def test_a_menu_deals_its_letters_as_it_opens(window: MainWindow) -> None:
    """No letters are dealt at start-up (most menus are never opened in a session); the
    first opening deals them, and opening again leaves them as they are."""
    combat = next(a.menu() for a in window.menuBar().actions() if a.text() == "&Combat")
    assert isinstance(combat, QMenu)
    texts = [a.text() for a in combat.actions() if not a.isSeparator()]
    assert not any(action_builder.letter_of(text) for text in texts)
    first = [a.text() for a in opened(combat).actions() if not a.isSeparator()]
    assert [plain(text) for text in first] == [plain(text) for text in texts]
    assert all(action_builder.letter_of(text) for text in first)
    assert [a.text() for a in opened(combat).actions() if not a.isSeparator()] == first


def test_no_two_entries_of_a_menu_share_a_letter(window: MainWindow) -> None:
    """Alt, the menu's letter, then an entry's letter: two entries with one letter would
    take turns, and Enter would run whichever is highlighted (New Session, say)."""
    for menu in map(opened, window.menuBar().findChildren(QMenu)):
        letters = [
            action.text().split("&", 1)[1][0].lower()
            for action in menu.actions()
            if "&" in action.text().replace("&&", "")
        ]
        assert len(letters) == len(set(letters)), (menu.title(), letters)


def test_every_entry_has_a_letter_while_its_text_has_a_free_one(window: MainWindow) -> None:
    """Keyboard-only menus: an entry goes without a letter only when every letter of its
    text is taken by the entries of its menu that have one."""
    for menu in map(opened, window.menuBar().findChildren(QMenu)):
        shown = [a for a in menu.actions() if not a.isSeparator()]
        taken = {action_builder.letter_of(a.text()) for a in shown} - {""}
        for action in shown:
            if action_builder.letter_of(action.text()):
                continue
            free = {ch.lower() for ch in action.text() if ch.isalnum()} - taken
            assert not free, (menu.title(), action.text(), free)
    combat = next(a.menu() for a in window.menuBar().actions() if a.text() == "&Combat")
    assert isinstance(combat, QMenu)
    lettered = [a.text() for a in combat.actions() if action_builder.letter_of(a.text())]
    assert "&Start Combat" in lettered, "the first entry gets its initial"
    submenus: dict[str, QMenu] = {}
    for entry in combat.actions():
        sub = entry.menu()
        if isinstance(sub, QMenu):
            submenus[plain(entry.text())] = sub
    assert [plain(a.text()) for a in submenus["Turn Order"].actions()] == [
        "Adjust Initiative…", "Act Earlier", "Act Later"
    ]  # fmt: skip
    assert [plain(a.text()) for a in submenus["Other Actions"].actions()] == [
        "Coup de Grace", "Stabilize…", "Attack an Object…", "Reload", "Detonate Grenade"
    ]  # fmt: skip


def test_a_letter_runs_its_entry(qtbot: QtBot, window: MainWindow) -> None:
    """Alt+C opens the Combat menu and its letter for Start Combat starts the fight."""
    session = window.controller.session
    assert not session.combat.active
    menu = next(a.menu() for a in window.menuBar().actions() if a.text() == "&Combat")
    assert isinstance(menu, QMenu)
    qtbot.keyClick(window, Qt.Key.Key_C, Qt.KeyboardModifier.AltModifier)
    qtbot.waitUntil(menu.isVisible)
    start = next(a for a in menu.actions() if plain(a.text()) == "Start Combat")
    letter = action_builder.letter_of(start.text())
    answer_dialog(qtbot, lambda dialog: dialog.accept())  # who is unaware: as suggested
    qtbot.keyClick(menu, letter)
    qtbot.waitUntil(lambda: session.combat.active)


def test_every_panel_in_the_view_menu_has_a_letter(window: MainWindow) -> None:
    """The panels' entries come first in View and are added once the panels exist: the
    letters are dealt again then, the higher entries first, so that a keyboard user opens
    any panel with Alt, V and a letter (a clock entry at the bottom may go without)."""
    view = next(a.menu() for a in window.menuBar().actions() if plain(a.text()) == "View")
    assert isinstance(view, QMenu)
    shown = [a for a in opened(view).actions() if not a.isSeparator()]
    for dock in window.docks():
        action = dock.toggleViewAction()
        assert action in shown
        assert action_builder.letter_of(action.text()), action.text()
    # Whoever goes without comes below every panel.
    last_panel = max(shown.index(dock.toggleViewAction()) for dock in window.docks())
    without = [n for n, a in enumerate(shown) if not action_builder.letter_of(a.text())]
    assert all(n > last_panel for n in without)


def test_dealing_the_letters_again_keeps_them_unique_and_the_texts_whole(
    window: MainWindow,
) -> None:
    view = next(a.menu() for a in window.menuBar().actions() if plain(a.text()) == "View")
    assert isinstance(view, QMenu)
    before = [plain(a.text()) for a in opened(view).actions()]
    action_builder.give_letters(view)
    action_builder.give_letters(view)
    assert [plain(a.text()) for a in view.actions()] == before
    letters = [action_builder.letter_of(a.text()) for a in view.actions()]
    given = [letter for letter in letters if letter]
    assert len(given) == len(set(given))


def test_the_shortcuts_dialog_finds_rows_and_says_how_the_keys_go_together(
    qtbot: QtBot,
) -> None:
    from PySide6.QtWidgets import QLabel, QLineEdit

    from futurepath_desktop.ui.dialogs.shortcuts_dialog import IN_PRACTICE, ShortcutsDialog

    dialog = ShortcutsDialog()
    qtbot.addWidget(dialog)
    table = dialog.findChild(QTableView, "shortcutsTable")
    finder = dialog.findChild(QLineEdit, "shortcutsFind")
    assert table is not None and finder is not None
    everything = table.model().rowCount()
    qtbot.keyClicks(finder, "damage")
    model = table.model()
    found = [model.index(row, 1).data() for row in range(model.rowCount())]
    expected = [text for keys, text in shortcut_rows() if "damage" in (keys + text).lower()]
    assert found == expected and 0 < len(found) < everything
    nothing = dialog.findChild(QLabel, "shortcutsNothing")
    assert nothing is not None and nothing.isHidden()
    finder.setText("token")  # no key's name says it; the list below explains the move
    assert table.model().rowCount() == 0 and not nothing.isHidden()
    assert "token" in nothing.text()
    finder.clear()
    assert table.model().rowCount() == everything and nothing.isHidden()
    practice = dialog.findChild(QLabel, "shortcutsInPractice")
    assert practice is not None
    for what, _how in IN_PRACTICE:
        assert what in practice.text()
    assert "<b>Shift+Enter</b>" in practice.text(), "the map's keyboard move is explained"
    finder.setText("surprise")  # no key of its own: F5's dialog starts one, said below
    assert "surprise" in nothing.text() and "surprise round" in practice.text().lower()


def test_the_panel_list_has_letters_before_view_is_opened(window: MainWindow) -> None:
    """A right-click on the menu bar lists the panels with View's toggles: each has a
    letter of its own there, though View itself was never opened."""
    docks = {dock.toggleViewAction() for dock in window.docks()}
    assert not any(action_builder.letter_of(a.text()) for a in docks), "View is not open yet"
    bar = window.menuBar()
    spot = QPoint(bar.width() - 5, bar.height() // 2)  # right of the menus' titles
    QApplication.sendEvent(
        bar, QContextMenuEvent(QContextMenuEvent.Reason.Mouse, spot, bar.mapToGlobal(spot))
    )
    popup = QApplication.activePopupWidget()
    assert isinstance(popup, QMenu), "the right-click opened no menu"
    seen = [a.text() for a in popup.actions() if a in docks]
    popup.hide()
    assert len(seen) == len(docks)
    letters = [action_builder.letter_of(text) for text in seen]
    assert all(letters), seen
    assert len(set(letters)) == len(letters), seen


def test_the_shortcuts_dialog_shows_a_dozen_keys_whole_at_a_time(qtbot: QtBot) -> None:
    """At 1280×800 the list shows a dozen keys or more, each row's words whole, and its
    pixels show ink on each of those rows."""
    from PySide6.QtGui import QFontMetrics

    from futurepath_desktop.ui.dialogs.shortcuts_dialog import ShortcutsDialog

    dialog = ShortcutsDialog()
    qtbot.addWidget(dialog)
    dialog.show()
    qtbot.waitExposed(dialog)
    table = dialog.findChild(QTableView, "shortcutsTable")
    assert table is not None
    viewport = table.viewport()
    last = table.rowAt(viewport.height() - 1)
    whole = last if last >= 0 else table.model().rowCount()
    assert whole >= 12, f"{whole} rows in sight"
    metrics = QFontMetrics(table.font())
    assert all(table.rowHeight(row) >= metrics.height() for row in range(whole))
    image = viewport.grab().toImage()
    ground = image.pixelColor(image.width() - 2, image.height() - 2)
    for row in range(whole):
        top, tall = table.rowViewportPosition(row), table.rowHeight(row)
        ink = sum(
            1
            for y in range(top, top + tall)
            for x in range(0, min(image.width(), 200), 2)
            if image.pixelColor(x, y) != ground
        )
        assert ink > 10, f"row {row} shows nothing"
