"""How the printed pages look: ink on white paper whatever the window's theme, tables
ruled as a book's are (a heavier rule under the header, a light one between entries,
no grid), and the pieces of HTML both printouts are made of.

The rules and paddings are written on each cell: ``QTextDocument`` applies a cell's own
style, where a style sheet's selectors for nested cells are not all honoured."""

from __future__ import annotations

from collections.abc import Sequence

INK, MUTED, BAD, FLAG = "#1d2127", "#6b717b", "#b8321f", "#a05a00"
"""Body text, the light theme's muted grey, its red, and a darker orange that prints."""
HEADER_FILL, HEADER_RULE, ROW_RULE, ROUND_RULE = "#e6e9ee", "#6b717b", "#c9ced5", "#6b717b"

STYLE = f"""
body {{ color: {INK}; }}
h1 {{ font-size: 17pt; font-weight: 700; margin-top: 0; margin-bottom: 2pt; }}
p.sub {{ color: {MUTED}; margin-top: 0; margin-bottom: 4pt; }}
"""
"""The document's style sheet: the title and the paragraphs between the tables."""

DPI = 96.0
"""The printouts are laid out in pixels of a 96 dpi page whatever the printer's
resolution, and scaled to it: a rule or a cell's padding is as thick on a 1200 dpi
printer as in a PDF."""
TABBED = 7
"""The ``-qt-user-state`` of a paragraph laid out in columns (a log entry): ``TAB_STOPS``
line its columns up and its wrapped lines hang under the last one."""
TAB_STOPS = (58, 148, 258)
"""Where the log's Phase, Team and Event columns start, in the page's pixels (from
the left margin): a long fight's log is paragraphs, not a table, so that a thousand
entries print in a second rather than a minute."""


def muted(words: str) -> str:
    """Words in grey: what is there for reference."""
    return f'<span style="color:{MUTED}">{words}</span>'


def section(title: str, aside: str = "", mark: str = "") -> str:
    """A heading over a table: ``mark`` (a team's colour square), the title in bold and
    larger type, then an aside in grey on the same line."""
    title = f'<span style="font-size: 12.5pt; font-weight: 700">{mark}{title}</span>'
    aside = f"&nbsp; {muted(aside)}" if aside else ""
    return f'<p style="margin-top: 18px; margin-bottom: 5px">{title}{aside}</p>'


def cell(content: str, *, rule: str = ROW_RULE, width: int = 2, extra: str = "") -> str:
    """One cell with a rule under it (``rule=""``: none), aligned at the top."""
    border = f" border-bottom: {width}px solid {rule};" if rule else ""
    return f'<td style="vertical-align: top;{border}{extra}">{content}</td>'


def table(columns: Sequence[tuple[str, int]], rows: Sequence[str]) -> str:
    """A table across the page: each column's header and share of the width (percent),
    the header repeated at the top of every page it runs onto, then the rows."""
    header = "".join(
        f'<th width="{share}%" style="background-color: {HEADER_FILL}; text-align: left;'
        f' border-bottom: 2px solid {HEADER_RULE};">{name}</th>'
        for name, share in columns
    )
    return (
        '<table width="100%" cellspacing="0" cellpadding="4" border="0"'
        f' style="border-collapse: collapse;"><thead><tr>{header}</tr></thead>'
        f"{''.join(rows)}</table>"
    )
