"""What the main window is given once its panels and actions are made: files dropped on
it and the portraits' actions (``ui.drops``), the round clock and reminder notes
(``ui.rhythm``), letters typed into drop-down lists kept from the one-letter shortcuts
(``ui.list_typing``), Esc out of the dice box, the latest choice of what a key acts on,
messages kept in sight of passing hover tips (a refusal let go when someone else is
chosen), what a step ended and what Undo and Redo did, and the campaign's party kept in
step with undo."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from PySide6.QtCore import QEvent, QObject, Qt
from PySide6.QtGui import QKeySequence, QShortcut, QStatusTipEvent

from futurepath_desktop.session.change import Change
from futurepath_desktop.session.wording import joined, possessive
from futurepath_desktop.ui import drops, keyboard, rhythm
from futurepath_desktop.ui.list_typing import ListTyping
from futurepath_desktop.ui.models.log_model import base_kind

if TYPE_CHECKING:
    from futurepath_desktop.session.state import CombatState, Session
    from futurepath_desktop.ui.main_window import MainWindow
    from futurepath_desktop.ui.undo_stack import UndoStack


def install(window: MainWindow) -> None:
    drops.install(window)
    rhythm.install(window)
    ListTyping(window)
    leave_dice_box_on_escape(window)
    latest_choice_wins(window)
    SaidStays(window)
    say_what_was_undone(window)
    say_what_a_step_left(window)
    forget_a_refusal_on_a_new_choice(window)
    keep_party_in_step(window)
    follow_the_bridge(window)


def leave_dice_box_on_escape(window: MainWindow) -> None:
    """Esc in the dice box gives the keys back to Team Initiative, as it does from the
    inspector's fields (what was typed stays; a refusal's line goes): letters typed next
    act on the selection again instead of landing in the box."""

    def leave() -> None:
        window.log.clear_dice_error()
        keyboard.focus_initiative(window)

    escape = QShortcut(QKeySequence(Qt.Key.Key_Escape), window.log.dice)
    escape.setContext(Qt.ShortcutContext.WidgetShortcut)
    escape.activated.connect(leave)


def latest_choice_wins(window: MainWindow) -> None:
    """+, − and End Condition act on the counters chosen in Condition Counters, else on the
    one counter of the combatants chosen in Team Initiative. Choosing combatants lets go of
    counters chosen before, so the keys act on what the GM chose last, not on a counter
    chosen earlier and since forgotten."""

    def combatants_chosen(*_: object) -> None:
        if window.initiative.selected_ids(expand_teams=False):
            window.counters.view.clearSelection()

    window.initiative.selectionChanged.connect(combatants_chosen)
    window.initiative.view.pressed.connect(combatants_chosen)  # a row chosen already, too


def on_travel(stack: UndoStack, step: Callable[[int, int], None]) -> None:
    """Call ``step(before, after)`` with the stack's index each time Undo, Redo or a click
    in History moves it (not when a command is pushed)."""
    seen = [stack.index()]

    def moved(index: int) -> None:
        before, seen[0] = seen[0], index
        if stack.travelling and index != before:
            step(before, index)

    stack.indexChanged.connect(moved)


def say_what_was_undone(window: MainWindow) -> None:
    """Undo and Redo say what they took back or did again ("Undone: Damage to Space Bear
    2"; a jump in History, how many steps), in place of what the status bar said of a step
    ("Katie joined, off the map: click…"), which no longer holds."""
    stack = window.controller.stack

    def travelled(before: int, index: int) -> None:
        done = "Undone" if index < before else "Redone"
        steps = abs(index - before)
        what = stack.text(min(index, before)) if steps == 1 else f"{steps} steps"
        window.say(f"{done}: {what}", 4000)

    on_travel(stack, travelled)


def say_what_a_step_left(window: MainWindow) -> None:
    """What a step ended, in one line of the status bar: the conditions whose counters ran
    out ("Ended: …", on the ground or on the bridge), and, when a team's turn ends, those
    of it who could have acted and did nothing (R15). Next Turn asks nothing, and one
    forgotten player is easy to miss in a fast round; Undo takes the turn back. The line
    goes once the fight moves on again."""
    controller = window.controller
    seen = [controller.session.combat]
    said = [""]  # what it said last

    def stepped(change: Change) -> None:
        session = controller.session
        before, seen[0] = seen[0], session.combat
        bar = window.statusBar()
        if change.combat and said[0] and bar.currentMessage() == said[0]:
            bar.clearMessage()  # of a turn before this one
        parts = []
        if change.log_appended and not change.log_truncated:
            appended = session.log[-change.log_appended :]
            endings = [e.text for e in appended if base_kind(e) == "expiry"]
            if endings:
                parts.append("Ended: " + "; ".join(endings))
        if not controller.stack.travelling:  # undone or redone: said by Undo and Redo
            parts += idle_words(session, before)
        if parts:
            said[0] = " · ".join(parts)
            window.say(said[0], 9000)

    controller.changed.connect(stepped)


def idle_words(session: Session, before: CombatState) -> list[str]:
    """Words for the status bar ("Players' turn is over: Art did not act") when the team
    acting ``before`` has just ended its turn with someone idle who could have acted."""
    combat = session.combat
    if not combat.active or before.acting_team in (None, combat.acting_team):
        return []
    from futurepath_desktop.session.attack_plan import why_cannot_act

    readied = {r.combatant_id for r in before.readied}
    idle = [
        m.name
        for m in session.members(before.acting_team or "", present_only=True)
        if not before.turns.get(m.id)
        and m.id not in readied
        and not why_cannot_act(session, m, before)
    ]
    if len(idle) > 4:  # a line of the status bar, not the roster
        idle = [*idle[:3], f"{len(idle) - 3} more"]
    if not idle:
        return []
    team = session.teams.get(before.acting_team or "")
    whose = possessive(team.name) if team else "The"
    return [f"{whose} turn is over: {joined(idle)} did not act"]


def forget_a_refusal_on_a_new_choice(window: MainWindow) -> None:
    """Why a roll or an edit was refused is about who was chosen then: choosing someone
    else takes it off the status bar (it read as if said of the new choice)."""
    from futurepath_desktop.ui.main_window import WARNING

    def chosen(*_: object) -> None:
        if window.statusBar().currentMessage().startswith(WARNING):
            window.statusBar().clearMessage()

    window.initiative.selectionChanged.connect(chosen)


class SaidStays(QObject):
    """A message the window says in the status bar (why something was refused, what to
    choose first) stays its time: a tip of a button the pointer passes over would take
    its place and, moving on, leave the bar empty, so a GM using the mouse never read why
    nothing happened. The button's own tool tip still shows beside it."""

    def __init__(self, window: MainWindow) -> None:
        super().__init__(window)
        self.bar = window.statusBar()
        self.tip = ""  # the last hover tip let through: that message is the tip's own
        window.installEventFilter(self)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if event.type() == QEvent.Type.StatusTip:
            shown = self.bar.currentMessage()
            if shown and shown != self.tip:
                return True  # said to the GM: the tip waits until the message has gone
            assert isinstance(event, QStatusTipEvent)
            self.tip = event.tip()
        return False


def follow_the_bridge(window: MainWindow) -> None:
    """Combat ▸ Space's Fire and Scan the Target are on when the bridge's Fire and Scan
    buttons are (R41, R45: when those stations may act now), once the bridge is made;
    before, whenever a space fight runs (the bridge, made on their use, says why not)."""

    def follow() -> None:
        panel = window.bridge.panel
        if panel is None:
            return
        for name, button in (("actionFire", panel.fire_button), ("actionScan", panel.scan_button)):
            window.actions_by_name[name].setEnabled(button.isEnabled())

    window.bridge.readinessChanged.connect(follow)
    window.controller.changed.connect(follow)  # after the window's refresh, which follows
    # only whether a space fight runs


def keep_party_in_step(window: MainWindow) -> None:
    """Undoing (or redoing) a rest or a next encounter puts the campaign's party in the
    library back as the session has it again, so the next fight does not start from a
    rest that was undone."""
    stack = window.controller.stack

    def moved(before: int, index: int) -> None:
        from futurepath_desktop.session.commands.campaign import PARTY_STEPS

        low, high = sorted((before, index))
        if any(stack.text(at).startswith(PARTY_STEPS) for at in range(low, high)):
            from futurepath_desktop.ui.campaign_prompts import save_party

            save_party(window, ask=False)

    on_travel(stack, moved)
