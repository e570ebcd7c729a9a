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
        assert label.text() == "Autosave is failing: No space left on device. Retrying"
        assert "Save As" in label.toolTip()
        # Drawn as a warning: white words on red, in the status bar's own row.
        picture = label.grab().toImage()
        middle = QColor(picture.pixel(2, picture.height() // 2))
        assert middle.red() > 150 and middle.green() < 80 and middle.blue() < 80, middle.name()
        bar = window.statusBar()
        assert bar.geometry().contains(label.mapTo(window, label.rect().center()))
        full.clear()
        qtbot.waitUntil(lambda: not label.isVisible(), timeout=5000)
        assert bar.currentMessage() == "Crash protection is back: autosave is writing again."
    finally:
        full.clear()
        assert controller.autosave is not None
        controller.autosave.close(timeout=5)
        controller.autosave = None
