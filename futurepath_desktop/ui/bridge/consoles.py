"""The selected ship's consoles: weapons (target, hard points, aim, the live odds of Battle
Damage, R42-R44) and the other stations (sensors, helm, engineering, medical bay). Their
widgets keep their places and sizes from ship to ship: only texts and choices change."""

from __future__ import annotations

from fractions import Fraction

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QComboBox,
    QGridLayout,
    QGroupBox,
    QLabel,
    QPushButton,
    QSizePolicy,
    QWidget,
)

from futurepath_desktop.core import starship as rules
from futurepath_desktop.session.state import Session, Ship
from futurepath_desktop.session.wording import counted
from futurepath_desktop.ui.bridge.feedback import Feedback, game_words
from futurepath_desktop.ui.widgets.number_box import NumberBox


def steady_combo(name: str) -> QComboBox:
    """A list whose width does not follow its choices (so nothing moves between ships);
    long choices elide in it, with the whole choice as the list's tool tip."""
    combo = QComboBox()
    combo.setObjectName(name)
    combo.setSizeAdjustPolicy(QComboBox.SizeAdjustPolicy.AdjustToMinimumContentsLengthWithIcon)
    combo.setMinimumContentsLength(8)
    combo.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Fixed)
    combo.currentIndexChanged.connect(lambda _: combo.setToolTip(combo.currentText()))
    return combo


def enable(button: QWidget, refusal: str | None, tip: str = "") -> None:
    """Enable a station's button when it may act; else disable it and say why."""
    button.setEnabled(refusal is None)
    button.setToolTip(tip if refusal is None else game_words(refusal))


def volley_odds(session: Session, ship: Ship, target: Ship, hard_points: int) -> tuple[float, str]:
    """The chance of Battle Damage of a volley (R42-R44), and how it is worked out. A scan
    entered this phase and not yet rolled counts by its own chance (R57: it is rolled
    first, when the phase ends)."""
    from futurepath_desktop.session.space_rules import (
        scan_bonus,
        scan_chance,
        scan_waits,
        volley_dc,
    )

    dc = volley_dc(ship, target)
    points = min(hard_points, max(1, ship.hard_points))
    weapons = max(0, ship.weapons)

    def odds(bonus: int) -> Fraction:
        return rules.battle_damage_fraction(points, dc.count, dc.threshold, weapons, bonus)

    rerolls = f", {counted(ship.weapons, 're-roll')}" if ship.weapons > 0 else ""
    head = f"Battle Damage: {points}d10 vs BD-DC {dc}{rerolls}"
    if scan_waits(session, ship) and ship.sensors > 0:
        hit = scan_chance(session, ship)
        chance = hit * odds(ship.sensors) + (1 - hit) * odds(0)
        return float(chance), f"{head}, +{ship.sensors} if the scan succeeds ({float(hit):.0%})"
    bonus = scan_bonus(session, ship)
    scan = f", +{bonus} scan" if bonus else ""
    return float(odds(bonus)), f"{head}{scan}"


class WeaponsConsole(QGroupBox):
    """R42-R44: the Weapons Officer's volley and its odds."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__("Weapons console", parent)
        self.setObjectName("bridgeWeapons")
        grid = QGridLayout(self)
        self.target = steady_combo("bridgeTarget")
        self.hard_points = NumberBox()
        self.hard_points.setObjectName("bridgeHardPoints")
        self.hard_points.setRange(0, 0)  # no ship yet: a dash, not a made-up count
        self.hard_points.setSpecialValueText("–")
        # A fixed width: a ship with 40 hard points must not widen the box over one with 4.
        digits = self.hard_points.fontMetrics().horizontalAdvance("8888")
        self.hard_points.setFixedWidth(digits + 40)
        self.aim = steady_combo("bridgeAim")
        self.aim.addItem("Battle Damage", None)
        for system in rules.SYSTEMS:
            self.aim.addItem(f"Specified: {system}", ("system", system))
        self.aim.addItem("Specified: a bay…", ("bay", ""))
        self.aim.addItem("Swarm with other ships…", ("swarm", ""))
        self.fire_button = QPushButton("Fire")
        self.fire_button.setObjectName("bridgeFire")
        self.chart_button = QPushButton("Chart")
        self.chart_button.setObjectName("bridgeChart")
        self.chart_button.setToolTip("Chart the chance of Battle Damage by hard points")
        self.chart_button.setEnabled(False)  # until a ship is in view
        self.odds = Feedback(2)
        self.odds.setObjectName("bridgeOdds")
        self.feedback = Feedback(3)
        self.feedback.setObjectName("bridgeWeaponsFeedback")
        grid.addWidget(QLabel("Target"), 0, 0)
        grid.addWidget(self.target, 0, 1, 1, 3)
        grid.addWidget(QLabel("Aim"), 1, 0)
        grid.addWidget(self.aim, 1, 1, 1, 3)
        grid.addWidget(QLabel("Hard points"), 2, 0)
        grid.addWidget(self.hard_points, 2, 1)
        grid.addWidget(self.fire_button, 2, 2)
        grid.addWidget(self.chart_button, 2, 3)
        grid.addWidget(self.odds, 3, 0, 1, 4)
        grid.addWidget(self.feedback, 4, 0, 1, 4)
        grid.setColumnStretch(1, 1)
        self.setSizePolicy(QSizePolicy.Policy.Preferred, QSizePolicy.Policy.Preferred)
        self._shown: tuple[str, int] | None = None

    def show_ship(self, ship: Ship | None) -> None:
        """Set the volley up for this ship: all its hard points, at Battle Damage. Only
        when another ship (or another count of hard points) comes up: a GM's choices for
        the ship in view stay while it is in view. No ship: a dash, and nothing to chart."""
        shown = (ship.id, ship.hard_points) if ship is not None else None
        if shown == self._shown:
            return
        self._shown = shown
        self.chart_button.setEnabled(ship is not None)
        if ship is None:
            self.hard_points.setRange(0, 0)
            return
        self.hard_points.setRange(1, max(1, ship.hard_points))
        self.hard_points.setValue(max(1, ship.hard_points))
        self.aim.setCurrentIndex(0)

    def show_odds(self, chance: float | None, text: str) -> None:
        """The chance of Battle Damage for the volley as set up (plain text, the chance
        first)."""
        self.odds.show_result("" if chance is None else f"{chance:.1%} chance of {text}")


class CrewConsole(QGroupBox):
    """Sensors, helm, engineering and the medical bay."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__("Sensors, helm, engineering, medical", parent)
        self.setObjectName("bridgeCrew")
        grid = QGridLayout(self)
        self.scan_button = QPushButton("Scan the target")
        self.scan_button.setObjectName("bridgeScan")
        self.flying = steady_combo("bridgeFlying")
        for manner in rules.Flying:
            self.flying.addItem(f"Fly {manner.value}", manner)
        self.fly_button = QPushButton("Set course")
        self.fly_button.setObjectName("bridgeFly")
        self.damage_combo = steady_combo("bridgeRepairWhat")
        self.repair_button = QPushButton("Repair")
        self.repair_button.setObjectName("bridgeRepair")
        self.patient = steady_combo("bridgePatient")
        self.heal_button = QPushButton("Treat…")
        self.heal_button.setObjectName("bridgeTreat")
        self.feedback = Feedback(2)
        self.feedback.setObjectName("bridgeCrewFeedback")
        rows = (
            ("Sensors", None, self.scan_button),
            ("Helm", self.flying, self.fly_button),
            ("Engineer", self.damage_combo, self.repair_button),
            # The medical bay's list names a person: the label says who that is.
            ("Patient", self.patient, self.heal_button),
        )
        for row, (text, choice, button) in enumerate(rows):
            label = QLabel(text)
            label.setBuddy(choice if choice is not None else button)
            grid.addWidget(label, row, 0)
            if choice is None:
                grid.addWidget(button, row, 1, 1, 2)
            else:
                grid.addWidget(choice, row, 1)
                grid.addWidget(button, row, 2)
        grid.addWidget(self.feedback, len(rows), 0, 1, 3)
        grid.setColumnStretch(1, 1)
        grid.setAlignment(Qt.AlignmentFlag.AlignTop)
        self.setSizePolicy(QSizePolicy.Policy.Preferred, QSizePolicy.Policy.Preferred)
        self._shown: tuple[str, str] | None = None

    def show_ship(self, ship: Ship) -> None:
        """The helm shows how this ship flies (R42): when another ship comes up, or its
        course is set or undone; a choice not yet set stays while nothing changes."""
        shown = (ship.id, str(ship.flying))
        if shown == self._shown:
            return
        self._shown = shown
        index = self.flying.findData(rules.Flying(ship.flying))
        self.flying.setCurrentIndex(max(0, index))
