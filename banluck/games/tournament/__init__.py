"""Tournament nights (CASINO.md §7): chip stacks played hand by hand against a neutral dealer, with
cut-offs, the minimum bet, the secret bet and prizes from the pool of buy-ins.

Each hand is a casino round (`banluck.games.casino`) wrapped by the tournament: the tournament
adds the bets, the stacks and the eliminations; the casino round deals, plays and settles."""
