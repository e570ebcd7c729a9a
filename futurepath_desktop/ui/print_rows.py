"""The actions table's rows for printing the encounter summary and the
fight's log, or exporting them to PDF (``ui.team_actions.rows_for`` puts each in its menu). Plain
data, like the rest of the table."""

from __future__ import annotations

from futurepath_desktop.ui.action_row import FILE, Action

ROWS: tuple[Action, ...] = (
    # File, beside Save and Save As: the session on paper or as a PDF to hand round
    Action(
        "actionPrintEncounter",
        "Print Encounter…",
        "print_prompts.print_encounter",
        ("Ctrl+P",),
        "Print the teams with their stats, conditions and weapons",
        menu=FILE,
        section=1,
    ),
    Action(
        "actionPrintLog",
        "Print Log…",
        "print_prompts.print_log",
        tip="Print the fight's log, every entry with its round and phase",
        menu=FILE,
        section=1,
    ),
    Action(
        "actionExportEncounterPdf",
        "Export Encounter as PDF…",
        "print_prompts.export_encounter_pdf",
        tip="Save the teams with their stats, conditions and weapons as a PDF",
        menu=FILE,
        section=1,
    ),
    Action(
        "actionExportLogPdf",
        "Export Log as PDF…",
        "print_prompts.export_log_pdf",
        tip="Save the fight's log as a PDF",
        menu=FILE,
        section=1,
    ),
)
