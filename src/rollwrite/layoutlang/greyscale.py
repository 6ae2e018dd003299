"""``check-layout --greyscale``: colours that carry meaning and would print as the same grey.

A sheet printed on a black-and-white printer (or read by a player who cannot tell red from green) keeps
only each colour's lightness.  The colours that carry meaning are the ones that tell like things apart:
the fills, and the line and text colours that are not themselves a grey, of the elements of one type
(the rows of a grid, the boxes of a sheet).  Two of them whose greys differ by less than :data:`CLOSE`
(of the way from black to white) are named, with the element each first appears in.  The
grey is the luma of ITU-R BT.601 (0.299 R + 0.587 G + 0.114 B), what printers and desaturating viewers
use.
"""

from __future__ import annotations

from typing import Any

from rollwrite import games
from rollwrite.draw.scene import Page
from rollwrite.errors import InputError
from rollwrite.buildcontext import BuildContext
from rollwrite.layoutlang.layout import element_types

CLOSE = 0.06


def grey(color: str) -> float:
    """The lightness of ``#rrggbb`` from 0 (black) to 1 (white)."""
    r, g, b = (int(color[k : k + 2], 16) for k in (1, 3, 5))
    return (0.299 * r + 0.587 * g + 0.114 * b) / 255


def _neutral(color: str) -> bool:
    return color[1:3].lower() == color[3:5].lower() == color[5:7].lower()


def _colours(items: list[Any]) -> list[str]:
    out = []
    for it in items:
        fill = getattr(it, "fill", None)
        if fill:
            out.append(fill.lower())
        for key in ("stroke", "color"):
            c = getattr(it, key, None)
            if isinstance(c, str) and c.startswith("#") and not _neutral(c):
                out.append(c.lower())
    return out


def greyscale_warnings(layout: Any) -> list[InputError]:
    """One warning per pair of meaningful colours that print as nearly the same grey."""
    types = element_types(games.get(layout.game))
    ctx = BuildContext(layout, layout.data, None, 1, 1, 1, 1)
    by_type: dict[str, dict[str, Any]] = {}
    for el in layout.sheet.elements + layout.sheet.back:
        scratch = Page(layout.sheet.width, layout.sheet.height)
        types[el.type].build(el.value, scratch.pen(), ctx)
        for c in _colours(scratch.items):
            by_type.setdefault(el.type, {}).setdefault(c, el)
    out: list[InputError] = []
    for first in by_type.values():
        out += _close_pairs(first)
    return out


def _close_pairs(first: dict[str, Any]) -> list[InputError]:
    out = []
    names = sorted(first, key=grey)
    for k, a in enumerate(names):
        for b in names[k + 1 :]:
            if grey(b) - grey(a) >= CLOSE:
                break
            if _neutral(a) and _neutral(b):
                continue
            el = first[b]
            other = first[a].node
            out.append(el.node.error(
                f"{b} (here) and {a} (at {other.file}:{other.line}:{other.col}) print as nearly the same grey "
                f"({grey(b):.0%} and {grey(a):.0%} of white)",
                hint="make one of them lighter or darker, or add a pattern or a label, so they differ in black and white",
            ))
    return out
