"""Everything about the package is in pyproject.toml but one list it cannot write down: the
packages. They are the code found under ``futurepath_desktop/`` plus the top-level
``resources/`` folder (icons, the demo session), which installs inside the package as
``futurepath_desktop.resources``; pyproject.toml maps that folder and names its files.
"""

from setuptools import find_namespace_packages, setup

setup(
    packages=[
        *find_namespace_packages(include=["futurepath_desktop", "futurepath_desktop.*"]),
        "futurepath_desktop.resources",
    ]
)
