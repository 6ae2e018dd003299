"""The game registry: slug -> Game.  Adding a game is one layout file, one package and one line here
(docs/adding-a-game.md)."""

from __future__ import annotations

import importlib
from typing import Any

from rollwrite.games.base import Game

# slug -> "module:ClassName"; modules are imported only when the game is used.
_REGISTRY: dict[str, str] = {
    "wobbly-cafe": "rollwrite.games.wobbly_cafe:WobblyCafe",
    "shelving-wars": "rollwrite.games.shelving_wars:ShelvingWars",
    "long-way": "rollwrite.games.long_way:LongWay",
    "lines-and-sections": "rollwrite.games.lines_and_sections:LinesAndSections",
    "scrambled-streets": "rollwrite.games.scrambled_streets:ScrambledStreets",
}

_cache: dict[str, Game[Any, Any]] = {}


def known() -> list[str]:
    return sorted(_REGISTRY)


def get(slug: str) -> Game[Any, Any] | None:
    """The registered game, or None.  A layout whose ``game`` is not registered uses a plain Game."""
    if slug not in _REGISTRY:
        return None
    if slug not in _cache:
        module, cls = _REGISTRY[slug].split(":")
        _cache[slug] = getattr(importlib.import_module(module), cls)()
    return _cache[slug]
