"""Crescent, a two-deck patience game."""

__all__ = ["__version__"]

try:
    # Written by setuptools-scm from the git tag when the package is built or installed
    # (`make` installs the checkout), and by `make package` into the one-file's copy.
    from crescent._version import __version__
except ImportError:  # sources never installed nor built
    __version__ = "0.0.0+unknown"
