"""Plain references of the games' rules, for the property tests only.

Each module here writes a rule the simplest way it can be read (sets, dicts, a search over places), with
no regard for speed; the production rules in ``src/rollwrite/games/<game>/rules.py`` are the fast ones,
and the tests hold them to these on many random sheets.
"""
