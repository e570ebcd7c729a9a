"""Printing: the encounter summary and the fight's log, on paper or as PDF.

File ▸ Print Encounter… (Ctrl+P) and Print Log… ask the system's print dialog for a
printer; File ▸ Export Encounter as PDF… and Export Log as PDF… ask where to save. The
status bar says where each went; a folder that will not take the file says why in a
message box. Qt's printing loads with the first of them, not at start-up."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from futurepath_desktop.ui.main_window import MainWindow
    from futurepath_desktop.ui.printing import Which


def print_encounter(window: MainWindow) -> bool:
    """Print the teams, their members' stats, conditions and weapons, and the ships."""
    return _print(window, "encounter")


def print_log(window: MainWindow) -> bool:
    """Print the fight's log."""
    return _print(window, "log")


def export_encounter_pdf(window: MainWindow, path: str | None = None) -> bool:
    """Save the encounter summary as a PDF (asking where, unless given)."""
    return _export(window, "encounter", path)


def export_log_pdf(window: MainWindow, path: str | None = None) -> bool:
    """Save the fight's log as a PDF (asking where, unless given)."""
    return _export(window, "log", path)


def _print(window: MainWindow, which: Which) -> bool:
    from futurepath_desktop.ui import printing

    try:
        from PySide6.QtPrintSupport import QPrintDialog, QPrinter, QPrinterInfo
    except ImportError:  # a build without Qt's printing: the PDF export still works
        _trouble(
            window,
            "printUnavailable",
            "Printing is not available",
            "This copy of Future Path Desktop cannot reach a printer.",
            "Export the document as a PDF instead (File menu) and print that.",
        )
        return False
    page = printing.printout(window.controller.session, which, printing.printed_now())
    printer = QPrinter(QPrinter.PrinterMode.HighResolution)
    printer.setPageSize(printing.page_size())
    printer.setDocName(page.title)
    if not QPrinterInfo.availablePrinters():  # a file is the only way out: beside the session
        session = window.controller.session
        printer.setOutputFileName(str(_folder(window) / printing.suggested_name(session, which)))
    dialog = QPrintDialog(printer, window)
    dialog.setObjectName("printDialog")
    dialog.setWindowTitle(f"Print the {printing.WHAT[which]}")
    if dialog.exec() != QPrintDialog.DialogCode.Accepted:
        return False
    where = printer.outputFileName() or printer.printerName() or "the printer"
    try:
        with _busy():
            printing.render(page, printer)
        if printer.printerState() == QPrinter.PrinterState.Error:
            raise OSError(f"{where} reported an error")
    except OSError as error:
        window.say(f"Not printed: the {printing.WHAT[which]}")
        _trouble(
            window,
            "printError",
            "Not printed",
            f"The {printing.WHAT[which]} could not be sent to {where}: {error}.",
            "Check the printer, or export the document as a PDF instead.",
        )
        return False
    window.say(f"Sent the {printing.WHAT[which]} to {where}")
    return True


def _folder(window: MainWindow) -> Path:
    """Where a printed or exported file goes unless the GM says otherwise: beside the
    session's file, or in the sessions folder for one never saved (not the home folder)."""
    from futurepath_desktop import paths

    saved = window.controller.path
    return saved.parent if saved is not None else paths.sessions_dir(create=True)


def _export(window: MainWindow, which: Which, path: str | None) -> bool:
    from futurepath_desktop.ui import printing

    session = window.controller.session
    if path is None:
        from PySide6.QtWidgets import QFileDialog

        path, _ = QFileDialog.getSaveFileName(
            window,
            f"Export the {printing.WHAT[which]} as PDF",
            str(_folder(window) / printing.suggested_name(session, which)),
            "PDF documents (*.pdf);;All files (*)",
        )
        if not path:
            return False
    target = Path(path)
    if target.suffix.lower() != ".pdf":
        target = target.with_name(target.name + ".pdf")
    page = printing.printout(session, which, printing.printed_now())
    try:
        with _busy():
            printing.write_pdf(target, page)
    except OSError as error:
        window.say(f"Not exported: {target.name}")
        _trouble(
            window,
            "exportErrorDialog",
            "Cannot export",
            f"Cannot save {target.name} in {target.parent}: {error.strerror or error}.",
            "Nothing was written there. Choose another folder.",
        )
        return False
    window.say(f"Saved the {printing.WHAT[which]} as {target}")
    return True


@contextmanager
def _busy() -> Iterator[None]:
    """The wait cursor while the pages are laid out (a long fight's log takes seconds)."""
    from PySide6.QtCore import Qt
    from PySide6.QtWidgets import QApplication

    QApplication.setOverrideCursor(Qt.CursorShape.WaitCursor)
    try:
        yield
    finally:
        QApplication.restoreOverrideCursor()


def _trouble(window: MainWindow, name: str, title: str, text: str, more: str) -> None:
    from PySide6.QtWidgets import QMessageBox

    box = QMessageBox(window)
    box.setObjectName(name)
    box.setIcon(QMessageBox.Icon.Warning)
    box.setWindowTitle(title)
    box.setText(text)
    box.setInformativeText(more)
    box.exec()
