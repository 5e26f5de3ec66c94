"""The solver: search (won line / proven lost / unknown), hints, auto-finish (pure Python).

``python -m crescent.solver CODE`` solves one deal (see :mod:`crescent.solver.__main__`).
Importing this package loads nothing else, so the game starts without the solver.
"""
