"""The table's clocks reach the players only when the GM shows them: on the player view
and on the players' page, with the game time at 3 seconds a round and the round timer."""

from __future__ import annotations

from pytestqt.qtbot import QtBot

from futurepath_desktop.ui import web_prompts
from futurepath_desktop.ui.main_window import MainWindow
from futurepath_desktop.ui.rhythm import rhythm_of
from futurepath_desktop.web.page_data import Clock, decode
from tests.ui.test_window_flows import start_with_only_brandon_aware


def test_the_clocks_show_to_the_players_only_when_the_gm_says(
    qtbot: QtBot, window: MainWindow, page: web_prompts.PageFeed
) -> None:
    rhythm = rhythm_of(window)
    show = window.actions_by_name["actionClocksForPlayers"]
    window.show_player_view()
    view = window.player_view
    assert view is not None
    start_with_only_brandon_aware(qtbot, window)
    qtbot.waitUntil(lambda: decode(page.server.state).info.header.startswith("Round 1"))
    assert decode(page.server.state).clock is None and not view.clock.isVisible()

    show.trigger()
    assert show.isChecked() and rhythm.players_see_clocks()
    qtbot.waitUntil(lambda: decode(page.server.state).clock is not None)
    sent = decode(page.server.state).clock
    assert sent is not None and sent.game == "0:00" and not sent.running
    assert view.clock.isVisible() and view.clock.text() == "Round timer 0:00 · Game time 0:00"

    rhythm.toggle()  # the GM starts the timer: the page is told once, and counts itself
    qtbot.waitUntil(lambda: (decode(page.server.state).clock or sent).running)
    while window.controller.session.combat.round < 3:
        window.actions_by_name["actionNextRound"].trigger()
    qtbot.waitUntil(lambda: (decode(page.server.state).clock or sent).game == "0:06")
    assert "Game time 0:06" in view.clock.text()

    show.trigger()  # kept to the GM again
    qtbot.waitUntil(lambda: decode(page.server.state).clock is None)
    assert not view.clock.isVisible()
    window.settings.remove("players/clocks")


def test_a_running_timer_is_sent_again_so_a_late_page_counts_from_the_gms(
    qtbot: QtBot, window: MainWindow, page: web_prompts.PageFeed
) -> None:
    rhythm = rhythm_of(window)
    start_with_only_brandon_aware(qtbot, window)
    rhythm.show_to_players(True)
    rhythm.toggle()
    qtbot.waitUntil(lambda: (decode(page.server.state).clock or _stopped()).running)
    first = decode(page.server.state)
    # No change to the session: the timer's beat alone sends it again, later in its count.
    qtbot.waitUntil(lambda: decode(page.server.state).version > first.version, timeout=8000)
    later = decode(page.server.state)
    assert later.clock is not None and first.clock is not None
    assert later.clock.timer > first.clock.timer and later.map_version == first.map_version
    rhythm.toggle()
    window.settings.remove("players/clocks")


def _stopped() -> Clock:
    return Clock("0:00", 0.0, False)


def test_enter_in_the_page_dialog_never_turns_the_page_off(
    qtbot: QtBot, window: MainWindow, page: web_prompts.PageFeed
) -> None:
    from PySide6.QtCore import Qt

    dialog = web_prompts.toggle_page(window)
    qtbot.waitUntil(dialog.isVisible)
    dialog.switch.setFocus()
    qtbot.keyClick(dialog, Qt.Key.Key_Return)
    assert web_prompts.running_page(window) is page and page.server.running
    assert not dialog.isVisible(), "Enter closes the dialog"
