"""What the window shows of a log line: the rulings' numbers go, and nothing else does (a
square in column R, such as R4, is a square, not a ruling)."""

from __future__ import annotations

import pytest

from futurepath_desktop.session.wording import without_rulings


@pytest.mark.parametrize(
    ("text", "shown"),
    [
        ("blocked there (R36)", "blocked there"),
        ("lands (R38: 30 ft + 5 ft)", "lands (30 ft + 5 ft)"),
        ("5 ft left (Move, R50)", "5 ft left (Move)"),
        (
            "no damage (failed the CON check, 8 vs DC 14; R55)",
            "no damage (failed the CON check, 8 vs DC 14)",
        ),
        ("two rounds more (R14, R55)", "two rounds more"),
        ("Phase 1, Initiative (R5-R7)", "Phase 1, Initiative"),
        ("not allowed under R18", "not allowed"),
        ("moves 15 ft (3 squares) from R4 to O4", "moves 15 ft (3 squares) from R4 to O4"),
        ("moved by the GM from R12 to Q3", "moved by the GM from R12 to Q3"),
        ("R46: a hull breach deals 4 Advantage Dice", "a hull breach deals 4 Advantage Dice"),
        ("R4 to O4: 15 ft", "R4 to O4: 15 ft"),
    ],
)
def test_rulings_go_and_squares_stay(text: str, shown: str) -> None:
    assert without_rulings(text) == shown
