"""PNG backend: each page of the scene's PDF drawn to pixels by PDFium (pypdfium2), one PNG per page.

Imported only when a PNG is asked for, so pypdfium2 and Pillow load for nothing else.  The PNG is a
preview of the very PDF ``print`` writes (same fonts, same geometry), at ``dpi`` pixels per inch.  A
page with no colour on it is stored as greyscale, which keeps previews small.  Memory stays bounded:
one page is rendered at a time and a page may hold at most MAX_PIXELS pixels.
"""

from __future__ import annotations

import math
import zlib
from collections.abc import Iterator
from typing import Any

import pypdfium2 as pdfium
from PIL import Image, ImageChops

from rollwrite.draw import pdf
from rollwrite.draw.pngchunks import SIGNATURE, chunk
from rollwrite.draw.scene import Scene
from rollwrite.errors import UsageError

MIN_DPI, MAX_DPI = 20, 600
MAX_PIXELS = 40_000_000  # per page: 40 megapixels (drawn a band at a time, see BAND)
INCH = 25.4


def check(scene: Scene, dpi: int) -> None:
    """A UsageError when ``dpi`` is out of range or a page would be too many pixels."""
    if not MIN_DPI <= dpi <= MAX_DPI:
        raise UsageError(f"--dpi must be between {MIN_DPI} and {MAX_DPI}, not {dpi}", hint="150 is a good preview")
    for width, height in scene.page_sizes():
        px = (width / INCH * dpi) * (height / INCH * dpi)
        if px > MAX_PIXELS:
            most = int((MAX_PIXELS / ((width / INCH) * (height / INCH))) ** 0.5)
            raise UsageError(f"a {width:g} x {height:g} mm page at {dpi} dpi is {px / 1e6:.0f} megapixels; "
                             f"the most is {MAX_PIXELS // 1_000_000}",
                             hint=f"give --dpi {most} or less")


#: Rows of pixels drawn at a time: a band of an A4 page at 600 dpi is under 4 MB, so a page of any dpi
#: is drawn and encoded in little memory (the whole page at 600 dpi would be over 100 MB).
BAND = 256


def _up(band: Image.Image, above: Image.Image) -> bytes:
    """The rows of ``band`` with PNG's Up filter (each byte less the one above it), each row led by its
    filter byte; ``above`` is the row before the band (zeros above the first)."""
    shifted = Image.new(band.mode, band.size)
    shifted.paste(above, (0, 0))
    if band.height > 1:
        shifted.paste(band.crop((0, 0, band.width, band.height - 1)), (0, 1))
    raw = ImageChops.subtract_modulo(band, shifted).tobytes()
    stride = len(raw) // band.height
    return b"".join(b"\x02" + raw[i:i + stride] for i in range(0, len(raw), stride))


def _encode(page: Any, dpi: int) -> bytes:
    """One page as PNG, drawn a band of rows at a time and compressed as it goes.  A page with no colour
    anywhere is written with one grey channel: both are compressed until a band shows colour."""
    scale = dpi / 72.0
    width, height = math.ceil(page.get_width() * scale), math.ceil(page.get_height() * scale)
    streams = {"RGB": zlib.compressobj(9), "L": zlib.compressobj(9)}
    out: dict[str, list[bytes]] = {"RGB": [], "L": []}
    above = {"RGB": Image.new("RGB", (width, 1)), "L": Image.new("L", (width, 1))}
    for y0 in range(0, height, BAND):
        y1 = min(height, y0 + BAND)
        # crop is in points from each side (left, bottom, right, top), rounded up to pixels
        crop = (0, (height - y1 - 0.5) / scale if y1 < height else 0, 0, (y0 - 0.5) / scale if y0 else 0)
        bitmap = page.render(scale=scale, crop=crop, fill_color=(255, 255, 255, 255), rev_byteorder=True)
        band = bitmap.to_pil().convert("RGB")
        del bitmap
        bands = {"RGB": band}
        if "L" in streams:
            r, g, b = band.split()
            if ImageChops.difference(r, g).getbbox() is None and ImageChops.difference(g, b).getbbox() is None:
                bands["L"] = r
            else:  # colour: the grey version is not needed
                del streams["L"]
        for mode, img in bands.items():
            out[mode].append(streams[mode].compress(_up(img, above[mode])))
            above[mode] = img.crop((0, img.height - 1, width, img.height))
    mode = "L" if "L" in streams else "RGB"
    data = b"".join(out[mode]) + streams[mode].flush()
    per_metre = int(dpi / 0.0254 + 0.5)
    head = width.to_bytes(4, "big") + height.to_bytes(4, "big") + bytes([8, 0 if mode == "L" else 2, 0, 0, 0])
    return (SIGNATURE + chunk(b"IHDR", head)
            + chunk(b"pHYs", per_metre.to_bytes(4, "big") * 2 + b"\x01")
            + b"".join(chunk(b"IDAT", data[i:i + (1 << 20)]) for i in range(0, len(data), 1 << 20))
            + chunk(b"IEND", b""))


def pages(scene: Scene, dpi: int = 150, on_page=None) -> Iterator[bytes]:
    """One PNG per page, each made when it is asked for (a long run is written page by page, never held
    whole); ``on_page()`` is called after each page is drawn to PDF and again after it is drawn to
    pixels (two steps a page, for a progress bar).  The dpi is checked before anything is drawn."""
    check(scene, dpi)
    return _pages(scene, dpi, on_page)


def _pages(scene: Scene, dpi: int, on_page) -> Iterator[bytes]:
    doc = pdfium.PdfDocument(pdf.render(scene, on_page=on_page))
    try:
        for i in range(len(doc)):
            page = doc[i]
            try:
                blob = _encode(page, dpi)
            finally:
                page.close()
            yield blob
            if on_page is not None:
                on_page()
    finally:
        doc.close()


def render(scene: Scene, dpi: int = 150, on_page=None) -> list[bytes]:
    """One PNG per page (see :func:`pages`)."""
    return list(pages(scene, dpi, on_page))
