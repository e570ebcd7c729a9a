"""Every item model passes qtmodeltester, before and after the fight moves on."""

from __future__ import annotations

from PySide6.QtCore import QModelIndex, QModelRoleData, QModelRoleDataSpan, Qt
from PySide6.QtGui import QColor, QFont
from pytestqt.modeltest import ModelTester

from futurepath_desktop.session import commands as c
from futurepath_desktop.session.edit import Command
from futurepath_desktop.ui.main_window import MainWindow
from futurepath_desktop.ui.models.initiative_model import InitiativeModel


def play_a_little(window: MainWindow) -> None:
    push = window.controller.push
    push(c.AddCondition(("brandon", "art"), "shaken", 1))
    push(c.StartCombat(("james", "bear-1")))
    push(c.NextTurn())
    push(c.NextTurn())
    push(c.ResolveAttack("art", "bear-2", distance_ft=40))
    push(c.AddCondition(("bear-3",), "stunned", 2))
    push(c.Damage(("bear-1", "bear-2"), 4))
    push(c.NextTurn())
    push(c.NextTurn())


def test_initiative_model(window: MainWindow, qtmodeltester: ModelTester) -> None:
    qtmodeltester.check(window.initiative_model, force_py=True)
    play_a_little(window)
    qtmodeltester.check(window.initiative_model, force_py=True)
    assert window.initiative_model.rowCount() == 2


def test_initiative_rows_are_selectable_and_read_only(window: MainWindow) -> None:
    """Every cell, team or member, can be selected and is not edited, dragged or checked
    in place; an invalid index has no flags."""
    model = window.initiative_model
    wanted = Qt.ItemFlag.ItemIsEnabled | Qt.ItemFlag.ItemIsSelectable
    for team_row in range(model.rowCount()):
        team = model.index(team_row, 0)
        cells = [model.index(team_row, col) for col in range(model.columnCount())]
        for row in range(model.rowCount(team)):
            cells += [model.index(row, col, team) for col in range(model.columnCount(team))]
        assert cells and all(model.flags(cell) == wanted for cell in cells)
    assert model.flags(QModelIndex()) == Qt.ItemFlag.NoItemFlags


def test_counters_model(window: MainWindow, qtmodeltester: ModelTester) -> None:
    qtmodeltester.check(window.counters_model, force_py=True)
    play_a_little(window)
    qtmodeltester.check(window.counters_model, force_py=True)
    assert window.counters_model.rowCount() == len(window.controller.session.conditions)


def test_log_model(window: MainWindow, qtmodeltester: ModelTester) -> None:
    qtmodeltester.check(window.log_model, force_py=True)
    play_a_little(window)
    window.controller.stack.undo()
    window.controller.stack.undo()
    qtmodeltester.check(window.log_model, force_py=True)
    assert window.log_model.rowCount() == len(window.controller.session.log)


def test_models_follow_undo_and_redo_row_for_row(window: MainWindow) -> None:
    play_a_little(window)
    session = window.controller.session
    while window.controller.stack.canUndo():
        window.controller.stack.undo()
        assert window.log_model.rowCount() == len(session.log)
        assert window.counters_model.rowCount() == len(session.conditions)
    while window.controller.stack.canRedo():
        window.controller.stack.redo()
        assert window.log_model.rowCount() == len(session.log)
        assert window.counters_model.rowCount() == len(session.conditions)


def test_the_ticks_column_is_short_and_its_tip_gives_the_reason(window: MainWindow) -> None:
    """R13: a counter moves only once its bearer has started a turn since it was set. The
    cell says yes, or that it waits for the bearer's turn; its tool tip says why."""
    from futurepath_desktop.ui.models.counters_model import TICKS

    push = window.controller.push
    push(c.AddCondition(("brandon",), "shaken", 2))
    push(c.AddCondition(("bear-1",), "prone", None))  # the catalog's: until it stands
    push(c.StartCombat(()))
    model = window.counters_model
    session = window.controller.session
    rows = {session.conditions[model._ids[r]].bearer_id: r for r in range(model.rowCount())}

    def cell(bearer: str, role: int = 0) -> str:
        return str(model.index(rows[bearer], TICKS).data(role))

    assert cell("brandon") == "from its turn"
    assert "has not started a turn" in cell("brandon", 3)
    while session.combat.acting_team != "players":
        push(c.NextTurn())
    push(c.NextTurn())  # the players' turn has started: Brandon's counter is armed
    assert session.conditions[model._ids[rows["brandon"]]].armed
    assert cell("brandon") == "each round"
    assert "Counters phase" in cell("brandon", 3)
    prone = session.conditions[model._ids[rows["bear-1"]]]
    assert (cell("bear-1") == "no counter") == (prone.remaining is None)


def test_the_status_and_turn_cells_give_their_whole_text_as_a_tip(window: MainWindow) -> None:
    """A narrow panel may shorten a long status; its tool tip keeps every flag."""
    from futurepath_desktop.ui.models.initiative_cells import STATUS

    push = window.controller.push
    for key in ("shaken", "prone", "dazed", "entangled"):
        push(c.AddCondition(("james",), key, 2))
    push(c.StartCombat(("james",)))
    model = window.initiative_model
    index = model.index_of("james", STATUS)
    shown = str(index.data())
    assert shown.startswith("Surprised, Flat-footed") and shown.count(",") >= 5
    assert f"Status: {shown}" in str(index.data(3))


def every_cell(model: InitiativeModel) -> list[QModelIndex]:
    """Every cell of the initiative tree: each team's row, then its members' rows."""
    cells = []
    for team_row in range(model.rowCount()):
        team = model.index(team_row, 0)
        cells += [model.index(team_row, column) for column in range(model.columnCount())]
        for row in range(model.rowCount(team)):
            cells += [model.index(row, column, team) for column in range(model.columnCount())]
    return cells


def _cells(model: InitiativeModel) -> dict[tuple[int, int, int, int], object]:
    """Every cell's answer for every role the view paints from, by team row, member row
    (-1 for the team itself), column and role."""
    from futurepath_desktop.ui.models.initiative_cells import COLUMNS
    from futurepath_desktop.ui.models.roles import HEALTH_ROLE, ID_ROLE, KIND_ROLE

    roles = (0, 1, 6, 8, 9, HEALTH_ROLE, ID_ROLE, KIND_ROLE)  # display, decoration, font…
    found: dict[tuple[int, int, int, int], object] = {}

    def answer(value: object) -> object:  # QFont and QColor compare by value; keep them so
        return value.toString() if isinstance(value, QFont) else value

    def ask(index: QModelIndex, role: int) -> object:
        """The cell's answer through data(), which must be what the delegate's one call
        for all its roles (multiData) is given."""
        slot = QModelRoleData(role)
        slot.setData(QColor("magenta"))  # what the slot held for the cell before
        model.multiData(index, QModelRoleDataSpan(slot))
        asked = answer(index.data(role))
        assert answer(slot.data()) == asked, f"multiData differs at {index}, role {role}"
        return asked

    for team_row in range(model.rowCount()):
        team = model.index(team_row, 0)
        for column in range(len(COLUMNS)):
            for role in roles:
                found[team_row, -1, column, role] = ask(model.index(team_row, column), role)
        for row in range(model.rowCount(team)):
            for column in range(len(COLUMNS)):
                for role in roles:
                    found[team_row, row, column, role] = ask(model.index(row, column, team), role)
    return found


def test_the_initiative_cells_kept_between_repaints_are_what_a_fresh_model_says(
    window: MainWindow,
) -> None:
    """The initiative model keeps what each cell answered until the row is reported
    changed; after every command, undo, redo and a new palette, each cell still answers
    exactly what a model built afresh on the same session answers."""
    import random

    live = window.initiative_model
    controller = window.controller
    session = controller.session
    rng = random.Random(3)

    def check(after: str) -> None:
        _cells(live)  # the view may have asked already; ask everything, so all is kept
        fresh = InitiativeModel(controller)
        fresh.palette.update(live.palette)
        assert _cells(live) == _cells(fresh), f"stale cells after {after}"
        controller.changed.disconnect(fresh.on_change)
        controller.sessionReplaced.disconnect(fresh.reset)

    check("opening")
    play_a_little(window)
    check("a little play")
    ids = list(session.combatants)
    for step in range(60):
        who = tuple(rng.sample(ids, rng.randint(1, 2)))
        options: list[Command] = [
            c.NextTurn(),
            c.Damage(who, rng.randint(1, 9)),
            c.Heal(who, rng.randint(1, 5)),
            c.AddCondition(who, rng.choice(["shaken", "prone", "dazed"]), 2),
            c.EditCombatant(who[0], {"hidden": rng.random() < 0.5}),
            c.AdjustInitiative(rng.choice(list(session.teams)), rng.randint(20, 32)),
        ]
        command = rng.choice(options)
        controller.push(command)
        check(f"step {step}: {type(command).__name__}")
        if rng.random() < 0.2:
            controller.stack.undo()
            check(f"undo at step {step}")
            controller.stack.redo()
            check(f"redo at step {step}")
    from futurepath_desktop.ui import theme

    for choice in (theme.DARK, theme.LIGHT):
        window.set_theme(choice)
        check(f"the {choice} theme")


def test_after_the_surprise_round_the_surprised_are_flat_footed_not_surprised(
    window: MainWindow,
) -> None:
    """R11: "Surprised" in the surprise round; from round 1 on, only "Flat-footed" until
    the combatant's first action ends it."""
    from futurepath_desktop.core.rounds import Phase
    from futurepath_desktop.ui.models.initiative_cells import STATUS

    push = window.controller.push
    session = window.controller.session
    push(c.StartCombat())  # only Brandon is aware
    model = window.initiative_model
    assert str(model.index_of("bear-1", STATUS).data()).startswith("Surprised, Flat-footed")
    while session.combat.phase == Phase.SURPRISE:
        push(c.NextTurn())
    status = str(model.index_of("bear-1", STATUS).data())
    assert status.startswith("Flat-footed") and "Surprised" not in status, status


def test_a_sibling_is_the_index_of_that_row_and_column_under_the_same_parent(
    window: MainWindow,
) -> None:
    """The initiative model answers sibling() itself (the view asks it for every row a
    change reports): the answer is Qt's own, index(row, column, parent(index)), for every
    cell and every row and column in bounds or out of them."""
    model = window.initiative_model
    play_a_little(window)
    cells = every_cell(model)
    assert cells and all(cell.isValid() for cell in cells)
    for cell in [*cells, QModelIndex()]:
        rows = model.rowCount(model.parent(cell)) if cell.isValid() else 0
        for row in range(-1, rows + 2):
            for column in range(-1, model.columnCount() + 1):
                expected = (
                    model.index(row, column, model.parent(cell))
                    if cell.isValid()
                    else QModelIndex()
                )
                assert model.sibling(row, column, cell) == expected, (cell, row, column)


def test_the_table_models_give_an_index_only_within_their_rows_and_columns(
    window: MainWindow,
) -> None:
    """The log's and the counters' index() check their bounds themselves; they agree with
    Qt's hasIndex() (which asks rowCount() and columnCount()) everywhere."""
    play_a_little(window)
    for model in (window.log_model, window.counters_model):
        rows, columns = model.rowCount(), model.columnCount()
        assert rows > 0
        for row in (-1, 0, 1, rows // 2, rows - 1, rows, rows + 5):
            for column in range(-1, columns + 1):
                index = model.index(row, column)
                assert index.isValid() == model.hasIndex(row, column), (model, row, column)
                if index.isValid():
                    assert (index.row(), index.column(), index.model()) == (row, column, model)
        assert not model.index(0, 0, model.index(0, 0)).isValid()  # a table: no children


def test_the_tables_hand_a_painted_cell_every_role_as_data_answers_it(
    window: MainWindow,
) -> None:
    """The log and the counters (and the sort and filter proxies in front of them) answer
    a view's ask for all of a cell's roles at once (multiData) with what data() answers
    for each, a stale slot cleared."""
    from futurepath_desktop.ui.models.roles import FOREGROUND, TOOLTIP

    play_a_little(window)
    window.controller.push(c.Damage(("bear-1",), 30))  # "is down": a coloured line
    roles = (Qt.ItemDataRole.DisplayRole, Qt.ItemDataRole.DecorationRole, FOREGROUND, TOOLTIP)
    for source, proxy in (
        (window.log_model, window.log.proxy),
        (window.counters_model, window.counters.proxy),
    ):
        coloured = 0
        assert source.rowCount() > 0
        for row in range(source.rowCount()):
            for column in range(source.columnCount()):
                for model, index in (
                    (source, source.index(row, column)),
                    (proxy, proxy.mapFromSource(source.index(row, column))),
                ):
                    for role in roles:
                        slot = QModelRoleData(role)
                        slot.setData(QColor("magenta"))  # what the slot held before
                        model.multiData(index, QModelRoleDataSpan(slot))
                        assert slot.data() == index.data(role), (source, row, column, role)
                        coloured += role == FOREGROUND and isinstance(slot.data(), QColor)
        assert coloured > 0, f"some line of {source} has a colour of its own"


def test_the_words_the_columns_are_fitted_to_are_the_words_the_cells_show(
    window: MainWindow,
) -> None:
    """The initiative panel fits its name and health columns to words read from the
    session (name_words, health_reading), not asked of every cell: they are exactly the
    words the cells show, a waiting combatant, temporary hit points and a downed one
    among them."""
    from futurepath_desktop.ui.models.health_reading import health_reading
    from futurepath_desktop.ui.models.initiative_cells import HEALTH, NAME, name_words

    play_a_little(window)
    push = window.controller.push
    push(c.Damage(("bear-2",), 40))
    push(c.EditCombatant("art", {"temp_hp": 3}))
    model, session = window.initiative_model, window.controller.session
    assert any(not c.present for c in session.combatants.values())  # Katie waits
    for combatant in session.combatants.values():
        assert name_words(combatant) == model.index_of(combatant.id, NAME).data()
        reading = health_reading(session, combatant)[1]
        assert reading == model.index_of(combatant.id, HEALTH).data()


def test_a_team_counts_who_is_waiting_to_join_apart_from_who_is_down(
    window: MainWindow,
) -> None:
    """Katie waits to join the players (R9): she is neither standing nor down, so the
    team's count leaves her out (her row says she waits, the tip how many do)."""
    from futurepath_desktop.ui.models.initiative_cells import STATUS

    model = window.initiative_model
    session = window.controller.session
    members = [m for m in session.combatants.values() if m.team_id == "players"]
    here = [m for m in members if m.present]
    assert len(here) < len(members), "the demo has someone waiting"

    def status() -> str:
        return str(model.team_index_of("players").siblingAtColumn(STATUS).data())

    assert status() == f"{len(here)} of {len(here)} standing"
    tip = str(
        model.team_index_of("players").siblingAtColumn(STATUS).data(Qt.ItemDataRole.ToolTipRole)
    )
    assert f"{len(members) - len(here)} waiting to join" in tip
    rule = session.options.vitality
    window.controller.push(c.Damage(("brandon",), 10_000))
    assert session.combatants["brandon"].is_down(rule)
    assert status().startswith(f"{len(here) - 1} of {len(here)} standing")


def test_a_member_whose_team_turn_is_over_is_done_not_said_to_have_acted(
    window: MainWindow,
) -> None:
    from futurepath_desktop.ui.models.initiative_cells import TURN

    push = window.controller.push
    push(c.StartCombat(()))
    session = window.controller.session
    while not session.combat.acted:
        assert push(c.NextTurn())
    (first, *_) = session.combat.acted
    assert not session.combat.turns.get(first), "nothing declared"
    index = window.initiative_model.index_of(first).siblingAtColumn(TURN)
    assert index.data() == "✓ done"
