"""The Qt user interface: main window, docks, item models, map scene and plots."""
