"""PhaseIndicator: the round, the five phases of R12 with the current one lit, the surprise
round when there is one, and the acting team."""

from __future__ import annotations

from PySide6.QtCore import QEvent, QSize, Qt, QTimer
from PySide6.QtGui import QFontMetrics, QPalette, QResizeEvent
from PySide6.QtWidgets import QHBoxLayout, QLabel, QSizePolicy, QWidget

from futurepath_desktop.core.rounds import Phase, phases_of_round
from futurepath_desktop.session.state import Session
from futurepath_desktop.session.wording import possessive
from futurepath_desktop.ui import accessible
from futurepath_desktop.ui.actions import BY_NAME, JOIN_KEY

COUNTERS_TEXT = f"Counters phase · {JOIN_KEY} to join"
"""The Counters phase: counters move only if armed (R13), so the bar says what the phase
is for, with the key that brings a newcomer in (R9)."""

FIXED_TEXTS = (
    "No combat",
    "Start with F5",
    "⚡ Surprise round",
    "No surprise round",
    "Weigh (dis)advantages",
    COUNTERS_TEXT,
)
"""What the turn label says besides the acting team's name (``_show_text``)."""

PHASE_HINTS = {
    Phase.INITIATIVE: (
        "each team's initiative is the mean of its members' scores; the highest acts first"
    ),
    Phase.SURPRISE: "only the aware act; the surprised are flat-footed until they have acted",
    Phase.ADVANTAGES: (
        "each side checks what gives it advantages or disadvantages this round "
        "(flanking, high ground, cover, conditions) before deciding what to do"
    ),
    Phase.ACTION: "each team takes its turn, in initiative order",
    Phase.COUNTERS: (
        "a condition's rounds go down once its bearer has had a turn, and newcomers join"
    ),
}
"""What happens in each phase (R12, R13; the chapter's Step 3 for the Advantages), for the
pills' tips and the turn label's."""

ADVANTAGES_TIP = (
    f"Advantages phase: {PHASE_HINTS[Phase.ADVANTAGES]}. "
    f"{BY_NAME['actionNextPhase'].keys[0]} goes on to the Action phase."
)


def wrapped(*lines: str) -> str:
    """A tip of these lines that Qt wraps at a readable width (as rich text), rather
    than draw each as one line across the screen. (Escaped here, not by ``html.escape``:
    its entity tables would load with the first frame.)"""
    shown = [line.replace("&", "&amp;").replace("<", "&lt;") for line in lines if line]
    return f"<qt>{'<br>'.join(shown)}</qt>" if shown else ""


def phase_tip(phase: Phase, this_round: bool = True) -> str:
    """A pill's tip: the phase and what it is for, and why it is greyed if it is."""
    tip = f"{phase.label}: {PHASE_HINTS[phase]}."
    return wrapped(tip if this_round else f"{tip} In the first round only.")


class TurnLabel(QLabel):
    """Whose turn it is: as wide as the longest thing it may say when the bar has room, down
    to a short width on a narrow bar, the words shortened to fit (in full in the tip). Its
    size does not follow its words, so a new turn does not lay the bar out again."""

    def __init__(self) -> None:
        super().__init__("")
        self.words = ""
        self.hint = ""
        self._least = self._most = 0
        self.setSizePolicy(QSizePolicy.Policy.Preferred, QSizePolicy.Policy.Preferred)

    def set_widths(self, least: int, most: int) -> None:
        """The narrowest it may be and the width it asks for."""
        if (least, most) != (self._least, self._most):
            self._least, self._most = least, most
            self.updateGeometry()

    def sizeHint(self) -> QSize:
        return QSize(self._most, self.fontMetrics().height())

    def minimumSizeHint(self) -> QSize:
        return QSize(self._least, self.fontMetrics().height())

    def say(self, words: str, hint: str = "") -> None:
        """Show ``words``, shortened to the room there is (in full in the tip, with
        ``hint``)."""
        self.words, self.hint = words, hint
        self.setAccessibleName(words.lstrip("▶⚡ "))  # in full, and without the symbols
        self._fit()

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        self._fit()

    def _fit(self) -> None:
        shown = self.fontMetrics().elidedText(
            self.words, Qt.TextElideMode.ElideRight, self.width() - 4
        )
        if shown != self.text():
            self.setText(shown)
        words = self.words if shown != self.words else ""
        self.setToolTip(wrapped(words, self.hint))


class PhaseIndicator(QWidget):
    """A strip of labels: ``Round 2 | 1 Initiative … 5 Counters | Players' turn``."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("phaseIndicator")
        self.setAccessibleName("Where the fight stands")
        layout = QHBoxLayout(self)
        layout.setContentsMargins(4, 0, 4, 0)
        layout.setSpacing(4)
        self.round_label = QLabel("No combat")
        self.round_label.setObjectName("roundLabel")
        font = self.round_label.font()
        font.setBold(True)
        font.setPointSizeF(font.pointSizeF() * 1.15)
        self.round_label.setFont(font)
        layout.addWidget(self.round_label)
        layout.addSpacing(8)
        self.pills: dict[Phase, QLabel] = {}
        for phase in Phase:
            # Only the current phase's pill spells its name (the others their number, the
            # name in the tip): the bar keeps room for the round timer on a laptop.
            pill = QLabel(str(int(phase)))
            pill.setObjectName(f"phasePill{int(phase)}")  # its sheet's selector
            pill.setAlignment(Qt.AlignmentFlag.AlignCenter)
            pill.setToolTip(phase_tip(phase))
            layout.addWidget(pill)
            self.pills[phase] = pill
        layout.addSpacing(8)
        self.turn_label = TurnLabel()
        self.turn_label.setObjectName("turnLabel")
        self.turn_label.setFont(font)
        layout.addWidget(self.turn_label)
        layout.addStretch(1)
        self._shown: tuple[object, ...] = ()
        self._teams: tuple[str, ...] | None = None
        self._session: Session | None = None  # the last shown, styled again for a new theme
        self._fit_turn_label(())

    def turn_texts(self, teams: tuple[str, ...]) -> list[str]:
        """Everything the turn label may say, with these team names."""
        texts = list(FIXED_TEXTS)
        for name in teams:
            texts += [f"⚡ Surprise round · {name}", f"▶ {possessive(name)} turn"]
        return texts

    def _fit_turn_label(self, teams: tuple[str, ...]) -> None:
        if teams == self._teams:
            return
        self._teams = teams
        metrics = self.turn_label.fontMetrics()
        widest = max(metrics.horizontalAdvance(text) for text in self.turn_texts(teams))
        # On a narrow bar a team name past about 11 letters is shortened (in full in the
        # tip), so the bar still fits a laptop; where there is room, it is shown whole.
        least = metrics.horizontalAdvance("⚡ Surprise round · ") + 11 * metrics.averageCharWidth()
        # Room besides the words: the 4 px the label keeps (``_fit``) and as many again, as
        # a shortening measures the words a fraction of a pixel wider than they add up to.
        self.turn_label.set_widths(min(widest, least) + 8, widest + 8)

    def _say_turn(self, text: str, hint: str = "") -> None:
        self.turn_label.say(text, hint)

    def show_session(self, session: Session) -> None:
        """Light up where the fight stands (restyled only when the phase changes)."""
        self._session = session
        self._fit_turn_label(tuple(team.name for team in session.teams.values()))
        combat = session.combat
        key = (combat.active, combat.round > 1, combat.phase, self.palette().cacheKey())
        if key != self._shown:
            self._shown = key
            self._style_pills(session)
        self._show_text(session)

    def changeEvent(self, event: QEvent) -> None:
        """A new theme: the pills, with sheets of their own, are styled again from its
        palette once it has reached every widget (styled while the window takes the theme,
        they kept the last one's colours: dark words on the dark bar)."""
        super().changeEvent(event)
        if event.type() == QEvent.Type.PaletteChange and self._session is not None:
            QTimer.singleShot(0, self, self._restyle)

    def _restyle(self) -> None:
        if self._session is not None:
            self._shown = ()
            self.show_session(self._session)

    def _style_pills(self, session: Session) -> None:
        combat = session.combat
        palette = self.palette()
        highlight = palette.color(QPalette.ColorRole.Highlight).name()
        on_text = palette.color(QPalette.ColorRole.HighlightedText).name()
        text = palette.color(QPalette.ColorRole.WindowText).name()
        off_text = palette.color(QPalette.ColorRole.PlaceholderText).name()
        border = palette.color(QPalette.ColorRole.Mid).name()
        active_phases = phases_of_round(combat.round) if combat.active and combat.round else ()
        for phase, pill in self.pills.items():
            current = combat.active and combat.phase == phase
            style = f"border-radius: 9px; padding: 2px 5px; border: 1px solid {border};"
            if current:
                style += f"background: {highlight}; color: {on_text}; font-weight: bold;"
            elif phase not in active_phases:
                style += f"color: {off_text}; border-style: dashed;"
            else:
                style += f"color: {text};"
            pill.setAccessibleDescription(
                "current phase" if current else "" if phase in active_phases else "not this round"
            )
            # Its own sheet by its name: a sheet for any label would style its tip too.
            style = f"#{pill.objectName()} {{ {style} }}"
            pill.setToolTip(phase_tip(phase, not combat.active or phase in active_phases))
            if pill.styleSheet() != style:  # a new style sheet re-polishes and lays out anew
                pill.setStyleSheet(style)
            words = phase.label if current else str(int(phase))
            if pill.text() != words:
                pill.setText(words)
                bold = pill.font()
                bold.setBold(current)
                width = QFontMetrics(bold).horizontalAdvance(words)
                pill.setMinimumWidth(width + 14 if current else max(width + 12, 22))

    def _show_text(self, session: Session) -> None:
        self.setAccessibleDescription(accessible.fight_words(session))
        combat = session.combat
        if not combat.active:
            self.round_label.setText("No combat")
            self._say_turn("Start with F5")
            return
        self.round_label.setText(f"Round {combat.round}")
        if combat.surprise_round:
            team = session.teams.get(combat.acting_team or "")
            self._say_turn(f"⚡ Surprise round · {team.name}" if team else "⚡ Surprise round")
        elif combat.acting_team:
            self._say_turn(f"▶ {possessive(session.teams[combat.acting_team].name)} turn")
        elif combat.phase == Phase.SURPRISE:
            self._say_turn("No surprise round")
        elif combat.phase == Phase.ADVANTAGES:
            self._say_turn("Weigh (dis)advantages", ADVANTAGES_TIP)
        elif combat.phase == Phase.COUNTERS:
            self._say_turn(COUNTERS_TEXT)
        else:
            self._say_turn("")
