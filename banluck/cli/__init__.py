"""The command line: the only layer that knows typer and rich, and turns errors into exit codes."""
