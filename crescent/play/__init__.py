"""One player's play: the session (current game, clock, autosave), storage, statistics, settings."""
