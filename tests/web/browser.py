"""A real browser for the players' page: Debian's chromium, headless, driven by selenium
through Debian's chromedriver (nothing is downloaded at run time). Also the page's
screenshots, on a phone-sized window in light and dark:

    QT_QPA_PLATFORM=offscreen python -m tests.web.browser docs/screenshots

writes players-page-phone.png (light) and players-page-phone-dark.png.
"""

from __future__ import annotations

import os
import shutil
import sys
import tempfile
from pathlib import Path

import pytest
from selenium import webdriver
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.chrome.webdriver import WebDriver
from selenium.webdriver.support.ui import WebDriverWait

CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")
DRIVER = shutil.which("chromedriver") or "/usr/bin/chromedriver"
PHONE = (390, 844)  # CSS pixels, a phone held upright
PHONE_SCALE = 2  # its pixels per CSS pixel, so the screenshot is as sharp as the phone

needs_chromium = pytest.mark.skipif(
    CHROMIUM is None or not Path(DRIVER).exists(),
    reason="chromium and chromium-driver (Debian packages, installed by .ci/run) are absent",
)


def browser(size: tuple[int, int] = PHONE, scale: int = 1, dark: bool = False) -> WebDriver:
    """Headless chromium with a window of ``size`` CSS pixels, light or dark."""
    assert CHROMIUM is not None
    options = webdriver.ChromeOptions()
    options.binary_location = CHROMIUM
    for argument in (
        "--headless=new",
        "--no-sandbox",
        "--disable-dev-shm-usage",
        "--disable-gpu",
        "--no-first-run",
        "--hide-scrollbars",
        f"--window-size={size[0]},{size[1]}",
        f"--force-device-scale-factor={scale}",
    ):
        options.add_argument(argument)
    driver = webdriver.Chrome(options=options, service=Service(DRIVER))
    # The window alone cannot be as narrow as a phone: the page is told the phone's size.
    driver.execute_cdp_cmd(
        "Emulation.setDeviceMetricsOverride",
        {"width": size[0], "height": size[1], "deviceScaleFactor": scale, "mobile": True},
    )
    scheme = "dark" if dark else "light"
    driver.execute_cdp_cmd(
        "Emulation.setEmulatedMedia",
        {"features": [{"name": "prefers-color-scheme", "value": scheme}]},
    )
    return driver


def shows_version(driver: WebDriver, version: int, timeout: float = 10.0) -> None:
    """Wait until the page has drawn the state numbered ``version`` (or a later one), live."""

    def drawn(d: WebDriver) -> bool:
        shown = d.execute_script(
            "return [document.body.dataset.version || '0',"
            " document.getElementById('live').dataset.live,"
            " (document.getElementById('map').complete ? 'loaded' : 'loading')]"
        )
        return int(shown[0]) >= version and shown[1] == "yes" and shown[2] == "loaded"

    WebDriverWait(driver, timeout, poll_frequency=0.02).until(drawn)


def phone_shots(folder: Path) -> list[Path]:
    """The demo mid-fight on the players' page, on a phone, light and dark."""
    os.environ.setdefault("FUTUREPATH_HOME", tempfile.mkdtemp(prefix="fp-shots-"))
    from PySide6.QtWidgets import QApplication

    from futurepath_desktop.session import commands as c
    from futurepath_desktop.session.demo import demo_session
    from futurepath_desktop.ui import web_prompts
    from futurepath_desktop.ui.main_window import MainWindow
    from tools.poses import mid_fight

    app = QApplication.instance() or QApplication(sys.argv[:1])
    window = MainWindow(demo_session(), autosave=False, remember_layout=False)
    window.resize(1280, 800)
    window.show()
    app.processEvents()
    mid_fight(window)
    # Some wounds, so that every colour of health shows.
    window.controller.push(c.Damage(("bear-2",), 9, "Art's rifle"))
    window.controller.push(c.Damage(("james",), 6, "a bear's claws"))
    for _ in range(5):
        app.processEvents()
    url = web_prompts.start_page(window, "127.0.0.1", 0)
    feed = web_prompts.running_page(window)
    assert feed is not None
    folder.mkdir(parents=True, exist_ok=True)
    written = []
    try:
        for dark, name in (
            (False, "players-page-phone.png"),
            (True, "players-page-phone-dark.png"),
        ):
            driver = browser(PHONE, PHONE_SCALE, dark)
            try:
                driver.get(url)
                shows_version(driver, feed.version)
                path = folder / name
                path.write_bytes(driver.get_screenshot_as_png())
                written.append(path)
            finally:
                driver.quit()
    finally:
        web_prompts.stop_page(window)
        window.controller.stack.setClean()
        window.close()
    return written


if __name__ == "__main__":
    for shot in phone_shots(Path(sys.argv[1] if len(sys.argv) > 1 else "docs/screenshots")):
        print(shot)
