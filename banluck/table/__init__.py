"""The table machinery every game shares: actions, rounds, families, the night and its log.
Nothing here knows a particular game; a game brings its `Game` (banluck.games.*)."""
