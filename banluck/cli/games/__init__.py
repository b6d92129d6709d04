"""The questions only one game asks, a module a game: the only part of the command line that names a game."""
