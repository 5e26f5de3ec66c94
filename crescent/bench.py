"""``python -m crescent.bench engine|solver|frames``: runs the benchmarks of a source checkout.

The benchmarks live in the top-level ``benchmarks`` package, outside the wheel and
the executable; this module only forwards to it.
"""

from __future__ import annotations

import importlib
import sys


def main(argv: list[str] | None = None) -> int:
    try:
        bench = importlib.import_module("benchmarks.__main__")
    except ImportError:
        print(
            "crescent.bench: the benchmarks ship with the source checkout only; "
            "run this from the checkout's top folder",
            file=sys.stderr,
        )
        return 2
    result: int = bench.main(argv)
    return result


if __name__ == "__main__":
    sys.exit(main())
