"""Ship cards: each ship at a glance (Battle Damage against capacity, BD-DC, mods, state,
effects). A card selects its ship when clicked, or from the keyboard: Tab to a card, Space
or Enter to select it, Left and Right to go to the next card. The cards flow into as many
columns as the panel's width holds.

The cards show a ``ShipsModel``: one card per row, made or hidden as rows come and go, and
shown again only for the rows whose data changed."""

from __future__ import annotations

import re

from PySide6.QtCore import QEvent, QModelIndex, QPersistentModelIndex, Qt, QTimer, Signal
from PySide6.QtGui import QFocusEvent, QFont, QKeyEvent, QMouseEvent, QResizeEvent
from PySide6.QtWidgets import (
    QApplication,
    QFrame,
    QGridLayout,
    QLabel,
    QScrollArea,
    QVBoxLayout,
    QWidget,
)

from futurepath_desktop.core import starship as rules
from futurepath_desktop.session.player_info import pips
from futurepath_desktop.session.space_rules import bay_words
from futurepath_desktop.session.state import Session, Ship
from futurepath_desktop.ui.models.ships_model import ShipsModel, mods_text

STATE_COLOURS = {
    "operational": "#3c9a40",
    "adrift": "#d08a10",
    "exploding": "#cc3b2c",
    "destroyed": "#7a808a",
}
SIDE_COLOURS = {
    "players": "#3a7bd5",
    "allies": "#2e9d4f",
    "enemies": "#c0392b",
    "neutral": "#8a8f96",
}
SELECTED = "#4aa8ff"
PHASE_NAMES = {
    rules.SpacePhase.SUPPORT: "1 Support",
    rules.SpacePhase.ACTION: "2 Action",
    rules.SpacePhase.RESPONSE: "3 Response",
}


MODS = (
    ("engines", "Eng"),
    ("weapons", "Weap"),
    ("structure", "Struct"),
    ("shields", "Shield"),
    ("electronics", "Elec"),
    ("sensors", "Sens"),
)
"""A ship's mods as the card shortens them: never a form that reads as an ability
("Str" for strength); the card's tool tip has the whole words."""


mods_in_full = mods_text
"""``Engines +0, Weapons +1, …``: the card's mods in whole words."""


def space_status(session: Session) -> str:
    """``Space round 2 · 2 Action``, or that no space fight is running."""
    fight = session.space.round
    if not fight.active:
        return "No space combat running"
    phase = rules.SpacePhase(fight.phase)
    if phase is rules.SpacePhase.SURPRISE:
        return "Before round 1 · unseen ships fire"  # R47
    return f"Space round {fight.round} · {PHASE_NAMES[phase]}"


def card_lines(ship: Ship) -> list[str]:
    """The card's details, one rich-text line each."""
    dc = rules.bd_dc(ship.structure, ship.shields)
    # The mods a ship has (a +0 tells nothing, and six of them wrap onto a second line).
    mods = ", ".join(
        f"{short} {getattr(ship, name):+d}" for name, short in MODS if getattr(ship, name)
    )
    mods = f"Mods: {mods}" if mods else "No mods"
    state = ship.state
    extra = ""
    if ship.adrift_from_round is not None and state == "operational":
        extra = f" · adrift from round {ship.adrift_from_round} unless repaired"
    lines = [
        f"<b style='color:{STATE_COLOURS[state]}'>{state.upper()}</b>{extra}",
        f"{ship.size.title()} · {ship.hard_points} hard points · BD-DC {dc} · flying {ship.flying}",
        mods,
    ]
    for entry in ship.damage:
        dc_text = "critical fix" if entry.dc is None else f"DC {entry.dc}"
        lines.append(f"⚠ {entry.name} ({dc_text})")
    listed = {entry.name for entry in ship.damage}
    for effect in ship.effects:
        # Under its Battle Damage's line the effect needs no name (a line less on the card).
        named = "" if effect.name in listed else f"{effect.name}: "
        lines.append(f"◆ {named}{effect.note}")
    systems = [f"{k} {v}/5" for k, v in ship.systems.items() if v]
    bays = [f"{bay_words(k)} {v}/8" for k, v in ship.bays.items() if v]
    if systems or bays:
        lines.append("Hits: " + ", ".join(systems + bays))
    return lines


def plain_words(*lines: str) -> str:
    """A card's rich-text lines as one plain sentence each (for screen readers)."""
    from html import unescape

    return ". ".join(unescape(re.sub(r"<[^>]+>", " ", line)).strip() for line in lines) + "."


class ShipCard(QFrame):
    """One ship at a glance; a click, Space or Enter selects it."""

    chosen = Signal(str)  # the ship's id
    stepped = Signal(int)  # Left (-1) or Right (+1) from the keyboard

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setFrameShape(QFrame.Shape.NoFrame)
        self.setObjectName("shipCard")
        self.setFocusPolicy(Qt.FocusPolicy.StrongFocus)
        self.setCursor(Qt.CursorShape.PointingHandCursor)
        self.ship_id = ""
        self.selected = False
        layout = QVBoxLayout(self)
        layout.setContentsMargins(8, 6, 8, 6)
        layout.setSpacing(2)
        self.title = QLabel()
        font = QFont(self.title.font())
        font.setBold(True)
        font.setPointSizeF(font.pointSizeF() * 1.15)
        self.title.setFont(font)
        self.damage = QLabel()
        pip_font = QFont(self.damage.font())
        pip_font.setPointSizeF(pip_font.pointSizeF() * 1.4)
        self.damage.setFont(pip_font)
        self.details = QLabel()
        self.details.setWordWrap(True)
        self.details.setTextFormat(Qt.TextFormat.RichText)
        for widget in (self.title, self.damage, self.details):
            layout.addWidget(widget)
        layout.addStretch(1)
        self.setMinimumWidth(200)  # two to a row in a laptop's middle column

    def show_ship(self, ship: Ship, selected: bool) -> None:
        """Show a ship, framed when it is the selected one."""
        cap = rules.capacity(ship.size)
        self.ship_id = ship.id
        self.selected = selected
        self.title.setText(ship.name)
        self.title.setStyleSheet(f"color: {SIDE_COLOURS.get(ship.side, '#888888')}")
        self.damage.setText(f"{pips(ship.battle_damage, cap)}  {ship.battle_damage}/{cap}")
        self.details.setText("<br>".join(card_lines(ship)))
        self.details.setToolTip(mods_in_full(ship))
        self.setAccessibleName(f"{ship.name}{', selected' if selected else ''}")
        damage = f"Battle damage {ship.battle_damage} of {cap}"  # the pips, in words
        self.setAccessibleDescription(plain_words(damage, *card_lines(ship)))
        self.setToolTip("" if selected else f"Click to show {ship.name}'s stations")
        self._style()

    def _style(self) -> None:
        # The frame is always 2 px wide, so selecting or focusing never moves the card. The
        # selected card is tinted and framed in blue; the focused one has a dotted frame in
        # the text's colour (plain to see in both themes).
        border = f"2px solid {SELECTED}" if self.selected else "2px solid transparent"
        radius = "border-radius: 6px;"
        if self.hasFocus():
            border, radius = "2px dotted palette(text)", ""
        tint = "background: rgba(74, 168, 255, 28);" if self.selected else ""
        self.setStyleSheet(f"#shipCard {{ border: {border}; {radius} {tint} }}")

    def restyle(self) -> None:
        """Polish the card anew for a new theme: a widget with a style sheet of its own
        keeps the palette it was polished with, and so do its words."""
        self.setStyleSheet("")
        self._style()

    def mousePressEvent(self, event: QMouseEvent) -> None:
        """A click selects the ship."""
        if event.button() == Qt.MouseButton.LeftButton:
            self.setFocus(Qt.FocusReason.MouseFocusReason)
            self.chosen.emit(self.ship_id)
            event.accept()
            return
        super().mousePressEvent(event)

    def keyPressEvent(self, event: QKeyEvent) -> None:
        """Space or Enter selects the ship; Left and Right go to the neighbouring card."""
        key = event.key()
        if key in (Qt.Key.Key_Space, Qt.Key.Key_Return, Qt.Key.Key_Enter, Qt.Key.Key_Select):
            self.chosen.emit(self.ship_id)
        elif key in (Qt.Key.Key_Left, Qt.Key.Key_Right):
            self.stepped.emit(-1 if key == Qt.Key.Key_Left else 1)
        else:
            super().keyPressEvent(event)
            return
        event.accept()

    def focusInEvent(self, event: QFocusEvent) -> None:
        super().focusInEvent(event)
        self._style()

    def focusOutEvent(self, event: QFocusEvent) -> None:
        super().focusOutEvent(event)
        self._style()


class ShipCards(QScrollArea):
    """The ship cards, as many to a row as the panel's width holds (never a sideways
    scroll bar); one row shows, the others scroll up into it (a laptop's height is short)."""

    chosen = Signal(str)
    ROWS_SHOWN = 1

    def __init__(self, model: ShipsModel, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("bridgeCards")
        self.setAccessibleName("Ships")
        self.model = model
        self.selected: str | None = None
        self.cards: list[ShipCard] = []
        self._scheme = QApplication.palette().cacheKey()
        self.grid = QGridLayout()
        self.grid.setContentsMargins(0, 0, 0, 0)
        self.grid.setSpacing(6)
        self.columns = 0
        body = QWidget()
        body.setLayout(self.grid)
        self.setWidget(body)
        self.setWidgetResizable(True)
        self.setFrameShape(QFrame.Shape.NoFrame)
        self.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.setVerticalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAsNeeded)
        self.setFocusPolicy(Qt.FocusPolicy.NoFocus)  # the cards take the focus
        for signal in (model.rowsInserted, model.rowsRemoved, model.modelReset):
            signal.connect(lambda *_: self.show_all())
        model.dataChanged.connect(self._data_changed)
        self.show_all()

    def shown(self) -> list[ShipCard]:
        """The cards in use, in the session's order of ships."""
        return [c for c in self.cards if not c.isHidden()]

    def select(self, ship_id: str | None) -> None:
        """Frame the selected ship's card (only the cards whose framing changes)."""
        if ship_id != self.selected:
            was, self.selected = self.selected, ship_id
            for ident in (was, ship_id):
                row = self.model.row_of(ident) if ident is not None else -1
                if 0 <= row < len(self.cards):
                    self._show_row(row)
        # The selected card is brought into the row that shows (one row of cards shows on a
        # laptop; a third ship's card sits in the next one), once a new card is laid out.
        QTimer.singleShot(0, self, self._reveal)

    def _reveal(self) -> None:
        row = self.model.row_of(self.selected) if self.selected is not None else -1
        if 0 <= row < len(self.cards):
            self.ensureWidgetVisible(self.cards[row], 0, 0)

    def _show_row(self, row: int) -> None:
        ship = self.model.ship_at(row)
        if ship is not None:
            self.cards[row].show_ship(ship, ship.id == self.selected)

    def _data_changed(
        self, top: QModelIndex | QPersistentModelIndex, bottom: QModelIndex | QPersistentModelIndex
    ) -> None:
        for row in range(top.row(), min(bottom.row() + 1, len(self.cards))):
            self._show_row(row)
        self._flow()  # a card's lines may have changed: take the rows' height again

    def changeEvent(self, event: QEvent) -> None:
        """A new theme reaches the list (the cards, with sheets of their own, keep their
        palette): each card is polished anew."""
        super().changeEvent(event)
        if event.type() == QEvent.Type.PaletteChange:
            scheme = QApplication.palette().cacheKey()
            if scheme != self._scheme:
                self._scheme = scheme
                # Once the palette has reached every widget: a sheet set while Qt hands
                # the palette round changes the widgets it is walking.
                QTimer.singleShot(0, self, self._restyle)

    def _restyle(self) -> None:
        for card in self.cards:
            card.restyle()

    def show_all(self) -> None:
        """One card per ship, the selected one framed."""
        count = self.model.rowCount()
        while len(self.cards) < count:
            # Made inside the grid's widget: a card shown before it had a parent would be a
            # window of its own for a moment, and take the keyboard from the main window.
            card = ShipCard(self.widget())
            card.chosen.connect(self.chosen)
            card.stepped.connect(lambda step, c=card: self._step(c, step))
            self.cards.append(card)
        for row, card in enumerate(self.cards):
            if row < count:
                self._show_row(row)
                card.show()
            else:
                card.hide()
        self.columns = 0  # lay the cards out again
        self._flow()

    def _flow(self) -> None:
        """Place the cards in as many columns as fit, and take the rows' height."""
        shown = self.shown()
        if not shown:
            self.setFixedHeight(0)
            return
        spacing = self.grid.spacing()
        least = max(c.minimumWidth() for c in shown)
        room = max(1, self.width() - self.verticalScrollBar().sizeHint().width())
        columns = max(1, min(len(shown), (room + spacing) // (least + spacing)))
        if columns != self.columns:
            self.columns = columns
            for card in self.cards:
                self.grid.removeWidget(card)
            for index, card in enumerate(shown):
                self.grid.addWidget(card, index // columns, index % columns)
            for column in range(len(self.cards) + 1):
                self.grid.setColumnStretch(column, 1 if column < columns else 0)
        width = (room - spacing * (columns - 1)) // columns
        heights = []
        for card in shown:
            layout = card.layout()
            assert layout is not None
            heights.append(layout.totalHeightForWidth(width))
        rows = [max(heights[i : i + columns]) for i in range(0, len(heights), columns)]
        tall = sum(rows[: self.ROWS_SHOWN]) + spacing * (min(len(rows), self.ROWS_SHOWN) - 1)
        if self.height() != tall:
            self.setFixedHeight(tall)

    def resizeEvent(self, event: QResizeEvent) -> None:
        """Another width holds another number of cards to a row, and wraps their lines."""
        super().resizeEvent(event)
        if event.size().width() != event.oldSize().width():
            self._flow()

    def _step(self, card: ShipCard, step: int) -> None:
        shown = self.shown()
        index = (shown.index(card) + step) % len(shown)
        shown[index].setFocus(Qt.FocusReason.TabFocusReason)
        self.ensureWidgetVisible(shown[index])
        self.chosen.emit(shown[index].ship_id)
