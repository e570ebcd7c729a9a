"""The product's hot paths that need no window: undo/redo of many commands, save and load
of a large session against stdlib json, and the exact odds engines in their worst cases."""

from __future__ import annotations

import json
import statistics
import tempfile
import time
from pathlib import Path

from benchmarks.fixtures import big_session
from futurepath_desktop.session import store
from futurepath_desktop.session.commands import AddCondition, Damage, Heal, NextTurn, StartCombat
from futurepath_desktop.session.history import History
from futurepath_desktop.session.state import LogEntry, Session


def undo_redo(commands: int = 10_000) -> dict[str, float]:
    """Push ``commands`` mixed commands, then time undoing and redoing every one of them."""
    session = big_session(combatants=100, teams=10, counters=200)
    history = History(session)
    history.push(StartCombat(()))
    ids = list(session.combatants)
    for n in range(commands - 1):
        who = ids[n % len(ids)]
        kind = n % 4
        if kind == 0:
            history.push(Damage((who,), 1))
        elif kind == 1:
            history.push(Heal((who,), 1))
        elif kind == 2:
            history.push(AddCondition((who,), "prone"))
        else:
            history.push(NextTurn())
    started = time.perf_counter()
    undone = 0
    while history.undo() is not None:
        undone += 1
    middle = time.perf_counter()
    redone = 0
    while history.redo() is not None:
        redone += 1
    ended = time.perf_counter()
    assert undone == redone == commands
    return {"undo_s": middle - started, "redo_s": ended - middle, "total_s": ended - started}


def large_session(combatants: int = 1000, log_entries: int = 20_000) -> Session:
    """``combatants`` and ``log_entries`` log lines (each with a roll), for save and load."""
    session = big_session(combatants=combatants, teams=50, counters=2000)
    for n in range(log_entries):
        session.log.append(
            LogEntry(
                seq=n,
                round=n // 100,
                phase=4,
                team_id=f"t{n % 50}",
                kind="attack",
                text=f"Fighter {n % combatants} attacks Fighter {(n + 1) % combatants}: hit",
                lines=("1d20 (14) + 3 = 17 vs AC 15", "damage 1d8 (6) + 2 = 8"),
            )
        )
    return session


def save_load(repeats: int = 5) -> dict[str, float]:
    """Median seconds to save and load the large session, and stdlib json doing the same
    with the same data as plain dicts (encode to bytes, write, read, decode)."""
    import msgspec

    session = large_session()
    folder = Path(tempfile.mkdtemp(prefix="fp-bench-"))
    path = folder / "big.fpsession"
    plain = msgspec.to_builtins(session.to_file())
    plain_path = folder / "big.json"
    ours, theirs = [], []
    for _ in range(repeats):
        started = time.perf_counter()
        store.save_session(session, path)
        store.load_session(path)
        ours.append(time.perf_counter() - started)
        started = time.perf_counter()
        plain_path.write_bytes(json.dumps(plain, indent=None).encode())
        json.loads(plain_path.read_bytes())
        theirs.append(time.perf_counter() - started)
    return {
        "app_s": statistics.median(ours),
        "baseline_s": statistics.median(theirs),
        "bytes": float(path.stat().st_size),
    }


def attack_odds_worst(repeats: int = 5) -> dict[str, float]:
    """The worst attack in the rules: 3 Advantage Dice of 2d12, a level 8 weapon (2d12),
    critical ×4 on 17+; every run starts from cold caches."""
    from futurepath_desktop.core.odds import attack_damage_odds

    attack_damage_odds(5, 3, "2d12", 18, "2d12", 4, 17, 4)  # icepool's own import
    times = []
    for n in range(repeats):
        started = time.perf_counter()
        attack_damage_odds(5 + n, 3, "2d12", 18, "2d12", 4, 17, 4)
        times.append((time.perf_counter() - started) * 1000)
    return {"median_ms": statistics.median(times), "worst_ms": max(times)}


def battle_damage_odds_worst(repeats: int = 5) -> dict[str, float]:
    """Battle Damage odds with 12 hard points and 3 re-rolls, caches cleared each time."""
    from futurepath_desktop.core.starship import battle_damage_fraction, success_distribution

    battle_damage_fraction(1, 1, 4)  # icepool's own import
    times = []
    for n in range(repeats):
        success_distribution.cache_clear()
        started = time.perf_counter()
        battle_damage_fraction(12, 4 + n % 3, 4 + n % 4, 3, n % 3)
        times.append((time.perf_counter() - started) * 1000)
    return {"median_ms": statistics.median(times), "worst_ms": max(times)}


def attack_chart_recompute(repeats: int = 5) -> dict[str, float]:
    """The worst attack in the rules set up in a real window (Advantage Die 2d12, a level 8
    weapon critical ×4 on 17+, 3 Advantage Dice by fiat); each toggle changes the flat
    bonus too, so no result comes from a cache. Times the form's recompute plus the
    chart's redraw."""
    import msgspec
    from PySide6.QtWidgets import QApplication

    from futurepath_desktop.session.demo import demo_session
    from futurepath_desktop.session.state import WeaponSpec
    from futurepath_desktop.ui.main_window import MainWindow

    app = QApplication.instance() or QApplication([])
    session = demo_session()
    art = session.combatants["art"]
    heavy = WeaponSpec(
        "Rail cannon", 8, ranged=True, crit_min=17, crit_multiplier=4, range_increment_ft=100
    )
    session.combatants["art"] = msgspec.structs.replace(
        art, advantage_die="2d12", weapons=(heavy,), proficiencies=("all weapons",)
    )
    # Not remembered: its charts panel would open in every later benchmark's window.
    window = MainWindow(session, autosave=False, remember_layout=False)
    window.show()
    app.processEvents()
    window.initiative.select(["art"])
    form = window.inspector.attack
    form.set_ready()
    form.target.setCurrentIndex(form.target.findData("bear-2"))
    window.show_chart(0)
    app.processEvents()
    times = []
    for n in range(repeats + 1):
        form.fiat_adv.setValue(3 if n % 2 else 2)
        form.fiat_flat.setValue(n)
        started = time.perf_counter()
        form.recompute()
        window.odds.refresh()
        times.append((time.perf_counter() - started) * 1000)
    assert form.plan is not None and window.odds.outcomes.series, "the attack was not charted"
    window.controller.stack.setClean()
    window.close()
    times = times[1:]  # the first also loads icepool and pyqtgraph
    return {"median_ms": statistics.median(times), "worst_ms": max(times)}
