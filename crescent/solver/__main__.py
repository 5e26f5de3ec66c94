"""``python -m crescent.solver CODE [--budget-s S] [--redeals K] [--level N] [--max-mb N]
[--max-nodes N] [--whole] [--json]``: solve one deal, or a whole levels game (see
:mod:`crescent.solver.cli`)."""

from crescent.solver.cli import main

if __name__ == "__main__":
    raise SystemExit(main())
