"""The players' page in a real browser (headless chromium): it loads, shows the order as
the player view does, changes after Next Turn, and reads well on a phone, light and dark."""

from __future__ import annotations

import time
from pathlib import Path

from PySide6.QtGui import QColor, QImage
from pytestqt.qtbot import QtBot
from selenium.webdriver.common.by import By
from selenium.webdriver.remote.webdriver import WebDriver
from selenium.webdriver.support.ui import WebDriverWait

from futurepath_desktop.session import commands as c
from futurepath_desktop.session.player_info import player_info
from futurepath_desktop.ui import web_prompts
from futurepath_desktop.ui.main_window import MainWindow
from tests.web.browser import PHONE, browser, needs_chromium, shows_version

pytestmark = needs_chromium


def order(driver: WebDriver) -> list[tuple[str, list[str]]]:
    """The teams on the page, each with its members' names, top to bottom."""
    shown = []
    for card in driver.find_elements(By.CSS_SELECTOR, "#order .team"):
        names = [n.text for n in card.find_elements(By.CSS_SELECTOR, ".member .name")]
        shown.append((card.find_element(By.CSS_SELECTOR, ".title").text, names))
    return shown


def test_the_page_loads_shows_the_order_and_follows_next_turn(
    qtbot: QtBot, window: MainWindow, page: web_prompts.PageFeed
) -> None:
    controller = window.controller
    assert controller.push(c.StartCombat(()))
    qtbot.waitUntil(lambda: page.version >= 2)
    driver = browser()
    try:
        driver.get(page.server.url("127.0.0.1").replace("token=", "token=x"))
        assert "needs the link" in driver.find_element(By.TAG_NAME, "body").text
        driver.get(page.server.url("127.0.0.1"))
        shows_version(driver, page.version)
        info = player_info(controller.session)
        assert driver.find_element(By.ID, "header").text == info.header
        expected = [(t.name, [m.name for m in t.members]) for t in info.teams]
        assert order(driver) == expected
        healths = [e.text for e in driver.find_elements(By.CSS_SELECTOR, ".member .health")]
        assert healths == [m.health for t in info.teams for m in t.members]
        acting = driver.find_elements(By.CSS_SELECTOR, ".team.is-acting .title")
        assert [a.text for a in acting] == [t.name for t in info.teams if t.acting]
        width = driver.execute_script("return document.getElementById('map').naturalWidth")
        assert width > 300, "the players' map is shown"
        before = info.header
        pushed = page.version
        sent = time.monotonic()
        assert controller.push(c.NextTurn())
        qtbot.waitUntil(lambda: page.version > pushed)
        after = player_info(controller.session).header
        assert after != before
        WebDriverWait(driver, 5, poll_frequency=0.02).until(
            lambda d: d.find_element(By.ID, "header").text == after
        )
        took = time.monotonic() - sent
        assert took < 2.0, f"the page changed {took:.2f} s after Next Turn"
        assert order(driver) == [
            (t.name, [m.name for m in t.members]) for t in player_info(controller.session).teams
        ]
        assert page.server.clients == 1
    finally:
        driver.quit()


def pixel(image: QImage, x: float, y: float) -> QColor:
    return image.pixelColor(round(x), round(y))


def test_the_page_on_a_phone_light_and_dark(
    qtbot: QtBot, window: MainWindow, page: web_prompts.PageFeed, tmp_path: Path
) -> None:
    pushed = page.version
    assert window.controller.push(c.Damage(("bear-2",), 9))  # bloodied: its word is red
    qtbot.waitUntil(lambda: page.version > pushed)
    for dark in (False, True):
        driver = browser(PHONE, 2, dark)
        try:
            driver.get(page.server.url("127.0.0.1"))
            shows_version(driver, page.version)
            scroll = driver.execute_script("return document.documentElement.scrollWidth")
            assert scroll <= PHONE[0], "no sideways scrolling on a phone"
            chip = driver.find_element(By.CSS_SELECTOR, "[data-id='bear-2'] .health")
            assert chip.text == "bloodied"
            box = chip.rect
            shot = tmp_path / f"phone-{dark}.png"
            shot.write_bytes(driver.get_screenshot_as_png())
        finally:
            driver.quit()
        image = QImage(str(shot))
        assert (image.width(), image.height()) == (PHONE[0] * 2, PHONE[1] * 2)
        ground = pixel(image, 4, image.height() - 4)
        assert (ground.lightness() < 60) if dark else (ground.lightness() > 200), dark
        # The chip's ground, beside its word: red for bloodied, light or dark.
        ground = pixel(image, (box["x"] + 4) * 2, (box["y"] + box["height"] / 2) * 2)
        assert ground.red() > ground.green() + 20, f"bloodied is red ({ground.name()})"
        assert ground.red() > ground.blue() + 20, f"bloodied is red ({ground.name()})"
