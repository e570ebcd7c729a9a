"""Combatants' portraits (and the map's background) as files beside the session: where a
picture the GM chose is kept, and a portrait read once and kept at the sizes it is drawn at
(the initiative list, the inspector, a token, the player view). A missing or unreadable
picture is drawn as none, never an error."""

from __future__ import annotations

import os
from collections import OrderedDict
from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import QSize, Qt
from PySide6.QtGui import QImage, QPixmap
from PySide6.QtWidgets import QLabel, QWidget

from futurepath_desktop.session.state import Combatant
from futurepath_desktop.ui.undo import SessionController

if TYPE_CHECKING:
    from PySide6.QtGui import QIcon

    from futurepath_desktop.session.player_info import PlayerInfo

PICTURE_SUFFIXES = (".png", ".jpg", ".jpeg", ".webp", ".gif", ".bmp")
"""The pictures a portrait or the map's background may be (chosen or dropped)."""
PICTURE_FILTER = "Pictures (" + " ".join(f"*{s}" for s in PICTURE_SUFFIXES) + ")"
LARGEST_SIDE = 2048
"""A larger picture is read scaled down to this: a portrait is drawn at 64 px at most."""
ICON_SIDE = 32
"""A list's icon is read at twice the usual 16 px, sharp on a 2× screen too."""
KEEP = 256
"""How many scaled pictures are kept (a few KiB each at list and token sizes)."""

_scaled: OrderedDict[tuple[str, int, int], QPixmap] = OrderedDict()
"""Square pictures by file, side in pixels and the file's modification time, least
recently used first: a file changed on disk is read again."""


def session_folder(controller: SessionController) -> Path | None:
    """The folder pictures are kept relative to (the session file's); None while the session
    has never been saved."""
    path = controller.path
    return path.parent if path is not None else None


def kept_path(controller: SessionController, chosen: str) -> str | None:
    """``chosen`` as the session keeps a picture: relative to the session file, so the two
    can move together. None, with a word in the status bar, if it cannot be: the session has
    never been saved, or the picture is on another drive."""
    folder = session_folder(controller)
    if folder is None:
        controller.failed.emit(
            "Save the session first: the picture is kept relative to the session file"
        )
        return None
    try:
        return os.path.relpath(chosen, folder).replace(os.sep, "/")
    except ValueError:  # Windows: another drive has no path from the session's folder
        controller.failed.emit(
            f"{Path(chosen).name} is on another drive than the session file; "
            "copy it beside the session first"
        )
        return None


def portrait_file(folder: Path | None, portrait: str | None) -> str:
    """The file a portrait names ("" for none): relative to the session file's folder, or
    (a session never saved) to the working folder, as the map's background."""
    if not portrait:
        return ""
    return str(folder / portrait if folder is not None else Path(portrait))


def _read(file: str, side: int) -> QImage:
    from PySide6.QtGui import QImageReader  # with the first picture read

    reader = QImageReader(file)
    reader.setAutoTransform(True)  # a phone's photo the right way up
    size = reader.size()
    if size.isValid() and max(size.width(), size.height()) > LARGEST_SIDE:
        reader.setScaledSize(
            size.scaled(LARGEST_SIDE, LARGEST_SIDE, Qt.AspectRatioMode.KeepAspectRatio)
        )
    image = reader.read()
    if image.isNull():
        return image
    image = image.scaled(
        side,
        side,
        Qt.AspectRatioMode.KeepAspectRatioByExpanding,
        Qt.TransformationMode.SmoothTransformation,
    )
    # The middle of the picture, square: a face is usually there.
    return image.copy((image.width() - side) // 2, (image.height() - side) // 2, side, side)


def portrait_pixmap(file: str, side: int, ratio: float = 1.0) -> QPixmap:
    """The picture in ``file`` as a square ``side`` (logical pixels) across at the screen's
    ``ratio``, cut from its middle; a null pixmap for no file, a missing or an unreadable one."""
    if not file or side <= 0:
        return QPixmap()
    try:
        stamp = os.stat(file).st_mtime_ns
    except OSError:
        return QPixmap()
    pixels = max(1, round(side * ratio))
    key = (file, pixels, stamp)
    found = _scaled.get(key)
    if found is None:
        found = QPixmap.fromImage(_read(file, pixels))
        found.setDevicePixelRatio(ratio)
        _scaled[key] = found
        while len(_scaled) > KEEP:
            _scaled.popitem(last=False)
    else:
        _scaled.move_to_end(key)
    return found


def combatant_portrait(controller: SessionController, combatant: Combatant, side: int) -> QPixmap:
    """A combatant's portrait, ``side`` across (null when it has none that can be read)."""
    file = portrait_file(session_folder(controller), combatant.portrait)
    return portrait_pixmap(file, side)


def portrait_icon(controller: SessionController, combatant: Combatant) -> QIcon | None:
    """A combatant's portrait as a list's icon (drawn at the list's icon size, so a row with
    one is no taller than a row without); None when it has none that can be read."""
    pixmap = combatant_portrait(controller, combatant, ICON_SIDE)
    if pixmap.isNull():
        return None
    # Loaded here, not with the module: QIcon's bindings take ~10 ms to set up, which a
    # window whose combatants have no portraits need not spend before its first frame.
    from PySide6.QtGui import QIcon

    return QIcon(pixmap)


def member_portraits(
    controller: SessionController, info: PlayerInfo, side: int
) -> dict[str, QIcon]:
    """The portraits of the combatants the player view lists, by id, and a blank under ""
    for those without one; empty when none of them has one. Only of those listed (R61): a
    hidden enemy is not in ``info``, so neither is its picture."""
    from PySide6.QtGui import QIcon

    faces: dict[str, QIcon] = {}
    for team in info.teams:
        for member in team.members:
            combatant = controller.session.combatants.get(member.id)
            pixmap = combatant_portrait(controller, combatant, side) if combatant else QPixmap()
            if not pixmap.isNull():
                faces[member.id] = QIcon(pixmap)
    if faces:
        blank = QPixmap(side, side)
        blank.fill(Qt.GlobalColor.transparent)
        faces[""] = QIcon(blank)
    return faces


class PortraitLabel(QLabel):
    """A combatant's portrait, ``side`` across; hidden when it has none to show."""

    def __init__(self, controller: SessionController, side: int, parent: QWidget | None = None):
        super().__init__(parent)
        self.setObjectName("portrait")
        self.controller = controller
        self.side = side
        self.setFixedSize(QSize(side, side))
        self.hide()

    def show_for(self, combatant: Combatant | None) -> None:
        """Show this combatant's portrait (or nothing)."""
        file = portrait_file(
            session_folder(self.controller), combatant.portrait if combatant else None
        )
        pixmap = portrait_pixmap(file, self.side, self.devicePixelRatioF())
        self.setPixmap(pixmap)
        self.setToolTip(combatant.portrait or "" if combatant else "")
        self.setVisible(not pixmap.isNull())
