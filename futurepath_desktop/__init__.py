"""Future Path Desktop: a battle tracker for game masters running Future Path."""

__version__ = "0.1.0"
