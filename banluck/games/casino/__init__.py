"""Casino blackjack played at home: a friend banks, the bank rotates (/work/shared/CASINO.md, docs/casino.md)."""
