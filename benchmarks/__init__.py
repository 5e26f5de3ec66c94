"""Benchmarks, kept out of the wheel and the executable: ``python -m crescent.bench ...``."""
