"""The app's own files, not code: the demo session (``demo/``) and the icons (``icons/``).

This folder is ``resources/`` at the top of a checkout; it installs as the package
``futurepath_desktop.resources`` (see setup.py and pyproject.toml), where the import
system finds its folder alike in a checkout, an installed copy and the frozen bundle.
Read it through ``futurepath_desktop.resource_paths``.
"""
