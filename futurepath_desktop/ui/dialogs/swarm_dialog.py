"""SwarmDialog: several ships' Weapons Officers fire together at one target and pool
their successes (swarm combat, with the GM's penalty per size step, R42, R60). The ship
on the weapons console is ticked; the GM ticks the others and sets each one's hard
points."""

from __future__ import annotations

from PySide6.QtWidgets import (
    QCheckBox,
    QDialog,
    QDialogButtonBox,
    QGridLayout,
    QLabel,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from futurepath_desktop.session.state import Ship
from futurepath_desktop.ui.dialogs import ok_cancel, spin_box


class SwarmDialog(QDialog):
    """Which ships join the swarm on ``target``, each with its hard points."""

    def __init__(
        self,
        ships: list[Ship],
        target: Ship,
        leader_id: str,
        penalty: int,
        parent: QWidget | None = None,
    ) -> None:
        super().__init__(parent)
        self.setObjectName("swarmDialog")
        self.setWindowTitle(f"Swarm on {target.name}")
        self.setMinimumWidth(420)
        layout = QVBoxLayout(self)
        words = QLabel(
            f"The ships ticked fire at {target.name} together and pool their successes; each "
            f"loses {penalty} per size step it is smaller than the target."
        )
        words.setWordWrap(True)
        layout.addWidget(words)
        grid = QGridLayout()
        self.rows: list[tuple[Ship, QCheckBox, QSpinBox]] = []
        for at, ship in enumerate(s for s in ships if s.id != target.id):
            joins = QCheckBox(f"{ship.name} ({ship.size})")
            joins.setObjectName(f"swarmJoins-{ship.id}")
            joins.setChecked(ship.id == leader_id)
            points = spin_box(
                f"swarmPoints-{ship.id}", 1, max(1, ship.hard_points), value=ship.hard_points
            )
            points.setSuffix(" hard points")
            points.setEnabled(ship.hard_points > 0)
            joins.toggled.connect(self._check)
            grid.addWidget(joins, at, 0)
            grid.addWidget(points, at, 1)
            self.rows.append((ship, joins, points))
        layout.addLayout(grid)
        self.buttons = ok_cancel(self, "Fire together")
        layout.addWidget(self.buttons)
        self._check()

    def _check(self) -> None:
        ok = self.buttons.button(QDialogButtonBox.StandardButton.Ok)
        ok.setEnabled(len(self.chosen()[0]) >= 2)  # a swarm is two ships or more

    def chosen(self) -> tuple[tuple[str, ...], tuple[int, ...]]:
        """The ships ticked and each one's hard points, in the list's order."""
        picked = [
            (ship.id, points.value()) for ship, joins, points in self.rows if joins.isChecked()
        ]
        return tuple(i for i, _ in picked), tuple(p for _, p in picked)
