"""The note that says why the map refused something, beside the square it was tried on, and
the placing of the tools' labels clear of the tokens and of that note."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

from PySide6.QtCore import QRectF, QSizeF, QTimer
from PySide6.QtWidgets import QGraphicsItem, QGraphicsView

from futurepath_desktop.session.wording import without_rulings
from futurepath_desktop.ui.map.items import PLATE, TokenItem
from futurepath_desktop.ui.map.overlay import NoteItem, place_label, screen_rect
from futurepath_desktop.ui.map.scene import SQUARE, MapScene, square_rect
from futurepath_desktop.ui.undo import SessionController

Square = tuple[int, int]

NOTE_MS = 9000
"""How long a refusal's note stays on the map (as long as its message in the status bar)."""


class Notes:
    """Notes a refusal beside the square an operation was tried on (see :meth:`trying`)."""

    def __init__(
        self, view: QGraphicsView, scene: MapScene, controller: SessionController | None
    ) -> None:
        self.view = view
        self.scene = scene
        self.controller = controller
        self.note = NoteItem()
        self._trying: Square | None = None
        # Read by then: the note goes as the status bar's message does, and with the next
        # press on the map.
        self._fade = QTimer(view)
        self._fade.setSingleShot(True)
        self._fade.setInterval(NOTE_MS)
        self._fade.timeout.connect(self.clear)
        scene.addItem(self.note)
        if controller is not None:
            controller.failed.connect(self._refused)
            controller.changed.connect(lambda _change: self.clear())

    @contextmanager
    def trying(self, square: Square) -> Iterator[None]:
        """While an operation runs, a refusal it reports is noted beside ``square``."""
        self._trying = square
        try:
            yield
        finally:
            self._trying = None

    def refuse(self, text: str, square: Square) -> bool:
        """Say why the map will not do something, beside the square and in the status bar."""
        assert self.controller is not None
        with self.trying(square):
            self.controller.failed.emit(text)
        return False

    def _refused(self, text: str) -> None:
        if self._trying is not None:
            self.note.set_text("⚠ " + without_rulings(text))
            place_label(
                self.view,
                self.note,
                square_rect(*self._trying),
                self._token_rects(self._trying),
            )
            self._fade.start()

    def clear(self) -> None:
        """Take the note of a refusal away (a later success, another tool, Esc, a press on
        the map, or ``NOTE_MS`` after it came)."""
        if self.note.isVisible():
            self.note.set_text("")

    def _token_rects(self, square: Square) -> list[QRectF]:
        """The tokens (disc and name plate) near a square, that labels keep clear of."""
        near = square_rect(*square).adjusted(-8 * SQUARE, -8 * SQUARE, 8 * SQUARE, 8 * SQUARE)
        return [
            QRectF(item.pos(), QSizeF(item.side, item.side + PLATE))
            for item in self.scene.items(near)
            if isinstance(item, TokenItem)
        ]

    def place(self, label: QGraphicsItem, square: Square) -> None:
        """Put a tool's label beside a square, clear of the tokens and of the note."""
        avoid = self._token_rects(square)
        if self.note.isVisible():
            view = self.view
            avoid.append(view.mapToScene(screen_rect(view, self.note).toRect()).boundingRect())
        place_label(self.view, label, square_rect(*square), avoid)
