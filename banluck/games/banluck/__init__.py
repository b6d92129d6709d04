"""Ban-luck (Chinese blackjack, Kampung blackjack, xì dách): its preset section, hands,
settlement, actions, round state, hints, odds, advice and house edge (docs/rules.md)."""
