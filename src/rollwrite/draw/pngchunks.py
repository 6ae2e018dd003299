"""The PNG file format's framing, written once: its signature and its chunks.

A PNG file is the eight-byte ``SIGNATURE`` and then chunks, each its body's length (four bytes, big
end first), its four-letter kind, the body, and a CRC-32 of the kind and the body.  The PNG backend
(draw/png.py) writes its pages with :func:`chunk`, and rollwrite.output its text chunks.
"""

from __future__ import annotations

import zlib

SIGNATURE = b"\x89PNG\r\n\x1a\n"


def chunk(kind: bytes, body: bytes) -> bytes:
    """One chunk of ``kind`` (``b"IHDR"``, ``b"tEXt"``...) holding ``body``."""
    return len(body).to_bytes(4, "big") + kind + body + zlib.crc32(kind + body).to_bytes(4, "big")
