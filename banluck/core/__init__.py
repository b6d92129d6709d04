"""What every layer may use: cards, errors, money (the one Transfer), the versioned knob loader,
the data folder and the one atomic write."""
