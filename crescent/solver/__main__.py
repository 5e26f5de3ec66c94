"""``python -m crescent.solver CODE [--budget-s S] [--redeals K] [--json] [--level N]``.

Solve one deal."""

from crescent.solver.search import main

if __name__ == "__main__":
    raise SystemExit(main())
