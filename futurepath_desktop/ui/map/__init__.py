"""The grid map panel (R34-R38)."""
