"""A writer killed mid-save never leaves a torn file, and no corrupted file gets past the
loader as anything but a SessionLoadError."""

from __future__ import annotations

import contextlib
import copy
import json
import os
import random
import signal
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import msgspec
import pytest

from futurepath_desktop.session.commands import AddCombatant, RollDice
from futurepath_desktop.session.demo import demo_session
from futurepath_desktop.session.errors import SessionLoadError
from futurepath_desktop.session.history import History
from futurepath_desktop.session.state import Combatant, Session
from futurepath_desktop.session.store import (
    backup_path,
    encode,
    load_session,
    save_session,
)

KILLS = 200
MUTANTS = 5000
GOLDEN = Path(__file__).parent / "golden" / "v1-space-bears-round-1.fpsession"


def big_session(extra: int) -> Session:
    """The demo with many more combatants and log lines, so a save takes a while."""
    session = demo_session()
    history = History(session)
    for n in range(extra):
        history.push(AddCombatant(Combatant(id=f"extra-{n}", name=f"Drone {n}", team_id="bears")))
    for _ in range(extra * 4):
        history.push(RollDice("3d6+2", "noise"))
    return session


@pytest.mark.skipif(not hasattr(os, "fork"), reason="killing a forked writer needs fork()")
def test_a_writer_killed_at_random_moments_never_leaves_a_torn_file(tmp_path: Path) -> None:
    versions = {encode(s): name for s, name in ((big_session(300), "A"), (big_session(400), "B"))}
    first, second = (demo for demo in versions)
    sessions = [load_from_bytes(tmp_path, first), load_from_bytes(tmp_path, second)]
    path = tmp_path / "table.fpsession"
    save_session(sessions[0], path)
    rng = random.Random(20261129)
    mid_write = 0
    for kill in range(KILLS):
        pid = os.fork()
        if pid == 0:  # the writer: save the two versions in turn until killed
            try:
                for turn in range(10_000):
                    save_session(sessions[turn % 2], path)
            finally:
                os._exit(0)
        time.sleep(rng.uniform(0.0, 0.03))
        os.kill(pid, signal.SIGKILL)
        os.waitpid(pid, 0)
        debris = [p for p in tmp_path.iterdir() if p.name.endswith(".tmp")]
        mid_write += bool(debris)
        for leftover in debris:
            leftover.unlink()
        on_disk = path.read_bytes()
        assert on_disk in versions, f"kill {kill}: the file is neither version (torn write)"
        assert load_session(path) == sessions[versions[on_disk] == "B"]
        if backup_path(path).exists():
            assert backup_path(path).read_bytes() in versions, f"kill {kill}: torn backup"
    # Most kills must land inside a save, or the test proves little.
    assert mid_write >= KILLS // 4, f"only {mid_write} of {KILLS} kills hit a save in progress"


def load_from_bytes(folder: Path, data: bytes) -> Session:
    scratch = folder / "scratch.fpsession"
    scratch.write_bytes(data)
    session = load_session(scratch)
    scratch.unlink()
    return session


# --- fuzzing the loader -----------------------------------------------------------------

ODD_VALUES: list[Any] = [
    None, True, -1, 0, 2**31, 2**63, -(2**70), 1e308, "", "x" * 5000, "🐻", [], {}, [[[]]],
    {"id": "x"}, "players", "brandon", 1.5, "#zzzzzz",
]  # fmt: skip


def odd(rng: random.Random) -> Any:
    """A fresh copy of an odd value (shared lists would end up inside themselves)."""
    return copy.deepcopy(rng.choice(ODD_VALUES))


def mutate_document(document: Any, rng: random.Random) -> Any:
    """Change one random place in a JSON document in one of several ways."""
    trail: list[Any] = []
    node = document
    while isinstance(node, (dict, list)) and node and rng.random() < 0.8:
        key = rng.choice(list(node)) if isinstance(node, dict) else rng.randrange(len(node))
        trail.append((node, key))
        node = node[key]
    if not trail:
        return odd(rng)
    parent, key = trail[-1]
    action = rng.randrange(5)
    if action == 0:
        parent[key] = odd(rng)
    elif action == 1 and isinstance(parent, dict):
        del parent[key]
    elif action == 1:
        parent.insert(key, json.loads(json.dumps(parent[key])))  # a duplicate entry
    elif action == 2 and isinstance(node, int) and not isinstance(node, bool):
        parent[key] = node + rng.choice([-1, 1, -1000, 10**6])
    elif action == 3 and isinstance(parent, dict):
        parent[rng.choice(["extra", "id", "bearer_id", "team_id"])] = odd(rng)
    else:
        # Deep nesting, spliced in as text after encoding (the encoder has its own limit).
        parent[key] = f"__DEEP_{rng.choice([1, 50, 5000])}__"
    return document


def encode_mutant(document: Any) -> bytes:
    """Encode a mutated document, expanding the deep-nesting markers."""
    data = msgspec.json.encode(document)
    for depth in (1, 50, 5000):
        data = data.replace(f'"__DEEP_{depth}__"'.encode(), b"[" * depth + b"0" + b"]" * depth)
    return data


def mutate_bytes(data: bytes, rng: random.Random) -> bytes:
    """Damage the raw bytes: flips, cuts, insertions, or a stretch of zeros."""
    buffer = bytearray(data)
    for _ in range(rng.randint(1, 8)):
        action = rng.randrange(4)
        where = rng.randrange(len(buffer)) if buffer else 0
        if action == 0 and buffer:
            buffer[where] ^= 1 << rng.randrange(8)
        elif action == 1:
            del buffer[where:]
        elif action == 2:
            buffer[where:where] = bytes(rng.randrange(256) for _ in range(rng.randint(1, 20)))
        else:
            buffer[where : where + 64] = bytes(64)
    return bytes(buffer)


def mutants(rng: random.Random, count: int) -> Iterator[bytes]:
    """Damaged copies of real session files: a third with their bytes changed, the rest
    with one to three changes to the document."""
    sources = [GOLDEN.read_bytes(), encode(demo_session())]
    for n in range(count):
        source = sources[n % 2]
        if n % 3 == 0:
            yield mutate_bytes(source, rng)
            continue
        document = json.loads(source)
        for _ in range(rng.randint(1, 3)):
            document = mutate_document(document, rng)
        yield encode_mutant(document)


def play_a_little(session: Session, path: Path) -> None:
    """A file that loads can be played: Next Turn, a damage, a condition, a space phase,
    then a save and a reopen, with no error but a refused command."""
    from futurepath_desktop.core.errors import FuturePathError
    from futurepath_desktop.session import commands as c

    history = History(session)
    ids = tuple(session.combatants)
    for command in (
        c.NextTurn() if session.combat.active else c.StartCombat(),
        c.NextTurn(),
        c.Damage(ids[:2], 3),
        c.AddCondition(ids[:1], "shaken", 2),
        c.NextSpacePhase() if session.space.round.active else c.StartSpaceCombat(),
        c.NextSpacePhase(),
    ):
        with contextlib.suppress(FuturePathError):  # refused, with its message
            history.push(command)
    save_session(session, path)
    assert load_session(path) == session


def test_corrupted_files_load_or_are_refused_cleanly(tmp_path: Path) -> None:
    loaded = refused = 0
    slowest = 0.0
    path = tmp_path / "mutant.fpsession"
    for data in mutants(random.Random(5000), MUTANTS):
        path.write_bytes(data)
        started = time.perf_counter()
        session: Session | None = None
        try:
            session = load_session(path)
        except SessionLoadError as error:
            refused += 1
            assert str(error).startswith("Cannot open mutant.fpsession: ")
        slowest = max(slowest, time.perf_counter() - started)
        assert path.read_bytes() == data, "loading never changes the file"
        if session is not None:
            loaded += 1
            play_a_little(session, tmp_path / "played.fpsession")
    assert loaded + refused == MUTANTS
    assert refused > MUTANTS // 2 and loaded > 0, (loaded, refused)
    assert slowest < 1.0, f"the slowest load took {slowest:.3f} s"
