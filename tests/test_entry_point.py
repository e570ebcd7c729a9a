"""The installed command's end: it leaves through ``os._exit`` (no teardown of thousands of
Qt wrappers), so whatever must reach the disk is finished first. A clean quit on a slow disk
leaves no autosave journal behind."""

from __future__ import annotations

import pytest

from benchmarks import quit as quit_bench


@pytest.mark.parametrize("fsync_s", [0.0, 0.3])
def test_a_clean_quit_of_the_installed_command_leaves_no_journal(fsync_s: float) -> None:
    figures = quit_bench.measure(repeats=1, fsync_s=fsync_s)
    assert figures["journals_left"] == 0
    assert figures["app"] < 2.0, figures  # generous: the budget itself is a benchmark row
