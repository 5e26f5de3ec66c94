"""The kiosk's heap: big blocks straight from the system, and straight back (glibc).

glibc serves a block of 128 kB or more with a mapping of its own, unmapped when freed,
but each time it frees one it raises that threshold to the block's size (up to 32 MB).
After the first full-screen surface is let go (8 MB at 1920x1080: the attract loop's
fade, a redrawn table), the next ones come from the heap, and so do the large tables
of a hint's search; a heap that freed them keeps most of it resident. On a kiosk that
churns such surfaces for months, that was tens of MB of resident size above what it
held (docs/PERFORMANCE.md, "How: memory"). :func:`fix_mmap_threshold` keeps the
threshold where glibc starts it, which also turns its raising off.
"""

from __future__ import annotations

from typing import Final

__all__ = ["MMAP_THRESHOLD", "fix_mmap_threshold"]

MMAP_THRESHOLD: Final = 128 * 1024
"""glibc's own starting threshold: blocks this big or bigger are mapped on their own."""
_M_MMAP_THRESHOLD: Final = -3
"""``mallopt``'s parameter number (glibc's malloc.h)."""


def fix_mmap_threshold() -> bool:
    """Keep glibc's mmap threshold at :data:`MMAP_THRESHOLD` for the rest of the process;
    True if it was set (False: not glibc)."""
    # ctypes here, not at the top: importing it opens a library, and importing this
    # module must do nothing (tests/test_pure_imports.py).
    import ctypes
    import ctypes.util

    name = ctypes.util.find_library("c")
    if name is None:
        return False
    try:
        mallopt = ctypes.CDLL(name).mallopt
    except (OSError, AttributeError):
        return False  # not glibc
    mallopt.argtypes = [ctypes.c_int, ctypes.c_int]
    mallopt.restype = ctypes.c_int
    return bool(mallopt(_M_MMAP_THRESHOLD, MMAP_THRESHOLD))
