"""What the autosave folder says about other runs: whether a file has a newer autosave
than itself, and which running windows have a file open.
"""

from __future__ import annotations

import contextlib
from pathlib import Path

import msgspec

from futurepath_desktop import paths
from futurepath_desktop.session.autosave import META_BYTES, Meta, Recoverable, find_unclean
from futurepath_desktop.session.errors import SessionLoadError
from futurepath_desktop.session.file_read import read_regular
from futurepath_desktop.session.journal_lock import is_live


def newer_autosave(
    path: Path, *, exclude: str = "", folder: Path | None = None
) -> Recoverable | None:
    """The newest journal of the session saved at ``path`` that changed after the file
    was last written (a run that crashed after its last save), or None."""
    try:
        written = path.stat().st_mtime
        target = path.resolve()
    except OSError:
        written, target = 0.0, path.absolute()
    for found in find_unclean(folder, exclude=exclude):
        if found.path is None or found.changed <= written:
            continue
        with contextlib.suppress(OSError):
            if Path(found.path).resolve() == target:
                return found
    return None


def open_elsewhere(path: Path, *, exclude: str = "", folder: Path | None = None) -> list[str]:
    """The sessions (by name) that other running windows have open from the file at
    ``path``: their journals are live and name it."""
    folder = folder or paths.autosave_dir()
    try:
        target = path.resolve()
    except OSError:
        target = path.absolute()
    names = []
    for meta_path in folder.glob("*.meta.json") if folder.exists() else ():
        try:
            meta = msgspec.json.decode(
                read_regular(meta_path, META_BYTES, what="a journal's cover sheet"), type=Meta
            )
        except (SessionLoadError, msgspec.DecodeError, msgspec.ValidationError):
            continue
        if meta.stem == exclude or meta.path is None or meta.clean:
            continue
        if meta_path.name != f"{meta.stem}.meta.json" or not is_live(folder, meta.stem):
            continue
        with contextlib.suppress(OSError):
            if Path(meta.path).resolve() == target:
                names.append(meta.name)
    return names
