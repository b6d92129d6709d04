"""The money of the night and of every night: the ledger, settle-up and statistics."""
