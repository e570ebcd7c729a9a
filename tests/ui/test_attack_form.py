"""The attack form at the table: A then Enter rolls, Enter in any field rolls, Escape
leaves; the target starts on the nearest enemy in the open (R53, R56, R61's secrets);
refusals show in the form; a result never outlives its attacker, target, weapon or roll."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication, QPushButton, QWidget
from pytestqt.qtbot import QtBot

from futurepath_desktop.session import commands as c
from futurepath_desktop.session.edit import Command
from futurepath_desktop.session.state import Combatant, Session, Team, Token
from futurepath_desktop.session.targets import TargetChoice, target_choices
from futurepath_desktop.ui.docks import attack_form, attack_result
from futurepath_desktop.ui.docks.attack_form import AttackForm
from futurepath_desktop.ui.main_window import MainWindow
from tests.ui.conftest import find


def attacks(session: Session) -> list[str]:
    return [e.text for e in session.log if e.kind == "attack"]


def settled(qtbot: QtBot, form: AttackForm) -> None:
    """The form has worked out the odds of what is set up now."""
    qtbot.waitUntil(lambda: not form._timer.isActive() and form.ready)


def inspect(qtbot: QtBot, window: MainWindow, attacker: str) -> AttackForm:
    window.initiative.select([attacker])
    form = window.inspector.attack
    assert form.attacker_id == attacker
    settled(qtbot, form)
    return form


def focused() -> QWidget:
    widget = QApplication.focusWidget()
    assert widget is not None
    return widget


# --- the keyboard ------------------------------------------------------------------------


def test_a_then_enter_rolls_the_attack_with_key_events_only(
    qtbot: QtBot, window: MainWindow
) -> None:
    session = window.controller.session
    attacker = window.inspector.combatant()
    assert attacker is not None
    form = window.inspector.attack
    window.inspector.tabs.setCurrentIndex(1)  # the GM was looking at the stats
    window.initiative.view.setFocus()
    qtbot.keyClick(window.initiative.view, Qt.Key.Key_A)
    assert window.inspector.tabs.currentWidget() is form
    assert form.isAncestorOf(focused()), "A puts the keyboard in the attack form"
    target = session.combatants[str(form.target.currentData())]
    before = len(attacks(session))
    qtbot.keyClick(focused(), Qt.Key.Key_Return)
    rolled = attacks(session)
    assert len(rolled) == before + 1
    assert rolled[-1].startswith(f"{attacker.name} attacks {target.name} with ")
    assert focused() is window.initiative.view, "rolled, the keys go back where they were"
    # The roll is in the log panel, and its summary in the form.
    model = window.log_model
    shown = [
        model.index(row, column).data()
        for row in range(model.rowCount())
        for column in range(model.columnCount())
    ]
    assert rolled[-1] in shown
    assert rolled[-1] in form.result.text()


@pytest.mark.parametrize(
    "field",
    [
        "target",
        "weapon",
        "action",
        "distance",
        "cover",
        "fiat_adv",
        "fiat_flat",
        "instant",
        "sources",
    ],
)
def test_enter_in_any_field_of_the_form_rolls(qtbot: QtBot, window: MainWindow, field: str) -> None:
    session = window.controller.session
    form = inspect(qtbot, window, "art")  # a rifle without ammunition to run out
    widget: QWidget = getattr(form, field)
    widget.setFocus()
    qtbot.waitUntil(widget.hasFocus)
    before = len(attacks(session))
    qtbot.keyClick(widget, Qt.Key.Key_Return)
    assert len(attacks(session)) == before + 1
    qtbot.keyClick(widget, Qt.Key.Key_Enter, Qt.KeyboardModifier.KeypadModifier)
    assert len(attacks(session)) == before + 2


def test_enter_does_not_roll_what_the_greyed_button_would_not(
    qtbot: QtBot, window: MainWindow
) -> None:
    """The range typed down to nothing ("off map") greys Roll attack: Enter in the range
    box, at once, rolls nothing and says why, once: under the odds, where the form says
    it already (a second copy under the button read twice), and in the status bar."""
    session = window.controller.session
    form = inspect(qtbot, window, "art")
    form.distance.setFocus()
    qtbot.waitUntil(form.distance.hasFocus)
    before = len(attacks(session))
    form.distance.lineEdit().selectAll()
    qtbot.keyClicks(form.distance, "-10")  # the minus is refused and said; 10 stays
    form.distance.lineEdit().selectAll()
    qtbot.keyClicks(form.distance, "0")
    qtbot.keyClick(form.distance, Qt.Key.Key_Return)  # no time for the odds to catch up
    assert form.distance.value() == 0 and not form.roll.isEnabled()
    assert len(attacks(session)) == before
    said = form.odds.text() + " ".join(form.sources.lines()) + form.result.text()
    assert said.lower().count("type the range") == 1, said
    assert window.statusBar().currentMessage().endswith("Cannot roll: type the range")
    form.distance.lineEdit().selectAll()
    qtbot.keyClicks(form.distance, "15")
    qtbot.keyClick(form.distance, Qt.Key.Key_Return)
    assert len(attacks(session)) == before + 1


def test_a_long_outcome_is_scrolled_into_the_panel_whole(qtbot: QtBot, window: MainWindow) -> None:
    """An outcome of several lines (a hit and its damage, wrapped in a narrow panel) is
    brought into sight whole: it was scrolled to as the one line it had been before its
    words were laid out, leaving the damage under the panel's edge."""
    from PySide6.QtCore import QRect

    window.resize(1280, 640)
    window.show()
    qtbot.waitExposed(window)
    scroll = window.inspector.scroll_area
    form = inspect(qtbot, window, "art")
    form.setMinimumHeight(scroll.viewport().height() + 250)  # taller than the panel
    qtbot.waitUntil(lambda: scroll.verticalScrollBar().maximum() > 0)
    words = "Art attacks Space Bear 1 with an assault rifle: hit for 14 damage. " * 4
    form.result.show_outcome(words.strip())
    qtbot.wait(100)  # the outcome's scroll, and anything laid out after it
    viewport = scroll.viewport()
    place = QRect(form.result.mapTo(viewport, form.result.rect().topLeft()), form.result.size())
    assert form.result.height() > 3 * form.result.fontMetrics().height(), "several lines"
    assert viewport.rect().contains(place), (place, viewport.rect())


def test_a_longer_tab_once_opened_does_not_stretch_the_attack_form(
    qtbot: QtBot, window: MainWindow
) -> None:
    """Opening Stats (taller than the attack form) and going back left the form stretched to
    Stats' height: gaps round the Roll button and a scroll bar that a roll then used,
    taking the tab bar off the panel. The tabs take the shown tab's height, and the odds
    no longer grow a little at every change of width (Stats' scroll bar makes one)."""
    window.resize(1280, 800)
    qtbot.waitUntil(lambda: window.width() == 1280)
    inspector = window.inspector
    scroll = inspector.scroll_area
    form = inspect(qtbot, window, "art")
    qtbot.wait(50)
    before = (scroll.verticalScrollBar().maximum(), form.roll.mapTo(inspector, form.roll.pos()))
    assert before[0] == 0, "the attack form fits at 1280×800"
    for _ in range(4):  # there and back: each trip narrowed the form by Stats' scroll bar
        inspector.tabs.setCurrentIndex(1)  # Stats
        qtbot.waitUntil(lambda: "stats" in inspector._built)
        qtbot.wait(50)
        assert scroll.verticalScrollBar().maximum() > 0, "Stats is the taller tab"
        inspector.tabs.setCurrentWidget(form)
        qtbot.wait(50)
        now = (scroll.verticalScrollBar().maximum(), form.roll.mapTo(inspector, form.roll.pos()))
        assert now == before, "the odds crept taller at each change of width"


def test_the_turns_warning_under_the_odds_is_a_sentence(qtbot: QtBot, window: MainWindow) -> None:
    """Why a spent turn has no room for the attack reads as a sentence of its own under the
    odds ("The Standard action…"), not as a fragment ("the Standard action…")."""
    from futurepath_desktop.core.rounds import Phase
    from futurepath_desktop.session import commands as c

    session = window.controller.session
    assert window.controller.push(c.StartCombat(unaware_ids=()))
    while session.combat.acting_team != "players" or session.combat.phase != Phase.ACTION:
        assert window.controller.push(c.NextTurn())
    assert window.controller.push(c.DeclareAction("art", "Move"))
    form = inspect(qtbot, window, "art")
    assert not form.roll.isEnabled()
    assert ">The Standard action of this turn is already used" in form.odds.text()


def test_an_outcome_stays_whole_under_the_warning_the_roll_brings(
    qtbot: QtBot, window: MainWindow
) -> None:
    """A roll spends the turn, so the odds take a line more to say so as the outcome comes
    under Roll: the outcome was scrolled into the panel first and then pushed a line down
    its edge. The odds are worked out before the outcome is scrolled to."""
    from PySide6.QtCore import QRect

    from futurepath_desktop.core.rounds import Phase
    from futurepath_desktop.session import commands as c

    window.resize(1280, 640)
    qtbot.waitUntil(lambda: window.height() == 640)
    session = window.controller.session
    assert window.controller.push(c.StartCombat(unaware_ids=()))
    while session.combat.acting_team != "players" or session.combat.phase != Phase.ACTION:
        assert window.controller.push(c.NextTurn())
    form = inspect(qtbot, window, "brandon")
    scroll = window.inspector.scroll_area
    assert form.roll.isEnabled() and "already used" not in form.odds.text()
    form.target.setFocus()
    qtbot.keyClick(form.target, Qt.Key.Key_Return)
    qtbot.wait(100)
    assert "already used" in form.odds.text(), "the roll spent the Standard action"
    viewport = scroll.viewport()
    place = QRect(form.result.mapTo(viewport, form.result.rect().topLeft()), form.result.size())
    assert form.result.text() and viewport.rect().contains(place), (place, viewport.rect())


def test_a_surprised_attacker_finds_roll_greyed_and_why_before_trying(
    qtbot: QtBot, window: MainWindow
) -> None:
    """In the surprise round a surprised combatant cannot act (R11): the form greys Roll
    and says why under the odds, as for a spent turn, instead of taking the click and
    refusing it afterwards; Enter then rolls nothing and the status bar says why."""
    from futurepath_desktop.session import commands as c

    session = window.controller.session
    assert window.controller.push(c.StartCombat(unaware_ids=("james",)))
    assert session.combat.surprise_round and session.combat.acting_team == "players"
    form = inspect(qtbot, window, "james")
    assert not form.roll.isEnabled()
    assert "James is surprised and cannot act in the surprise round" in form.odds.text()
    before = len(attacks(session))
    form.target.setFocus()
    qtbot.keyClick(form.target, Qt.Key.Key_Return)
    assert len(attacks(session)) == before and form.result.text() == ""
    assert "Cannot roll: James is surprised" in window.statusBar().currentMessage()
    assert inspect(qtbot, window, "brandon").roll.isEnabled(), "the aware act"


def test_enter_on_the_chart_button_charts_and_escape_gives_the_keyboard_back(
    qtbot: QtBot, window: MainWindow
) -> None:
    session = window.controller.session
    form = window.inspector.attack
    tree = window.initiative.view
    tree.setFocus()
    qtbot.keyClick(tree, Qt.Key.Key_A)
    chart = find(form, QPushButton, "attackChartButton")
    charted: list[bool] = []
    form.chartRequested.connect(lambda: charted.append(True))
    chart.setFocus()
    before = len(attacks(session))
    qtbot.keyClick(chart, Qt.Key.Key_Return)
    assert charted == [True] and len(attacks(session)) == before
    form.target.setFocus()
    qtbot.keyClick(form.target, Qt.Key.Key_Escape)
    assert tree.hasFocus(), "Escape goes back to where the keyboard was before A"
    assert len(attacks(session)) == before


# --- the target it starts with --------------------------------------------------------------


FRIENDLY = {"players", "allies"}
SECRET = {"hidden", "invisible"}  # R61's secret conditions, spelled out again


def side(session: Session, ident: str) -> str:
    return session.teams[session.combatants[ident].team_id].side


def is_enemy(session: Session, attacker: str, other: str) -> bool:
    """R56: players and allies against enemies; neutral parties are nobody's enemy."""
    mine, theirs = side(session, attacker), side(session, other)
    return (mine in FRIENDLY and theirs == "enemies") or (mine == "enemies" and theirs in FRIENDLY)


def is_friend(session: Session, attacker: str, other: str) -> bool:
    """The same side, or players and allies together."""
    mine, theirs = side(session, attacker), side(session, other)
    return mine == theirs or {mine, theirs} <= FRIENDLY


def in_the_open(session: Session, ident: str) -> bool:
    combatant = session.combatants[ident]
    return not combatant.hidden and not {c.key for c in session.conditions_on(ident)} & SECRET


def squares(token: Token) -> Iterator[tuple[int, int]]:
    for dx in range(token.size):
        for dy in range(token.size):
            yield token.x + dx, token.y + dy


def feet_apart(session: Session, a: str, b: str) -> int | None:
    """R53, R34: brute force over every pair of squares the two tokens cover."""
    grid = session.map
    if grid is None or a not in session.tokens or b not in session.tokens:
        return None
    return min(
        5 * max(abs(p[0] - q[0]), abs(p[1] - q[1]))
        for p in squares(session.tokens[a])
        for q in squares(session.tokens[b])
    )


def expected_defaults(session: Session, attacker: str) -> set[str | None]:
    """Every acceptable first target: a present enemy in the open, standing if any is, the
    nearest on the map among those with tokens; none when no enemy is in the open."""
    rule = session.options.vitality
    enemies = [
        c.id
        for c in session.combatants.values()
        if c.id != attacker
        and c.present
        and is_enemy(session, attacker, c.id)
        and in_the_open(session, c.id)
    ]
    if not enemies:
        return {None}
    standing = [e for e in enemies if not session.combatants[e].is_down(rule)] or enemies
    placed = {e: d for e in standing if (d := feet_apart(session, attacker, e)) is not None}
    if not placed:
        return {standing[0]}  # off the map: the first in the roster
    nearest = min(placed.values())
    return {e for e, d in placed.items() if d == nearest}


def check_every_attacker(qtbot: QtBot, window: MainWindow) -> int:
    """Each present combatant, inspected afresh: its first target is an expected one, and
    the list shows enemies first and friends last. Returns how many had a default."""
    session = window.controller.session
    form = window.inspector.attack
    defaults = 0
    for attacker in [cmb.id for cmb in session.combatants.values() if cmb.present]:
        window.initiative.select([attacker])
        assert form.attacker_id == attacker
        chosen = form.target.currentData()
        assert chosen in expected_defaults(session, attacker), attacker
        defaults += chosen is not None
        listed = [str(form.target.itemData(i)) for i in range(form.target.count())]
        ranks = [
            0
            if is_enemy(session, attacker, other)
            else 2
            if is_friend(session, attacker, other)
            else 1
            for other in listed
        ]
        assert ranks == sorted(ranks), (attacker, listed)
        assert attacker not in listed
    return defaults


def test_the_target_starts_on_the_nearest_enemy_in_the_open(
    qtbot: QtBot, window: MainWindow
) -> None:
    session = window.controller.session
    push = window.controller.push
    assert check_every_attacker(qtbot, window) == len(
        [c for c in session.combatants.values() if c.present]
    )
    # Brandon is hidden in the demo: no bear starts on him.
    assert session.combatants["brandon"].hidden
    # The nearest bear to Art goes Hidden, another turns Invisible: Art starts elsewhere.
    nearest = sorted(
        (feet_apart(session, "art", b) or 0, b) for b in ("bear-1", "bear-2", "bear-3", "bear-4")
    )
    assert push(c.AddCondition((nearest[0][1],), "hidden"))
    assert push(c.AddCondition((nearest[1][1],), "invisible"))
    check_every_attacker(qtbot, window)
    # A large bear (R53): its nearest square counts, not its top-left one. Art at C9; the
    # big bear's corner square is 5 ft from Art, its top-left 25 ft; another bear is 15 ft.
    large, other = nearest[2][1], nearest[3][1]
    assert push(c.PlaceToken("art", 2, 8))
    assert push(c.PlaceToken(large, 3, 3, size=5))
    assert push(c.PlaceToken(other, 5, 10))
    assert (feet_apart(session, "art", large), feet_apart(session, "art", other)) == (5, 15)
    check_every_attacker(qtbot, window)
    window.initiative.select(["art"])
    assert window.inspector.attack.target.currentData() == large
    assert window.inspector.attack.distance.value() == 5  # the form's range follows R53 too
    # An allies-side team fights with the players: the bears' enemy, listed last for Art.
    assert push(c.AddTeam(Team(id="crew", name="Ship's crew", side="allies")))
    crew = Combatant(
        id="mate", name="Deckhand", team_id="crew", weapons=session.combatants["katie"].weapons
    )
    assert push(c.AddCombatant(crew))
    assert push(c.PlaceToken("mate", 15, 5))
    check_every_attacker(qtbot, window)
    window.initiative.select(["bear-1"])
    assert window.inspector.attack.target.currentData() == "mate"  # right next to bear-1
    # Every enemy out of sight: no target at all rather than a friend or a hidden one.
    for bear in ("bear-1", "bear-2", "bear-3", "bear-4"):
        if bear not in {nearest[0][1], nearest[1][1]}:
            assert push(c.EditCombatant(bear, {"hidden": True}))
    window.initiative.select(["art"])
    form = window.inspector.attack
    assert form.target.currentData() is None
    assert check_every_attacker(qtbot, window) >= 1  # the bears still see James and Art


# --- refusals and results ------------------------------------------------------------------


def red(text: str) -> bool:
    return "color:#d0453a" in text.replace(" ", "")


def said_once_in_red(form: AttackForm, words: str) -> bool:
    """Whether the form says ``words`` in one place, as a refusal (under the odds or under
    the Roll button, not both)."""
    places = [t for t in (form.odds.text(), form.result.text()) if words in t.lower()]
    return len(places) == 1 and red(places[0])


def test_a_refused_roll_says_why_in_the_form_until_a_later_roll_succeeds(
    qtbot: QtBot, window: MainWindow
) -> None:
    session = window.controller.session
    form = inspect(qtbot, window, "bear-1")
    form.target.setCurrentIndex(form.target.findData("james"))
    settled(qtbot, form)
    assert form.distance.value() > 5  # across the room: beyond the claws' reach (R37)
    before = session.to_file()
    form.target.setFocus()
    qtbot.keyClick(form.target, Qt.Key.Key_Return)
    assert session.to_file() == before
    assert said_once_in_red(form, "reach")
    assert "reach" in window.statusBar().currentMessage()
    # Too much disadvantage (R2): the dice refuse, and the form says so where Enter was.
    form = inspect(qtbot, window, "art")
    form.fiat_dis.setValue(3)
    form.distance.setValue(130)  # two range increments more: a fifth disadvantage die
    settled(qtbot, form)
    form.distance.setFocus()
    qtbot.keyClick(form.distance, Qt.Key.Key_Return)
    assert session.to_file() == before
    assert said_once_in_red(form, "disadvantage dice")
    # Put right, the roll goes through and the old refusal goes with it.
    form.fiat_dis.setValue(0)
    form.distance.setValue(20)
    settled(qtbot, form)
    qtbot.keyClick(form.distance, Qt.Key.Key_Return)
    assert attacks(session) and attacks(session)[-1] in form.result.text()
    assert not red(form.result.text()) and not red(form.odds.text())


def test_the_result_goes_when_attacker_target_or_weapon_changes_or_the_roll_is_undone(
    qtbot: QtBot, window: MainWindow
) -> None:
    session = window.controller.session
    form = inspect(qtbot, window, "brandon")  # a pistol with ammunition: the roll edits him

    def roll() -> str:
        form.roll.setFocus()
        qtbot.keyClick(form.roll, Qt.Key.Key_Return)
        text = form.result.text()
        assert attacks(session)[-1] in text, "the roll is shown"
        return text

    shown = roll()
    settled(qtbot, form)
    assert form.result.text() == shown, "the shot's own change (ammunition) keeps it"
    others = [i for i in range(form.target.count()) if i != form.target.currentIndex()]
    form.target.setCurrentIndex(others[0])
    assert form.result.text() == ""
    roll()
    window.initiative.select(["art"])
    assert form.result.text() == ""
    window.initiative.select(["brandon"])
    roll()
    window.controller.stack.undo()
    assert form.result.text() == ""
    roll()
    form.weapon.setCurrentIndex(1)  # the knife
    assert form.result.text() == ""


def test_gm_fiat_is_one_attacker_s_and_the_result_goes_with_the_turn(
    qtbot: QtBot, window: MainWindow
) -> None:
    """R3: GM fiat is the GM's word on this attacker's attack. Another attacker starts
    without it (it is not counted in their odds or their roll); the same attacker keeps
    it for another attack. A roll's line goes once the fight moves to another turn."""
    from futurepath_desktop.ui.operations import combat

    session = window.controller.session
    form = inspect(qtbot, window, "brandon")
    form.fiat_adv.setValue(2)
    form.fiat_flat.setValue(3)
    settled(qtbot, form)
    assert any("GM fiat" in line for line in form.sources.lines())
    form.target.setCurrentIndex((form.target.currentIndex() + 1) % form.target.count())
    settled(qtbot, form)
    assert (form.fiat_adv.value(), form.fiat_flat.value()) == (2, 3), "the same attacker"
    form = inspect(qtbot, window, "art")
    assert (form.fiat_adv.value(), form.fiat_dis.value(), form.fiat_flat.value()) == (0, 0, 0)
    assert not any("GM fiat" in line for line in form.sources.lines())
    form.roll.setFocus()
    qtbot.keyClick(form.roll, Qt.Key.Key_Return)
    assert attacks(session), form.result.text()
    assert not any("GM fiat" in line for line in session.log[-1].lines)
    assert attacks(session)[-1] in form.result.text()
    assert combat.start_combat(window.controller, ())
    assert form.result.text() == "", "the roll before the fight is old news once it starts"


def test_a_distance_typed_by_the_gm_stays_through_the_shot_and_a_new_condition(
    qtbot: QtBot, window: MainWindow
) -> None:
    form = inspect(qtbot, window, "brandon")  # each shot spends ammunition: Brandon changes
    form.distance.setValue(35)
    form.roll.click()
    assert window.controller.push(c.AddCondition(("bear-2",), "hidden"))
    assert form.distance.value() == 35
    assert "(hidden)" in form.target.itemText(form.target.findData("bear-2"))


# --- the list follows only what it shows ---------------------------------------------------


def listed(form: AttackForm) -> list[tuple[str, object]]:
    return [(form.target.itemText(i), form.target.itemData(i)) for i in range(form.target.count())]


def made_afresh(session: Session, attacker: str) -> list[tuple[str, object]]:
    """The list as a fresh form would make it, whatever happened before."""
    return [
        (f"{t.combatant.name}{'' if t.seen else ' (hidden)'}", t.combatant.id)
        for t in target_choices(session, attacker)
    ]


def test_the_target_list_is_the_fresh_one_after_every_kind_of_change(
    qtbot: QtBot, window: MainWindow
) -> None:
    """The form rebuilds its list only for changes that alter it; after each of these,
    what it lists is what a fresh form would list."""
    push, session = window.controller.push, window.controller.session
    form = inspect(qtbot, window, "art")
    steps: list[Command] = [
        c.EditCombatant("art", {"team_id": session.combatants["bear-1"].team_id}),
        c.EditCombatant("art", {"team_id": session.combatants["katie"].team_id}),
        c.StartCombat(()),
        c.NextTurn(),
        c.AddCondition(("bear-2",), "hidden"),
        c.NextTurn(),
        c.Damage(("bear-1",), 200),  # down: listed after the standing ones
        c.EditCombatant("bear-3", {"name": "Space Bear the Third"}),
        c.EditCombatant("bear-4", {"hidden": True}),
        c.RemoveCombatants(("bear-4",)),
        c.NextTurn(),
    ]
    for step in steps:
        assert push(step), step
        assert listed(form) == made_afresh(session, "art"), step
    for _ in steps:
        window.controller.stack.undo()
        assert listed(form) == made_afresh(session, "art")


def test_a_turn_that_changes_nobody_listed_leaves_the_list_alone(
    qtbot: QtBot, window: MainWindow, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Next Turn at 500 combatants must fit half a frame: the list is not made again when
    only the turn, actions spent and conditions' rounds changed."""
    push = window.controller.push
    form = inspect(qtbot, window, "art")
    assert push(c.StartCombat(()))
    made: list[str] = []

    def counted(session: Session, attacker: str) -> list[TargetChoice]:
        made.append(attacker)
        return target_choices(session, attacker)

    monkeypatch.setattr(attack_form, "target_choices", counted)
    assert push(c.AddCondition(("katie",), "prone")), "a condition that hides nobody"
    for _ in range(4):
        assert push(c.NextTurn())
    assert made == []
    assert push(c.AddCondition(("bear-2",), "invisible"))
    assert made == ["art"]  # …and a condition that hides someone does make it again
    assert "(hidden)" in form.target.itemText(form.target.findData("bear-2"))


def test_through_full_cover_the_form_counts_the_shots_the_d10_stops(
    qtbot: QtBot, window: MainWindow
) -> None:
    """R32 in the form: with an AP rifle set to fire through full cover, the hit chance and
    expected damage are the accuracy roll's times the d10's chance of getting through."""
    import msgspec

    from futurepath_desktop.core.odds import odds_for

    session = window.controller.session
    art = session.combatants["art"]
    rifle = msgspec.structs.replace(art.weapons[0], armor_piercing=True)
    window.controller.push(c.EditCombatant("art", {"weapons": (rifle,)}))
    form = inspect(qtbot, window, "art")
    form.target.setCurrentIndex(form.target.findData("bear-1"))
    form.cover.setCurrentIndex(attack_result.COVERS.index("Full cover, fire through (AP)"))
    settled(qtbot, form)
    plan = form.plan
    assert plan is not None
    share = sum(face >= 6 for face in range(1, 11)) / 10  # R32: a d10 of 6 or more
    odds = odds_for(plan.setup)
    text = form.odds.text()
    assert f"gets through {share:.0%}" in text
    assert f"Hit {share * odds.outcomes.hit:.1%}" in text
    assert f"expected damage {share * odds.expected:.1f}" in text
    form.cover.setCurrentIndex(0)
    settled(qtbot, form)
    assert "gets through" not in form.odds.text()


def test_roll_is_offered_only_when_the_turn_has_room_for_the_attack(
    qtbot: QtBot, window: MainWindow
) -> None:
    """Out of the attacker's turn the Roll button is off and says why (a click would only
    be refused); "out of turn" turns it on only once the bear's readied action has gone
    off (R18), and its one instant attack spent, off again."""
    session = window.controller.session
    assert window.controller.push(c.StartCombat(()))
    while session.combat.acting_team != "bears":
        assert window.controller.push(c.NextTurn())
    assert window.controller.push(c.DelayReady("bear-1", "Brandon steps out", "Attack (Melee)"))
    while session.combat.acting_team != "players":
        window.controller.push(c.NextTurn())
    form = inspect(qtbot, window, "bear-1")
    form.target.setCurrentIndex(form.target.findData("brandon"))
    form.distance.setValue(5)
    settled(qtbot, form)
    assert form.plan is not None, "the odds still show"
    assert not form.roll.isEnabled()
    assert "not Space Bear 1's turn" in form.roll.toolTip()
    assert "readied action waits for its trigger" in form.roll.toolTip()
    form.instant.setChecked(True)
    settled(qtbot, form)
    assert not form.roll.isEnabled(), "nothing readied has gone off yet"
    assert "no readied action that has gone off" in form.roll.toolTip()
    (readied,) = session.combat.readied
    window.controller.push(c.TriggerReadied(readied.id))
    form.instant.setChecked(False)
    settled(qtbot, form)
    assert 'Tick "out of turn"' in form.roll.toolTip(), "now there is a way in"
    form.instant.setChecked(True)
    settled(qtbot, form)
    assert form.roll.isEnabled() and form.roll.toolTip() == ""
    form.roll.click()
    assert "bear-1" not in session.combat.triggered
    form.instant.setChecked(True)
    settled(qtbot, form)
    assert not form.roll.isEnabled(), "the one instant action is spent"
    form.instant.setChecked(False)
    form = inspect(qtbot, window, "art")  # the acting team's: room for an attack
    settled(qtbot, form)
    assert form.plan is not None and form.roll.isEnabled()


@pytest.mark.parametrize("size", [(1280, 800), (1366, 768), (1278, 774), (1280, 620)])
@pytest.mark.parametrize("taller", [0, 250])
def test_a_keeps_in_sight_who_attacks_and_the_roll_button(
    qtbot: QtBot, window: MainWindow, size: tuple[int, int], taller: int
) -> None:
    """A brings up the attack form with the inspector's header (who attacks, whose turn)
    in sight, and the Roll button always in sight. ``taller``: the form reaches further
    below its Roll button than the panel shows (long odds and sources do that on a
    laptop), so the tabs have a scroll bar; the header above them does not scroll."""
    from PySide6.QtCore import QRect

    window.resize(*size)
    window.show()
    qtbot.waitExposed(window)
    inspector = window.inspector
    scroll = inspector.scroll_area
    form = inspector.attack
    if taller:
        form.setMinimumHeight(scroll.viewport().height() + taller)
        qtbot.waitUntil(lambda: scroll.verticalScrollBar().maximum() > 0)
    window.initiative.view.setFocus()
    qtbot.keyClick(window.initiative.view, Qt.Key.Key_A)
    qtbot.wait(20)
    viewport = scroll.viewport()

    def in_sight(widget: QWidget) -> bool:
        place = QRect(widget.mapTo(viewport, widget.rect().topLeft()), widget.size())
        return viewport.rect().contains(place)

    assert in_sight(form.roll), "the Roll button is in sight"
    for line in (inspector.title, inspector.summary, inspector.turn):  # the turn: in a fight
        if not line.isHidden():
            assert line.visibleRegion().boundingRect() == line.rect(), "the header is whole"
    body = scroll.widget()
    assert body is not None
    needed = form.roll.mapTo(body, form.roll.rect().bottomLeft()).y() + 1
    if needed <= viewport.height():  # everything down to Roll fits: from the top
        assert scroll.verticalScrollBar().value() == 0


def test_a_target_off_the_map_asks_for_the_range_instead_of_keeping_the_last(
    qtbot: QtBot, window: MainWindow
) -> None:
    """With a map, the range to someone who has no token on it is unknown: the form says
    "off map" and asks for it rather than keep the last target's (which gave odds for a
    range nobody measured); typed, it gives the odds; a target on the map takes its own
    range from the tokens again. A refusal under the form goes once the range changes."""
    from futurepath_desktop.session import commands as c
    from futurepath_desktop.session.targets import token_distance_ft

    session = window.controller.session
    assert window.controller.push(c.RemoveToken("bear-2"))
    form = inspect(qtbot, window, "brandon")
    choose = form.target.setCurrentIndex
    choose(form.target.findData("bear-1"))
    settled(qtbot, form)
    on_map = token_distance_ft(session, "brandon", "bear-1")
    assert on_map is not None and form.distance.value() == on_map
    choose(form.target.findData("bear-2"))
    settled(qtbot, form)
    assert form.distance.text() == "off map"
    assert (form.plan, form.roll.isEnabled()) == (None, False)
    assert "Type the range: Space Bear 2 is not on the map" in form.odds.text()
    form.result.show_outcome("Cannot roll: a refusal for the last range", refused=True)
    form.distance.setValue(30)
    settled(qtbot, form)
    assert form.plan is not None and form.roll.isEnabled()
    assert form.result.text() == "", "the refusal went with the range it was for"
    choose(form.target.findData("bear-1"))
    settled(qtbot, form)
    assert form.distance.value() == on_map


def test_the_outcome_of_a_roll_is_scrolled_into_the_panel(qtbot: QtBot, window: MainWindow) -> None:
    """The line that says how the roll went sits under the Roll button; on a laptop with
    long odds and sources it was left below the inspector's edge. After the roll it is
    scrolled into the panel, whole, and who rolled stays in sight above it (scrolling the
    whole panel once took the name and turn off it)."""
    from PySide6.QtCore import QRect

    window.resize(1280, 800)
    window.show()
    qtbot.waitExposed(window)
    scroll = window.inspector.scroll_area
    form = window.inspector.attack
    form.setMinimumHeight(scroll.viewport().height() + 250)  # taller than the panel
    qtbot.waitUntil(lambda: scroll.verticalScrollBar().maximum() > 0)
    window.initiative.view.setFocus()
    qtbot.keyClick(window.initiative.view, Qt.Key.Key_A)
    qtbot.keyClick(focused(), Qt.Key.Key_Return)
    assert form.result.text(), "rolled"
    viewport = scroll.viewport()

    def whole_in_sight() -> bool:
        place = QRect(form.result.mapTo(viewport, form.result.rect().topLeft()), form.result.size())
        return viewport.rect().contains(place)

    qtbot.waitUntil(whole_in_sight)
    assert scroll.verticalScrollBar().value() > 0, "the form scrolled"
    inspector = window.inspector
    for line in (inspector.title, inspector.summary, inspector.turn):  # the turn: in a fight
        if not line.isHidden():
            assert line.visibleRegion().boundingRect() == line.rect(), "the header is whole"
