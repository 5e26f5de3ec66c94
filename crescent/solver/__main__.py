"""``python -m crescent.solver CODE [--budget-s S] [--json]``: solve one deal."""

from crescent.solver.search import main

if __name__ == "__main__":
    raise SystemExit(main())
