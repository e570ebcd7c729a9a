"""The window says at once when autosave cannot write, and when crash protection is back."""

from __future__ import annotations

import errno
import os
import threading
from pathlib import Path

import pytest
from PySide6.QtGui import QColor
from pytestqt.qtbot import QtBot

from futurepath_desktop.session import autosave
from futurepath_desktop.session.commands import Damage
from futurepath_desktop.ui.main_window import MainWindow


def test_a_failing_autosave_shows_in_the_status_bar_until_it_writes_again(
    qtbot: QtBot, window: MainWindow, private_home: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(autosave, "RETRY_S", (0.05,))
    full = threading.Event()
    real_fsync = os.fsync

    def fsync(fd: int) -> None:
        if full.is_set():
            raise OSError(errno.ENOSPC, "No space left on device")
        real_fsync(fd)

    monkeypatch.setattr(os, "fsync", fsync)
    controller = window.controller
    controller.start_autosave()
    try:
        label = window.autosave_status
        assert not label.isVisible()
        full.set()
        assert controller.push(Damage(("bear-1",), 2))
        qtbot.waitUntil(label.isVisible, timeout=5000)
        assert label.text() == "Autosave failing · retrying"
        assert "No space left on device" in label.toolTip() and "Save As" in label.toolTip()
        bar = window.statusBar()
        assert "No space left on device" in bar.currentMessage()
        # Drawn as a warning: white words on red, whole, inside the window.
        picture = window.grab().toImage()
        box = label.geometry().translated(bar.geometry().topLeft())
        assert window.rect().contains(box), "the warning is not cut off at the edge"
        colours = [
            QColor(picture.pixel(x, y))
            for x in range(box.left(), box.right())
            for y in range(box.top(), box.bottom())
        ]
        red = [q for q in colours if q.red() > 150 and q.green() < 80 and q.blue() < 80]
        white = [q for q in colours if min(q.red(), q.green(), q.blue()) > 225]
        assert len(red) > len(colours) // 2, "a red badge"
        assert len(white) > 30, "with white letters on it"
        # Wide enough for its words in the label's own font.
        assert label.width() >= label.fontMetrics().horizontalAdvance(label.text())
        full.clear()
        qtbot.waitUntil(lambda: not label.isVisible(), timeout=5000)
        assert bar.currentMessage() == "Crash protection is back: autosave is writing again."
    finally:
        full.clear()
        assert controller.autosave is not None
        controller.autosave.close(timeout=5)
        controller.autosave = None
