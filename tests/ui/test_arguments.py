"""The command line: the quick reader agrees with argparse wherever it answers at all."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from futurepath_desktop.ui.app import Arguments, parse_args, parse_plain, parse_with_argparse

WORDS = [
    "--demo",
    "--smoke-test",
    "--smoke-charts",
    "--theme",
    "--theme=dark",
    "--theme=pink",
    "light",
    "system",
    "fight.fpsession",
    "other.fpsession",
    "--player-page",
    "--player-page=0.0.0.0:8765",
    "127.0.0.1:0",
    "--smoke",
    "-h",
    "--",
    "",
]


def argparse_reading(argv: list[str]) -> Arguments | None:
    try:
        return parse_with_argparse(argv)
    except SystemExit:  # argparse's way of refusing
        return None


@given(st.lists(st.sampled_from(WORDS), max_size=6))
def test_the_quick_reader_agrees_with_argparse(argv: list[str]) -> None:
    quick = parse_plain(argv)
    if quick is not None:  # where it answers, argparse gives the same answer
        assert quick == argparse_reading(argv)


def test_everyday_command_lines_are_read_without_argparse() -> None:
    assert parse_plain(["--smoke-test", "--demo"]) == Arguments(demo=True, smoke_test=True)
    assert parse_plain(["fight.fpsession", "--theme", "dark"]) == Arguments(
        file=Path("fight.fpsession"), theme="dark"
    )
    assert parse_plain(["--demo", "--player-page", "0.0.0.0:8765"]) == Arguments(
        demo=True, player_page="0.0.0.0:8765"
    )


@pytest.mark.parametrize(
    "argv", [["--help"], ["--version"], ["--theme", "pink"], ["a", "b"], ["--smoke"]]
)
def test_anything_else_goes_to_argparse(
    argv: list[str], capsys: pytest.CaptureFixture[str]
) -> None:
    assert parse_plain(argv) is None
    with pytest.raises(SystemExit):
        parse_args(argv)
    said = capsys.readouterr()
    assert "futurepath-desktop" in said.out + said.err
