"""Reading a user's file safely: only a regular file is read, and never more than a limit.

A FIFO would make a plain ``read_bytes`` wait for a writer that never comes, and a device
such as ``/dev/zero`` reports a size of 0 and reads until memory runs out. Here the file
is opened without blocking, checked to be a regular file by its open handle (so nothing
swapped in after the check is read), and read to at most ``limit`` bytes, whatever size
it reports.
"""

from __future__ import annotations

import os
import stat
from pathlib import Path

from futurepath_desktop.session.errors import SessionLoadError

_CHUNK = 1024 * 1024


def _what_it_is(mode: int) -> str:
    if stat.S_ISDIR(mode):
        return "that is a folder, not a file"
    if stat.S_ISFIFO(mode):
        return "that is a pipe (a FIFO), not a file: it is not read"
    if stat.S_ISCHR(mode) or stat.S_ISBLK(mode):
        return "that is a device, not a file: it is not read"
    if stat.S_ISSOCK(mode):
        return "that is a socket, not a file: it is not read"
    return "that is not a regular file: it is not read"


def unreadable(error: OSError) -> str:
    """Why a file could not be read, in plain words."""
    said = error.strerror or str(error)
    if isinstance(error, FileNotFoundError):
        return f"the file is not there: it may have been moved or deleted ({said})"
    if isinstance(error, PermissionError):
        return f"this account may not read the file ({said})"
    if isinstance(error, IsADirectoryError):
        return f"that is a folder, not a file ({said})"
    return f"the file cannot be read ({said})"


def _too_large(size: int, limit: int, what: str) -> str:
    return f"the file is {size:,} bytes or more; the most {what} may be is {limit:,}"


def read_regular(path: Path | str, limit: int, *, what: str = "a file", source: str = "") -> bytes:
    """The bytes of the regular file at ``path`` (a link is followed), at most ``limit``
    of them; otherwise :class:`SessionLoadError` saying what is wrong, named ``source``
    (the file's name by default). ``what`` names the kind of file in the message ("a
    session", "a library template")."""
    path = Path(path)
    source = source or path.name
    try:
        mode = os.stat(path).st_mode
        if not stat.S_ISREG(mode):
            raise SessionLoadError(source, _what_it_is(mode))
        flags = os.O_RDONLY | getattr(os, "O_BINARY", 0) | getattr(os, "O_NONBLOCK", 0)
        handle = os.open(path, flags)
    except OSError as error:
        raise SessionLoadError(source, unreadable(error)) from None
    try:
        opened = os.fstat(handle)
        if not stat.S_ISREG(opened.st_mode):  # swapped for something else since the check
            raise SessionLoadError(source, _what_it_is(opened.st_mode))
        if opened.st_size > limit:
            raise SessionLoadError(source, _too_large(opened.st_size, limit, what))
        chunks: list[bytes] = []
        total = 0
        while total <= limit:
            chunk = os.read(handle, min(_CHUNK, limit + 1 - total))
            if not chunk:
                break
            chunks.append(chunk)
            total += len(chunk)
        if total > limit:  # it grew while being read, or reported the wrong size
            raise SessionLoadError(source, _too_large(total, limit, what))
        return b"".join(chunks)
    except OSError as error:
        raise SessionLoadError(source, unreadable(error)) from None
    finally:
        os.close(handle)


def disk_stamp(path: Path | str) -> tuple[int, int, int] | None:
    """What a file is on disk now (its modification time, size and inode), to tell later
    whether something else wrote it; None if it is not there."""
    try:
        found = os.stat(path)
    except OSError:
        return None
    return (found.st_mtime_ns, found.st_size, found.st_ino)
