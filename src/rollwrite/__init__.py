"""rollwrite: printable sheets, seeded dice and score checking for roll-and-write games."""

__version__ = "0.1.0"
