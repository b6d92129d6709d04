"""The application: the open night driven by lines, preset files, the games by name, exporting."""
