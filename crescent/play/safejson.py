"""Reading a JSON file that may be hostile: bounded, never blocking, never deep.

Pure module (no pygame, nothing at import time). Every JSON file the game
reads (the kiosk config, the saved game, statistics, settings, the local pool
of winnable deals) goes through :func:`read_json_object`:

- only a regular file is read (a FIFO, a device or a folder is refused without
  waiting: the file is opened non-blocking and checked before reading);
- at most ``max_bytes`` are read (a larger file is refused, never read whole);
- nesting deeper than ``max_depth`` is refused before parsing (no RecursionError);
- ``NaN`` and ``Infinity`` are refused; the top level must be an object.

Problems are a :class:`BadJson` (a ValueError) with a one-line message that
never repeats the file's content; a missing file is FileNotFoundError.
"""

from __future__ import annotations

import json
import os
import stat
from pathlib import Path
from typing import Any, Final

__all__ = [
    "MAX_DEPTH",
    "BadJson",
    "NotRegular",
    "check_depth",
    "clip",
    "parse_json_object",
    "read_bounded",
    "read_json_object",
    "shown",
]

MAX_DEPTH: Final = 32
"""Deeper nesting than any file of ours needs."""


class BadJson(ValueError):
    """The file cannot be used; the message says why in one line, without its content."""


class NotRegular(BadJson):
    """The path names a folder, a FIFO, a device...: not a regular file."""


def read_bounded(path: Path, max_bytes: int) -> bytes:
    """The bytes of the regular file ``path``, at most ``max_bytes``.

    FileNotFoundError when it does not exist; :class:`NotRegular` when it is not
    a regular file; :class:`BadJson` when it is larger; other OSError as raised.
    Never blocks on a FIFO.
    """
    flags = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0)
    try:
        fd = os.open(path, flags)
    except IsADirectoryError:
        raise NotRegular("it is a folder, not a file") from None
    try:
        mode = os.fstat(fd).st_mode
        if not stat.S_ISREG(mode):
            raise NotRegular("it is a folder" if stat.S_ISDIR(mode) else "it is not a regular file")
        chunks: list[bytes] = []
        size = 0
        while size <= max_bytes:
            chunk = os.read(fd, min(1 << 16, max_bytes + 1 - size))
            if not chunk:
                break
            chunks.append(chunk)
            size += len(chunk)
        if size > max_bytes:
            raise BadJson(f"it is too large (over {max_bytes} bytes)")
        return b"".join(chunks)
    finally:
        os.close(fd)


def check_depth(text: str, max_depth: int = MAX_DEPTH) -> None:
    """BadJson if arrays/objects in the JSON ``text`` nest deeper than ``max_depth``."""
    depth = 0
    in_string = escaped = False
    for ch in text:
        if in_string:
            if escaped:
                escaped = False
            elif ch == "\\":
                escaped = True
            elif ch == '"':
                in_string = False
        elif ch == '"':
            in_string = True
        elif ch in "[{":
            depth += 1
            if depth > max_depth:
                raise BadJson(f"it is nested too deeply (over {max_depth} levels)")
        elif ch in "]}":
            depth -= 1


def read_json_object(
    path: Path, max_bytes: int, *, max_depth: int = MAX_DEPTH, bom: bool = False
) -> dict[str, Any]:
    """The JSON object in the regular file ``path`` (see the module's rules).

    ``bom`` accepts a UTF-8 byte-order mark (files an operator edits by hand).
    """
    data = read_bounded(path, max_bytes)
    return parse_json_object(data, max_depth=max_depth, bom=bom)


def parse_json_object(
    data: bytes, *, max_depth: int = MAX_DEPTH, bom: bool = False
) -> dict[str, Any]:
    """The JSON object in ``data``; BadJson (one line, no content) if it is not one."""
    if not data.strip():
        raise BadJson("it is not valid JSON: the file is empty")
    try:
        text = data.decode("utf-8-sig" if bom else "utf-8")
    except UnicodeDecodeError:
        raise BadJson("it is not UTF-8 text") from None
    check_depth(text, max_depth)
    try:
        obj = json.loads(text, parse_constant=_reject_constant)
    except json.JSONDecodeError as e:
        # The position only, never the text around it (it may hold a PIN).
        raise BadJson(
            f"it is not valid JSON: {e.msg} at line {e.lineno} column {e.colno}"
        ) from None
    except (ValueError, RecursionError) as e:
        # NaN/Infinity, or a number too long to convert (the message holds no digits).
        raise BadJson(f"it is not valid JSON: {str(e)[:80]}") from None
    if not isinstance(obj, dict):
        raise BadJson(f"it holds a JSON {type(obj).__name__}, not an object")
    return obj


def _reject_constant(name: str) -> float:
    raise ValueError(f"{name} is not a number JSON allows")


def shown(value: object, limit: int = 40) -> str:
    """``repr(value)`` for a message, cut to ``limit`` characters (a file may hold anything)."""
    try:
        text = repr(value)
    except ValueError:  # an int too long to print
        return "a number too long to show"
    return clip(text, limit)


def clip(text: str, limit: int = 200) -> str:
    """``text`` on one line, cut to ``limit`` characters (ending in an ellipsis if cut)."""
    text = " ".join(text.split())
    return text if len(text) <= limit else text[: limit - 1] + "…"
