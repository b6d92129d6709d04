"""The players' view in a browser: `banluck serve` (a read-only page over the store that follows
it live) and `banluck report` (one self-contained page of a night). The HTML and SVG are drawn
here from the plain data of `banluck.app.view`; the static files are in `static/`."""
