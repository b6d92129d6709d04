from banluck.cli.main import run

run()
