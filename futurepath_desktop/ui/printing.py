"""Printing: the encounter summary and the fight's log, on paper or as PDF.

The two documents are HTML (``ui.print_encounter`` and ``ui.print_fight_log`` write
them) laid out by a ``QTextDocument`` on A4, or on Letter where the system measures in
inches. The pages are laid out at 96 dpi and painted scaled to the printer, so that they
look the same from any printer and in the PDF; each page after the first repeats the
title (and the log's column headings) at its head, and every page says its number at its
foot. A PDF is made in memory and written as the session files are
(``session.file_write.atomic_write``): to a temporary file beside the target, fsynced,
then renamed over it, so a failed export leaves no part of a file behind and an older PDF
of the same name as it was."""

from __future__ import annotations

from html import escape
from pathlib import Path
from typing import Literal, NamedTuple

from PySide6.QtCore import QBuffer, QByteArray, QIODevice, QLocale, QMarginsF, QRectF, QSizeF
from PySide6.QtGui import (
    QAbstractTextDocumentLayout,
    QColor,
    QFont,
    QGuiApplication,
    QImage,
    QPagedPaintDevice,
    QPageLayout,
    QPageSize,
    QPainter,
    QPalette,
    QPdfWriter,
    QTextCursor,
    QTextDocument,
    QTextOption,
)

from futurepath_desktop.session.file_write import atomic_write
from futurepath_desktop.session.state import Session
from futurepath_desktop.ui.print_encounter import encounter_html
from futurepath_desktop.ui.print_fight_log import header, log_html
from futurepath_desktop.ui.print_style import DPI, INK, MUTED, STYLE, TAB_STOPS, TABBED

Which = Literal["encounter", "log"]
ENCOUNTER: Which = "encounter"
LOG: Which = "log"

WHAT = {ENCOUNTER: "encounter summary", LOG: "fight log"}
"""What each document is called in the window's messages."""
FILE_WORDS = {ENCOUNTER: "encounter", LOG: "log"}
"""What ends the suggested file name: ``Space Bears - encounter.pdf``."""

POINT_SIZE = 9.5
"""The body's type: a table of eight columns stays readable on a portrait page."""
MM = DPI / 25.4
SIDE_MARGIN, TOP_MARGIN, BOTTOM_MARGIN = 17 * MM, 13 * MM, 17 * MM
"""The page's margins, in the layout's pixels; the running head sits inside the top one."""


class Printout(NamedTuple):
    """One document to print: its title (the PDF's, and the head of every page after the
    first), its HTML, and what else those pages repeat under the title (HTML)."""

    title: str
    html: str
    running: str = ""


def printed_now() -> str:
    """When it was printed, as the window says moments ("today at 21:40")."""
    import time

    from futurepath_desktop.ui.files import when

    return when(time.time())


def printout(session: Session, which: Which, printed: str = "") -> Printout:
    """The encounter summary or the fight's log of ``session``."""
    title = f"{session.name} — {WHAT[which]}"
    if which == ENCOUNTER:
        return Printout(title, encounter_html(session, printed))
    return Printout(title, log_html(session, printed), header() if session.log else "")


def page_size() -> QPageSize:
    """A4, or Letter where the system's measures are the United States' ones."""
    imperial = QLocale.system().measurementSystem() == QLocale.MeasurementSystem.ImperialUSSystem
    return QPageSize(QPageSize.PageSizeId.Letter if imperial else QPageSize.PageSizeId.A4)


_SCREEN: list[QImage] = []
"""The 96 dpi surface the documents are laid out for (made once, kept alive)."""


def _surface() -> QImage:
    if not _SCREEN:
        image = QImage(1, 1, QImage.Format.Format_RGB32)
        image.setDotsPerMeterX(round(DPI / 0.0254))
        image.setDotsPerMeterY(round(DPI / 0.0254))
        _SCREEN.append(image)
    return _SCREEN[0]


def document(html: str, width: float) -> QTextDocument:
    """HTML laid out ``width`` pixels wide at 96 dpi: the app's typeface at a print size,
    the style sheet, and the log's columns on their tab stops."""
    doc = QTextDocument()
    doc.setUseDesignMetrics(True)  # the same line breaks at any resolution
    doc.documentLayout().setPaintDevice(_surface())
    font = QFont(QGuiApplication.font())
    font.setPointSizeF(POINT_SIZE)
    doc.setDefaultFont(font)
    doc.setDefaultStyleSheet(STYLE)
    doc.setDocumentMargin(0)
    doc.setHtml(html)
    tabs = [QTextOption.Tab(at, QTextOption.TabType.LeftTab) for at in TAB_STOPS]
    cursor = QTextCursor(doc)
    cursor.beginEditBlock()  # one layout for all the changes, not one for each
    block = doc.begin()
    while block.isValid():
        if block.userState() == TABBED:  # columns on the stops; wrapped lines under the last
            shape = block.blockFormat()
            shape.setTabPositions(tabs)
            shape.setLeftMargin(TAB_STOPS[-1])
            shape.setTextIndent(-TAB_STOPS[-1])
            cursor.setPosition(block.position())
            cursor.setBlockFormat(shape)
        block = block.next()
    cursor.endEditBlock()
    doc.setTextWidth(width)
    return doc


def paper_palette() -> QPalette:
    """Dark ink on white paper, whatever the window's theme (a dark theme's light text
    would print all but invisible)."""
    palette = QPalette(QColor("white"))
    for role in (QPalette.ColorRole.Text, QPalette.ColorRole.WindowText):
        palette.setColor(role, QColor(INK))
    return palette


def paginate(page: Printout, paper: QSizeF) -> tuple[QTextDocument, QTextDocument]:
    """The document laid out on pages of ``paper`` (pixels at 96 dpi), and the running
    head its pages after the first show in the room kept for it."""
    width = paper.width() - 2 * SIDE_MARGIN
    running = document(
        f'<p style="color:{MUTED}; font-size: 8pt; margin-bottom: 3px">{escape(page.title)}</p>'
        + page.running,
        width,
    )
    doc = document(page.html, width)
    frame = doc.rootFrame().frameFormat()
    frame.setLeftMargin(SIDE_MARGIN)
    frame.setRightMargin(SIDE_MARGIN)
    frame.setTopMargin(TOP_MARGIN + running.size().height() + 4)
    frame.setBottomMargin(BOTTOM_MARGIN)
    doc.rootFrame().setFrameFormat(frame)
    doc.setPageSize(paper)
    return doc, running


def page_number(number: int, count: int, width: float) -> QTextDocument:
    """The foot of a page: "Page 2 of 5", at the right."""
    style = f"color: {MUTED}; font-size: 8pt"
    return document(f'<p align="right" style="{style}">Page {number} of {count}</p>', width)


def render(page: Printout, device: QPagedPaintDevice) -> int:
    """Lay the printout out on ``device``'s paper and paint every page (a printer or a
    PDF). Returns how many pages; ``OSError`` if the device would not be painted on."""
    layout = device.pageLayout()
    full = layout.fullRect(QPageLayout.Unit.Inch)
    paper = QSizeF(full.width() * DPI, full.height() * DPI)
    doc, running = paginate(page, paper)
    count = doc.pageCount()
    painter = QPainter()
    if not painter.begin(device):
        raise OSError(f"cannot draw on {type(device).__name__}")
    try:
        # The device's origin is its printable area's corner: draw from the paper's.
        resolution = device.logicalDpiX()
        printable = layout.paintRectPixels(resolution).topLeft()
        scale = resolution / DPI
        for number in range(count):
            if number and not device.newPage():
                raise OSError("the printer would not start a new page")
            painter.save()
            painter.translate(-printable.x(), -printable.y())
            painter.scale(scale, scale)
            if number:
                painter.save()
                painter.translate(SIDE_MARGIN, TOP_MARGIN)
                running.drawContents(painter)
                painter.restore()
            painter.save()
            painter.translate(SIDE_MARGIN, paper.height() - BOTTOM_MARGIN + 8)
            page_number(number + 1, count, running.textWidth()).drawContents(painter)
            painter.restore()
            top = number * paper.height()
            painter.translate(0, -top)
            context = QAbstractTextDocumentLayout.PaintContext()
            context.palette = paper_palette()
            # Only the page's body: an entry carried onto the next page leaves its
            # ground out of the margins, where the head and the page number are.
            margins = doc.rootFrame().frameFormat()
            body = paper.height() - margins.topMargin() - margins.bottomMargin()
            context.clip = QRectF(0, top + margins.topMargin(), paper.width(), body)
            painter.setClipRect(context.clip)
            doc.documentLayout().draw(painter, context)
            painter.restore()
    finally:
        painter.end()
    return count


def pdf_bytes(page: Printout) -> bytes:
    """The printout as a PDF file's bytes."""
    data = QByteArray()
    buffer = QBuffer(data)
    buffer.open(QIODevice.OpenModeFlag.WriteOnly)
    writer = QPdfWriter(buffer)
    writer.setTitle(page.title)
    writer.setCreator("Future Path Desktop")
    writer.setResolution(600)
    writer.setPageSize(page_size())
    writer.setPageMargins(QMarginsF(0, 0, 0, 0), QPageLayout.Unit.Millimeter)
    render(page, writer)
    buffer.close()
    return bytes(data.data())


def write_pdf(path: Path, page: Printout) -> None:
    """Write the printout to ``path`` as a PDF, atomically (``OSError`` if the folder
    will not take it; nothing of the new file is left then)."""
    atomic_write(path, pdf_bytes(page), keep_backup=False)


def suggested_name(session: Session, which: Which) -> str:
    """A file name for the export: the session's name (what a file name cannot hold
    replaced) and which document it is."""
    name = "".join("-" if ch in '/\\:*?"<>|' or ord(ch) < 32 else ch for ch in session.name)
    name = name.strip(" .") or "session"
    return f"{name} - {FILE_WORDS[which]}.pdf"
