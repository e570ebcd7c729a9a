"""Portraits: a picture for a combatant, chosen from a file."""

from __future__ import annotations
