"""Small helpers that keep the log's English right."""

from __future__ import annotations


def possessive(name: str) -> str:
    """``Katie's``, but ``Players'`` and ``Space Bears'``."""
    return f"{name}'" if name.endswith("s") else f"{name}'s"


def verb(count: int, singular: str, plural: str) -> str:
    """The verb form for ``count`` subjects: ``acts`` for one, ``act`` for more."""
    return singular if count == 1 else plural
