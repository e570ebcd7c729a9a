"""Writing a user's file safely: to a temporary file in the same folder, flushed and
fsynced, then renamed over the target, with the previous version kept as a backup."""

from __future__ import annotations

import os
from pathlib import Path


def backup_path(path: Path) -> Path:
    """Where the previous version of a file is kept: ``<name>.bak``."""
    return path.with_name(path.name + ".bak")


def _fsync_dir(folder: Path) -> None:
    if os.name == "nt":  # Windows cannot open a folder to fsync it; rename is durable there
        return
    fd = os.open(folder, os.O_RDONLY)
    try:
        os.fsync(fd)
    finally:
        os.close(fd)


def atomic_write(path: Path, data: bytes, *, keep_backup: bool = True) -> None:
    """Write ``data`` to ``path`` so that a crash leaves either the old or the new file.

    The bytes go to a temporary file in the same folder, are flushed and fsynced, then
    renamed over the target; the folder is fsynced last. The previous version, if any,
    is kept as ``<name>.bak`` (itself replaced atomically).
    """
    path = Path(path)
    folder = path.parent
    folder.mkdir(parents=True, exist_ok=True)
    temporary = folder / f".{path.name}.{os.getpid()}.tmp"
    staged = folder / f".{path.name}.{os.getpid()}.bak.tmp"
    try:
        with open(temporary, "wb") as handle:
            handle.write(data)
            handle.flush()
            os.fsync(handle.fileno())
        if keep_backup and path.exists():
            staged.unlink(missing_ok=True)
            try:
                os.link(path, staged)
            except OSError:  # no hard links here (FAT, some network drives): copy instead
                import shutil  # only when a backup is made: off the start-up path

                shutil.copy2(path, staged)
            os.replace(staged, backup_path(path))
        os.replace(temporary, path)
        _fsync_dir(folder)
    finally:
        temporary.unlink(missing_ok=True)
        staged.unlink(missing_ok=True)
