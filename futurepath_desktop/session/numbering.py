"""Names for many copies of one template: "Space Bear 1", "Space Bear 2"…, carrying on from
the highest number already in the session, so adding three more bears to four makes
"Space Bear 5" to "Space Bear 7"."""

from __future__ import annotations

import re
from collections.abc import Iterable

MOST_AT_ONCE = 100
"""The most copies of a template added in one step."""
_BASE_MAX = 110
"""A name is at most 120 characters; a longer base is cut so any number still fits."""


def numbered_names(taken: Iterable[str], base: str, count: int) -> list[str]:
    """``count`` new names for copies of ``base``, none of them in ``taken``. A single copy
    of a template not yet in the session keeps the plain name; otherwise the copies are
    numbered after the highest number in use (a plain "Space Bear" counts as the first)."""
    if not 1 <= count <= MOST_AT_ONCE:
        raise ValueError(f"add 1 to {MOST_AT_ONCE} at once, not {count}")
    base = " ".join(base.split())[:_BASE_MAX].rstrip()  # runs of spaces read as one
    pattern = re.compile(rf"{re.escape(base)} (\d{{1,9}})", re.IGNORECASE)
    highest, plain = 0, False
    for name in taken:
        found = pattern.fullmatch(" ".join(name.split()))
        if found:
            highest = max(highest, int(found[1]))
        plain = plain or same_name(name, base)
    if count == 1 and not highest and not plain:
        return [base]
    start = max(highest, int(plain)) + 1
    return [f"{base} {number}" for number in range(start, start + count)]


def copy_names(taken: Iterable[str], name: str, count: int) -> list[str]:
    """Names for ``count`` copies of a saved combatant called ``name``. One saved with its
    number from a fight ("Space Bear 1") is a copy of that number's kind: added where
    "Space Bear 1" is taken, or several at once, the copies carry on the kind's numbers
    ("Space Bear 5"), not the saved name's ("Space Bear 1 2")."""
    names = list(taken)
    numbered = re.fullmatch(r"(.*\S) \d{1,9}", " ".join(name.split()))
    if numbered and (count > 1 or any(same_name(name, other) for other in names)):
        return numbered_names(names, numbered[1], count)
    return numbered_names(names, name, count)


def same_name(one: str, other: str) -> bool:
    """Whether two names are one to a reader: "katie", "Katie " and "Space  Bear" against
    "Space Bear" are (case and runs of spaces are not seen in a list)."""
    return one.casefold().split() == other.casefold().split()


def free_name(taken: Iterable[str], name: str) -> str | None:
    """None if ``name`` is free among ``taken`` (whatever the case of its letters), else a
    numbered one that is ("Katie 2"; for a name that has a number already, the next one
    after the highest in use)."""
    wanted = name.strip()
    names = list(taken)
    if not any(same_name(wanted, other) for other in names):
        return None
    numbered = re.fullmatch(r"(.*\S) \d{1,9}", wanted)  # "Space Bear 1": "Space Bear 5"
    return numbered_names(names, numbered[1] if numbered else wanted, 1)[0]


def name_clash(what: str, taken: Iterable[str], name: str, current: str = "") -> str:
    """Why ``name`` cannot be a new ``what``'s, or the name of the one now ``current``
    ("" when it can): another already has it. The log, the counters and the charts tell
    combatants (and teams) apart by name, so two Katies would be one in the charts and
    nobody in particular in the log."""
    other = free_name(taken, name)
    if other is None:
        return ""
    if current and same_name(other, current):  # the free name is the one it has
        return (
            f"a {what} is already called {name.strip()}: keep {current.strip()}, or choose another"
        )
    return f"a {what} is already called {name.strip()}: call this one {other}, say"
