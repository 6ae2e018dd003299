"""Layouts built from other layouts: ``extends:`` and ``include:``.

* ``extends: NAME`` at the top of a layout starts from another one: a built-in game by its name
  (``extends: long-way``) or a file beside this one (``extends: base.yaml``).  This file's keys are laid
  over it by key path (see :mod:`rollwrite.layoutlang.merge`): mappings merge, ``x: +=5`` changes a number,
  elements with an ``id`` replace the base's element of that id (``remove: true`` drops it) and the
  others are added.
* ``- include: FILE`` in any list of elements puts that file's elements there.  The file holds a list of
  elements (or a mapping with ``elements:``).  With ``at``, ``rotate``, ``scale``, ``repeat`` or ``id``
  the included elements become a group placed and repeated like any other.

Every file is read by :func:`rollwrite.layoutlang.loading.load_yaml_file`, with all of its limits, and paths are
taken relative to the file that names them and must stay under its folder, links resolved: an absolute
path, a ``..`` out of the folder or a link that leads out of it is refused, as is anything but a
regular file.  A file that extends or includes itself (directly or round
a circle), a missing file, more than :data:`MAX_DEPTH` files inside each other or more than
:data:`MAX_FILES` files in all are refused at the line that asked for them.
"""

from __future__ import annotations

from dataclasses import field
from pathlib import Path

from rollwrite.errors import InputError, did_you_mean, excerpt, excerpt_path
from rollwrite.files import check_name, kind_of
from rollwrite.valueclass import Mutable
from rollwrite.resources import builtin_slugs, layouts_dir
from rollwrite.layoutlang.merge import merge_nodes
from rollwrite.layoutlang.nodes import Map, Node, Reader, Scalar, Seq, expect_str, files_of
from rollwrite.layoutlang.loading import load_yaml, load_yaml_file

MAX_DEPTH = 8  # files extending or including each other, the first one counted
MAX_FILES = 64  # files read for one layout
_INCLUDE_KEYS = ("include", "at", "rotate", "scale", "repeat", "id", "when")


class _Load(Mutable):
    files: int = 0
    chain: list[tuple[Path, str]] = field(default_factory=list)  # (resolved path, display name)


def load_tree(path: str | Path, display: str | None = None) -> Node:
    """A layout file's nodes with its ``extends`` and ``include`` resolved."""
    name = display or str(path)
    state = _Load()
    return _file(Path(path), name, state, None, kind="layout")


def resolve_text(root: Node, source: str) -> Node:
    """``extends``/``include`` of a layout given as text (paths relative to ``source``'s folder)."""
    state = _Load()
    here = Path(source)
    state.chain.append((here.resolve(), source))
    state.files = 1
    return _resolve(root, here, source, state)


def _file(path: Path, name: str, state: _Load, asked: Node | None, kind: str) -> Node:
    real = path.resolve()
    for seen, seen_name in state.chain:
        if seen == real:
            circle = " -> ".join([n for _, n in state.chain[[p for p, _ in state.chain].index(seen):]] + [name])
            assert asked is not None
            raise asked.error(f"'{excerpt_path(name)}' is already being read: the files go round in a circle ({circle})",
                              hint="a layout cannot extend or include itself, even through another file")
    if len(state.chain) >= MAX_DEPTH:
        assert asked is not None
        raise asked.error(f"more than {MAX_DEPTH} files extend or include each other here",
                          hint="flatten the chain: extend or include fewer files inside each other")
    if state.files >= MAX_FILES:
        assert asked is not None
        raise asked.error(f"this layout reads more than {MAX_FILES} files", hint="include fewer files")
    if asked is not None:
        found = kind_of(path)
        if found == "folder":
            raise asked.error(f"'{excerpt_path(name)}' is a folder, not {'an' if kind[:1] in 'aeiou' else 'a'} {kind} file")
        if found == "other":
            raise asked.error(f"'{excerpt_path(name)}' is not a regular file (a pipe, a device or a socket)",
                              hint="a layout reads ordinary files only")
        if found is None:
            raise asked.error(f"there is no file '{name}'",
                              hint="the path is taken from the folder of the file that names it")
    state.files += 1
    root = load_yaml_file(path, name)
    state.chain.append((real, name))
    try:
        if kind == "layout":
            return _resolve(root, path, name, state)
        return _included(root, path, name, state)
    finally:
        state.chain.pop()


def _beside(here: Path, here_name: str, node: Node, what: str) -> tuple[Path, str]:
    """The file a layout's ``extends``/``include`` names, refused unless it lies under the folder of the
    file that names it (``here``), links resolved: no absolute path, no ``..`` out of the folder, no link
    that leads out of it, no name no system can have."""
    value = expect_str(node)
    if not value.strip():
        raise node.error(f"expected the name of a file to {what}")
    try:
        check_name(value)
    except InputError as exc:
        raise node.error(f"'{excerpt(value)}': {exc.message}", hint=exc.hint) from None
    rel = Path(value)
    if rel.is_absolute() or value.startswith("~"):
        raise node.error(f"'{excerpt(value)}' is not beside this layout: a layout reads only files in its own "
                         "folder or below", hint="copy the file next to the layout and name it by its name there")
    try:
        home = here.parent.resolve()
        path = (home / rel).resolve()
    except (OSError, RuntimeError):  # a link to itself, or a circle of links
        raise node.error(f"'{excerpt(value)}' is a link that leads round in a circle",
                         hint=f"name the file itself, not a link, to {what}") from None
    if not path.is_relative_to(home):
        raise node.error(f"'{excerpt(value)}' leads out of the folder of {excerpt(here_name)}: a layout reads only "
                         "files in its own folder or below (links are followed to see where they lead)",
                         hint="copy the file next to the layout and name it by its name there")
    shown = str(Path(here_name).parent / rel) if Path(here_name).parent != Path(".") else value
    return path, shown


def _resolve(root: Node, here: Path, name: str, state: _Load) -> Node:
    if not isinstance(root, Map):
        return root
    ext = root.get("extends")
    if ext is not None:
        base = _base(ext, here, name, state)
        ext_key = root.entries["extends"][0]
        own = Map(root.file, root.line, root.col, root.path)
        own.entries = {k: v for k, v in root.entries.items() if k != "extends"}
        root = _with_includes(own, here, name, state)
        merged = merge_nodes(base, root)
        assert isinstance(merged, Map)
        # kept for messages about inherited values: the name, then the files the base was read from
        kept = Seq(ext.file, ext.line, ext.col, ext.path, [Scalar(ext.file, ext.line, ext.col, ext.path, value)
                                                           for value in [expect_str(ext), *sorted(files_of(base))]])
        merged.entries["extends"] = (ext_key, kept)
        return merged
    return _with_includes(root, here, name, state)


def _base(ext: Node, here: Path, name: str, state: _Load) -> Node:
    value = expect_str(ext)
    if value.endswith((".yaml", ".yml")) or "/" in value or "\\" in value:
        path, shown = _beside(here, name, ext, "extend")
        return _file(path, shown, state, ext, kind="layout")
    known = builtin_slugs()
    if value not in known:
        raise ext.error(f"there is no built-in game '{excerpt(value)}' to extend",
                        hint=did_you_mean(value, known) or
                        f"built-in games: {', '.join(known)}; a file of your own ends in .yaml")
    return _file(layouts_dir() / f"{value}.yaml", f"layouts/{value}.yaml", state, ext, kind="layout")


def _with_includes(root: Map, here: Path, name: str, state: _Load) -> Map:
    sheet = root.get("sheet")
    if isinstance(sheet, Map):
        for key in ("elements", "back"):
            seq = sheet.get(key)
            if isinstance(seq, Seq):
                _expand(seq, here, name, state)
    return root


def _expand(seq: Seq, here: Path, name: str, state: _Load) -> None:
    """Replace the ``include`` entries of an elements list (and of its groups' lists) in place."""
    out: list[Node] = []
    for item in seq.items:
        if isinstance(item, Map) and item.get("include") is not None:
            out.extend(_include(item, here, name, state))
            continue
        elements = item.get("elements")
        if isinstance(item, Map) and isinstance(elements, Seq):
            _expand(elements, here, name, state)
        out.append(item)
    seq.items = out


def _include(item: Map, here: Path, name: str, state: _Load) -> list[Node]:
    r = Reader(item, "an include")
    inc = r.raw("include")
    for key in _INCLUDE_KEYS[1:]:
        r.raw(key, None)
    r.done()
    path, shown = _beside(here, name, inc, "include")
    got = _file(path, shown, state, inc, kind="elements")
    assert isinstance(got, Seq)
    if len(item.entries) == 1:
        return list(got.items)
    group = Map(item.file, item.line, item.col, item.path)
    group.entries = {k: v for k, v in item.entries.items() if k != "include"}
    kn = item.entries["include"][0]
    group.entries["type"] = (Scalar(kn.file, kn.line, kn.col, kn.path, "type"),
                             Scalar(inc.file, inc.line, inc.col, inc.path, "group"))
    group.entries["elements"] = (Scalar(kn.file, kn.line, kn.col, kn.path, "elements"), got)
    return [group]


def _included(root: Node, here: Path, name: str, state: _Load) -> Seq:
    seq = root
    if isinstance(root, Map):
        r = Reader(root, "an included file")
        seq = r.list("elements")
        r.done()
    if not isinstance(seq, Seq):
        raise root.error("an included file holds a list of elements (or 'elements:' with one)",
                         hint="e.g. a file whose lines start '- {type: text, ...}'")
    _expand(seq, here, name, state)
    return seq


def parse_tree(text: str, source: str) -> Node:
    """Layout text to resolved nodes, ``extends``/``include`` taken relative to ``source``."""
    return resolve_text(load_yaml(text, source), source)
