"""Where the window keeps its layout and preferences between runs."""

from __future__ import annotations

from PySide6.QtCore import QSettings

from futurepath_desktop import paths


def settings() -> QSettings:
    """Window layout and preferences: where the platform keeps an application's settings
    (Qt's own choice: an INI file under ~/.config on Linux, the registry on Windows, a
    property list on macOS), or in the settings folder under FUTUREPATH_HOME if set."""
    if paths.home_override() is not None:
        return QSettings(
            str(paths.settings_dir(create=True) / "futurepath-desktop.ini"),
            QSettings.Format.IniFormat,
        )
    return QSettings(paths.APP_AUTHOR, paths.APP_NAME)


def flag(store: QSettings, key: str, default: bool = False) -> bool:
    """A yes-or-no setting (an INI file keeps it as the word ``true`` or ``false``)."""
    value = store.value(key, default)
    if isinstance(value, str):
        return value.strip().lower() in ("true", "1", "yes")
    return bool(value)


def listed(store: QSettings, key: str) -> list[str]:
    """A list of words kept in the settings (an INI file reads a list of one back as the
    one word, and an empty list as nothing)."""
    value = store.value(key, [])
    found = [value] if isinstance(value, str) else value if isinstance(value, list) else []
    return [str(word) for word in found if word]


def keep(store: QSettings, values: dict[str, object]) -> None:
    """Write each of ``values`` that changed, then the file: each write of the settings
    file costs two fdatasyncs, which a disk under load can make take a second."""
    for key, value in values.items():
        if store.value(key) != value:
            store.setValue(key, value)
    store.sync()  # a no-op unless something changed
