"""Lists kept in the settings file come back as lists: none, one and many words, through
a real INI file written and read anew (INI gives a list of one back as a bare word)."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtCore import QSettings

from futurepath_desktop.ui.window_settings import listed


@pytest.mark.parametrize("words", [[], ["Marked by the Hunter"], ["Marked", "Bleeding out"]])
def test_a_list_comes_back_as_it_was_kept(tmp_path: Path, words: list[str]) -> None:
    file = str(tmp_path / "settings.ini")
    written = QSettings(file, QSettings.Format.IniFormat)
    written.setValue("ownConditions", words)
    written.sync()
    read = QSettings(file, QSettings.Format.IniFormat)
    assert listed(read, "ownConditions") == words
    assert listed(read, "neverKept") == []
