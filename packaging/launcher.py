"""The frozen app's entry point (PyInstaller runs this file as ``__main__``)."""

from futurepath_desktop.__main__ import run_and_exit

run_and_exit()
