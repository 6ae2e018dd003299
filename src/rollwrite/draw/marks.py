"""What the layout language's marks share: label sequences (numbers, letters, lists of texts) and icons,
built-in or of the layout's own, for grids, hex grids, icons and legends alike."""

from __future__ import annotations

from typing import Any

from rollwrite.draw import icons
from rollwrite.draw.scene import Pen
from rollwrite.numbers import number_text
from rollwrite.valueclass import Value, replace
from rollwrite.layoutlang.placeholders import letters
from rollwrite.layoutlang.nodes import Node, Scalar, Seq, expect_str

SEQUENCES = ["numbers", "letters", "lower"]


def sequence(node: Node, n: int, start: int) -> tuple[str, ...]:
    """``n`` labels: numbers from ``start``, letters (A, B, ... Z, AA) or lower-case letters, or a list of texts."""
    if isinstance(node, Seq):
        if len(node) != n:
            raise node.error(f"expected {n} labels here (one per row or column, or per line with place: lines), "
                             f"got {len(node)}")
        out = []
        for i in node:
            if isinstance(i, Scalar) and isinstance(i.value, (int, float)) and not isinstance(i.value, bool):
                out.append(number_text(i.value))
            else:
                out.append(expect_str(i))
        return tuple(out)
    name = expect_str(node, choices=SEQUENCES)
    if name == "numbers":
        return tuple(str(start + k) for k in range(n))
    return tuple(letters(1 + k, lower=name == "lower") for k in range(n))  # letters always from A


class OwnIcon(Value):
    """An icon of the layout's own ``icons``: its elements, drawn in a 10 x 10 mm box scaled to the size
    asked for (see docs/layout.md)."""

    name: str
    parts: tuple[tuple[Any, Any], ...]  # (layoutlang.layout.Element, its ElementType), in the 10 x 10 box
    cost: int = 0  # about how many scene items it draws, the own icons it uses counted

class IconRef(Scalar):
    """An ``icon`` (or an icon element's ``name``) the loader found among the layout's own icons; its value
    is the :class:`OwnIcon`."""


#: the side of the box a layout's own icons are drawn in
USER_ICON_BOX = 10.0


def draw_icon(icon: str | OwnIcon, pen: Pen, cx: float, cy: float, size: float, weight: float = 0.35,
              color: str | None = None) -> None:
    """A built-in icon by its name, or one of the layout's own, centred on (cx, cy) in a ``size`` square;
    with ``color``, its black ink in that colour (an own icon's coloured parts keep their colours)."""
    first = len(pen.page.items)
    if isinstance(icon, str):
        icons.draw(icon, pen, cx, cy, size, weight)
    else:
        box = pen.at(cx - size / 2, cy - size / 2).scaled(size / USER_ICON_BOX)
        for part, kind in icon.parts:
            kind.build(part.value, part.place(box), None)
        pen.page.pictures.append((first, len(pen.page.items) - first))
    if color is not None and color.lower() != BLACK:
        items = pen.page.items
        for k in range(first, len(items)):
            items[k] = recoloured(items[k], color)


BLACK = "#000000"


def recoloured(item: Any, color: str) -> Any:
    """A scene item with its black ink (line or text colour, outline, fill) in ``color``."""
    changes = {key: color for key in ("color", "stroke", "fill")
               if isinstance(getattr(item, key, None), str) and getattr(item, key).lower() == BLACK}
    return replace(item, **changes) if changes else item


def icon_name(n: Node) -> str | OwnIcon:
    if isinstance(n, IconRef):
        return n.value
    name = expect_str(n)
    if icons.get(name) is None:
        raise n.error(f"unknown icon '{name}'",
                      hint=f"known icons: {', '.join(icons.names())}, and the layout's own 'icons'")
    return name
