"""Writing a user's file safely: to a temporary file in the same folder, flushed and
fsynced, then renamed over the target, with the previous version kept as a backup.

- The backup, ``<name>.bak``, holds the previous *different* version: saving the same
  bytes again leaves it alone, so two saves in a row do not lose the version before.
- Saving through a symbolic link writes the file it points to and keeps the link.
- The temporary files have short names of their own, so a name as long as the file
  system allows still saves; a backup whose name would be too long is shortened.
- A missing folder is reported, not created: the game master chose where to save.
"""

from __future__ import annotations

import errno
import os
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import cast

NAME_MAX = 255
"""The longest file name, in bytes, most file systems allow (ext4, APFS, NTFS in UTF-16
units; this is the conservative figure when the system does not say)."""

_BAK = ".bak"


def _name_max(folder: Path) -> int:
    try:
        return int(os.pathconf(folder, "PC_NAME_MAX"))
    except (AttributeError, OSError, ValueError):  # Windows has no pathconf
        return NAME_MAX


def backup_path(path: Path) -> Path:
    """Where the previous version of a file is kept: ``<name>.bak``, or, for a name too
    long to take the suffix, the name shortened and marked with a hash of the whole."""
    path = Path(path)
    name = path.name
    limit = _name_max(path.parent) if path.parent.is_dir() else NAME_MAX
    if len((name + _BAK).encode()) <= limit:
        return path.with_name(name + _BAK)
    import hashlib  # only for a name too long to take the suffix: off the start-up path

    mark = "~" + hashlib.sha256(name.encode()).hexdigest()[:8]
    keep = name.encode()[: limit - len(mark) - len(_BAK)].decode("utf-8", "ignore")
    return path.with_name(keep + mark + _BAK)


def written_target(path: Path) -> Path:
    """The file a write to ``path`` lands in: the target of a symbolic link (followed to
    the end), else ``path`` itself."""
    path = Path(path)
    if path.is_symlink():
        return Path(os.path.realpath(path))
    return path


def _fsync_dir(folder: Path) -> None:
    if os.name == "nt":  # Windows cannot open a folder to fsync it; rename is durable there
        return
    fd = os.open(folder, os.O_RDONLY)
    try:
        os.fsync(fd)
    finally:
        os.close(fd)


def _holds(path: Path, data: bytes) -> bool:
    """Whether the file at ``path`` already holds exactly ``data`` (read only if the size
    matches)."""
    try:
        if path.stat().st_size != len(data):
            return False
        with open(path, "rb") as handle:
            return handle.read(len(data) + 1) == data
    except OSError:
        return False


def atomic_write(
    path: Path,
    data: bytes | Iterable[bytes | memoryview],
    *,
    keep_backup: bool = True,
    abandoned: Callable[[], bool] | None = None,
) -> None:
    """Write ``data`` (bytes, or pieces of them) to ``path`` so that a crash leaves either
    the old or the new file.

    The bytes go to a temporary file in the same folder, are flushed and fsynced, then
    renamed over the target; the folder is fsynced last. The previous version, if it
    differs, is kept as the backup (itself replaced atomically). ``abandoned``, asked
    after the rename, says the file is about to be removed (the autosave journal at a
    clean exit): the folder's fsync, which would only make the rename outlive a crash,
    is then skipped.
    """
    if keep_backup and not isinstance(data, bytes):
        data = b"".join(data)  # the backup is kept only if the file changes: compared whole
    target = written_target(Path(path))
    folder = target.parent
    if not folder.is_dir():
        raise FileNotFoundError(
            errno.ENOENT, f"the folder {folder} does not exist (it is not created)", str(folder)
        )
    token = f"{os.getpid()}-{os.urandom(4).hex()}"  # as secrets.token_hex(4) makes it
    temporary = folder / f".fp-{token}.tmp"
    staged = folder / f".fp-{token}.bak.tmp"
    try:
        with open(temporary, "wb") as handle:
            for piece in (data,) if isinstance(data, bytes) else data:
                handle.write(piece)
            handle.flush()
            os.fsync(handle.fileno())
        if keep_backup and target.exists() and not _holds(target, cast("bytes", data)):
            try:
                os.link(target, staged)
            except OSError:  # no hard links here (FAT, some network drives): copy instead
                import shutil  # only when a backup is made: off the start-up path

                shutil.copy2(target, staged)
            os.replace(staged, backup_path(target))
        os.replace(temporary, target)
        if abandoned is None or not abandoned():
            _fsync_dir(folder)
    finally:
        temporary.unlink(missing_ok=True)
        staged.unlink(missing_ok=True)
