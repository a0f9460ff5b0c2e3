"""fuda's rule engines: a shared core and one package per game."""
