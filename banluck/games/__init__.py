"""The games played at the table, one folder a game, side by side; none imports another."""
