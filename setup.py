"""The solver's search core (crescent/solver/_core.c), built by ``pip install`` where a C
compiler is; without one the install goes on and the solver searches in pure Python
(setuptools says so in one line: "building extension ... failed"). The rest of the
project's build is in pyproject.toml. docs/SOLVER.md says what it takes on each system."""

from setuptools import Extension, setup

setup(
    ext_modules=[
        Extension("crescent.solver._core", sources=["crescent/solver/_core.c"], optional=True)
    ]
)
