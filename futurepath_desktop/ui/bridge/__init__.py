"""The bridge's parts: ship cards, the stations list, the consoles and their feedback lines.
The Bridge dock (``ui/docks/bridge_dock``) loads them the first time it is shown."""
