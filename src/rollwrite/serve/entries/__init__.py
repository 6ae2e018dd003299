"""Each game's on-screen sheet (see rollwrite.serve.entry), by game slug."""

from __future__ import annotations

from rollwrite.serve.entries.lines_and_sections import SectionsEntry
from rollwrite.serve.entries.long_way import LongWayEntry
from rollwrite.serve.entries.scrambled_streets import StreetsEntry
from rollwrite.serve.entries.shelving_wars import ShelvingEntry
from rollwrite.serve.entries.wobbly_cafe import CafeEntry
from rollwrite.serve.entry import Entry

ENTRIES: dict[str, Entry] = {
    "wobbly-cafe": CafeEntry(),
    "long-way": LongWayEntry(),
    "scrambled-streets": StreetsEntry(),
    "shelving-wars": ShelvingEntry(),
    "lines-and-sections": SectionsEntry(),
}
