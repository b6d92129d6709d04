"""banluck: a dealer's assistant for ban-luck played with real cards."""

__version__ = "0.2.0"
