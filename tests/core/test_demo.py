"""The rules demo replays the chapter's example encounter (R5-R13, R8-R9, R11)."""

from __future__ import annotations

import subprocess
import sys

from futurepath_desktop.core.demo import DEFAULT_SEED, Encounter


def test_demo_replays_the_example_encounter() -> None:
    encounter = Encounter(DEFAULT_SEED)
    text = "\n".join(encounter.run())
    # R5/R6: the modifiers give Brandon +3 +1 +1 = 5, James and Art +1 +2 = 3, each bear
    # +1 +1 +1 = 3: 11/3 → 4 for the players, 3 for the bears. Katie's 0 - 1 - 2 = -3 would
    # have dragged the players to 8/4 = 2, below the bears.
    assert "Players: Brandon 5, James 3, Art 3 → team initiative 4" in text
    assert "Space Bear 4 3 → team initiative 3" in text
    assert "(Had Katie (-3) been here, the players would stand at 2, below the bears.)" in text
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
    assert "Katie bursts in and joins the players' team (R9): their initiative stays at 4" in text
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
