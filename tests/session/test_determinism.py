"""R1: a fight replayed from the same seed is the same fight in any process. Bleeding,
burning and dying roll at the start of a turn in roster order, never in the order of a
set (which follows each process's string hashing)."""

from __future__ import annotations

import os
import subprocess
import sys

FIGHT = """
import hashlib
from futurepath_desktop.session import commands as c, store
from futurepath_desktop.session.demo import demo_session
from futurepath_desktop.session.history import History
session = demo_session()
history = History(session)
history.push(c.AddCondition(("bear-1", "bear-2", "bear-3", "bear-4"), "bleeding", 4))
history.push(c.AddCondition(("bear-1", "bear-2", "bear-3"), "burning", 3))
history.push(c.Damage(("bear-2", "bear-3"), 15, "a blast"))
history.push(c.StartCombat())
for _ in range(16):
    history.push(c.NextTurn())
print(hashlib.sha256(store.encode(session)).hexdigest())
"""


def _played(hash_seed: str) -> str:
    env = {**os.environ, "PYTHONHASHSEED": hash_seed}
    done = subprocess.run(
        [sys.executable, "-c", FIGHT],
        capture_output=True,
        text=True,
        env=env,
        timeout=120,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    return done.stdout.strip()


def test_the_same_seed_plays_the_same_fight_whatever_the_string_hashing() -> None:
    files = {_played(seed) for seed in ("1", "2", "3", "4")}
    assert len(files) == 1, "the saved fights differ between processes"
