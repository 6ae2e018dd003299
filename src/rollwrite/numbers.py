"""How rollwrite writes a number that may be whole: ``80`` rather than ``80.0``, ``16.5`` as it is.

Scores, pars and bounds (in reports, JSON and on the desk) and the numbers a layout gives (labels,
table cells, the limits its messages name) are all written this one way.
"""

from __future__ import annotations


def plain_number(v: float) -> int | float:
    """``v`` as people write it: a whole number as an int, anything else as it is."""
    return int(v) if float(v).is_integer() else v


def number_text(v: float) -> str:
    """The text of ``v`` written plainly: ``"80"`` for 80.0, ``"16.5"`` for 16.5."""
    return str(plain_number(v))
