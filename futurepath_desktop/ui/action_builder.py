"""The actions table (``ui.actions``) made into the window's QActions, its menus and the
panels' tool rows. A handler is looked up when its action is first triggered, so the
operations and the session's commands load then rather than at start-up."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from functools import partial
from types import ModuleType
from typing import TYPE_CHECKING

from PySide6.QtGui import QAction, QActionGroup, QKeySequence
from PySide6.QtWidgets import QMenu

from futurepath_desktop.ui.actions import ACTIONS, MENUS, Action
from futurepath_desktop.ui.docks.panel import text_action
from futurepath_desktop.ui.panel_rows import CONTEXT_ROWS, PANEL_ROWS

if TYPE_CHECKING:
    from futurepath_desktop.ui.main_window import MainWindow


def owner_module(owner: str) -> tuple[ModuleType, bool]:
    """The module a handler's owner names, and whether its functions are given the window
    (else the session controller). Imported when an action first runs; each is named here,
    not built from a string, so that the frozen bundle carries it too."""
    from futurepath_desktop.ui import (
        campaign_prompts,
        character_prompts,
        desk_prompts,
        keyboard,
        library_prompts,
        picture_prompts,
        player_window,
        print_prompts,
        prompts,
        rhythm_prompts,
        screen_prompts,
        ship_prompts,
        team_prompts,
        turn_prompts,
        web_prompts,
    )
    from futurepath_desktop.ui.operations import (
        combat,
        conditions,
        dice,
        health,
        library,
        roster,
        teams,
        turns,
    )

    given_window = {
        "campaign_prompts": campaign_prompts,
        "character_prompts": character_prompts,
        "desk_prompts": desk_prompts,
        "keyboard": keyboard,
        "library_prompts": library_prompts,
        "picture_prompts": picture_prompts,
        "player_window": player_window,
        "print_prompts": print_prompts,
        "prompts": prompts,
        "rhythm_prompts": rhythm_prompts,
        "screen_prompts": screen_prompts,
        "ship_prompts": ship_prompts,
        "team_prompts": team_prompts,
        "turn_prompts": turn_prompts,
        "web_prompts": web_prompts,
    }
    if owner in given_window:
        return given_window[owner], True
    operations = (combat, conditions, dice, health, library, roster, teams, turns)
    return {m.__name__.rpartition(".")[2]: m for m in operations}[owner], False


def handler(window: MainWindow, spec: Action) -> Callable[[], object]:
    """What triggering ``spec``'s action calls (with the table's arguments)."""
    owner, _, name = spec.handler.partition(".")
    if owner == "window":
        return lambda: getattr(window, name)(*spec.args)
    if owner == "files":
        return lambda: getattr(window.files, name)(*spec.args)
    if owner == "stack":
        return lambda: getattr(window.controller.stack, name)(*spec.args)

    def run() -> object:
        module, takes_window = owner_module(owner)
        return getattr(module, name)(window if takes_window else window.controller, *spec.args)

    return run


def make_action(window: MainWindow, spec: Action) -> QAction:
    """One QAction of the window: named, with its keys and tip, calling its handler."""
    if spec.handler == "stack.undo":  # named after what it will undo
        action = window.controller.stack.createUndoAction(window, spec.text)
    elif spec.handler == "stack.redo":
        action = window.controller.stack.createRedoAction(window, spec.text)
    else:
        action = text_action(spec.text, window)
        run = handler(window, spec)
        action.triggered.connect(lambda _checked=False: run())
    action.setObjectName(spec.name)
    action.setShortcuts([QKeySequence(keys) for keys in spec.keys])
    if spec.tip:
        keys = f" ({spec.keys[0]})" if spec.keys else ""
        action.setToolTip(f"{spec.tip}{keys}")
        action.setStatusTip(spec.tip)
    action.setCheckable(spec.checkable)
    window.addAction(action)
    return action


def make_actions(window: MainWindow, table: Sequence[Action] = ACTIONS) -> dict[str, QAction]:
    """Every action of the table, by name, in the table's order; those that are one of
    a few choices (``one_of``) in an exclusive group each."""
    made = {spec.name: make_action(window, spec) for spec in table}
    groups: dict[str, QActionGroup] = {}
    for spec in table:
        if spec.one_of:
            if spec.one_of not in groups:
                groups[spec.one_of] = QActionGroup(window)
                groups[spec.one_of].setObjectName(spec.one_of)
            groups[spec.one_of].addAction(made[spec.name])
    return made


UNLETTERED, LETTERED = "textBeforeLetter", "textWithLetter"
"""Properties an entry keeps of the letter ``give_letters`` gave it."""


def build_menus(
    window: MainWindow,
    actions: dict[str, QAction],
    extras: dict[tuple[str, int], list[QAction | QMenu]],
    table: Sequence[Action] = ACTIONS,
) -> dict[str, QMenu]:
    """The menu bar from the table: each menu's actions in the table's order, a separator
    between sections, and ``extras`` (Open Recent) at the end of their (menu, section).
    Returns every menu and submenu by its path (``&View/Theme``)."""
    menus: dict[str, QMenu] = {}
    by_menu: dict[str, list[tuple[int, Action | QAction | QMenu]]] = {}
    for spec in table:  # one pass over the table, not one a menu
        by_menu.setdefault(spec.menu.partition("/")[0], []).append((spec.section, spec))
    for title in MENUS:
        menu = menus[title] = window.menuBar().addMenu(title)
        entries = by_menu.get(title, [])
        entries += [
            (at, item) for (name, at), items in extras.items() if name == title for item in items
        ]
        entries.sort(key=lambda entry: entry[0])  # stable: the table's order within a section
        section = entries[0][0] if entries else 0
        for at, entry in entries:
            if at != section:
                menu.addSeparator()
                section = at
            if isinstance(entry, QMenu):
                menu.addMenu(entry)
            elif isinstance(entry, QAction):
                menu.addAction(entry)
            elif "/" in entry.menu:  # a submenu, made where its first action falls
                if entry.menu not in menus:
                    menus[entry.menu] = menu.addMenu(entry.menu.split("/", 1)[1])
                menus[entry.menu].addAction(actions[entry.name])
            else:
                menu.addAction(actions[entry.name])
    for menu in menus.values():
        deal_on_opening(menu)
    return menus


def deal_on_opening(menu: QMenu) -> None:
    """Deal ``menu``'s letters each time it opens (``give_letters`` deals the same ones
    again for the same entries): letters are read only in an open menu, and dealing every
    menu's at start-up cost about 1% of the start."""
    menu.aboutToShow.connect(partial(give_letters, menu))


def give_letters(menu: QMenu) -> None:
    """Give every entry of ``menu`` a letter of its own for the keyboard (Alt, the menu's
    letter, the entry's): the letters the table chose stay; the rest are matched to the
    entries so that as many as can have one, the entries higher in the menu first (the
    panels atop View before its clocks), and each preferring the initials of its words,
    the higher entries getting their choice first. Called again when the menu grows, it
    deals the letters it gave anew."""
    for action in menu.actions():  # the letters given last time go back into the pot
        if action.text() == action.property(LETTERED) and action.property(UNLETTERED):
            action.setText(str(action.property(UNLETTERED)))
    entries = [(a, a.text()) for a in menu.actions() if not a.isSeparator()]  # read once
    fixed = {letter_of(text) for _, text in entries} - {""}
    wanting = [(a, text) for a, text in entries if "&" not in text]  # "&&" names stay
    choices = [[(at, text[at].lower()) for at in letter_places(text)] for _, text in wanting]

    def matched(order: Iterable[int]) -> dict[str, int]:
        """Letter → entry (an index into ``wanting``): each entry in ``order`` keeps a
        letter once it has one, though a later one may move it to another."""
        owner: dict[str, int] = {}

        def place(entry: int, seen: set[str]) -> bool:
            for _, letter in choices[entry]:
                if letter in fixed or letter in seen:
                    continue
                seen.add(letter)
                if letter not in owner or place(owner[letter], seen):
                    owner[letter] = entry
                    return True
            return False

        for entry in order:
            place(entry, set())
        return owner

    # Who gets a letter at all: the higher entries first. Then which: the last first, so
    # that an earlier one takes its best letter from a later one that can do with another.
    lettered = sorted(matched(range(len(wanting))).values())
    for letter, entry in matched(reversed(lettered)).items():
        action, text = wanting[entry]
        at = next(at for at, ch in choices[entry] if ch == letter)
        action.setText(f"{text[:at]}&{text[at:]}")
        action.setProperty(UNLETTERED, text)
        action.setProperty(LETTERED, action.text())


def letter_places(text: str) -> list[int]:
    """Where a letter for ``text`` could go, best first: the initials of its words, then
    its other letters and digits, each letter once."""
    initials = [i for i, ch in enumerate(text) if ch.isalnum() and (i == 0 or text[i - 1] == " ")]
    others = [i for i, ch in enumerate(text) if ch.isalnum() and i not in initials]
    places, seen = [], set()
    for at in initials + others:
        if text[at].lower() not in seen:
            seen.add(text[at].lower())
            places.append(at)
    return places


def letter_of(text: str) -> str:
    """The keyboard letter of an entry's text ("" if it has none; "&&" is a plain "&")."""
    plain = text.replace("&&", "")
    at = plain.find("&")
    return plain[at + 1].lower() if 0 <= at < len(plain) - 1 else ""


def put_first(menu: QMenu, groups: Sequence[Sequence[QAction]]) -> None:
    """Put groups of actions at the top of a menu, each followed by a separator (the
    panels' toggles, which exist only once the docks do)."""
    before = menu.actions()[0]
    for group in groups:
        menu.insertActions(before, list(group))
        menu.insertSeparator(before)


def panel_row(actions: dict[str, QAction], panel: str) -> list[QAction]:
    """The actions a panel's tool row offers, from the table."""
    return [actions[name] for name in PANEL_ROWS[panel]]


def context_row(actions: dict[str, QAction], panel: str) -> list[QAction | None]:
    """What a right-click on a panel's row offers, from the table (None: a separator)."""
    return [None if name == "-" else actions[name] for name in CONTEXT_ROWS[panel]]
