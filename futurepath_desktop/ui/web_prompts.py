"""The window's side of the players' page, a read-only web page served on the local network:
what its actions (``ui.web_rows``) call, each given the main window.

The page is off until the GM turns it on. While it is on, a :class:`PageFeed` hands the
server, after every change, the players' description (``web.page_data``, made from
``player_info`` alone, R61) and a picture of the players' map, drawn by a player view that
is never shown: the same map, opaque fog and all, that the players' window draws. The
server (aiohttp) and the QR code (segno) load only when the page is turned on.
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

from PySide6.QtCore import QCoreApplication, QObject, QRectF, QTimer
from PySide6.QtGui import QGuiApplication, QImage, QPainter, QPixmap
from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QHBoxLayout,
    QLabel,
    QPushButton,
    QVBoxLayout,
)

from futurepath_desktop.ui.map.items import picture_ratio
from futurepath_desktop.ui.map.scene import paper_colour
from futurepath_desktop.ui.rhythm import rhythm_of
from futurepath_desktop.ui.widgets.number_box import NumberBox
from futurepath_desktop.web.links import ANY_HOST, DEFAULT_PORT, parse_address
from futurepath_desktop.web.page_data import Clock, page_state
from futurepath_desktop.web.png import encode_rgb

if TYPE_CHECKING:
    from futurepath_desktop.ui.main_window import MainWindow
    from futurepath_desktop.ui.map.scene import MapScene
    from futurepath_desktop.ui.player_view import PlayerView
    from futurepath_desktop.web.server import PageServer

PICTURE_SCALE = 1.5  # the map's squares, a little larger than the window draws them
PICTURE_MAX_SIDE = 2048  # pixels: a big map is scaled down to stay quick to send
ABOUT = (
    "Players open this page on a phone, a tablet or a TV on the same network as this "
    "laptop. It shows what the player view shows and follows the table live; nothing on it "
    "can change the session."
)


def map_picture(scene: MapScene) -> QImage:
    """The players' map, the whole of it, as a picture."""
    rect = scene.sceneRect()
    longest = max(rect.width(), rect.height(), 1.0)
    scale = min(PICTURE_SCALE, PICTURE_MAX_SIDE / longest)
    image = QImage(
        math.ceil(rect.width() * scale),
        math.ceil(rect.height() * scale),
        QImage.Format.Format_RGB32,
    )
    image.fill(paper_colour(scene.dark))
    painter = QPainter(image)
    painter.setRenderHint(QPainter.RenderHint.Antialiasing)
    painter.setRenderHint(QPainter.RenderHint.SmoothPixmapTransform)
    # The tokens as the player view shows them, from pictures for this picture's scale
    # rather than the view's zoom (sharp on the page even while the view is zoomed out).
    shown = (scene.near, scene.ratio)
    scene.set_detail(scene.near, picture_ratio(scale, scene.near), at_once=True)
    try:
        scene.render(painter, QRectF(image.rect()), rect)
    finally:
        scene.set_detail(*shown, at_once=True)
        painter.end()
    return image


def png(image: QImage) -> bytes:
    """A picture as PNG, made quickly (``web.png``): it is made on every change the
    players' map shows, and the local network carries a few more kilobytes easily."""
    rgb = image.convertToFormat(QImage.Format.Format_RGB888)
    return encode_rgb(rgb.width(), rgb.height(), rgb.constBits(), rgb.bytesPerLine())


def map_png(scene: MapScene) -> bytes:
    """The players' map as a PNG."""
    return png(map_picture(scene))


CLOCK_BEAT_MS = 3000
"""How often a running round timer is sent again to the players' page."""


class PageFeed(QObject):
    """Keeps a running players' page in step with the session: every change (a burst of
    them at once is one update) becomes a new state and, when it looks different, a new
    map picture."""

    def __init__(self, window: MainWindow, server: PageServer) -> None:
        super().__init__(window)
        self.setObjectName("playersPageFeed")
        from futurepath_desktop.ui.player_view import PlayerView

        self.controller = window.controller
        self.server = server
        # Never shown: its map scene is the players' map, kept in step as the window's is.
        self.view: PlayerView | None = PlayerView(window.controller)
        self.version = 0
        self.map_version = 0
        self._image: QImage | None = None
        self._picture: bytes | None = None
        self._soon = QTimer(self)
        self._soon.setSingleShot(True)
        self._soon.setInterval(0)
        self._soon.timeout.connect(self.push)
        self.controller.changed.connect(self._changed)
        self.controller.sessionReplaced.connect(self._soon.start)
        self.rhythm = rhythm_of(window)
        self.rhythm.clockChanged.connect(self._soon.start)
        # A running timer the players see is sent again every few seconds, so that a page
        # opened late counts on from where the GM's does (the map is not drawn for it).
        self._clock_beat = QTimer(self)
        self._clock_beat.setInterval(CLOCK_BEAT_MS)
        self._clock_beat.timeout.connect(self._beat)
        self._clock_beat.start()
        self.destroyed.connect(server.stop)  # the window went: so does the page
        app = QCoreApplication.instance()
        if app is not None:
            app.aboutToQuit.connect(server.stop)

    def _changed(self, _change: object) -> None:
        self._soon.start()

    def _beat(self) -> None:
        clock = self.rhythm.players_clock()
        if clock is not None and clock[2]:  # shown and running
            self.push(map_too=False)

    def push(self, map_too: bool = True) -> None:
        """Hand the server the page as the session is now (the map's picture is encoded
        again only when it looks different; not at all for the clock's beat)."""
        if self.view is None:
            return
        session = self.controller.session
        if map_too and session.map is None:
            self._image, self._picture = None, None
        elif map_too:
            image = map_picture(self.view.map_scene)
            if self._picture is None or image != self._image:
                self._image, self._picture = image, png(image)
                self.map_version += 1
        self.version += 1
        map_version = self.map_version if self._picture is not None else 0
        clock = self.rhythm.players_clock()
        shown = Clock(*clock) if clock is not None else None
        self.server.publish(page_state(session, self.version, map_version, shown), self._picture)

    def stop(self) -> None:
        """Stop serving and following the session."""
        self._soon.stop()
        self._clock_beat.stop()
        self.controller.changed.disconnect(self._changed)
        self.controller.sessionReplaced.disconnect(self._soon.start)
        self.rhythm.clockChanged.disconnect(self._soon.start)
        self.server.stop()
        if self.view is not None:
            self.view.deleteLater()
            self.view = None
        self.deleteLater()


def running_page(window: MainWindow) -> PageFeed | None:
    """The page's feed while the page is on."""
    feed = window.findChild(PageFeed, "playersPageFeed")
    return feed if feed is not None and feed.view is not None else None


def start_page(window: MainWindow, host: str = ANY_HOST, port: int = DEFAULT_PORT) -> str:
    """Turn the page on (if it is off) and give its link, token and all. Raises OSError when
    nothing can listen at ``host:port`` (the port is taken, say)."""
    feed = running_page(window)
    if feed is not None:
        return feed.server.url()
    from futurepath_desktop.web.server import PageServer

    server = PageServer(host, port)
    feed = PageFeed(window, server)
    feed.push()  # the first state is there before the first phone asks
    try:
        server.start()
    except OSError:
        feed.stop()
        raise
    return server.url()


def start_for_window(window: MainWindow, spec: str) -> str:
    """``--player-page HOST:PORT``: turn the page on at start and give its link to print.
    Raises ``AddressError`` (a ValueError) for a bad ``spec``, OSError when it cannot listen."""
    host, port = parse_address(spec)
    return start_page(window, host, port)


def stop_page(window: MainWindow) -> None:
    """Turn the page off: every phone's page stops following (and says so)."""
    feed = running_page(window)
    if feed is not None:
        feed.stop()


def toggle_page(window: MainWindow) -> PlayersPageDialog:
    """View ▸ Players' Page…: the dialog with the link, its QR code and the on/off switch."""
    dialog = window.findChild(PlayersPageDialog, "playersPageDialog")
    if dialog is None:
        dialog = PlayersPageDialog(window)
    dialog.refresh()
    dialog.show()
    dialog.raise_()
    dialog.activateWindow()
    return dialog


class PlayersPageDialog(QDialog):
    """The page's link and QR code, how many are watching, and a switch to turn it on or off."""

    def __init__(self, window: MainWindow) -> None:
        super().__init__(window)
        self.window_ = window
        self.setObjectName("playersPageDialog")
        self.setWindowTitle("Players' Page")
        layout = QVBoxLayout(self)
        about = QLabel(ABOUT)
        about.setWordWrap(True)
        layout.addWidget(about)
        row = QHBoxLayout()
        row.addWidget(QLabel("Port:"))
        self.port = NumberBox()
        self.port.setObjectName("pagePort")
        self.port.setRange(1024, 65535)
        self.port.setValue(DEFAULT_PORT)
        self.port.setToolTip("Another port, if this one is taken on this laptop")
        row.addWidget(self.port)
        row.addStretch(1)
        self.switch = QPushButton("Turn On")
        self.switch.setObjectName("pageSwitch")
        self.switch.setAutoDefault(False)  # Enter closes the dialog; it never turns it off
        self.switch.clicked.connect(self.flip)
        row.addWidget(self.switch)
        layout.addLayout(row)
        self.status = QLabel("")
        self.status.setObjectName("pageStatus")
        self.status.setWordWrap(True)
        layout.addWidget(self.status)
        self.code = QLabel()
        self.code.setObjectName("pageCode")
        self.code.setMinimumSize(240, 240)
        self.code.setStyleSheet("background: white;")  # a QR code needs its light margin
        layout.addWidget(self.code, 1)
        self.link = QLabel("")
        self.link.setObjectName("pageLink")
        self.link.setOpenExternalLinks(True)
        self.link.setWordWrap(True)
        layout.addWidget(self.link)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        self.copy = buttons.addButton("Copy Link", QDialogButtonBox.ButtonRole.ActionRole)
        self.copy.setObjectName("pageCopy")
        self.copy.setAutoDefault(False)
        self.copy.clicked.connect(self.copy_link)
        close = buttons.button(QDialogButtonBox.StandardButton.Close)
        close.setDefault(True)
        buttons.rejected.connect(self.reject)
        layout.addWidget(buttons)
        self._watchers = QTimer(self)
        self._watchers.setInterval(1000)
        self._watchers.timeout.connect(self._count)
        self._watchers.start()
        self.url = ""

    def flip(self) -> None:
        """Turn the page on at the chosen port, or off."""
        if running_page(self.window_) is not None:
            stop_page(self.window_)
            self.refresh()
            return
        try:
            start_page(self.window_, ANY_HOST, self.port.value())
        except OSError as error:
            self.refresh()
            self.status.setText(
                f"The page cannot use port {self.port.value()} ({error.strerror or error}). "
                "Choose another port and turn it on again."
            )
            return
        self.refresh()

    def refresh(self) -> None:
        """Show the page as it is: its link and QR code when on, nothing to scan when off."""
        feed = running_page(self.window_)
        on = feed is not None
        self.switch.setText("Turn Off" if on else "Turn On")
        self.port.setEnabled(not on)
        self.copy.setEnabled(on)
        self.code.clear()
        if feed is None:
            self.url = ""
            self.link.setText("")
            self.status.setText("The page is off: nobody can open it.")
            self.code.setText("Off")
            return
        from futurepath_desktop.web.links import qr_png

        self.url = feed.server.url()
        self.port.setValue(feed.server.port)
        self.link.setText(f'<a href="{self.url}">{self.url}</a>')
        picture = QPixmap()
        picture.loadFromData(qr_png(self.url))
        self.code.setPixmap(picture)
        self._count()

    def _count(self) -> None:
        feed = running_page(self.window_)
        if feed is not None:
            watching = feed.server.clients
            devices = "device" if watching == 1 else "devices"
            self.status.setText(f"The page is on: {watching} {devices} following it.")

    def copy_link(self) -> None:
        """Put the link on the clipboard (to send it to a player)."""
        if self.url:
            QGuiApplication.clipboard().setText(self.url)
