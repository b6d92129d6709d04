"""Casino blackjack at home: the rules of CASINO.md, its house-edge lab and basic-strategy chart."""
