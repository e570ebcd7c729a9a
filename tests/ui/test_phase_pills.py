"""The phase pills follow the fight: the current phase's pill is filled with the theme's
highlight and the others are not, phase after phase (each pill's style is set only when
it changes, so a stale one would show here)."""

from __future__ import annotations

from PySide6.QtGui import QColor, QPalette, QTextDocumentFragment
from PySide6.QtWidgets import QApplication, QLabel, QToolTip
from pytestqt.qtbot import QtBot

from futurepath_desktop.core.rounds import Phase
from futurepath_desktop.session import commands as c
from futurepath_desktop.ui.main_window import MainWindow


def words(tip: str) -> str:
    """A tip's words, without the rich text's tags that let Qt wrap it."""
    return QTextDocumentFragment.fromHtml(tip).toPlainText()


def _fill(window: MainWindow, phase: Phase) -> QColor:
    pill = window.phase_indicator.pills[phase]
    image = pill.grab().toImage()
    # The pill's fill, beside its text: a thin column near its left end, halfway down.
    return image.pixelColor(4, image.height() // 2)


def test_the_current_phase_pill_is_the_one_filled(qtbot: QtBot, window: MainWindow) -> None:
    window.show()
    qtbot.waitExposed(window)
    highlight = window.phase_indicator.palette().color(QPalette.ColorRole.Highlight)
    window.controller.push(c.StartCombat())
    seen = []
    for _ in range(6):
        phase = Phase(window.controller.session.combat.phase)
        fills = {p: _fill(window, p) for p in window.phase_indicator.pills}
        near = {
            p: abs(f.hue() - highlight.hue()) < 12 and f.saturation() > 60 for p, f in fills.items()
        }
        assert near[phase], f"phase {phase}'s pill is not filled"
        assert sum(near.values()) == 1, f"more than one pill filled: {near}"
        seen.append(phase)
        window.controller.push(c.NextPhase())
    assert len(set(seen)) >= 3, "the fight went through several phases"


def test_the_counters_phase_says_how_to_join_not_that_counters_moved(
    qtbot: QtBot, window: MainWindow
) -> None:
    """With no counter armed nothing moves in the Counters phase (R13), so the bar says
    what the phase is for and the key that brings a newcomer in (Join, J)."""
    push = window.controller.push
    push(c.StartCombat(()))
    session = window.controller.session
    while session.combat.phase != Phase.COUNTERS:
        assert push(c.NextTurn())
    assert not session.conditions, "no counter to move"
    label = window.combat_bar.findChild(QLabel, "turnLabel")
    assert label is not None
    join = window.actions_by_name["actionJoin"].shortcut().toString()
    assert label.text() == f"Counters phase · {join} to join"


def test_the_advantages_phase_says_what_to_do_in_it(qtbot: QtBot, window: MainWindow) -> None:
    """The chapter's Step 3 is a reminder to weigh each side's advantages and disadvantages:
    the turn label's tip says so, with the key that goes on; every pill's tip says what its
    phase is for, not only its name."""
    push = window.controller.push
    push(c.StartCombat(()))
    session = window.controller.session
    while session.combat.phase != Phase.ADVANTAGES:
        assert push(c.NextPhase())
    label = window.combat_bar.findChild(QLabel, "turnLabel")
    assert label is not None
    tip = label.toolTip()
    key = window.actions_by_name["actionNextPhase"].shortcut().toString()
    assert "advantages or disadvantages" in tip and "flanking" in tip
    assert f"{key} goes on to the Action phase" in tip
    label.setFocus()
    QToolTip.showText(label.mapToGlobal(label.rect().center()), tip, label)
    qtbot.waitUntil(QToolTip.isVisible)
    shown = next(
        w for w in QApplication.topLevelWidgets() if w.inherits("QTipLabel") and w.isVisible()
    )
    assert shown.width() < 640, "the long tip wraps at a readable width, not across the screen"
    assert shown.height() > 2 * shown.fontMetrics().lineSpacing()
    QToolTip.hideText()
    pills = window.phase_indicator.pills
    for phase, pill in pills.items():
        assert words(pill.toolTip()).startswith(f"{phase.label}: ")
        assert len(words(pill.toolTip())) > len(phase.label) + 20
    while session.combat.phase != Phase.ACTION:
        assert push(c.NextPhase())
    assert "advantages" not in label.toolTip()


def test_a_greyed_pill_says_why_and_the_lit_pill_s_tip_is_a_plain_tip(
    qtbot: QtBot, window: MainWindow
) -> None:
    """In round 2 the first two phases are greyed (R12: round 1 only), and their tips say
    so; the lit pill's tip is drawn as every tip is, not in the pill's own colours."""
    push = window.controller.push
    push(c.StartCombat(()))
    session = window.controller.session
    while session.combat.round < 2 or session.combat.phase != Phase.ACTION:
        assert push(c.NextPhase())
    pills = window.phase_indicator.pills
    for phase in (Phase.INITIATIVE, Phase.SURPRISE):
        assert words(pills[phase].toolTip()).endswith(". In the first round only.")
    for phase in (Phase.ADVANTAGES, Phase.ACTION, Phase.COUNTERS):
        assert "first round" not in pills[phase].toolTip()
        assert words(pills[phase].toolTip()).endswith(".")
    window.show()
    qtbot.waitExposed(window)
    lit = pills[Phase.ACTION]
    QToolTip.showText(lit.mapToGlobal(lit.rect().center()), lit.toolTip(), lit)
    qtbot.waitUntil(QToolTip.isVisible)
    tips = [w for w in QApplication.topLevelWidgets() if w.inherits("QTipLabel") and w.isVisible()]
    assert tips
    image = tips[0].grab().toImage()
    inside = image.pixelColor(image.width() // 2, image.height() - 3)
    highlight = lit.palette().color(QPalette.ColorRole.Highlight)
    QToolTip.hideText()
    assert abs(inside.hue() - highlight.hue()) > 12 or inside.saturation() < 60, inside.name()
