"""The fight's log on paper: every entry in order, stamped with its round, phase and team
as the log panel shows them, its rolls and reasons under it, as HTML for a
``QTextDocument``. The words are the log model's own; every one is escaped.

Each entry is one paragraph whose columns are tab stops (``print_style.TABBED``), not a
table row: ``QTextDocument`` lays a table out across pages twenty times slower, and a
long fight has thousands of entries."""

from __future__ import annotations

from html import escape

from futurepath_desktop.session.state import LogEntry, Session
from futurepath_desktop.session.wording import without_rulings
from futurepath_desktop.ui.models.log_model import COLUMNS, base_kind, entry_text, phase_name
from futurepath_desktop.ui.print_encounter import fight_words
from futurepath_desktop.ui.print_style import BAD, HEADER_FILL, MUTED, TABBED, muted

QUIET = frozenset({"expiry", "phase", "turn"})
"""The kinds the log panel greys: the fight's clockwork, not what anyone did."""
STRIPE = "#f1f3f6"
"""Every other entry's ground, so that a line is followed across the page."""
TEAM_CHARACTERS = 17
"""A longer team name is cut short (with "…") so that it stays in its column."""


def stamp(entry: LogEntry) -> tuple[str, str]:
    """The Round and Phase columns as the log panel fills them."""
    return (str(entry.round) if entry.round else "–"), phase_name(entry)


def breakdown(entry: LogEntry) -> list[str]:
    """The entry's rolls and reasons, one to a line, as the breakdown pane shows them."""
    return [line.strip() for line in entry_text(entry).splitlines()[1:] if line.strip()]


def short(name: str) -> str:
    """A team's name as its column holds it."""
    return name if len(name) <= TEAM_CHARACTERS else name[: TEAM_CHARACTERS - 1].rstrip() + "…"


def columns(cells: tuple[str, str, str, str], style: str) -> str:
    """A paragraph of four tab-separated columns (the cells are HTML already)."""
    return (
        f'<p style="-qt-user-state: {TABBED}; white-space: pre-wrap; margin-top: 0;'
        f' margin-bottom: 0; line-height: 125%; {style}">{chr(9).join(cells)}</p>'
    )


def header() -> str:
    """The column headings, as the log panel names its columns."""
    bold = tuple(f"<b>{name}</b>" for name in COLUMNS)
    return columns(
        (bold[0], bold[1], bold[2], bold[3]), f"background-color: {HEADER_FILL}; margin-top: 6px;"
    )


def entry_paragraph(session: Session, entry: LogEntry, row: int, new_round: bool) -> str:
    """One entry: its stamps, the event as the panel words it, then its breakdown."""
    round_, phase = stamp(entry)
    team = session.teams.get(entry.team_id or "")
    # A team removed since keeps the name it had then.
    team_name = team.name if team is not None else entry.team_name
    event = escape(without_rulings(entry.text))
    if base_kind(entry) in QUIET:
        event = muted(event)
    elif "critical hit" in entry.text or "is down" in entry.text:
        event = f'<span style="color:{BAD}">{event}</span>'
    lines = breakdown(entry)
    if lines:
        details = "<br>".join(escape(line) for line in lines)
        event += f'<br><span style="font-size: 8pt; color: {MUTED}">{details}</span>'
    style = f"background-color: {STRIPE};" if row % 2 else ""
    if new_round:  # a little air above each new round
        style += " margin-top: 7px;"
    return columns((round_, phase, escape(short(team_name)), event), style)


def log_html(session: Session, printed: str = "") -> str:
    """The whole log, oldest first, under a title naming the session."""
    count = len(session.log)
    sub = [f"Fight log · {count} {'entry' if count == 1 else 'entries'}", fight_words(session)]
    if printed:
        sub.append(f"printed {escape(printed)}")
    head = f"<h1>{escape(session.name)}</h1><p class='sub'>{' · '.join(sub)}</p>"
    if not session.log:
        return head + f"<p>{muted('Nothing has happened yet.')}</p>"
    rows, last = [], None
    for row, entry in enumerate(session.log):
        rows.append(entry_paragraph(session, entry, row, last is not None and entry.round != last))
        last = entry.round
    return head + header() + "".join(rows)
