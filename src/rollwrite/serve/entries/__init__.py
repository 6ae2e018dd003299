"""Each game's on-screen sheet (see rollwrite.serve.entry), by game slug."""

from __future__ import annotations

from rollwrite.serve.entries.wobbly_cafe import CafeEntry
from rollwrite.serve.entry import Entry

ENTRIES: dict[str, Entry] = {
    "wobbly-cafe": CafeEntry(),
}
