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


def register(slug: str, target: str) -> None:
    """Put a game on the command line and on the desk alike: ``target`` is ``"module:ClassName"`` of its
    ``Game`` subclass (imported when the game is first used); its layout is ``layouts/<slug>.yaml``.  The
    built-in games are the lines of ``_REGISTRY`` above; a game kept outside this package registers
    itself with this call (docs/adding-a-game.md)."""
    if ":" not in target:
        raise ValueError(f"a game is registered as 'module:ClassName', not {target!r}")
    _REGISTRY[slug] = target
    _cache.pop(slug, None)


def unregister(slug: str) -> None:
    """Take a game registered with :func:`register` off again (a built-in game stays)."""
    _REGISTRY.pop(slug, None)
    _cache.pop(slug, None)


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
