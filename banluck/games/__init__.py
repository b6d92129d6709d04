"""The games played at the table, one folder a family, side by side; none imports another."""
