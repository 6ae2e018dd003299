"""Reading a layout's YAML: the one entry point for any code that reads layout text or a layout file.

Apart from :mod:`rollwrite.layoutlang.yamlread` so that code which only reads nodes (a built-in layout comes
from its recorded tree) never imports PyYAML.
"""

from __future__ import annotations

from pathlib import Path

from rollwrite.files import TextLimits, read_text
from rollwrite.layoutlang.nodes import LIMITS, Node, YamlLimits


def load_yaml(text: str, file: str, limits: YamlLimits = LIMITS) -> Node:
    """Parse YAML text into nodes, bounded by ``limits`` (:mod:`rollwrite.layoutlang.yamlread`; PyYAML is
    imported only when some text is actually parsed)."""
    # deferred for start-up: PyYAML is imported only when some text is actually parsed
    from rollwrite.layoutlang.yamlread import load_yaml as load

    return load(text, file, limits)


def load_yaml_file(path: str | Path, display: str | None = None, limits: YamlLimits = LIMITS) -> Node:
    """Read and parse one YAML file with every limit applied: the one entry point for any code that reads
    a layout file (a layout, or a file it extends or includes).

    ``display`` is how messages name the file (default: the path).  The file's size is checked while it is
    read, so a huge file costs at most ``limits.max_bytes`` of memory.
    """
    name = display or str(path)
    text = read_text(path, name, limits=TextLimits("a layout file", max_bytes=limits.max_bytes))
    return load_yaml(text, name, limits)
