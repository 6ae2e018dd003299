"""PDF backend (reportlab).  Imported only when a PDF is rendered.

The scene's y grows downward; PDF's grows upward: the flip happens in ``_y`` and nowhere else.  Fonts
are the TrueType files from fonts/, embedded (subset) in every file.  ``invariant=1`` removes the
timestamp and random document id, so the same scene gives the same bytes.
"""

from __future__ import annotations

import io
from functools import lru_cache

from reportlab.lib.colors import HexColor
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont
from reportlab.pdfgen.canvas import Canvas

from rollwrite import __version__
from rollwrite.draw.metrics import FONT_FILES
from rollwrite.draw.scene import Circle, Curve, Line, Path, Rect, Scene, Text
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


@lru_cache(maxsize=256)
def _color(c: str):
    return HexColor(c)


_CAPS = {"butt": 0, "round": 1, "square": 2}
_JOINS = {"miter": 0, "round": 1, "bevel": 2}


class _State:
    """Graphics state already set on the page, so each setting is written only when it changes."""

    def __init__(self, c: Canvas) -> None:
        self.c = c
        self.reset()

    def reset(self) -> None:
        self.width = self.dash = self.stroke = self.fill = self.cap = self.join = self.font = None

    def line(self, width: float, dash, stroke: str | None, cap: int, join: int) -> None:
        c = self.c
        if width != self.width:
            c.setLineWidth(width)
            self.width = width
        if dash != self.dash:
            c.setDash([d * MM for d in dash] if dash else [])
            self.dash = dash
        if stroke and stroke != self.stroke:
            c.setStrokeColor(_color(stroke))
            self.stroke = stroke
        if cap != self.cap:
            c.setLineCap(cap)
            self.cap = cap
        if join != self.join:
            c.setLineJoin(join)
            self.join = join

    def fill_color(self, fill: str | None) -> None:
        if fill and fill != self.fill:
            self.c.setFillColor(_color(fill))
            self.fill = fill

    def set_font(self, font: str, size: float) -> None:
        if (font, size) != self.font:
            self.c.setFont(_PDF_FONT[font], size)
            self.font = (font, size)


def render(scene: Scene, on_page=None) -> bytes:
    """The scene as PDF bytes; ``on_page()`` is called after each page (for a progress bar)."""
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
    st = _State(c)
    for page in scene.pages:
        c.setPageSize((page.width * MM, page.height * MM))
        st.reset()
        height = page.height
        # a page meant to be cut says where (TrimBox) and how far its ink may reach (BleedBox)
        for name, box in (("trim", page.trim), ("bleed", page.bleed)):
            c.setCropBox(None if box is None else (box[0] * MM, (height - box[3]) * MM, box[2] * MM,
                                                   (height - box[1]) * MM), name=name)

        def _y(y: float) -> float:  # the one place where y is flipped
            return (height - y) * MM

        for it in page.items:
            if isinstance(it, Text):
                st.fill_color(it.color)
                st.set_font(it.font, it.size)
                x, y = it.x * MM, _y(it.y)
                if it.angle:  # turned about its anchor point; clockwise on paper is negative in PDF
                    c.saveState()
                    c.translate(x, y)
                    c.rotate(-it.angle)
                    x = y = 0.0
                if it.anchor == "middle":
                    c.drawCentredString(x, y, it.text)
                elif it.anchor == "end":
                    c.drawRightString(x, y, it.text)
                else:
                    c.drawString(x, y, it.text)
                if it.angle:
                    c.restoreState()
            elif isinstance(it, Line):
                st.line(it.width * MM, it.dash, it.color, _CAPS[it.cap], st.join if st.join is not None else 0)
                c.line(it.x1 * MM, _y(it.y1), it.x2 * MM, _y(it.y2))
            else:
                stroke, fill = it.stroke, it.fill
                do_stroke = 1 if stroke and it.width > 0 else 0
                do_fill = 1 if fill else 0
                st.fill_color(fill)
                if isinstance(it, Rect):
                    st.line(it.width * MM, it.dash, stroke, 0, 0)
                    x, y0 = it.x * MM, _y(it.y + it.h)
                    if it.angle:  # turned about its top-left corner
                        c.saveState()
                        c.translate(x, _y(it.y))
                        c.rotate(-it.angle)
                        x, y0 = 0.0, -it.h * MM
                    if it.radius > 0:
                        c.roundRect(x, y0, it.w * MM, it.h * MM, it.radius * MM, stroke=do_stroke, fill=do_fill)
                    else:
                        c.rect(x, y0, it.w * MM, it.h * MM, stroke=do_stroke, fill=do_fill)
                    if it.angle:
                        c.restoreState()
                elif isinstance(it, Circle):
                    st.line(it.width * MM, it.dash, stroke, st.cap if st.cap is not None else 0,
                            st.join if st.join is not None else 0)
                    c.circle(it.cx * MM, _y(it.cy), it.r * MM, stroke=do_stroke, fill=do_fill)
                elif isinstance(it, Path):
                    st.line(it.width * MM, it.dash, stroke, _CAPS[it.cap], _JOINS[it.join])
                    p = c.beginPath()
                    (x0, y0), *rest = it.points
                    p.moveTo(x0 * MM, _y(y0))
                    for x, y in rest:
                        p.lineTo(x * MM, _y(y))
                    if it.closed:
                        p.close()
                    c.drawPath(p, stroke=do_stroke, fill=do_fill)
                elif isinstance(it, Curve):
                    st.line(it.width * MM, it.dash, stroke, _CAPS[it.cap], _JOINS[it.join])
                    p = c.beginPath()
                    p.moveTo(it.start[0] * MM, _y(it.start[1]))
                    for (x1, y1), (x2, y2), (x3, y3) in it.pieces:
                        p.curveTo(x1 * MM, _y(y1), x2 * MM, _y(y2), x3 * MM, _y(y3))
                    if it.closed:
                        p.close()
                    c.drawPath(p, stroke=do_stroke, fill=do_fill)
        c.showPage()
        if on_page is not None:
            on_page()
    c.save()
    return buf.getvalue()
