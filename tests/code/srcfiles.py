"""The modules of src/rollwrite, parsed once, for the tests that read the code itself."""

from __future__ import annotations

import ast
from functools import lru_cache
from pathlib import Path

SRC = Path(__file__).resolve().parents[2] / "src" / "rollwrite"


def module_name(path: Path) -> str:
    parts = path.relative_to(SRC.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


@lru_cache(maxsize=None)
def modules() -> dict[str, tuple[Path, ast.Module]]:
    """Every module of the package: dotted name -> (file, syntax tree)."""
    out = {}
    for path in sorted(SRC.rglob("*.py")):
        out[module_name(path)] = (path, ast.parse(path.read_text(encoding="utf-8"), str(path)))
    return out
