"""Where the built-in layouts and fonts are.

An installed wheel carries them in ``rollwrite/_data/``; an editable install or a source checkout uses
the top-level ``layouts/`` and ``fonts/`` folders of the source tree.
"""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path

_PACKAGE = Path(__file__).resolve().parent


@lru_cache(maxsize=None)
def data_dir(name: str) -> Path:
    """The folder holding ``layouts`` or ``fonts``."""
    packaged = _PACKAGE / "_data" / name
    if packaged.is_dir():
        return packaged
    source = _PACKAGE.parent.parent / name  # src/rollwrite -> project root
    if source.is_dir():
        return source
    raise FileNotFoundError(f"rollwrite's {name} folder is missing from this installation")


def layouts_dir() -> Path:
    return data_dir("layouts")


def fonts_dir() -> Path:
    return data_dir("fonts")


def builtin_slugs() -> list[str]:
    """The names of the built-in layouts (each layouts/NAME.yaml)."""
    return sorted(p.stem for p in layouts_dir().glob("*.yaml"))
