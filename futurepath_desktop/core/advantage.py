"""The Advantage Die (R2) and the named sources of advantage and disadvantage (R3).

Each source of a roll is named, so its breakdown can say why the roll gained or lost
dice; the tally cancels them one for one and caps the net at three.
"""

from __future__ import annotations

from collections.abc import Iterable

import msgspec

from futurepath_desktop.core.dice import DIE_LADDER, DiceTerm, parse_dice
from futurepath_desktop.core.errors import InvalidValueError, TooMuchDisadvantageError

ADVANTAGE_LADDER = DIE_LADDER
"""R2: the Advantage Die ladder, smallest first."""
DEFAULT_ADVANTAGE_DIE = "1d2"
MAX_NET_ADVANTAGE = 3
"""R2: net advantage or disadvantage is capped at three dice."""


def advantage_die_term(die: str) -> DiceTerm:
    """The dice of one Advantage Die, checked to be on the ladder of R2."""
    normalized = die.strip().lower()
    if normalized not in ADVANTAGE_LADDER:
        raise InvalidValueError(
            f"{die!r} is not an Advantage Die; the ladder is {', '.join(ADVANTAGE_LADDER)} (R2)"
        )
    term = parse_dice(normalized).terms[0]
    assert isinstance(term, DiceTerm)
    return term


class AdvantageSource(msgspec.Struct, frozen=True):
    """R3: one named reason for advantage or disadvantage, shown in the roll's breakdown.

    ``flat`` is a GM fiat bonus or penalty added to the total instead of dice.
    """

    name: str
    advantages: int = 0
    disadvantages: int = 0
    flat: int = 0
    kind: str = "situational"

    def __post_init__(self) -> None:
        if self.advantages < 0 or self.disadvantages < 0:
            raise InvalidValueError(
                f"source {self.name!r}: advantages and disadvantages are counts, not negative"
            )

    def describe(self) -> str:
        """A short text such as ``Shaken: 1 disadvantage``."""
        bits: list[str] = []
        if self.advantages:
            bits.append(f"{self.advantages} advantage")
        if self.disadvantages:
            bits.append(f"{self.disadvantages} disadvantage")
        if self.flat:
            bits.append(f"{self.flat:+d}")
        return f"{self.name}: {', '.join(bits) if bits else 'no effect'}"


class AdvantageTally(msgspec.Struct, frozen=True):
    """The sources of a roll after R2's cancelling, suppression and cap."""

    sources: tuple[AdvantageSource, ...]
    advantages: int
    disadvantages: int
    net: int
    flat: int
    suppressed: int = 0
    capped: int = 0

    def describe(self) -> str:
        """One line listing each source and the resulting net dice."""
        listed = "; ".join(s.describe() for s in self.sources) or "no sources"
        if self.net > 0:
            result = f"net {self.net} advantage"
        elif self.net < 0:
            result = f"net {-self.net} disadvantage"
        else:
            result = "no net advantage"
        notes = []
        if self.suppressed:
            notes.append(f"{self.suppressed} advantage ignored (cannot gain advantage)")
        if self.capped:
            notes.append(f"{self.capped} advantage over the cap of 3 ignored")
        extra = f" ({'; '.join(notes)})" if notes else ""
        return f"{listed} → {result}{extra}"


NO_ADVANTAGE = AdvantageTally((), 0, 0, 0, 0)


def tally_advantage(
    sources: Iterable[AdvantageSource], *, can_gain_advantage: bool = True
) -> AdvantageTally:
    """R2/R3: cancel advantages against disadvantages one for one and cap the net at 3.

    A bearer who cannot gain advantage (Dazed, Nauseated, an off-hand weapon) counts no
    advantages at all. More than three net disadvantage dice means the action cannot be
    attempted, and :class:`TooMuchDisadvantageError` says so.
    """
    listed = tuple(sources)
    raw_advantages = sum(s.advantages for s in listed)
    disadvantages = sum(s.disadvantages for s in listed)
    flat = sum(s.flat for s in listed)
    advantages = raw_advantages if can_gain_advantage else 0
    suppressed = raw_advantages - advantages
    net = advantages - disadvantages
    if net < -MAX_NET_ADVANTAGE:
        raise TooMuchDisadvantageError(
            -net, "; ".join(s.describe() for s in listed if s.disadvantages)
        )
    capped = max(0, net - MAX_NET_ADVANTAGE)
    return AdvantageTally(listed, advantages, disadvantages, net - capped, flat, suppressed, capped)
