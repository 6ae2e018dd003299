"""``check-layout``'s warning about small text: each element that draws text under :data:`SMALLEST` pt
as printed (its groups' scale and the page's ``scale`` counted), named at its place in the layout."""

from __future__ import annotations

from typing import Any

from rollwrite import games
from rollwrite.buildcontext import BuildContext
from rollwrite.draw.scene import Page, Text
from rollwrite.errors import InputError
from rollwrite.layoutlang.layout import element_types

SMALLEST = 6.0  # pt: text under this is hard to read on paper


def small_text_warnings(layout: Any) -> list[InputError]:
    """One warning per element (front, back and extra pages) whose smallest text prints under SMALLEST pt."""
    types = element_types(games.get(layout.game))
    ctx = BuildContext(layout, layout.data, None, 1, 1, 1, 1)
    scale = layout.page.scale
    out = []
    elements = list(layout.sheet.elements) + list(layout.sheet.back)
    for page in layout.pages:
        elements += page.elements
    for el in elements:
        scratch = Page(layout.sheet.width, layout.sheet.height)
        types[el.type].build(el.value, el.place(scratch.pen()), ctx)
        texts = [it for it in scratch.items if isinstance(it, Text) and it.text.strip()]
        if not texts:
            continue
        least = min(texts, key=lambda t: t.size)
        size = least.size * scale
        if size >= SMALLEST - 1e-9:
            continue
        words = least.text if len(least.text) <= 30 else least.text[:29] + "…"
        out.append(el.node.error(
            f"the text {words!r} prints at {size:.1f} pt; text under {SMALLEST:g} pt is hard to read",
            hint="make it larger (size): 9 pt is kind to players who need large print"))
    return out
