"""PDF backend (reportlab).  Imported only when a PDF is rendered.

The scene's y grows downward; PDF's grows upward: the flip happens in ``_y`` and nowhere else.  Fonts
are the TrueType files from fonts/, embedded (subset) in every file.  ``invariant=1`` removes the
timestamp and random document id, so the same scene gives the same bytes.
"""

from __future__ import annotations

import io

from reportlab.lib.colors import HexColor
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont
from reportlab.pdfgen.canvas import Canvas

from rollwrite import __version__
from rollwrite.draw.metrics import FONT_FILES
from rollwrite.draw.scene import Circle, Line, Path, Rect, Scene, Text
from rollwrite.resources import fonts_dir

MM = 72.0 / 25.4
_PDF_FONT = {name: f"RW-{file[:-4]}" for name, file in FONT_FILES.items()}
_registered = False


def _register_fonts() -> None:
    global _registered
    if _registered:
        return
    for name, file in FONT_FILES.items():
        pdfmetrics.registerFont(TTFont(_PDF_FONT[name], str(fonts_dir() / file)))
    _registered = True


def _color(c: str | None):
    return HexColor(c) if c else None


def render(scene: Scene) -> bytes:
    _register_fonts()
    buf = io.BytesIO()
    first = scene.pages[0]
    c = Canvas(buf, pagesize=(first.width * MM, first.height * MM), invariant=1, pageCompression=1,
               initialFontName=_PDF_FONT["regular"], initialFontSize=10)
    c.setTitle(scene.title)
    c.setSubject(scene.subject)
    c.setCreator(f"rollwrite {__version__}")
    c.setAuthor("rollwrite")
    # Ask viewers to print at true size: a pencil grid must not shrink.
    c.setViewerPreference("PrintScaling", "None")
    for page in scene.pages:
        c.setPageSize((page.width * MM, page.height * MM))
        height = page.height

        def _y(y: float) -> float:
            return (height - y) * MM

        for it in page.items:
            if isinstance(it, Text):
                c.setFillColor(_color(it.color))
                c.setFont(_PDF_FONT[it.font], it.size)
                x, y = it.x * MM, _y(it.y)
                if it.anchor == "middle":
                    c.drawCentredString(x, y, it.text)
                elif it.anchor == "end":
                    c.drawRightString(x, y, it.text)
                else:
                    c.drawString(x, y, it.text)
                continue
            stroke = getattr(it, "stroke", None) if not isinstance(it, Line) else it.color
            fill = getattr(it, "fill", None)
            c.setLineWidth(it.width * MM)
            c.setDash([d * MM for d in it.dash] if it.dash else [])
            if stroke:
                c.setStrokeColor(_color(stroke))
            if fill:
                c.setFillColor(_color(fill))
            do_stroke = 1 if stroke and it.width > 0 else 0
            do_fill = 1 if fill else 0
            if isinstance(it, Line):
                c.setLineCap({"butt": 0, "round": 1, "square": 2}[it.cap])
                c.line(it.x1 * MM, _y(it.y1), it.x2 * MM, _y(it.y2))
            elif isinstance(it, Rect):
                c.setLineCap(0)
                c.setLineJoin(0)
                if it.radius > 0:
                    c.roundRect(it.x * MM, _y(it.y + it.h), it.w * MM, it.h * MM, it.radius * MM,
                                stroke=do_stroke, fill=do_fill)
                else:
                    c.rect(it.x * MM, _y(it.y + it.h), it.w * MM, it.h * MM, stroke=do_stroke, fill=do_fill)
            elif isinstance(it, Circle):
                c.circle(it.cx * MM, _y(it.cy), it.r * MM, stroke=do_stroke, fill=do_fill)
            elif isinstance(it, Path):
                c.setLineCap({"butt": 0, "round": 1, "square": 2}[it.cap])
                c.setLineJoin({"miter": 0, "round": 1, "bevel": 2}[it.join])
                p = c.beginPath()
                (x0, y0), *rest = it.points
                p.moveTo(x0 * MM, _y(y0))
                for x, y in rest:
                    p.lineTo(x * MM, _y(y))
                if it.closed:
                    p.close()
                c.drawPath(p, stroke=do_stroke, fill=do_fill)
        c.showPage()
    c.save()
    return buf.getvalue()
