"""The table's clocks reach the players only when the GM shows them: on the player view
and on the players' page, with the game time at 3 seconds a round and the round timer."""

from __future__ import annotations

from pytestqt.qtbot import QtBot

from futurepath_desktop.ui import web_prompts
from futurepath_desktop.ui.main_window import MainWindow
from futurepath_desktop.ui.rhythm import rhythm_of
from futurepath_desktop.web.page_data import decode
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
        window.actions_by_name["actionNextPhase"].trigger()
    qtbot.waitUntil(lambda: (decode(page.server.state).clock or sent).game == "0:06")
    assert "Game time 0:06" in view.clock.text()

    show.trigger()  # kept to the GM again
    qtbot.waitUntil(lambda: decode(page.server.state).clock is None)
    assert not view.clock.isVisible()
    window.settings.remove("players/clocks")
