"""Individual commands: what they change, what they report, and the errors they raise."""

from __future__ import annotations

import msgspec
import pytest

from futurepath_desktop.core.advantage import AdvantageSource
from futurepath_desktop.core.errors import (
    ActionNotAllowedError,
    AttackNotAllowedError,
    BonusAttackNotAllowedError,
    DiceBoundError,
    DiceExpressionError,
    TooMuchDisadvantageError,
)
from futurepath_desktop.core.rounds import Phase
from futurepath_desktop.session import commands as c
from futurepath_desktop.session import store
from futurepath_desktop.session.demo import demo_session
from futurepath_desktop.session.edit import Command
from futurepath_desktop.session.errors import CombatFlowError, CommandError, NotFoundError
from futurepath_desktop.session.history import History
from futurepath_desktop.session.state import Options, Session, WeaponSpec


def fight(options: Options | None = None) -> tuple[Session, History]:
    """The demo at the players' turn of round 1, everyone aware (under ``options``, set
    before the fight: the health rules change only between fights)."""
    session = demo_session()
    history = History(session)
    if options is not None:
        history.push(c.SetOptions(options))
    history.push(c.StartCombat(unaware_ids=()))
    history.push(c.NextTurn())  # Surprise (none) → Advantages
    history.push(c.NextTurn())  # → Action: the players
    assert session.combat.acting_team == "players"
    return session, history


def refused(history: History, command: Command, error: type[Exception], match: str) -> None:
    before = history.session.to_file()
    with pytest.raises(error, match=match):
        history.push(command)
    assert history.session.to_file() == before


def test_damage_to_several_at_once_reports_each_change() -> None:
    session, history = fight()
    applied = history.push(c.Damage(("bear-1", "bear-2", "bear-3"), 7))
    assert applied.label == "3 combatants take 7 damage"
    assert applied.change.fields["combatants"] == {
        f"bear-{n}": frozenset({"hp"}) for n in (1, 2, 3)
    }
    assert applied.change.log_appended == 3
    assert [session.combatants[f"bear-{n}"].hp for n in (1, 2, 3, 4)] == [9, 9, 9, 16]


def test_r28_overkill_and_overhealing_are_logged() -> None:
    session, history = fight()
    history.push(c.Damage(("james",), 25))
    assert "7 overkill" in session.log[-1].text and "dying (R26)" in session.log[-1].text
    history.push(c.Heal(("art",), 5))
    assert "5 overhealing" in session.log[-1].text


def test_r27_health_fatigue_model_follows_the_option() -> None:
    session, history = fight(Options(vitality="health-fatigue"))
    history.push(c.Damage(("james",), 12))
    james = session.combatants["james"]
    assert (james.health, james.fatigue) == (0, 1)
    assert "+1 fatigue" in session.log[-1].text


def test_r29_conditions_extend_when_reapplied_and_custom_ones_work() -> None:
    session, history = fight()
    history.push(c.AddCondition(("bear-1",), "stunned", 2))
    history.push(c.AddCondition(("bear-1",), "stunned", 1))
    (held,) = session.conditions_on("bear-1")
    assert held.remaining == 3
    history.push(c.AddCondition(("art",), "custom:marked", 2, name="Marked", note="+2 damage"))
    (marked,) = session.conditions_on("art")
    assert (marked.name, marked.custom, marked.note) == ("Marked", True, "+2 damage")
    refused(history, c.AddCondition(("art",), "bored"), CommandError, "no condition called 'bored'")
    refused(history, c.ExtendConditions((held.id,), -3), CommandError, "remove it instead")


def test_r15_r16_the_action_economy_is_enforced() -> None:
    _session, history = fight()
    history.push(c.DeclareAction("brandon", "Move"))
    refused(
        history,
        c.DeclareAction("brandon", "5-foot Step"),
        ActionNotAllowedError,
        "after a standard move",
    )
    history.push(c.DeclareAction("art", "Attack (Melee)", "bear-1"))
    history.push(c.DeclareAction("art", "5-foot Step"))
    refused(
        history, c.DeclareAction("art", "5-foot Step"), ActionNotAllowedError, "only once per turn"
    )
    refused(history, c.DeclareAction("bear-1", "Move"), CombatFlowError, "not Space Bear 1's turn")


def test_r17_a_bonus_attack_with_a_heavy_weapon_is_refused() -> None:
    _session, history = fight()
    history.push(
        c.EditCombatant(
            "art", {"weapons": (WeaponSpec("Cannon", 7, ranged=True, range_increment_ft=100),)}
        )
    )
    history.push(c.ResolveAttack("art", "bear-1", distance_ft=30))
    refused(
        history,
        c.ResolveAttack("art", "bear-1", distance_ft=30, bonus_attack=True),
        BonusAttackNotAllowedError,
        "heavy weapon",
    )


def test_r2_a_fourth_disadvantage_refuses_the_attack() -> None:
    _session, history = fight()
    history.push(c.AddCondition(("brandon",), "shaken", 1))
    fiat = (AdvantageSource("GM: smoke and sirens", disadvantages=3),)
    refused(
        history,
        c.ResolveAttack("brandon", "bear-1", distance_ft=20, fiat=fiat),
        TooMuchDisadvantageError,
        "most is 3",
    )


def test_r32_full_cover_and_r37_reach() -> None:
    _session, history = fight()
    refused(
        history,
        c.ResolveAttack("brandon", "bear-1", distance_ft=20, cover=3),
        Exception,
        "full cover",
    )
    refused(
        history,
        c.ResolveAttack("bear-1", "james", distance_ft=10),
        Exception,
        "beyond the 5 ft reach of Claws",
    )


def test_ammunition_runs_out_and_reloads() -> None:
    session, history = fight()
    history.push(
        c.EditCombatant(
            "brandon",
            {
                "weapons": (
                    WeaponSpec(
                        "Derringer", 2, ranged=True, range_increment_ft=10, ammo=1, ammo_max=2
                    ),
                )
            },
        )
    )
    history.push(c.ResolveAttack("brandon", "bear-1", distance_ft=10))
    assert session.combatants["brandon"].weapons[0].ammo == 0
    history.push(c.NextTurn())
    history.push(c.NextTurn())
    history.push(c.NextTurn())
    history.push(c.NextTurn())  # round 2, the players again
    refused(
        history, c.ResolveAttack("brandon", "bear-1", distance_ft=10), CommandError, "reload first"
    )
    history.push(c.Reload("brandon"))
    assert session.combatants["brandon"].weapons[0].ammo == 2


def test_dice_box_rolls_into_the_log_and_refuses_nonsense() -> None:
    session, history = fight()
    history.push(c.RollDice("3d6+2", "Perception"))
    entry = session.log[-1]
    assert entry.kind == "roll" and entry.text.startswith("Perception: 3d6 (")
    assert len(entry.rolls[0].faces) == 3 and entry.rolls[0].total == sum(entry.rolls[0].faces) + 2
    refused(history, c.RollDice("3d6+"), DiceExpressionError, "missing")
    refused(history, c.RollDice("1000000d1000000"), DiceBoundError, "500")


def test_r18_readied_actions_trigger_with_an_opposed_check_or_lapse() -> None:
    session, history = fight()
    history.push(c.DelayReady("art", "a bear charges", "Attack (Ranged)"))
    refused(history, c.DeclareAction("art", "Move"), ActionNotAllowedError, "turn has ended")
    (readied,) = session.combat.readied
    history.push(c.TriggerReadied(readied.id, racing_id="bear-2"))
    assert "goes first (R10, R18)" in session.log[-1].text and len(session.log[-1].rolls) >= 2
    assert session.log[-1].text.startswith("Art's readied action (Attack (Ranged)) races")
    history.push(c.DelayReady("brandon", "a bear comes through", "shoot it"))
    (brandon,) = session.combat.readied
    history.push(c.TriggerReadied(brandon.id))  # the GM's words, each in its place
    assert (
        session.log[-1].text == "Brandon's readied action goes off (a bear comes through): shoot it"
    )
    history.push(c.DelayReady("james", "never", "Attack (Melee)"))
    for _ in range(4):
        history.push(c.NextTurn())
    assert session.combat.round == 2 and session.combat.acting_team == "players"
    assert session.combat.readied == ()
    assert any("lapses untriggered (R18)" in e.text for e in session.log)


def test_r18_only_a_readied_action_gone_off_attacks_out_of_turn_and_only_once() -> None:
    """The instant action R18 gives is the one way to attack outside the team's turn: not
    before the trigger, once after it, and gone at the reader's next turn if unused."""
    session, history = fight()
    history.push(c.DelayReady("art", "a bear charges", "Attack (Ranged)"))
    history.push(c.DelayReady("brandon", "a bear looks his way", "Attack (Ranged)"))
    history.push(c.NextTurn())  # the bears' turn
    assert session.combat.acting_team == "bears"
    instant = c.ResolveAttack("art", "bear-1", distance_ft=30, declare=False)
    refused(history, instant, CombatFlowError, "Art has no readied action that has gone off")
    refused(
        history,
        c.ResolveAttack("james", "bear-1", distance_ft=5, declare=False),
        CombatFlowError,
        "James has no readied action",
    )
    art, brandon = session.combat.readied
    history.push(c.TriggerReadied(art.id))
    history.push(c.TriggerReadied(brandon.id))
    assert list(session.combat.triggered) == ["art", "brandon"]
    history.push(instant)
    assert list(session.combat.triggered) == ["brandon"], "Art's one instant action is spent"
    refused(history, instant, CombatFlowError, "Art has no readied action that has gone off")
    history.undo()
    assert list(session.combat.triggered) == ["art", "brandon"], "undo gives the instant back"
    history.redo()
    while session.combat.acting_team != "players":
        history.push(c.NextTurn())
    assert session.combat.triggered == (), "Brandon's unused instant went with his next turn"
    assert store.decode(store.encode(session)) == session


def test_r18_an_action_readied_in_the_surprise_round_lapses_at_the_next_turn() -> None:
    """The surprise round is round 1 too: Brandon's readied action lapses as his team's
    round-1 turn begins (his next turn), not a round later."""
    session = demo_session()
    history = History(session)
    history.push(c.StartCombat())  # only Brandon is aware: he acts in the surprise round
    assert session.combat.surprise_actors == ("brandon",)
    history.push(c.DelayReady("brandon", "a bear looks his way", "Attack (Ranged)"))
    assert [r.combatant_id for r in session.combat.readied] == ["brandon"]
    while not (session.combat.acting_team == "players" and session.combat.phase == Phase.ACTION):
        history.push(c.NextTurn())
    assert session.combat.round == 1 and not session.combat.surprise_round
    assert not session.combat.readied
    assert any("Brandon's readied" in e.text and "lapses" in e.text for e in session.log)


def test_r8_gm_adjustments_are_logged_and_reorder() -> None:
    session, history = fight()
    history.push(c.AdjustInitiative("bears", 40, "the bears' rage"))
    assert session.combat.order == ("bears", "players")
    assert session.combat.acting_team == "players"
    assert "the bears' rage" in session.log[-1].text
    refused(history, c.ReorderTeams(("bears",)), CommandError, "each team")


def test_r7_an_adjustment_into_a_tie_breaks_it_by_dex_and_logs_it() -> None:
    """The GM sets the bears to the players' score: the tie goes to the team whose best
    member has the higher DEX (Brandon's 16 against the bears' 13), and the log says so;
    given a nimbler bear, the bears go first."""
    session, history = fight()
    players = session.teams["players"].initiative
    assert players is not None
    history.push(c.AdjustInitiative("bears", players))
    assert session.combat.order == ("players", "bears")
    assert any("R7" in e.text and "DEX" in e.text for e in session.log[-2:]), [
        e.text for e in session.log[-3:]
    ]
    session, history = fight()
    history.push(c.EditCombatant("bear-4", {"abilities": {"dexterity": 18}}))
    history.push(c.AdjustInitiative("bears", players))
    assert session.combat.order == ("bears", "players")
    assert session.combat.acting_team == "players", "the turn in progress stays the players'"


def test_r26_the_dying_bleed_at_the_start_of_their_turn() -> None:
    session, history = fight()
    history.push(c.Damage(("bear-1",), 20))
    history.push(c.NextTurn())  # the bears' turn begins
    bled = [e for e in session.log if "is dying and loses" in e.text]
    assert len(bled) == 1 and bled[0].rolls[0].expression == "1d4"
    lost = bled[0].rolls[0].total
    assert session.combatants["bear-1"].con_damage == lost
    assert f"loses {lost} CON (CON {15 - lost} left)" in bled[0].text, "how much, and what is left"


def test_missing_ids_name_what_is_missing() -> None:
    _session, history = fight()
    refused(history, c.Damage(("nobody",), 3), NotFoundError, "no combatant with id 'nobody'")
    refused(history, c.EditTeam("ghosts", {"name": "x"}), NotFoundError, "no team with id 'ghosts'")
    refused(
        history, c.EditCombatant("art", {"max_hp": 0}), CommandError, "maximum HP must be 1 or more"
    )
    refused(history, c.EditCombatant("art", {"id": "other"}), CommandError, "id never changes")


def test_rename_and_options_are_undoable() -> None:
    session, history = fight()
    history.push(c.RenameSession("Den of Bears"))
    history.push(c.SetOptions(Options(cover="defense-bonus", visibility=2)))
    said = session.log[-1].text  # in the game's words, not the file's
    assert "cover: a disadvantage → a bonus to AC" in said
    assert "visibility: normal → terrible" in said
    history.undo()
    history.undo()
    assert session.name == "Space Bears (chapter example)" and session.options == Options()


def test_next_phase_and_next_round_follow_r12() -> None:
    session, history = fight()
    history.push(c.NextPhase())
    assert session.combat.phase == Phase.COUNTERS
    history.push(c.NextRound())
    assert (session.combat.round, session.combat.phase) == (2, Phase.ADVANTAGES)


def test_a_change_names_the_bearers_of_conditions_it_touched_even_once_they_are_gone() -> None:
    session, history = fight()
    added = history.push(c.AddCondition(("bear-1", "james"), "shaken", 2))
    assert added.change.bearers == {"bear-1", "james"}
    held = next(h for h in session.conditions.values() if h.bearer_id == "bear-1")
    removed = history.push(c.RemoveConditions((held.id,)))
    assert held.id not in session.conditions and removed.change.bearers == {"bear-1"}
    undone = history.undo()
    assert undone is not None and undone.change.bearers == {"bear-1"}
    damaged = history.push(c.Damage(("bear-2",), 3))
    assert damaged.change.bearers == frozenset()  # no condition touched


@pytest.mark.parametrize(
    ("command", "match"),
    [
        (c.Damage(("bear-1",), -5), "damage cannot be negative"),
        (c.Damage(("bear-1", "james"), -1, "the GM"), "damage cannot be negative"),
        (c.Heal(("james",), -3), "healing cannot be negative"),
        (c.GrantTempHP(("james",), -2), "temporary HP cannot be negative"),
    ],
)
def test_a_negative_amount_is_refused_not_turned_around(command: Command, match: str) -> None:
    # -5 damage is neither 5 damage nor 5 healing: the command itself refuses it.
    session = demo_session()
    refused(History(session), command, CommandError, match)


def test_a_new_combatant_needs_a_name() -> None:
    session = demo_session()
    history = History(session)
    model = session.combatants["bear-1"]
    for name in ("", "   "):
        nameless = msgspec.structs.replace(model, id="new-one", name=name)
        refused(history, c.AddCombatant(nameless), CommandError, "needs a name")
    named = msgspec.structs.replace(model, id="new-one", name="Space Bear 5")
    history.push(c.AddCombatant(named))
    assert session.combatants["new-one"].name == "Space Bear 5"


def _counters_entries(session: Session, since: int) -> list[tuple[str, str]]:
    return [(e.kind, e.text) for e in session.log[since:] if e.kind in ("counter", "expiry")]


def test_r13_a_counters_phase_where_every_counter_ends_does_not_say_none_moved() -> None:
    session = demo_session()
    history = History(session)
    history.push(c.AddCondition(("brandon",), "shaken", 1, source="the trap"))
    history.push(c.StartCombat())
    since = len(session.log)
    while session.combat.round == 1:  # to round 2: Brandon acts, then the Counters phase
        history.push(c.NextPhase())
    entries = _counters_entries(session, since)
    assert ("expiry", "Brandon is no longer Shaken (1 → 0)") in entries
    assert not any(text == "No counters move this round" for _, text in entries), entries


def test_r13_the_counters_entry_counts_in_words_that_agree() -> None:
    session = demo_session()
    history = History(session)
    history.push(c.AddCondition(("brandon",), "shaken", 3, source="the trap"))
    history.push(c.StartCombat())
    since = len(session.log)
    while session.combat.round == 1:
        history.push(c.NextPhase())
    moved = [text for kind, text in _counters_entries(session, since) if kind == "counter"]
    assert moved and moved[-1].startswith("1 counter moves down a round"), moved


def test_the_log_says_what_conditions_took_off_a_team_initiative() -> None:
    """R40's wiki option: −1 team initiative per condition a member has, and the log of the
    start of combat says so beside the mean (R6) it was taken from."""
    session = demo_session()
    history = History(session)
    history.push(c.SetOptions(Options(condition_lowers_team_initiative=True)))
    history.push(c.AddCondition(("bear-1", "bear-2"), "prone"))
    history.push(c.StartCombat(()))
    bears = [m.initiative() for m in session.members("bears", present_only=True)]
    mean = -(-sum(bears) // len(bears))  # rounded up (R6)
    assert session.teams["bears"].initiative == mean - 2
    said = next(e.text for e in session.log if e.text.startswith("Space Bears: team initiative"))
    assert f"{mean} less 2 for 2 conditions" in said, said
    players = next(e.text for e in session.log if e.text.startswith("Players: team initiative"))
    assert "less" not in players, "a team with no condition keeps its mean"


@pytest.mark.parametrize("vitality", ["future-path", "health-fatigue"])
def test_the_dead_are_not_healed(vitality: str) -> None:
    """R26: dead once CON damage reaches CON; R27: dead at 0 Health and 5 fatigue. Healing
    one is refused, saying who (not logged as all overhealing), and a heal that takes in
    a dead one along with others changes nobody."""
    session, history = fight(Options(vitality=vitality))  # type: ignore[arg-type]
    bear = session.combatants["bear-4"]
    if vitality == "future-path":
        dead = {"hp": -3, "con_damage": bear.abilities.constitution}
    else:
        dead = {"health": 0, "fatigue": 5}
    history.push(c.EditCombatant("bear-4", dead))
    assert session.combatants["bear-4"].vitality(session.options.vitality).dead
    refused(history, c.Heal(("bear-4",), 5), CommandError, "Space Bear 4 is dead")
    refused(history, c.Heal(("bear-3", "bear-4"), 5), CommandError, "Space Bear 4 is dead")
    history.push(c.Damage(("bear-3",), 5))
    history.push(c.Heal(("bear-3",), 5))  # the living still are
    assert "heals 5" in session.log[-1].text


def test_the_log_names_a_condition_of_one_s_own_as_it_stands() -> None:
    """ "Space Bear 3 is Stunned", but not "is Poison": a name of the GM's own may be a
    thing the bearer has, so the log gives it as it stands."""
    session, history = fight()
    history.push(c.AddCondition(("bear-3",), "stunned"))
    assert session.log[-1].text.startswith("Space Bear 3 is Stunned")
    history.push(c.AddCondition(("bear-3",), "custom:Poison", rounds=3, name="Poison"))
    assert session.log[-1].text == "Space Bear 3: Poison for 3 rounds"


def test_who_cannot_attack_at_all_is_told_so_before_the_range() -> None:
    """A stunned bear across the room is told it is Stunned, not that its claws do not
    reach (R29 before R37); a dead one that it is dead, not one of its conditions."""
    session, history = fight()
    history.push(c.AddCondition(("bear-1",), "stunned"))
    plan = c.ResolveAttack("bear-1", "james", distance_ft=40)
    with pytest.raises(AttackNotAllowedError, match="Space Bear 1 is Stunned and cannot attack"):
        plan.plan(session)
    bear = session.combatants["bear-2"]
    history.push(c.AddCondition(("bear-2",), "paralyzed"))
    dead = {"hp": -3, "con_damage": bear.abilities.constitution}
    history.push(c.EditCombatant("bear-2", dead))
    with pytest.raises(AttackNotAllowedError, match="Space Bear 2 is dead and cannot attack"):
        c.ResolveAttack("bear-2", "james", distance_ft=5).plan(session)


def test_r11_one_down_is_surprised_by_nothing_and_acts_in_no_surprise_round() -> None:
    """A dying Art left unaware does not make a surprise round when everyone standing is
    aware; when a standing bear is unaware, the dying James (aware) is no surprise actor."""
    session = demo_session()
    history = History(session)
    history.push(c.Damage(("art",), session.combatants["art"].hp + 3, "a fall"))
    assert session.combatants["art"].hit_points().dying
    history.push(c.StartCombat(unaware_ids=("art",)))
    assert [session.combat.surprise_round] == [False]
    assert "no surprise round" in " ".join(e.text for e in session.log[-3:])
    history.undo()
    history.push(c.Damage(("james",), session.combatants["james"].hp + 3, "a fall"))
    history.push(c.StartCombat(unaware_ids=("art", "bear-1")))
    assert session.combat.surprise_round
    assert "james" not in session.combat.surprise_actors
    assert "art" not in session.combat.surprise_actors
    assert "brandon" in session.combat.surprise_actors


def test_the_health_rules_change_between_fights_not_during_one() -> None:
    """HP (R26) and Health and Fatigue (R27) are tracks of their own: switched mid-fight,
    everyone would show the other track, untouched by the fight's damage. Refused while
    combat runs, saying so; the other options still change; after the fight, it may."""
    session, history = fight()
    history.push(c.Damage(("james",), 5))
    refused(
        history,
        c.SetOptions(Options(vitality="health-fatigue")),
        CombatFlowError,
        "the health rules change between fights",
    )
    history.push(c.SetOptions(Options(cover="defense-bonus")))
    assert session.options.cover == "defense-bonus"
    history.push(c.EndCombat())
    history.push(c.SetOptions(Options(vitality="health-fatigue")))
    assert session.options.vitality == "health-fatigue"
