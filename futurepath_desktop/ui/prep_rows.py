"""The actions table's rows for the prep library window, the party and the
campaign (``ui.team_actions.rows_for`` puts each in its menu). Plain
data, like the rest of the table."""

from __future__ import annotations

from futurepath_desktop.ui.action_row import FILE, ROSTER, Action

ROWS: tuple[Action, ...] = (
    Action(
        "actionNewFromEncounter",
        "New Session from &Encounter…",
        "campaign_prompts.new_session",
        tip="Start a new session from a saved encounter, with the campaign's party",
        menu=FILE,
    ),
    Action(
        "actionSaveParty",
        "Save Party to Campaign…",
        "campaign_prompts.save_party",
        tip="Keep the players' characters in the library as they stand, for the next fight",
        menu=FILE,
        section=2,
    ),
    Action(
        "actionNextEncounter",
        "Next Encounter…",
        "campaign_prompts.next_encounter",
        ("Ctrl+Shift+E",),
        "Keep the party as it stands and bring in a saved encounter's teams",
        menu=ROSTER,
    ),
    Action(
        "actionRest",
        "Rest…",
        "campaign_prompts.rest",
        ("Ctrl+Shift+R",),
        "Between fights: give back HP, fatigue and ammunition as you choose",
        menu=ROSTER,
        when="idle",
    ),
    Action(
        "actionSaveEncounter",
        "Save as &Encounter…",
        "library_prompts.save_encounter",
        tip="Keep teams of this session in the library as an encounter",
        menu=ROSTER,
    ),
    Action(
        "actionExportSheets",
        "Export Character S&heets…",
        "campaign_prompts.export_sheets",
        tip="Give the players their sheets back with what the fight changed",
        menu=ROSTER,
    ),
)
