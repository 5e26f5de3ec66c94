"""Crescent, a two-deck patience game."""

__version__ = "0.1.0"
