"""The ``rollwrite`` command line: one thin module per command, registered on one Typer app."""
