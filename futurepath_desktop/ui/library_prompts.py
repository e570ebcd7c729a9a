"""The prep library window, the party and the campaign."""

from __future__ import annotations
