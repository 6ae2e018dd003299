"""The daily-challenge desk behind ``rollwrite serve``: challenge pages, on-screen entry checked live by the
games' own parsers, rules and scorers, and a leaderboard in a database (the ``serve`` extra)."""
