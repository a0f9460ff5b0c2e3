"""The ``fuda`` command: typer commands over the library functions of the same names.
Nothing imports this package; it imports everything."""
