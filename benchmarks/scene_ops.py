"""Turn rollwrite's scene for a command into the pages file that benchmarks/floor_reportlab.py draws.

This runs before any clock starts: it builds the very scene `rollwrite print` builds for the same
options and writes its drawing operations in PDF points (y upward), with the font files to embed, so
the floor draws the same pages with the same fonts.  Parts rollwrite draws once and places on many
pages (symbols in the scene, forms in the PDF) are written once as forms and placed the same way.
"""

from __future__ import annotations

import json
from pathlib import Path

from rollwrite.draw import scene as sc
from rollwrite.draw.metrics import FONT_FILES
from rollwrite.resources import fonts_dir

MM = 72.0 / 25.4
CAPS = {"butt": 0, "round": 1, "square": 2}
JOINS = {"miter": 0, "round": 1, "bevel": 2}


def _dash(d):
    return [x * MM for x in d] if d else None


def _ops(items, height: float) -> list:
    """Operations for scene items; ``height`` is the page height in mm (the y flip), or None inside a
    symbol, which is drawn in its own space with y flipped about its origin."""

    def Y(y: float) -> float:
        return (height - y) * MM if height is not None else -y * MM

    out = []
    for it in items:
        if isinstance(it, sc.Text):
            out.append(["t", f"F-{it.font}", it.size, it.anchor, it.x * MM, Y(it.y), it.text, it.color])
        elif isinstance(it, sc.Line):
            out.append(["l", it.width * MM, it.color, _dash(it.dash), CAPS[it.cap], it.x1 * MM, Y(it.y1), it.x2 * MM,
                        Y(it.y2)])
        elif isinstance(it, sc.Rect):
            out.append(["r", it.width * MM if it.stroke and it.width > 0 else 0, it.stroke if it.width > 0 else None,
                        it.fill, _dash(it.dash), it.x * MM, Y(it.y + it.h), it.w * MM, it.h * MM, it.radius * MM])
        elif isinstance(it, sc.Circle):
            out.append(["c", it.width * MM, it.stroke if it.width > 0 else None, it.fill, _dash(it.dash), it.cx * MM,
                        Y(it.cy), it.r * MM])
        elif isinstance(it, sc.Path):
            out.append(["p", it.width * MM, it.stroke if it.width > 0 else None, it.fill, _dash(it.dash), CAPS[it.cap],
                        JOINS[it.join], it.closed, [[x * MM, Y(y)] for x, y in it.points]])
        elif type(it).__name__ == "Use":
            k = it.k
            out.append(["u", it.name, k, 0, 0, k, it.x * MM, Y(it.y)])
        else:
            raise TypeError(f"scene item {type(it).__name__} is not known to the benchmark")
    return out


def _used(items) -> list[str]:
    return [it.name for it in items if type(it).__name__ == "Use"]


def write_pages(scene, path: Path) -> Path:
    """Write ``scene`` as the floor's pages file at ``path``."""
    symbols = getattr(scene, "symbols", {}) or {}
    forms = {}
    for name, sym in symbols.items():
        forms[name] = {"bbox": [v * MM for v in _bbox(sym)], "ops": _ops(sym.items, None)}
    pages = []
    for page in scene.pages:
        used = []
        for n in _used(page.items):
            if n not in used:
                used.append(n)
        pages.append({"size": [page.width * MM, page.height * MM], "forms": used, "ops": _ops(page.items, page.height)})
    doc = {
        "title": scene.title,
        "fonts": {f"F-{name}": str(fonts_dir() / file) for name, file in FONT_FILES.items()},
        "forms": forms,
        "pages": pages,
    }
    path.write_text(json.dumps(doc), encoding="utf-8")
    return path


def _bbox(sym) -> tuple[float, float, float, float]:
    x0, y0, x1, y1 = sym.bounds
    return (x0, -y1, x1, -y0)  # PDF y upward
