"""Printing: the encounter summary and the fight's log, on paper or as PDF."""

from __future__ import annotations
