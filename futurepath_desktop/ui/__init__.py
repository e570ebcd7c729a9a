"""The Qt user interface: main window, docks, item models, map scene and plots."""

from futurepath_desktop.ui.none_refcount import make_none_immortal

make_none_immortal()  # before any Qt call: see none_refcount
