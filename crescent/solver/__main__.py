"""``python -m crescent.solver CODE [--budget-s S] [--redeals K] [--level N] [--max-mb N]
[--json]``: solve one deal (see :mod:`crescent.solver.cli`)."""

from crescent.solver.cli import main

if __name__ == "__main__":
    raise SystemExit(main())
