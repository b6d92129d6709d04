"""Casino blackjack played at home: a friend banks, the bank rotates (docs/casino.md)."""
