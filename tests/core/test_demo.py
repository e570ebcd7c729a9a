"""The rules demo replays the chapter's example encounter (R5-R13, R8-R9, R11)."""

from __future__ import annotations

import subprocess
import sys

from futurepath_desktop.core.demo import DEFAULT_SEED, Encounter


def test_demo_replays_the_example_encounter() -> None:
    encounter = Encounter(DEFAULT_SEED)
    text = "\n".join(encounter.run())
    # R6: 83/3 → 28 for the players, 27 for the bears; Katie would have dragged it to 26.
    assert "team initiative 28" in text and "team initiative 27" in text
    assert "Acting order: Players → Space Bears" in text
    # R11: only Brandon acts in the surprise round.
    surprise = text.split("Phase 3, Advantages")[0]
    assert "Surprise round, only the aware act: Brandon\n" in surprise
    assert surprise.count(" attacks ") == 1 and "Brandon attacks" in surprise
    # R13: the explosion's stun ends at round 1's Counters phase; James's runs 2 → 1 → 0.
    round_1 = text.split("Round 2")[0]
    assert "Space Bear 1: Stunned 1 → 0, it ends." in round_1
    assert "Stunned 2 → 1." in round_1
    assert "Stunned 1 → 0, it ends." in text.split("Round 2")[1]
    # R8/R9: Katie joins without changing the team's initiative.
    assert "Katie bursts in and joins the players' team (R9): their initiative stays at 28" in text
    assert "Katie attacks" in text.split("Round 2")[1]
    assert "The last Space Bear falls" in text


def test_demo_is_a_real_use_of_the_core_seeds_change_the_fight() -> None:
    fights = {"\n".join(Encounter(seed).run()) for seed in (1, 2, 3)}
    assert len(fights) == 3


def test_demo_runs_as_a_module() -> None:
    done = subprocess.run(
        [sys.executable, "-m", "futurepath_desktop.core.demo"],
        capture_output=True,
        text=True,
        check=True,
    )
    assert "Round 1" in done.stdout and done.stderr == ""
