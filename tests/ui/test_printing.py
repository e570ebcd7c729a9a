"""File ▸ Print and Export as PDF: the encounter summary and the fight's log, through the
window's own actions. The PDFs are read back as the GM would see them: poppler's
``pdftoppm`` draws the first page (sampled for ink where the tables are and nothing
running off the paper) and ``pdftotext`` reads every word (each team, combatant and
weapon of the demo, taken from the session; the log's entries in order)."""

from __future__ import annotations

import errno
import os
import shutil
import subprocess
import unicodedata
from pathlib import Path

import msgspec
import pytest
from PySide6.QtGui import QImage
from PySide6.QtWidgets import QDialog, QFileDialog, QMessageBox
from pytestqt.qtbot import QtBot

from futurepath_desktop.session import file_write
from futurepath_desktop.session.demo import demo_session
from futurepath_desktop.session.state import LogEntry, Session, Team
from futurepath_desktop.session.wording import without_rulings
from futurepath_desktop.ui import print_prompts, printing, theme
from futurepath_desktop.ui.main_window import MainWindow
from futurepath_desktop.ui.models.weapons_model import describe
from futurepath_desktop.ui.operations import roster, teams
from tests.helpers import run_python
from tests.ui.conftest import answer_dialog

TRICKY = '<b>&Co</b> "Bob" & <i>'
"""A name that is HTML if it is not escaped."""


def poppler(tool: str) -> str:
    """The path of a poppler tool, or a failure saying how to get it (never a skip)."""
    found = shutil.which(tool)
    if found is None:
        pytest.fail(f"{tool} is missing: install poppler-utils (apt-get install poppler-utils)")
    return found


def pdf_text(pdf: Path, *, layout: bool = False) -> str:
    """Every word of the PDF, in reading order, with its white space made single spaces
    and its ligatures (the type's "ﬁ" and "ﬃ") as their letters: see ``plain``. With
    ``layout``, line by line down the page (a wrapped entry's second line follows its
    first), else cell by cell."""
    done = subprocess.run(
        [poppler("pdftotext"), "-enc", "UTF-8", *(["-layout"] if layout else []), str(pdf), "-"],
        capture_output=True,
        check=True,
        timeout=60,
    )
    return plain(done.stdout.decode("utf-8"))


def plain(text: str) -> str:
    """Text as the PDF's words are compared: compatibility forms (a ligature is its
    letters, "…" three dots) and single spaces."""
    return " ".join(unicodedata.normalize("NFKC", text).split())


def first_page(pdf: Path, tmp_path: Path) -> QImage:
    """Page 1 drawn at 60 dpi."""
    out = tmp_path / f"{pdf.stem}-page"
    subprocess.run(
        [poppler("pdftoppm"), "-r", "60", "-png", "-singlefile", str(pdf), str(out)],
        check=True,
        timeout=60,
    )
    image = QImage(str(out.with_suffix(".png")))
    assert not image.isNull(), "pdftoppm drew the page"
    return image


def ink(image: QImage, left: float, top: float, right: float, bottom: float) -> float:
    """The share of dark pixels (text, rules) in a region given as fractions of the page,
    looking at every other pixel."""
    x0, x1 = int(left * image.width()), int(right * image.width())
    y0, y1 = int(top * image.height()), int(bottom * image.height())
    dark = seen = 0
    for y in range(y0, y1, 2):
        for x in range(x0, x1, 2):
            seen += 1
            dark += image.pixelColor(x, y).lightness() < 110
    return dark / max(1, seen)


def white(
    image: QImage, left: float, top: float, right: float, bottom: float, *, least: int = 220
) -> float:
    """The share of paper in a region (fractions of the page): pixels at least ``least``
    light (by default white, or the light grey of a header's or an entry's ground)."""
    x0, x1 = int(left * image.width()), int(right * image.width())
    y0, y1 = int(top * image.height()), int(bottom * image.height())
    light = seen = 0
    for y in range(y0, y1, 2):
        for x in range(x0, x1, 2):
            seen += 1
            light += image.pixelColor(x, y).lightness() >= least
    return light / max(1, seen)


def margins_blank(page: QImage) -> bool:
    """Nothing runs into the paper's sides (a clipped column would): the outer 1 cm of
    each side is pure white."""
    return all(
        white(page, *side, least=250) == 1.0 for side in ((0, 0, 0.045, 1), (0.955, 0, 1, 1))
    )


def export(window: MainWindow, monkeypatch: pytest.MonkeyPatch, action: str, path: Path) -> None:
    """Run an Export … as PDF action, answering its save dialog with ``path``."""
    asked: list[str] = []

    def save_as(_parent: object, caption: str, suggested: str, _filter: str) -> tuple[str, str]:
        asked.append(suggested)
        return str(path), "PDF documents (*.pdf)"

    monkeypatch.setattr(QFileDialog, "getSaveFileName", staticmethod(save_as))
    window.actions_by_name[action].trigger()
    assert asked and asked[0].endswith(".pdf"), "the dialog suggests a PDF's name"


def start_fight(qtbot: QtBot, window: MainWindow) -> None:
    """Start combat and hand on two turns, through the window's actions."""
    session = window.controller.session
    answer_dialog(qtbot, lambda dialog: dialog.accept())  # who is unaware: as suggested
    window.actions_by_name["actionStartCombat"].trigger()
    qtbot.waitUntil(lambda: session.combat.active)
    window.actions_by_name["actionNextTurn"].trigger()
    window.actions_by_name["actionNextTurn"].trigger()


def test_the_encounter_pdf_shows_every_team_combatant_and_weapon(
    qtbot: QtBot, window: MainWindow, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    session = window.controller.session
    assert any(c.hidden for c in session.combatants.values()), "the demo hides Brandon"
    start_fight(qtbot, window)
    pdf = tmp_path / "summary.pdf"
    export(window, monkeypatch, "actionExportEncounterPdf", pdf)
    assert pdf.read_bytes().startswith(b"%PDF-")
    assert str(pdf) in window.statusBar().currentMessage(), "the GM is told where it went"
    words = pdf_text(pdf)
    assert plain(session.name) in words
    for team in session.teams.values():
        assert plain(team.name) in words
    for combatant in session.combatants.values():  # the hidden ones too: it is the GM's
        assert plain(combatant.name) in words, combatant.name
        for weapon in combatant.weapons:
            assert plain(weapon.name) in words and plain(describe(weapon)) in words
    for ship in session.ships.values():
        assert plain(ship.name) in words
    assert "Hidden" in words and "Space Bears · acting" not in words

    page = first_page(pdf, tmp_path)
    assert white(page, 0, 0, 1, 1) > 0.85, "a white page with type on it"
    assert ink(page, 0.1, 0.15, 0.9, 0.6) > 0.02, "the team tables are there"
    assert margins_blank(page)


def test_a_dark_window_prints_dark_ink_on_white(
    window: MainWindow, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    """The page is paper whatever the window's theme: a dark theme's light text would all
    but vanish on it."""
    window.actions_by_name["actionThemeDark"].trigger()
    try:
        pdf = tmp_path / "dark.pdf"
        export(window, monkeypatch, "actionExportEncounterPdf", pdf)
    finally:
        window.set_theme(theme.LIGHT)
    page = first_page(pdf, tmp_path)
    assert white(page, 0, 0, 1, 1) > 0.85
    assert ink(page, 0.1, 0.15, 0.9, 0.6) > 0.02, "the tables' words are dark"


def test_the_log_pdf_has_the_entries_in_order(
    qtbot: QtBot, window: MainWindow, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    session = window.controller.session
    start_fight(qtbot, window)
    assert len(session.log) > 5
    pdf = tmp_path / "log"  # the .pdf is added
    export(window, monkeypatch, "actionExportLogPdf", pdf)
    pdf = pdf.with_suffix(".pdf")
    assert pdf.is_file()
    words = pdf_text(pdf, layout=True)
    at = 0
    for entry in session.log:
        event = plain(without_rulings(entry.text))
        found = words.find(event, at)
        assert found >= at, f"{event!r} is missing or out of order"
        at = found + len(event)
    page = first_page(pdf, tmp_path)
    assert white(page, 0, 0, 1, 1) > 0.85
    assert ink(page, 0.1, 0.12, 0.9, 0.3) > 0.02, "the first entries are there"
    assert margins_blank(page)


def test_names_with_markup_print_literally(
    window: MainWindow, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    controller = window.controller
    assert roster.edit_combatant(controller, "bear-1", {"name": TRICKY})
    assert teams.edit_team(controller, "bears", {"name": f"{TRICKY} team"})
    from futurepath_desktop.ui.operations import health

    assert health.damage(controller, ["bear-1"], 2)  # the log names it too
    summary, log = tmp_path / "summary.pdf", tmp_path / "log.pdf"
    export(window, monkeypatch, "actionExportEncounterPdf", summary)
    export(window, monkeypatch, "actionExportLogPdf", log)
    for pdf in (summary, log):
        assert plain(TRICKY) in pdf_text(pdf), pdf.name
    html = printing.printout(controller.session, printing.ENCOUNTER).html
    assert TRICKY not in html and "&lt;b&gt;&amp;Co&lt;/b&gt;" in html


def test_health_and_fatigue_sessions_print_health(tmp_path: Path) -> None:
    session = demo_session()
    session.options = msgspec.structs.replace(session.options, vitality="health-fatigue")
    bear = session.combatants["bear-2"]
    session.combatants["bear-2"] = msgspec.structs.replace(bear, health=9, fatigue=2, temp_hp=3)
    page = printing.printout(session, printing.ENCOUNTER)
    assert "<th" in page.html and ">Health</th>" in page.html and ">HP</th>" not in page.html
    pdf = tmp_path / "health.pdf"
    printing.write_pdf(pdf, page)
    assert "9/16 · fatigue 2 (+3 temp)" in pdf_text(pdf)


@pytest.mark.parametrize("trouble", ["read-only folder", "not a folder", "disk full"])
def test_a_folder_that_will_not_take_the_pdf_says_so(
    qtbot: QtBot,
    window: MainWindow,
    monkeypatch: pytest.MonkeyPatch,
    tmp_path: Path,
    trouble: str,
) -> None:
    folder = tmp_path / "out"
    folder.mkdir()
    target = folder / "summary.pdf"
    if trouble == "read-only folder":
        folder.chmod(0o555)
        if os.access(folder, os.W_OK):  # root: the mode does not bind; the OS's refusal
            real_open = open

            def refuse(path: object, *args: object, **kwargs: object) -> object:
                if Path(str(path)).parent == folder:
                    raise PermissionError(errno.EACCES, "Permission denied", str(path))
                return real_open(path, *args, **kwargs)  # type: ignore[call-overload]

            monkeypatch.setattr(file_write, "open", refuse, raising=False)
    elif trouble == "not a folder":
        (tmp_path / "file").write_text("not a folder")
        folder, target = tmp_path / "file", tmp_path / "file" / "summary.pdf"
    else:  # the bytes go into the temporary file, then the disk is full

        def full(_fd: int) -> None:
            raise OSError(errno.ENOSPC, "No space left on device")

        monkeypatch.setattr(os, "fsync", full)  # as the atomic writer flushes it
        target.write_bytes(b"%PDF- the old export")
    before = sorted(p.name for p in folder.iterdir()) if folder.is_dir() else []
    said: list[str] = []

    def read(dialog: QDialog) -> None:
        assert isinstance(dialog, QMessageBox) and dialog.objectName() == "exportErrorDialog"
        said.append(f"{dialog.text()} {dialog.informativeText()}")
        dialog.accept()

    answer_dialog(qtbot, read)
    # What the status bar says, as it says it: a widget's own status tip (the pointer
    # resting on a tool button as the dialog opens) may take the line over afterwards.
    status: list[str] = []
    window.statusBar().messageChanged.connect(status.append)
    try:
        assert not print_prompts.export_encounter_pdf(window, str(target))
    finally:
        if folder.is_dir():
            folder.chmod(0o755)
    assert said and "Cannot save summary.pdf" in said[0] and "Nothing was written" in said[0]
    assert any(text.startswith("Not exported: ") for text in status), status
    after = sorted(p.name for p in folder.iterdir()) if folder.is_dir() else []
    assert after == before, "no part of a file is left behind"
    if trouble == "disk full":
        assert target.read_bytes() == b"%PDF- the old export", "the old PDF is as it was"


def test_print_opens_the_print_dialog(qtbot: QtBot, window: MainWindow) -> None:
    from PySide6.QtCore import Qt
    from PySide6.QtPrintSupport import QPrintDialog

    seen: list[str] = []

    def cancel(dialog: QDialog) -> None:
        seen.append(type(dialog).__name__ if isinstance(dialog, QPrintDialog) else "")
        dialog.reject()

    answer_dialog(qtbot, cancel)
    qtbot.keyClick(window, Qt.Key.Key_P, Qt.KeyboardModifier.ControlModifier)  # Ctrl+P
    qtbot.waitUntil(lambda: bool(seen))
    assert seen == ["QPrintDialog"]
    answer_dialog(qtbot, cancel)
    window.actions_by_name["actionPrintLog"].trigger()
    qtbot.waitUntil(lambda: len(seen) == 2)
    assert seen[1] == "QPrintDialog" and window.isVisible()


@pytest.mark.parametrize("saved", [False, True], ids=["never saved", "saved"])
def test_with_no_printer_the_print_dialog_offers_a_file_beside_the_session(
    qtbot: QtBot,
    window: MainWindow,
    private_home: Path,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    saved: bool,
) -> None:
    """With no printer on the machine the dialog can only print to a file: it offers one
    named for the session, beside the session's file (or in the sessions folder), not in
    the home folder."""
    from PySide6.QtPrintSupport import QPrintDialog, QPrinterInfo

    from futurepath_desktop import paths

    monkeypatch.setattr(QPrinterInfo, "availablePrinters", staticmethod(lambda: []))
    folder = tmp_path / "campaign"
    if saved:
        folder.mkdir()
        assert window.files._write(folder / "bears.fpsession")
    else:
        folder = paths.sessions_dir(create=True)
    offered: list[str] = []

    def look(dialog: QDialog) -> None:
        assert isinstance(dialog, QPrintDialog)
        offered.append(dialog.printer().outputFileName())
        dialog.reject()

    answer_dialog(qtbot, look)
    assert not print_prompts.print_log(window)  # cancelled
    wanted = folder / printing.suggested_name(window.controller.session, "log")
    assert offered == [str(wanted)]
    assert Path(offered[0]).parent != Path.home()


def test_a_printer_gets_the_pages(qtbot: QtBot, window: MainWindow, tmp_path: Path) -> None:
    """Printing goes through QPrinter as the dialog set it up (here: into a PDF file)."""
    from PySide6.QtPrintSupport import QPrintDialog, QPrinter

    out = tmp_path / "printed.pdf"

    def to_file(dialog: QDialog) -> None:
        assert isinstance(dialog, QPrintDialog)
        printer = dialog.printer()
        printer.setOutputFormat(QPrinter.OutputFormat.PdfFormat)
        printer.setOutputFileName(str(out))
        dialog.done(QDialog.DialogCode.Accepted)  # as OK, without the dialog's own fields

    answer_dialog(qtbot, to_file)
    assert print_prompts.print_encounter(window)
    words = pdf_text(out)
    for combatant in window.controller.session.combatants.values():
        assert plain(combatant.name) in words
    assert "printed.pdf" in window.statusBar().currentMessage()


def test_a_long_log_prints_every_entry(window: MainWindow, tmp_path: Path) -> None:
    """A long fight's log is paragraphs, not a table: 2,000 entries lay out in seconds,
    over pages that each repeat the title and the columns' names."""
    session = window.controller.session
    entries = [
        LogEntry(n, 1 + n // 100, 4, "players", "damage", f"Entry number {n}") for n in range(2000)
    ]
    saved = session.log
    session.log = entries
    try:
        page = printing.printout(session, printing.LOG)
        pdf = tmp_path / "long.pdf"
        printing.write_pdf(pdf, page)
    finally:
        session.log = saved
    words = pdf_text(pdf)
    assert "Entry number 0 " in words and "Entry number 1999" in words
    pages = words.count(plain(f"{session.name} — fight log"))
    assert pages > 20 and words.count("Round Phase Team Event") == pages + 1
    assert f"Page {pages + 1} of {pages + 1}" in words


def test_printing_loads_nothing_at_start_up(private_home: Path) -> None:
    """Qt's printing and these modules load with the first print, not with the window."""
    done = run_python(
        "-c",
        "import sys\n"
        "from PySide6.QtWidgets import QApplication\n"
        "app = QApplication([])\n"
        "from futurepath_desktop.session.demo import demo_session\n"
        "from futurepath_desktop.ui.main_window import MainWindow\n"
        "window = MainWindow(demo_session(), autosave=False)\n"
        "window.show(); app.processEvents()\n"
        "names = ('PySide6.QtPrintSupport', 'futurepath_desktop.ui.printing',\n"
        "         'futurepath_desktop.ui.print_prompts')\n"
        "print([name for name in names if name in sys.modules])\n",
        home=private_home,
    )
    assert done.returncode == 0, done.stderr[-2000:]
    assert done.stdout.strip() == "[]"


def test_an_empty_session_prints_a_page(tmp_path: Path) -> None:
    """A new session: no teams, no log, a team with nobody in it; each says so."""
    session = Session(name="Empty")
    for which, said in ((printing.ENCOUNTER, "No teams yet."), (printing.LOG, "Nothing has")):
        pdf = tmp_path / f"{which}.pdf"
        printing.write_pdf(pdf, printing.printout(session, which))
        assert said in pdf_text(pdf)
    session.teams["t"] = Team(id="t", name="Latecomers", side="allies")
    pdf = tmp_path / "team.pdf"
    printing.write_pdf(pdf, printing.printout(session, printing.ENCOUNTER))
    assert "Latecomers allies of the players · 0 members Nobody in this team yet." in pdf_text(pdf)
    assert printing.suggested_name(Session(name='a/b: "c"?'), printing.LOG) == "a-b- -c-- - log.pdf"
